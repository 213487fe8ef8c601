import { QRCode } from 'antd';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../shared/config';

/** The download-app QR code of the navbar's popover (loaded when it first opens: QR encoding is not needed before). */
export default function DownloadAppQr() {
  const { t } = useTranslation();
  const appDownloadUrl = useConfig((s) => s.appDownloadUrl);
  return (
    <div style={{ textAlign: 'center' }}>
      <QRCode value={appDownloadUrl} size={140} bordered={false} />
      <div style={{ fontSize: 12 }}>{t('nav.scanToDownload')}</div>
    </div>
  );
}
