import type { FileItem } from '@huoke/contracts';
import { FILE_TYPE, PAGE_SIZE } from '@huoke/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Empty, Modal, message, Pagination, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { pagination } from '../pagination';
import { pickerApi } from './api';
import { GroupList } from './GroupList';
import { MaterialTile } from './MaterialTile';
import { MaterialUploadButton } from './MaterialUploadButton';
import { fill, usePickerTexts } from './texts';
import type { MaterialPickerProps, PickedMaterial } from './types';

/** Material picker (SPEC §2.3): groups, upload (≤ 6 at once), paged grid, selection rules of §5. */
export function MaterialPicker({ open, fileType, max, onOk, onCancel }: MaterialPickerProps) {
  const tx = usePickerTexts();
  const qc = useQueryClient();
  const [groupId, setGroupId] = useState(0);
  const [pageIndex, setPageIndex] = useState(1);
  const [selected, setSelected] = useState<Map<number, FileItem>>(new Map());
  const uploadType = fileType ?? FILE_TYPE.image;

  useEffect(() => {
    if (open) setSelected(new Map());
  }, [open]);

  const { data, isFetching, isPlaceholderData } = useQuery({
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
      width={900}
      okText={tx.ok}
      cancelText={tx.cancel}
      onOk={confirm}
      onCancel={onCancel}
      destroyOnHidden
    >
      <div style={{ display: 'flex', gap: 12, minHeight: 420 }} data-testid="material-picker">
        <GroupList
          tx={tx}
          value={groupId}
          onChange={(id) => {
            setGroupId(id);
            setPageIndex(1);
          }}
        />
        <div style={{ flex: 1 }}>
          <Space style={{ marginBottom: 12 }}>
            <MaterialUploadButton
              tx={tx}
              uploadType={uploadType}
              groupId={groupId}
              onUploaded={() => {
                setPageIndex(1);
                void qc.invalidateQueries({ queryKey: ['materials', 'files'] });
              }}
            />
            <Typography.Text type="secondary">{fill(tx.selected, selected.size)}</Typography.Text>
          </Space>
          {/* Veiled only while another page or group loads: a refresh after an upload keeps the tiles clickable (a
              veil coming up between two clicks swallowed the second). */}
          <Spin spinning={isFetching && (isPlaceholderData || !data)}>
            {total === 0 && !isFetching ? (
              <Empty description={tx.empty} />
            ) : (
              <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, minHeight: 320, alignContent: 'flex-start' }}>
                {(data?.data ?? []).map((f) => (
                  <MaterialTile key={f.id} file={f} checked={selected.has(f.id)} onClick={() => toggle(f)} />
                ))}
              </div>
            )}
          </Spin>
          <Pagination
            {...pagination({
              style: { marginTop: 12, textAlign: 'right' },
              current: pageIndex,
              total,
              onChange: setPageIndex,
              pageSize: PAGE_SIZE.material,
              size: 'small',
            })}
          />
        </div>
      </div>
    </Modal>
  );
}
