import type { KeywordSet } from '@huoke/contracts';
import { Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { saveText } from '../../../shared/download';
import { formatDateTime } from '../../../shared/format';
import { ListTable } from '../../../shared/ListTable';
import { newmediaApi } from '../api';
import { useDeleteKeywordSet, useKeywordSets } from '../queries';
import { DeleteLink } from './DeleteLink';

/** 已保存的词组: the saved keyword sets, each exported as CSV or deleted. */
export function SavedSets() {
  const { t } = useTranslation('newmedia');
  const sets = useKeywordSets();
  const del = useDeleteKeywordSet();
  const exportSet = async (set: KeywordSet) => {
    saveText(await newmediaApi.exportKeywordSet(set.id), `${set.name}.csv`);
  };
  return (
    <>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('savedSets')}
      </Typography.Title>
      <ListTable
        size="small"
        rowKey="id"
        loading={sets.isLoading}
        dataSource={sets.data?.data}
        pagination={false}
        locale={{ emptyText: sets.isError ? t('loadFailed') : t('noSets') }}
        columns={[
          { title: t('setName'), dataIndex: 'name' },
          { title: t('setCount'), dataIndex: 'count' },
          { title: t('createdAt'), dataIndex: 'createdAt', render: (v: string) => formatDateTime(v) },
          {
            title: '',
            key: 'actions',
            width: 160,
            render: (_: unknown, row: KeywordSet) => (
              <Space>
                <Button type="link" size="small" onClick={() => exportSet(row)}>
                  {t('exportCsv')}
                </Button>
                <DeleteLink question={t('deleteSet', { name: row.name })} onConfirm={() => del.mutateAsync(row.id)} />
              </Space>
            ),
          },
        ]}
      />
    </>
  );
}
