import { Card, Select, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ItemList } from '../../../shared/ItemList';
import { failureOf } from '../../../shared/ListFailure';
import { useHotList } from '../queries';

/** 热门文章: the most read articles, by category; a click opens one. */
export function HotList({ onOpen }: { onOpen: (id: number) => void }) {
  const { t } = useTranslation('articles');
  const [typeId, setTypeId] = useState(0);
  const hot = useHotList(typeId || undefined);
  const { data, isPending } = hot;
  const types = data?.types ?? [];
  return (
    <Card title={t('hot')} size="small">
      <Select
        aria-label={t('col.type')}
        size="small"
        style={{ width: '100%', marginBottom: 8 }}
        value={typeId}
        onChange={(v) => setTypeId(Number(v))}
        options={[{ label: t('allTypes'), value: 0 }, ...types.map((x) => ({ label: x.name, value: x.id }))]}
      />
      <ItemList
        size="small"
        loading={isPending}
        {...failureOf(hot)}
        items={data?.data}
        empty={t('noData')}
        itemKey={(a) => a.id}
        onOpen={(a) => onOpen(a.id)}
        render={(a, i) => (
          <Typography.Text ellipsis style={{ maxWidth: '100%' }}>
            <Tag color={i < 3 ? 'red' : undefined}>{i + 1}</Tag>
            <span data-user-content>{a.title}</span>
          </Typography.Text>
        )}
      />
    </Card>
  );
}
