import type { ContentStat, DocumentItem } from '@huoke/contracts';
import { PICKER_VALUE } from '@huoke/contracts';
import { Button, Popconfirm, Space, Tag, Typography } from 'antd';
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
      // (216 px; the table scrolls sideways below 1150 px, FilesPage).
      minWidth: 216,
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
      width: 316,
      render: (_, d) => (
        <RowActions>
          <Button size="small" type="link" onClick={() => act.preview(d)}>
            {t('preview')}
          </Button>
          <Button size="small" type="link" onClick={() => act.stats(d)}>
            {t('content-stats:stats')}
          </Button>
          <Button size="small" type="link" onClick={() => act.share(d)}>
            {t('share')}
          </Button>
          {d.canEdit && (
            <Button size="small" type="link" onClick={() => act.rename(d)}>
              {t('rename')}
            </Button>
          )}
          {d.canEdit && !(tab === PICKER_VALUE.enterprise && !d.isEnterprise) && (
            <Button size="small" type="link" onClick={() => act.toggleEnterprise(d)}>
              {d.isEnterprise ? t('cancelEnterprise') : t('setEnterprise')}
            </Button>
          )}
          {d.canEdit && (
            <Popconfirm
              title={t('deleteConfirm', { title: d.title })}
              okButtonProps={{ danger: true }}
              onConfirm={() => act.remove(d)}
            >
              <Button size="small" type="link" danger>
                {t('delete')}
              </Button>
            </Popconfirm>
          )}
        </RowActions>
      ),
    },
  ];
}
