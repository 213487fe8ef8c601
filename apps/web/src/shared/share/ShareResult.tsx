import type { ShareAnswer } from '@huoke/contracts';
import { Button, Input, message, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { copyText } from './api';

/** The made share: its QR code and link with 复制 (and 文章海报 for an article). */
export function ShareResult({ result, onPoster }: { result: ShareAnswer; onPoster?: () => void }) {
  const { t } = useTranslation('sharing');
  return (
    <div style={{ display: 'flex', gap: 16, alignItems: 'center', flexWrap: 'wrap' }}>
      <img src={result.qrCode} alt={t('qrTip')} width={128} height={128} />
      <Space orientation="vertical" style={{ flex: 1, minWidth: 200 }}>
        <Input readOnly value={result.link} aria-label={t('link')} />
        <Space wrap>
          <Button
            onClick={async () => {
              await copyText(result.link);
              message.success(t('copied'));
            }}
          >
            {t('copy')}
          </Button>
          {onPoster && <Button onClick={onPoster}>{t('articlePoster')}</Button>}
        </Space>
        <Typography.Text type="secondary">{t('qrTip')}</Typography.Text>
      </Space>
    </div>
  );
}
