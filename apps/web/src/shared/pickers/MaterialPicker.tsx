import type { FileItem } from '@huoke/contracts';
import { FILE_TYPE, PAGE_SIZE } from '@huoke/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Empty, Modal, message, Pagination, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { ListFailure } from '../ListFailure';
import { pagination } from '../pagination';
import { usePhone } from '../phone';
import { pickerApi } from './api';
import { GroupList } from './GroupList';
import { MaterialTile } from './MaterialTile';
import { MaterialUploadButton } from './MaterialUploadButton';
import { fill, usePickerTexts } from './texts';
import type { MaterialPickerProps, PickedMaterial } from './types';

/** The page of files as tiles, pressed when selected, or what an empty list says; and the pager. */
function MaterialGrid({
  files = [],
  empty,
  onRetry,
  veiled,
  selected,
  onToggle,
  page,
}: {
  files?: FileItem[];
  empty?: string;
  /** The call failed with nothing to show: 列表加载失败 with 重试 (the query's refetch) where the tiles go. */
  onRetry?: () => unknown;
  veiled: boolean;
  selected: Map<number, FileItem>;
  onToggle: (f: FileItem) => void;
  page: { current: number; total: number; onChange: (page: number) => void };
}) {
  return (
    <>
      <Spin spinning={veiled}>
        {onRetry ? (
          <ListFailure onRetry={onRetry} />
        ) : empty ? (
          <Empty description={empty} />
        ) : (
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, minHeight: 320, alignContent: 'flex-start' }}>
            {files.map((f) => (
              <MaterialTile key={f.id} file={f} checked={selected.has(f.id)} onClick={() => onToggle(f)} />
            ))}
          </div>
        )}
      </Spin>
      <Pagination
        {...pagination({
          ...page,
          style: { marginTop: 12, textAlign: 'right' },
          pageSize: PAGE_SIZE.material,
          size: 'small',
        })}
      />
    </>
  );
}

/** Material picker (SPEC §2.3): groups, upload (≤ 6 at once), paged grid, selection rules of §5. */
export function MaterialPicker({ open, fileType, max, onOk, onCancel }: MaterialPickerProps) {
  const tx = usePickerTexts();
  const qc = useQueryClient();
  const [groupId, setGroupId] = useState(0);
  const [pageIndex, setPageIndex] = useState(1);
  const [selected, setSelected] = useState<Map<number, FileItem>>(new Map());
  const uploadType = fileType ?? FILE_TYPE.image;
  // On a phone the groups stand above the grid: beside it, their 180 px column left one tile a row.
  const phone = usePhone();

  useEffect(() => {
    if (open) setSelected(new Map());
  }, [open]);

  const { data, isFetching, isPlaceholderData, isError, refetch } = useQuery({
    queryKey: ['materials', 'files', groupId, pageIndex, fileType ?? 0],
    // A picker of one type (the avatar's: pictures) lists that type only; the server filters and counts the pages.
    queryFn: () =>
      pickerApi.files({ fileGroupId: groupId || undefined, fileType, pageIndex, pageSize: PAGE_SIZE.material }),
    placeholderData: keepPreviousData,
    enabled: open,
  });

  const toggle = (f: FileItem) => {
    if (selected.has(f.id)) {
      const next = new Map(selected);
      next.delete(f.id);
      setSelected(next);
      return;
    }
    if (fileType && f.fileType !== fileType) {
      message.warning(tx.onlyType[fileType]);
      return;
    }
    if (max && selected.size >= max) {
      message.warning(fill(tx.maxMaterials, max));
      return;
    }
    setSelected(new Map(selected).set(f.id, f));
  };

  const confirm = () => {
    if (selected.size === 0) {
      message.warning(tx.chooseMaterial);
      return;
    }
    if (max && selected.size > max) {
      message.warning(fill(tx.maxMaterials, max));
      return;
    }
    const items = [...selected.values()];
    if (fileType && items.some((f) => f.fileType !== fileType)) {
      message.warning(tx.onlyType[fileType]);
      return;
    }
    onOk(items.map<PickedMaterial>((f) => ({ id: f.id, name: f.oldFileName, url: f.url, fileType: f.fileType })));
  };

  const total = data?.totalCount ?? 0;
  return (
    <Modal
      open={open}
      title={tx.materialTitle}
      width="min(900px, calc(100vw - 32px))"
      okText={tx.ok}
      cancelText={tx.cancel}
      onOk={confirm}
      onCancel={onCancel}
      destroyOnHidden
    >
      <div
        style={{ display: 'flex', flexDirection: phone ? 'column' : 'row', gap: 12, minHeight: 420 }}
        data-testid="material-picker"
      >
        <GroupList
          tx={tx}
          stacked={phone}
          value={groupId}
          onChange={(id) => {
            setGroupId(id);
            setPageIndex(1);
          }}
        />
        <div style={{ flex: 1, minWidth: 0 }}>
          <MaterialUploadButton
            tx={tx}
            uploadType={uploadType}
            groupId={groupId}
            onUploaded={() => {
              setPageIndex(1);
              void qc.invalidateQueries({ queryKey: ['materials', 'files'] });
            }}
          >
            <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }} data-testid="material-selected">
              {fill(tx.selected, selected.size)}
            </Typography.Text>
          </MaterialUploadButton>
          {/* Veiled only while another page or group loads: a refresh after an upload keeps the tiles clickable (a
              veil coming up between two clicks swallowed the second). */}
          <MaterialGrid
            files={data?.data}
            empty={total === 0 && !isFetching ? tx.empty : undefined}
            onRetry={isError && !data ? refetch : undefined}
            veiled={isFetching && (isPlaceholderData || !data)}
            selected={selected}
            onToggle={toggle}
            page={{ current: pageIndex, total, onChange: setPageIndex }}
          />
        </div>
      </div>
    </Modal>
  );
}
