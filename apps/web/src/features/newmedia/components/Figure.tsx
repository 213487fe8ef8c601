import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** An imported figure, or 「暂无数据」 when none was imported (never a made-up 0). */
export function Figure({ value }: { value: number | null | undefined }) {
  const { t } = useTranslation('newmedia');
  if (value === null || value === undefined) return <Typography.Text type="secondary">{t('noData')}</Typography.Text>;
  return <>{value.toLocaleString()}</>;
}

/** Marks a row of the demo seed. */
export function DemoTag({ demo }: { demo: boolean }) {
  const { t } = useTranslation('newmedia');
  return demo ? <Tag color="orange">{t('demo')}</Tag> : null;
}
