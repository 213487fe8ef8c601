import { UploadOutlined } from '@ant-design/icons';
import { FILE_TYPE, UPLOAD_MAX_FILES } from '@huoke/contracts';
import { Button, message, Progress } from 'antd';
import { type ChangeEvent, useRef, useState } from 'react';
import { HiddenFileInput } from '../HiddenFileInput';
import { uploadAttachments, uploadPictures } from '../upload/api';
import { chunkedUpload } from '../upload/chunked';
import { showUploadError } from '../upload/multipart';
import { checkFile, type FileRule, ruleMessage } from '../upload/rules';
import type { PickerTexts } from './texts';

const RULE_OF: Record<number, FileRule> = { 1: 'video', 2: 'image', 3: 'document' };
const ACCEPT: Record<number, string> = {
  1: 'video/*,.mp4,.mpeg,.avi,.rm,.mov,.wmv,.flv,.asf',
  2: 'image/jpeg,image/png',
  3: '.docx,.xlsx,.xls,.pptx,.ppt,.pdf,.txt,.jpg,.jpeg,.png',
};

/** 上传 into the current group: at most six files, each checked by its type's rules; a video goes in chunks. */
export function MaterialUploadButton({
  tx,
  uploadType,
  groupId,
  onUploaded,
}: {
  tx: PickerTexts;
  uploadType: number;
  groupId: number;
  onUploaded: () => void;
}) {
  const [progress, setProgress] = useState<number | null>(null);
  const input = useRef<HTMLInputElement>(null);
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
      onUploaded();
    } catch (err) {
      showUploadError(err);
    } finally {
      setProgress(null);
    }
  };

  return (
    <>
      <HiddenFileInput
        ref={input}
        multiple
        data-testid="material-upload-input"
        accept={ACCEPT[uploadType]}
        onChange={(e) => void upload(e)}
      />
      <Button icon={<UploadOutlined />} loading={progress !== null} onClick={() => input.current?.click()}>
        {progress !== null ? tx.uploading : tx.upload}
      </Button>
      {progress !== null && uploadType === FILE_TYPE.video && (
        <Progress aria-label={tx.uploading} percent={progress} size="small" style={{ width: 160 }} />
      )}
    </>
  );
}
