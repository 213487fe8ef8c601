import type { ShareAnswer } from '@huoke/contracts';
import { Button, Input, Modal, message, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../../shared/share/api';

/** A mini-site's share: its QR code and link with 复制. */
export function ShareLinkDialog({ shared, onClose }: { shared: ShareAnswer | null; onClose: () => void }) {
  const { t } = useTranslation('websites');
  return (
    <Modal open={!!shared} title={t('share')} footer={null} onCancel={onClose}>
      {shared && (
        <Space orientation="vertical" align="center" style={{ width: '100%' }}>
          <img src={shared.qrCode} alt="QR" width={180} height={180} />
          <Space.Compact style={{ width: '100%' }}>
            <Input readOnly value={shared.link} aria-label={t('link')} />
            <Button
              onClick={async () => {
                await copyText(shared.link);
                message.success(t('copied'));
              }}
            >
              {t('copy')}
            </Button>
          </Space.Compact>
        </Space>
      )}
    </Modal>
  );
}
