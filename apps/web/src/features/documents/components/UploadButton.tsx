import { UploadOutlined } from '@ant-design/icons';
import { ACCEPTED_DOCUMENT_TYPES, UPLOAD_CHUNK_BYTES, UPLOAD_MAX_FILES } from '@huoke/contracts';
import { Button, message, Tooltip } from 'antd';
import { type ChangeEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { HiddenFileInput } from '../../../shared/HiddenFileInput';
import { uploadAttachments } from '../../../shared/upload/api';
import { chunkedUpload } from '../../../shared/upload/chunked';
import { showUploadError } from '../../../shared/upload/multipart';
import { checkFile, ruleMessage } from '../../../shared/upload/rules';
import { useUploadRows } from '../../../shared/upload/useUploadRows';
import { useCreateDocuments } from '../queries';

const ACCEPT = ACCEPTED_DOCUMENT_TYPES.map((x) => `.${x}`).join(',');

/** Sends one document's file (in 2 MB chunks past one chunk), telling how much has gone (0–100); answers its id. */
async function sendOne(file: File, onPercent: (percent: number) => void): Promise<number> {
  if (file.size > UPLOAD_CHUNK_BYTES) {
    const answer = await chunkedUpload(file, { videoFileType: 'attachment', onProgress: onPercent });
    if (!answer.file) throw new Error('upload did not complete');
    return answer.file.id;
  }
  const answer = await uploadAttachments([file], undefined, undefined, (sent, total) =>
    onPercent(Math.round((sent / (total || 1)) * 100)),
  );
  return answer.files[0].id;
}

/**
 * Uploads documents (§3 types, 50 MB), each on its own with its own bar (`rows`, for UploadProgressList), and
 * creates one document for each file stored: a refused file is named with its reason and costs none of the others.
 */
export function useDocumentUpload({ isEnterprise, onDone }: { isEnterprise: boolean; onDone?: () => void }) {
  const { t, i18n } = useTranslation('documents');
  const { rows, busy, run } = useUploadRows();
  const create = useCreateDocuments();

  const onFiles = async (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])];
    e.target.value = '';
    if (files.length === 0) return;
    if (files.length > UPLOAD_MAX_FILES) {
      message.warning(t('maxSix'));
      return;
    }
    const check = (file: File) => {
      const problem = checkFile(file, 'document');
      return problem ? ruleMessage(problem, i18n?.language) : undefined;
    };
    const stored = await run(files, check, sendOne);
    if (stored.length === 0) return;
    try {
      await create.mutateAsync({ fileIds: stored.map((s) => s.answer), isEnterprise });
      message.success(t('uploaded'));
      onDone?.();
    } catch (err) {
      showUploadError(err);
    }
  };

  return { rows, busy: busy || create.isPending, onFiles };
}

/** 上传文件: the hidden file input and its button; the files' bars are the page's, below its toolbar. */
export function UploadButton({ upload }: { upload: ReturnType<typeof useDocumentUpload> }) {
  const { t } = useTranslation('documents');
  const input = useRef<HTMLInputElement>(null);
  // A flex row rather than antd's Space: Space gave the hidden input an item of its own, and its gap put the button
  // 8 px in from the start of a wrapped toolbar row.
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
      <HiddenFileInput
        ref={input}
        multiple
        accept={ACCEPT}
        data-testid="document-upload-input"
        onChange={(e) => void upload.onFiles(e)}
      />
      <Tooltip title={t('accept')}>
        <Button type="primary" icon={<UploadOutlined />} loading={upload.busy} onClick={() => input.current?.click()}>
          {upload.busy ? t('uploading') : t('upload')}
        </Button>
      </Tooltip>
    </span>
  );
}
