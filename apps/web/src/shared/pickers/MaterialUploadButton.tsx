import { UploadOutlined } from '@ant-design/icons';
import { FILE_TYPE, UPLOAD_MAX_FILES } from '@huoke/contracts';
import { Button, message } from 'antd';
import { type ChangeEvent, type ReactNode, useRef, useState } from 'react';
import { HiddenFileInput } from '../HiddenFileInput';
import { uploadAttachments, uploadPictures } from '../upload/api';
import { chunkedUpload } from '../upload/chunked';
import { UploadError } from '../upload/multipart';
import { checkFile, type FileRule, ruleMessage } from '../upload/rules';
import { UploadProgressList, type UploadRow } from '../upload/UploadProgressList';
import type { PickerTexts } from './texts';

const RULE_OF: Record<number, FileRule> = { 1: 'video', 2: 'image', 3: 'document' };
const ACCEPT: Record<number, string> = {
  1: 'video/*,.mp4,.mpeg,.avi,.rm,.mov,.wmv,.flv,.asf',
  2: 'image/jpeg,image/png',
  3: '.docx,.xlsx,.xls,.pptx,.ppt,.pdf,.txt,.jpg,.jpeg,.png',
};

/** Sends one file of the picker's type into the group, telling how much of it has gone (0–100). */
async function sendOne(file: File, uploadType: number, group: number | undefined, onPercent: (p: number) => void) {
  const bytes = (sent: number, total: number) => onPercent(Math.round((sent / (total || 1)) * 100));
  if (uploadType === FILE_TYPE.image) await uploadPictures([file], { FileGroupId: group }, undefined, bytes);
  else if (uploadType === FILE_TYPE.attachment) await uploadAttachments([file], group, undefined, bytes);
  else await chunkedUpload(file, { fileGroupId: group, videoFileType: 'video', onProgress: onPercent });
}

/** Why a file was not stored, in words: the server's, or the network's. */
const reasonOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * 上传 into the current group: at most six files, each checked by its type's rules and sent on its own with its own
 * bar, so a large picture shows it is going and one refused file (named, with its reason) costs none of the others.
 * `children` stand beside the button (the selection count); the bars go below.
 */
export function MaterialUploadButton({
  tx,
  uploadType,
  groupId,
  onUploaded,
  children,
}: {
  tx: PickerTexts;
  uploadType: number;
  groupId: number;
  onUploaded: () => void;
  children?: ReactNode;
}) {
  const [rows, setRows] = useState<UploadRow[]>([]);
  const busy = rows.some((r) => r.status === 'waiting' || r.status === 'sending');
  const input = useRef<HTMLInputElement>(null);
  const setRow = (key: string, change: Partial<UploadRow>) =>
    setRows((all) => all.map((r) => (r.key === key ? { ...r, ...change } : r)));

  const upload = async (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])];
    e.target.value = '';
    if (files.length === 0) return;
    if (files.length > UPLOAD_MAX_FILES) {
      message.warning(tx.maxSix);
      return;
    }
    const batch = Date.now();
    const planned = files.map((file, i) => {
      const problem = checkFile(file, RULE_OF[uploadType]);
      const row: UploadRow = {
        key: `${batch}-${i}`,
        name: file.name,
        percent: 0,
        status: problem ? 'failed' : 'waiting',
        error: problem ? ruleMessage(problem, tx.lang) : undefined,
      };
      return { file, row };
    });
    setRows(planned.map((p) => p.row));
    let stored = 0;
    for (const { file, row } of planned) {
      if (row.status === 'failed') {
        message.error(`${file.name}: ${row.error}`);
        continue;
      }
      setRow(row.key, { status: 'sending' });
      try {
        await sendOne(file, uploadType, groupId || undefined, (percent) => setRow(row.key, { percent }));
        setRow(row.key, { status: 'done', percent: 100 });
        stored++;
      } catch (err) {
        const error = reasonOf(err);
        setRow(row.key, { status: 'failed', error });
        // An ended session is said by the request client (and leads to /login).
        if (!(err instanceof UploadError && (err.status === 401 || err.status === 410)))
          message.error(`${file.name}: ${error}`, 5);
      }
    }
    // What was stored is in the grid now: only the failures stay listed, each with its reason.
    setRows((all) => all.filter((r) => r.status === 'failed'));
    if (stored > 0) {
      message.success(uploadType === FILE_TYPE.video ? tx.videoUploaded : tx.uploaded);
      onUploaded();
    }
  };

  return (
    <>
      <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8, marginBottom: 12 }}>
        <HiddenFileInput
          ref={input}
          multiple
          data-testid="material-upload-input"
          accept={ACCEPT[uploadType]}
          onChange={(e) => void upload(e)}
        />
        <Button icon={<UploadOutlined />} loading={busy} onClick={() => input.current?.click()}>
          {busy ? tx.uploading : tx.upload}
        </Button>
        {children}
      </div>
      <UploadProgressList rows={rows} label={tx.uploadList} />
    </>
  );
}
