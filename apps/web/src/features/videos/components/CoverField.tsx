import { PictureOutlined } from '@ant-design/icons';
import { Button, message, Space } from 'antd';
import { type ChangeEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HiddenFileInput } from '../../../shared/HiddenFileInput';
import { uploadPictures } from '../../../shared/upload/api';
import { showUploadError } from '../../../shared/upload/multipart';
import { checkFile, ruleMessage } from '../../../shared/upload/rules';

/** A video's optional cover: an image checked by the upload rules, stored at once, shown beside 选择封面. */
export function CoverField({ value, onChange }: { value: string; onChange: (url: string) => void }) {
  const { t, i18n } = useTranslation('videos');
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const f = e.target.files?.[0];
    e.target.value = '';
    if (!f) return;
    const p = checkFile(f, 'image');
    if (p) {
      message.error(ruleMessage(p, i18n?.language));
      return;
    }
    setBusy(true);
    try {
      const r = await uploadPictures([f]);
      onChange(r.files[0]?.url ?? '');
    } catch (err) {
      showUploadError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <HiddenFileInput
        ref={input}
        accept="image/jpeg,image/png"
        data-testid="video-cover-input"
        onChange={(e) => void pick(e)}
      />
      <Space>
        {value && <img src={value} alt={t('cover')} style={{ width: 96, height: 54, objectFit: 'cover' }} />}
        <Button icon={<PictureOutlined />} loading={busy} onClick={() => input.current?.click()}>
          {t('chooseCover')}
        </Button>
      </Space>
    </>
  );
}
