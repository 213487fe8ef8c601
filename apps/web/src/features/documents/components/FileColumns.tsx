import type { ContentStat, DocumentItem } from '@huoke/contracts';
import { PICKER_VALUE } from '@huoke/contracts';
import { Button, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { contentColumns } from '../../../shared/content-stats/components/statColumns';
import { RowActions } from '../../../shared/RowActions';
import { formatSize } from '../../../shared/upload/rules';
import { iconOf } from './fileFormats';

interface FileActions {
  preview: (d: DocumentItem) => void;
  stats: (d: DocumentItem) => void;
  share: (d: DocumentItem) => void;
  rename: (d: DocumentItem) => void;
  toggleEnterprise: (d: DocumentItem) => void;
  remove: (d: DocumentItem) => void;
}

/** The document table's columns: title (opens the preview), format, size, author, time, figures, actions. */
export function useFileColumns(
  tab: number,
  stats: Map<number, ContentStat>,
  act: FileActions,
): ColumnsType<DocumentItem> {
  const { t } = useTranslation('documents');
  return [
    {
      title: t('col.title'),
      dataIndex: 'title',
      // The one column without a width: the others' widths leave it a character's room unless it claims its own
      // (190 px; the table scrolls sideways below 990 px, FilesPage).
      minWidth: 190,
      render: (title: string, d) => (
        <Space>
          {iconOf(d.documentType)}
          <Typography.Link onClick={() => act.preview(d)}>{title}</Typography.Link>
          {d.isEnterprise && tab === PICKER_VALUE.mine && <Tag color="blue">{t('shared')}</Tag>}
        </Space>
      ),
    },
    { title: t('col.type'), dataIndex: 'documentType', width: 48, render: (v: string) => v.toUpperCase() },
    { title: t('col.size'), dataIndex: 'size', width: 72, render: (v: number) => formatSize(v) },
    ...contentColumns<DocumentItem>(t, stats, { author: 72, createTime: 136 }),
    {
      title: t('col.actions'),
      key: 'actions',
      width: 184,
      render: (_, d) => (
        <RowActions
          more={
            d.canEdit
              ? [
                  { key: 'rename', label: t('rename'), onClick: () => act.rename(d) },
                  ...(tab === PICKER_VALUE.enterprise && !d.isEnterprise
                    ? []
                    : [
                        {
                          key: 'enterprise',
                          label: d.isEnterprise ? t('cancelEnterprise') : t('setEnterprise'),
                          confirm: t(d.isEnterprise ? 'enterpriseOffConfirm' : 'enterpriseOnConfirm', {
                            title: d.title,
                          }),
                          onClick: () => act.toggleEnterprise(d),
                        },
                      ]),
                  {
                    key: 'delete',
                    label: t('delete'),
                    danger: true,
                    confirm: t('deleteConfirm', { title: d.title }),
                    onClick: () => act.remove(d),
                  },
                ]
              : []
          }
        >
          <Button size="small" type="link" onClick={() => act.preview(d)}>
            {t('preview')}
          </Button>
          <Button size="small" type="link" onClick={() => act.stats(d)}>
            {t('content-stats:stats')}
          </Button>
          <Button size="small" type="link" onClick={() => act.share(d)}>
            {t('share')}
          </Button>
        </RowActions>
      ),
    },
  ];
}
