import { UploadOutlined } from '@ant-design/icons';
import { FILE_TYPE, UPLOAD_MAX_FILES } from '@huoke/contracts';
import { Button, message } from 'antd';
import { type ChangeEvent, type ReactNode, useRef } from 'react';
import { HiddenFileInput } from '../HiddenFileInput';
import { uploadAttachments, uploadPictures } from '../upload/api';
import { chunkedUpload } from '../upload/chunked';
import { checkFile, type FileRule, ruleMessage } from '../upload/rules';
import { UploadProgressList } from '../upload/UploadProgressList';
import { useUploadRows } from '../upload/useUploadRows';
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
  const { rows, busy, run } = useUploadRows();
  const input = useRef<HTMLInputElement>(null);

  const upload = async (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])];
    e.target.value = '';
    if (files.length === 0) return;
    if (files.length > UPLOAD_MAX_FILES) {
      message.warning(tx.maxSix);
      return;
    }
    const check = (file: File) => {
      const problem = checkFile(file, RULE_OF[uploadType]);
      return problem ? ruleMessage(problem, tx.lang) : undefined;
    };
    const stored = await run(files, check, (file, onPercent) =>
      sendOne(file, uploadType, groupId || undefined, onPercent),
    );
    // What was stored is in the grid now: only the failures stay listed, each with its reason.
    if (stored.length > 0) {
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
