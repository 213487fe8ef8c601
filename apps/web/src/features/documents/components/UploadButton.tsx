import { UploadOutlined } from '@ant-design/icons';
import { ACCEPTED_DOCUMENT_TYPES, UPLOAD_CHUNK_BYTES, UPLOAD_MAX_FILES } from '@huoke/contracts';
import { Button, message, Progress, Tooltip } from 'antd';
import { type ChangeEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HiddenFileInput } from '../../../shared/HiddenFileInput';
import { uploadAttachments } from '../../../shared/upload/api';
import { chunkedUpload } from '../../../shared/upload/chunked';
import { showUploadError } from '../../../shared/upload/multipart';
import { checkFile, ruleMessage } from '../../../shared/upload/rules';
import { useCreateDocuments } from '../queries';

const ACCEPT = ACCEPTED_DOCUMENT_TYPES.map((x) => `.${x}`).join(',');

/** Uploads documents (§3 types, 50 MB; files over one chunk go in 2 MB chunks) and creates one document each. */
export function UploadButton({ isEnterprise, onDone }: { isEnterprise: boolean; onDone?: () => void }) {
  const { t, i18n } = useTranslation('documents');
  const input = useRef<HTMLInputElement>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const create = useCreateDocuments();

  const onFiles = async (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])];
    e.target.value = '';
    if (files.length === 0) return;
    if (files.length > UPLOAD_MAX_FILES) {
      message.warning(t('maxSix'));
      return;
    }
    for (const f of files) {
      const p = checkFile(f, 'document');
      if (p) {
        message.error(`${f.name}: ${ruleMessage(p, i18n?.language)}`);
        return;
      }
    }
    setPercent(0);
    try {
      const ids: number[] = [];
      const total = files.reduce((n, f) => n + f.size, 0) || 1;
      let done = 0;
      const small = files.filter((f) => f.size <= UPLOAD_CHUNK_BYTES);
      if (small.length) {
        const r = await uploadAttachments(small);
        ids.push(...r.files.map((f) => f.id));
        done += small.reduce((n, f) => n + f.size, 0);
        setPercent(Math.round((done / total) * 100));
      }
      for (const f of files.filter((x) => x.size > UPLOAD_CHUNK_BYTES)) {
        const base = done;
        const r = await chunkedUpload(f, {
          videoFileType: 'attachment',
          onProgress: (_p, sent) => setPercent(Math.round(((base + sent) / total) * 100)),
        });
        if (r.file) ids.push(r.file.id);
        done += f.size;
      }
      await create.mutateAsync({ fileIds: ids, isEnterprise });
      message.success(t('uploaded'));
      onDone?.();
    } catch (err) {
      showUploadError(err);
    } finally {
      setPercent(null);
    }
  };

  // A flex row rather than antd's Space: Space gave the hidden input an item of its own, and its gap put the button
  // 8 px in from the start of a wrapped toolbar row.
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
      <HiddenFileInput
        ref={input}
        multiple
        accept={ACCEPT}
        data-testid="document-upload-input"
        onChange={(e) => void onFiles(e)}
      />
      <Tooltip title={t('accept')}>
        <Button
          type="primary"
          icon={<UploadOutlined />}
          loading={percent !== null}
          onClick={() => input.current?.click()}
        >
          {percent !== null ? t('uploading', { percent }) : t('upload')}
        </Button>
      </Tooltip>
      {percent !== null && <Progress aria-label={t('upload')} percent={percent} size="small" style={{ width: 140 }} />}
    </span>
  );
}
