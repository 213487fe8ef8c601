import {
  DeleteOutlined,
  EditOutlined,
  FileOutlined,
  PlayCircleOutlined,
  PlusOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import type { FileGroup, FileItem } from '@huoke/contracts';
import { FILE_TYPE, PAGE_SIZE, UPLOAD_MAX_FILES } from '@huoke/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Input, Menu, Modal, message, Pagination, Progress, Space, Spin, Typography } from 'antd';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { confirmAction } from '../confirm';
import { pagination } from '../pagination';
import { uploadAttachments, uploadPictures } from '../upload/api';
import { chunkedUpload } from '../upload/chunked';
import { showUploadError } from '../upload/multipart';
import { checkFile, type FileRule, ruleMessage } from '../upload/rules';
import { fileHref, pickerApi } from './api';
import { fill, type PickerTexts, usePickerTexts } from './texts';
import type { MaterialPickerProps, PickedMaterial } from './types';

const GROUPS_KEY = ['materials', 'groups'] as const;

/** 全部 + the groups, each editable in place; a new or edited name is required (请输入分组名称, on blur). */
function GroupList({ tx, value, onChange }: { tx: PickerTexts; value: number; onChange: (id: number) => void }) {
  const qc = useQueryClient();
  const { data: groups = [] } = useQuery({ queryKey: GROUPS_KEY, queryFn: pickerApi.groups });
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [name, setName] = useState('');
  const [error, setError] = useState(false);
  const refresh = () => qc.invalidateQueries({ queryKey: ['materials'] });

  const save = async () => {
    const n = name.trim();
    if (!n) {
      setError(true);
      return;
    }
    try {
      if (editing === 'new') await pickerApi.addGroup(n);
      else if (typeof editing === 'number') await pickerApi.editGroup(editing, n);
      message.success(tx.success);
      setEditing(null);
      setError(false);
      await refresh();
    } catch {
      // the request client has shown the error
    }
  };
  const remove = async (g: FileGroup) => {
    // 是否执行此操作? / 提示 (SPEC §8); the files of the group move to no group.
    if (!(await confirmAction())) return;
    await pickerApi.deleteGroup(g.id);
    message.success(tx.success);
    if (value === g.id) onChange(0);
    await refresh();
  };

  const editor = (
    <div style={{ padding: '4px 8px' }}>
      <Input
        size="small"
        autoFocus
        aria-label={tx.groupName}
        placeholder={tx.groupName}
        status={error ? 'error' : undefined}
        value={name}
        onChange={(e) => {
          setName(e.target.value);
          if (e.target.value.trim()) setError(false);
        }}
        onBlur={() => {
          if (!name.trim()) setError(true);
          else void save();
        }}
        onPressEnter={() => void save()}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            setEditing(null);
            setError(false);
          }
        }}
      />
      {error && (
        <Typography.Text type="danger" style={{ fontSize: 12 }}>
          {tx.groupName}
        </Typography.Text>
      )}
    </div>
  );

  return (
    <div style={{ width: 180, borderRight: '1px solid #f0f0f0', paddingRight: 8 }} data-testid="material-groups">
      <Menu
        mode="inline"
        style={{ borderInlineEnd: 0 }}
        selectedKeys={[String(value)]}
        onClick={({ key }) => onChange(Number(key))}
        items={[
          { key: '0', label: tx.all },
          ...groups.map((g) => ({
            key: String(g.id),
            label:
              editing === g.id ? (
                editor
              ) : (
                <span style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
                  <Typography.Text ellipsis style={{ maxWidth: 90 }}>
                    {g.name}
                  </Typography.Text>
                  <span>
                    <EditOutlined
                      aria-label="edit-group"
                      onClick={(e) => {
                        e.stopPropagation();
                        setName(g.name);
                        setError(false);
                        setEditing(g.id);
                      }}
                    />{' '}
                    <DeleteOutlined
                      aria-label="delete-group"
                      onClick={(e) => {
                        e.stopPropagation();
                        void remove(g).catch(() => undefined);
                      }}
                    />
                  </span>
                </span>
              ),
          })),
        ]}
      />
      {editing === 'new' ? (
        editor
      ) : (
        <Button
          type="dashed"
          block
          size="small"
          icon={<PlusOutlined />}
          onClick={() => {
            setName('');
            setError(false);
            setEditing('new');
          }}
        >
          {tx.addGroup}
        </Button>
      )}
    </div>
  );
}

const RULE_OF: Record<number, FileRule> = { 1: 'video', 2: 'image', 3: 'document' };
const ACCEPT: Record<number, string> = {
  1: 'video/*,.mp4,.mpeg,.avi,.rm,.mov,.wmv,.flv,.asf',
  2: 'image/jpeg,image/png',
  3: '.docx,.xlsx,.xls,.pptx,.ppt,.pdf,.txt,.jpg,.jpeg,.png',
};

function Tile({ file, checked, onClick }: { file: FileItem; checked: boolean; onClick: () => void }) {
  const cover = fileHref(file.coverFileName || (file.fileType === FILE_TYPE.image ? file.url : ''));
  return (
    <button
      type="button"
      data-testid="material-item"
      aria-pressed={checked}
      title={file.oldFileName}
      onClick={onClick}
      style={{
        width: 112,
        padding: 4,
        cursor: 'pointer',
        background: '#fff',
        border: `2px solid ${checked ? '#1677ff' : '#f0f0f0'}`,
        borderRadius: 6,
        textAlign: 'center',
      }}
    >
      <div style={{ height: 80, display: 'flex', alignItems: 'center', justifyContent: 'center', overflow: 'hidden' }}>
        {cover ? (
          <img src={cover} alt={file.oldFileName} style={{ maxWidth: '100%', maxHeight: 80, objectFit: 'cover' }} />
        ) : file.fileType === FILE_TYPE.video ? (
          <PlayCircleOutlined style={{ fontSize: 36, color: '#999' }} />
        ) : (
          <FileOutlined style={{ fontSize: 36, color: '#999' }} />
        )}
      </div>
      <Typography.Text ellipsis style={{ fontSize: 12, display: 'block' }}>
        {file.oldFileName}
      </Typography.Text>
    </button>
  );
}

/** Material picker (SPEC §2.3): groups, upload (≤ 6 at once), paged grid, selection rules of §5. */
export function MaterialPicker({ open, fileType, max, onOk, onCancel }: MaterialPickerProps) {
  const tx = usePickerTexts();
  const qc = useQueryClient();
  const [groupId, setGroupId] = useState(0);
  const [pageIndex, setPageIndex] = useState(1);
  const [selected, setSelected] = useState<Map<number, FileItem>>(new Map());
  const [progress, setProgress] = useState<number | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const uploadType = fileType ?? FILE_TYPE.image;

  useEffect(() => {
    if (open) setSelected(new Map());
  }, [open]);

  const { data, isFetching } = useQuery({
    queryKey: ['materials', 'files', groupId, pageIndex],
    queryFn: () => pickerApi.files({ fileGroupId: groupId || undefined, pageIndex, pageSize: PAGE_SIZE.material }),
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

  const upload = async (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])];
    e.target.value = '';
    if (files.length === 0) return;
    if (files.length > UPLOAD_MAX_FILES) {
      message.warning(tx.maxSix);
      return;
    }
    const rule = RULE_OF[uploadType];
    for (const f of files) {
      const problem = checkFile(f, rule);
      if (problem) {
        message.error(ruleMessage(problem, tx.lang));
        return;
      }
    }
    const group = groupId || undefined;
    setProgress(0);
    try {
      if (uploadType === FILE_TYPE.image) await uploadPictures(files, { FileGroupId: group });
      else if (uploadType === FILE_TYPE.attachment) await uploadAttachments(files, group);
      else
        for (const f of files)
          await chunkedUpload(f, { fileGroupId: group, videoFileType: 'video', onProgress: (p) => setProgress(p) });
      message.success(uploadType === FILE_TYPE.video ? tx.videoUploaded : tx.uploaded);
      setPageIndex(1);
      await qc.invalidateQueries({ queryKey: ['materials', 'files'] });
    } catch (err) {
      showUploadError(err);
    } finally {
      setProgress(null);
    }
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
            <input
              ref={input}
              type="file"
              multiple
              hidden
              data-testid="material-upload-input"
              accept={ACCEPT[uploadType]}
              onChange={(e) => void upload(e)}
            />
            <Button icon={<UploadOutlined />} loading={progress !== null} onClick={() => input.current?.click()}>
              {progress !== null ? tx.uploading : tx.upload}
            </Button>
            {progress !== null && uploadType === FILE_TYPE.video && (
              <Progress percent={progress} size="small" style={{ width: 160 }} />
            )}
            <Typography.Text type="secondary">{fill(tx.selected, selected.size)}</Typography.Text>
          </Space>
          <Spin spinning={isFetching}>
            {total === 0 && !isFetching ? (
              <Empty description={tx.empty} />
            ) : (
              <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, minHeight: 320, alignContent: 'flex-start' }}>
                {(data?.data ?? []).map((f) => (
                  <Tile key={f.id} file={f} checked={selected.has(f.id)} onClick={() => toggle(f)} />
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
