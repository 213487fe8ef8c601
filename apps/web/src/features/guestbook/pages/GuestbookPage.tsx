import type { GuestbookEntry } from '@huoke/contracts';
import { Button, Card, Input, message, Popconfirm, Segmented, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format';
import { failureOf, PagedTable } from '../../../shared/PagedTable';
import { RowActions } from '../../../shared/RowActions';
import { usePagedFilters } from '../../../shared/usePagedFilters';
import { ReplyDialog } from '../components/ReplyDialog';
import { useDeleteEntry, useGuestbook, useUpdateEntry } from '../queries';
import { entryStatus } from '../status';

type Status = 'all' | 'unhandled' | 'handled';

/** 留言管理: messages left on share pages and mini-websites; reply, mark handled, delete. */
export default function GuestbookPage() {
  const { t } = useTranslation('guestbook');
  const { filters, setFilter, pageIndex, pageSize, pager } = usePagedFilters<{ status: Status; keyword: string }>({
    status: 'all',
    keyword: '',
  });
  const { status, keyword } = filters;
  const [replying, setReplying] = useState<GuestbookEntry | null>(null);
  const q = useGuestbook({
    pageIndex,
    pageSize,
    handled: status === 'all' ? undefined : status === 'handled',
    keyword: keyword || undefined,
  });
  const update = useUpdateEntry();
  const remove = useDeleteEntry();

  return (
    <Card title={t('title')}>
      <Space wrap style={{ marginBottom: 12 }}>
        <Segmented<Status>
          aria-label={t('common:choice.status')}
          value={status}
          onChange={(v) => setFilter('status', v)}
          options={[
            { value: 'all', label: t('all') },
            { value: 'unhandled', label: t('unhandled') },
            { value: 'handled', label: t('handled') },
          ]}
        />
        <Input.Search
          allowClear
          placeholder={t('keyword')}
          style={{ width: 280 }}
          onSearch={(v) => setFilter('keyword', v.trim())}
        />
      </Space>
      <PagedTable<GuestbookEntry>
        // Narrower than its columns (a tablet beside the sidebar), the table scrolls with its actions in reach, rather
        // than breaking names and headers into a character a line. At 1366 px they fit the card.
        scroll={{ x: 1066 }}
        loading={q.isFetching}
        page={q.data}
        {...failureOf(q)}
        {...pager}
        columns={[
          { title: t('col.name'), dataIndex: 'name', width: 90 },
          { title: t('col.phone'), dataIndex: 'phone', width: 116 },
          // The message, the reason for the page: what the other columns leave, never under 160 px. With no width it
          // had only that, 68-76 px at 1366 px (留言内容 / Message squeezed, four characters a line), empty or full.
          {
            title: t('col.content'),
            dataIndex: 'content',
            minWidth: 160,
            render: (v: string) => <Clamped text={v} />,
          },
          // Room for a reply's words beside a long message (it wrapped three characters a line).
          { title: t('col.reply'), dataIndex: 'reply', width: 150, render: (v: string) => <Clamped text={v} /> },
          { title: t('col.sharer'), dataIndex: 'sharerName', width: 90 },
          { title: t('col.time'), width: 140, className: 'time-col', render: (_v, r) => formatDateTime(r.createTime) },
          {
            title: t('col.status'),
            width: 110,
            render: (_v, r) => {
              const s = entryStatus(r);
              return <Tag color={s === 'unhandled' ? 'warning' : 'success'}>{t(s)}</Tag>;
            },
          },
          {
            title: t('col.actions'),
            key: 'actions',
            // Room for English on one line (Reply, Mark handled, Delete); the text columns give it.
            width: 210,
            render: (_v, r) => (
              <RowActions>
                <Button type="link" size="small" onClick={() => setReplying(r)}>
                  {t('reply')}
                </Button>
                {!r.handled && (
                  <Button
                    type="link"
                    size="small"
                    onClick={() =>
                      update.mutate({ id: r.id, handled: true }, { onSuccess: () => message.success(t('success')) })
                    }
                  >
                    {t('markHandled')}
                  </Button>
                )}
                <Popconfirm
                  title={t('deleteConfirm')}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => remove.mutateAsync(r.id).then(() => message.success(t('success')))}
                >
                  <Button type="link" size="small" danger>
                    {t('delete')}
                  </Button>
                </Popconfirm>
              </RowActions>
            ),
          },
        ]}
      />
      <ReplyDialog entry={replying} onClose={() => setReplying(null)} />
    </Card>
  );
}

/** A visitor's message (up to 500 characters) in three lines, 展开 for the rest: it made a row fifty lines tall. */
function Clamped({ text }: { text: string }) {
  return (
    <Typography.Paragraph ellipsis={{ rows: 3, expandable: 'collapsible' }} style={{ margin: 0 }}>
      {text}
    </Typography.Paragraph>
  );
}
