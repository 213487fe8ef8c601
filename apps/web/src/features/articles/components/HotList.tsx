import { Card, List, Select, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHotList } from '../queries';

/** 热门文章: the most read articles, by category; a click opens one. */
export function HotList({ onOpen }: { onOpen: (id: number) => void }) {
  const { t } = useTranslation('articles');
  const [typeId, setTypeId] = useState(0);
  const { data, isPending } = useHotList(typeId || undefined);
  const types = data?.types ?? [];
  return (
    <Card title={t('hot')} size="small">
      <Select
        size="small"
        style={{ width: '100%', marginBottom: 8 }}
        value={typeId}
        onChange={(v) => setTypeId(Number(v))}
        options={[{ label: t('allTypes'), value: 0 }, ...types.map((x) => ({ label: x.name, value: x.id }))]}
      />
      <List
        size="small"
        loading={isPending}
        dataSource={data?.data ?? []}
        locale={{ emptyText: t('noData') }}
        renderItem={(a, i) => (
          <List.Item style={{ cursor: 'pointer' }} onClick={() => onOpen(a.id)}>
            <Typography.Text ellipsis style={{ maxWidth: '100%' }}>
              <Tag color={i < 3 ? 'red' : undefined}>{i + 1}</Tag>
              {a.title}
            </Typography.Text>
          </List.Item>
        )}
      />
    </Card>
  );
}
