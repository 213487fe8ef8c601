import { PlusOutlined } from '@ant-design/icons';
import { IMAGE_MAX_KB } from '@huoke/contracts';
import { Form, Input, message, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../shared/FormDialog';
import { ruleMessage } from '../../../shared/upload/rules';
import { useUpdateWeChat } from '../queries';

const QR_SIZE = 274;

/** Reads an image file and scales it into the 274×274 QR area (PNG data URL). */
async function toQrDataUrl(file: File): Promise<string> {
  const url = URL.createObjectURL(file);
  try {
    const img = await new Promise<HTMLImageElement>((resolve, reject) => {
      const i = new Image();
      i.onload = () => resolve(i);
      i.onerror = reject;
      i.src = url;
    });
    const canvas = document.createElement('canvas');
    canvas.width = QR_SIZE;
    canvas.height = QR_SIZE;
    const ctx = canvas.getContext('2d') as CanvasRenderingContext2D;
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, QR_SIZE, QR_SIZE);
    const s = Math.min(QR_SIZE / img.width, QR_SIZE / img.height);
    const w = img.width * s;
    const h = img.height * s;
    ctx.drawImage(img, (QR_SIZE - w) / 2, (QR_SIZE - h) / 2, w, h);
    return canvas.toDataURL('image/png');
  } finally {
    URL.revokeObjectURL(url);
  }
}

interface WeChatDialogProps {
  open: boolean;
  onClose: () => void;
  weChatID: string;
  weChatQRCode: string;
}

/** 微信号设置 with 取消 / 确认 and the 274×274 QR upload area → UpdateUserWechat → 保存成功. */
export function WeChatDialog({ open, onClose, weChatID, weChatQRCode }: WeChatDialogProps) {
  const { t, i18n } = useTranslation('card');
  const [form] = Form.useForm<{ weChatID: string }>();
  const [qr, setQr] = useState(weChatQRCode);
  const save = useUpdateWeChat();
  useEffect(() => {
    if (open) setQr(weChatQRCode);
  }, [open, weChatQRCode]);
  return (
    <FormDialog
      open={open}
      title={t('weChatSettings')}
      form={form}
      onClose={onClose}
      onSubmit={async ({ weChatID: id }) => {
        await save.mutateAsync({ weChatID: (id ?? '').trim(), weChatQRCode: qr });
        message.success(t('saved'));
        onClose();
      }}
      okText={t('confirm')}
      cancelText={t('cancel')}
      formProps={{ layout: 'vertical', initialValues: { weChatID } }}
    >
      <Form.Item name="weChatID" label={t('weChatId')}>
        <Input maxLength={40} placeholder={t('weChatIdPlaceholder')} />
      </Form.Item>
      <Form.Item label={t('weChatQr')}>
        <Upload
          accept="image/jpeg,image/png"
          showUploadList={false}
          beforeUpload={async (file) => {
            if (!['image/jpeg', 'image/png'].includes(file.type))
              message.error(ruleMessage('imageType', i18n.language));
            else if (file.size / 1024 > IMAGE_MAX_KB) message.error(ruleMessage('imageSize', i18n.language));
            else setQr(await toQrDataUrl(file));
            return Upload.LIST_IGNORE;
          }}
        >
          <button
            type="button"
            aria-label={t('uploadQr')}
            style={{
              width: QR_SIZE,
              height: QR_SIZE,
              border: '1px dashed #d9d9d9',
              borderRadius: 8,
              background: '#fafafa',
              cursor: 'pointer',
              padding: 0,
            }}
          >
            {qr ? (
              <img src={qr} alt={t('weChatQr')} width={QR_SIZE} height={QR_SIZE} />
            ) : (
              <span>
                <PlusOutlined />
                <div>{t('uploadQr')}</div>
              </span>
            )}
          </button>
        </Upload>
      </Form.Item>
    </FormDialog>
  );
}
