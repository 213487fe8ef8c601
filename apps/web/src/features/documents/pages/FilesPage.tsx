import type { DocumentFormat, DocumentItem } from '@huoke/contracts';
import { EVENT_KIND, PAGE_SIZE, PICKER_VALUE } from '@huoke/contracts';
import { Button, Card, Input, message, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ContentStatsDrawer } from '../../../shared/content-stats/components/ContentStatsDrawer';
import { PeriodPicker, useContentStats } from '../../../shared/content-stats/components/statColumns';
import { ListTabs } from '../../../shared/ListTabs';
import { failureOf, PagedTable } from '../../../shared/PagedTable';
import { ShareDrawer } from '../../../shared/share/ShareDrawer';
import { showUndoMessage } from '../../../shared/undoMessage';
import { UploadProgressList } from '../../../shared/upload/UploadProgressList';
import { useFileColumns } from '../components/FileColumns';
import { FORMATS } from '../components/fileFormats';
import { PreviewModal } from '../components/PreviewModal';
import { RecycleDrawer } from '../components/RecycleDrawer';
import { RenameDialog } from '../components/RenameDialog';
import { UploadButton, useDocumentUpload } from '../components/UploadButton';
import { useDeletedDocuments, useDeleteSoft, useDocuments, useEnterprise } from '../queries';

type Tab = typeof PICKER_VALUE.enterprise | typeof PICKER_VALUE.mine;

/** Soft delete with undo; what was deleted stays in 最近删除 (RecycleDrawer, the server's list) for 30 days. */
function useRecycle() {
  const { t } = useTranslation('documents');
  const del = useDeleteSoft();
  const restore = async (d: { id: number }) => {
    try {
      await del.mutateAsync({ id: d.id, isTrueFalse: false });
      message.success(t('restored'));
    } catch {
      // the request client has shown the error
    }
  };
  const remove = async (d: DocumentItem) => {
    try {
      await del.mutateAsync({ id: d.id, isTrueFalse: true });
      showUndoMessage({
        key: `deleted-${d.id}`,
        text: t('deleted'),
        undoText: t('undo'),
        onUndo: () => void restore(d),
      });
    } catch {
      // the request client has shown the error
    }
  };
  return { restore, remove };
}

/** 文件管理: enterprise / my documents, upload, preview, enterprise toggle, soft delete with undo, share. */
export default function FilesPage() {
  const { t } = useTranslation('documents');
  const [tab, setTab] = useState<Tab>(PICKER_VALUE.enterprise);
  const [pageIndex, setPageIndex] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [format, setFormat] = useState<DocumentFormat | undefined>();
  const [preview, setPreview] = useState<DocumentItem | null>(null);
  const [sharing, setSharing] = useState<DocumentItem | null>(null);
  const [renaming, setRenaming] = useState<DocumentItem | null>(null);
  const [recycleOpen, setRecycleOpen] = useState(false);
  const body = { pageIndex, pageSize: PAGE_SIZE.videoAndFile, typeValue: tab, keyword: keyword || undefined, format };
  const { data, isFetching, ...list } = useDocuments(body);
  const [days, setDays] = useState(30);
  const [statsItem, setStatsItem] = useState<{ id: number; title: string } | null>(null);
  const stats = useContentStats(
    'document',
    (data?.data ?? []).map((d) => d.id),
    days,
  );
  const show = (next: Tab) => {
    setTab(next);
    setPageIndex(1);
  };
  // An upload is the uploader's own file: the view moves to 我的文件, where it went (the message says so).
  const upload = useDocumentUpload({ isEnterprise: false, onDone: () => show(PICKER_VALUE.mine) });
  const recycle = useRecycle();
  const deletedCount = useDeletedDocuments().data?.data.length ?? 0;
  const enterprise = useEnterprise();
  const columns = useFileColumns(tab, stats, {
    preview: setPreview,
    stats: (d) => setStatsItem({ id: d.id, title: d.title }),
    share: setSharing,
    rename: setRenaming,
    toggleEnterprise: (d) =>
      enterprise.mutate({ id: d.id, on: !d.isEnterprise }, { onSuccess: () => message.success(t('success')) }),
    remove: (d) => void recycle.remove(d),
  });

  return (
    <Card>
      <ListTabs
        activeKey={String(tab)}
        onChange={(k) => show(Number(k) as Tab)}
        items={[
          {
            key: String(PICKER_VALUE.enterprise),
            label: (
              <span>
                {t('tabs.enterprise')} <Tag color="blue">{t('shared')}</Tag>
              </span>
            ),
          },
          { key: String(PICKER_VALUE.mine), label: t('tabs.mine') },
        ]}
        tools={
          <Space wrap>
            <PeriodPicker value={days} onChange={setDays} />
            <Select
              allowClear
              aria-label={t('format')}
              placeholder={t('format')}
              style={{ width: 130 }}
              value={format}
              onChange={(f) => {
                setFormat(f);
                setPageIndex(1);
              }}
              options={FORMATS.map((f) => ({ value: f.key, label: f.key.toUpperCase() }))}
            />
            <Input.Search
              allowClear
              placeholder={t('search')}
              style={{ width: 200 }}
              onSearch={(v) => {
                setKeyword(v.trim());
                setPageIndex(1);
              }}
            />
            <Button onClick={() => setRecycleOpen(true)}>
              {t('recycle')}
              {deletedCount > 0 ? ` (${deletedCount})` : ''}
            </Button>
            <UploadButton upload={upload} />
          </Space>
        }
      />
      {/* Each file of an upload with its own bar; a refused one stays, named, with its reason. */}
      <UploadProgressList rows={upload.rows} label={t('uploadList')} />
      <ContentStatsDrawer kind="document" item={statsItem} onClose={() => setStatsItem(null)} />
      {/* Narrower than its columns need (990 px: the name's 190 beside the others' 800, what the card holds at 1280
          with 重命名, the enterprise toggle and 删除 under 更多), the table scrolls within its card, its actions in
          reach at the right edge (ListTable): the page never scrolls sideways. */}
      <PagedTable<DocumentItem>
        scroll={{ x: 990 }}
        loading={isFetching}
        columns={columns}
        page={data}
        {...failureOf(list)}
        current={pageIndex}
        onPage={setPageIndex}
        pageSize={PAGE_SIZE.videoAndFile}
        locale={{ emptyText: t('noData') }}
      />
      <PreviewModal doc={preview} onClose={() => setPreview(null)} />
      <ShareDrawer
        kind="document"
        eventKind={EVENT_KIND.brochure}
        item={sharing}
        title={t('shareTitle')}
        onClose={() => setSharing(null)}
      />
      <RecycleDrawer
        open={recycleOpen}
        onRestore={(d) => void recycle.restore(d)}
        onClose={() => setRecycleOpen(false)}
      />
      <RenameDialog doc={renaming} onClose={() => setRenaming(null)} />
    </Card>
  );
}
