import { Segmented, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

type SortChoice = 'lastSeen' | 'score';

/**
 * The visitor list's 排序 chooser (最近访问 / 线索分) for a phone, where the rows are cards and the table's header, whose
 * 线索分 column sorts on a wider screen, is hidden. `value` is the list's sort (`score`, or none: latest visit first).
 */
export function VisitorSort({
  value,
  onChange,
}: {
  value: 'score' | undefined;
  onChange: (sort: 'score' | undefined) => void;
}) {
  const { t } = useTranslation('radar');
  return (
    <Space style={{ marginBottom: 12 }}>
      <Typography.Text>{t('sort.label')}</Typography.Text>
      <Segmented<SortChoice>
        aria-label={t('sort.label')}
        value={value ?? 'lastSeen'}
        onChange={(v) => onChange(v === 'score' ? 'score' : undefined)}
        options={[
          { value: 'lastSeen', label: t('sort.lastSeen') },
          { value: 'score', label: t('sort.score') },
        ]}
      />
    </Space>
  );
}
