import { type CardInfo, EVENT_KIND } from '@huoke/contracts';
import { Button, Card, Col, Input, message, Row, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../../shared/share/api';
import { ContentSpreadButton } from '../../../shared/share/ContentSpreadButton';
import { CardPreview } from '../components/CardPreview';
import { CardSettingsForm } from '../components/CardSettingsForm';
import { WeChatDialog } from '../components/WeChatDialog';
import { useCardQr, useMyCard } from '../queries';

function CardView({ card }: { card: CardInfo }) {
  const { t } = useTranslation('card');
  const [wx, setWx] = useState(false);
  const qr = useCardQr(card.empId);
  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} md={12}>
        <Card>
          <CardPreview card={card} />
          <Button onClick={() => setWx(true)}>{t('weChatSettings')}</Button>
        </Card>
        <Card title={t('cardQr')} style={{ marginTop: 24 }} loading={qr.isLoading}>
          {qr.data && (
            // As wide as the card, so that the link and 复制链接 shrink to a phone's width (360 px at most).
            <Space orientation="vertical" style={{ width: '100%' }}>
              <img src={qr.data.qrCode} alt={t('cardQr')} width={160} height={160} />
              <Space.Compact style={{ width: 360, maxWidth: '100%' }}>
                <Input readOnly value={qr.data.link} aria-label={t('link')} />
                <Button
                  onClick={async () => {
                    await copyText(qr.data.link);
                    message.success(t('copied'));
                  }}
                >
                  {t('copy')}
                </Button>
              </Space.Compact>
              <ContentSpreadButton
                kind={EVENT_KIND.card}
                contentId={card.empId}
                title={t('cardOf', { name: card.name })}
              />
            </Space>
          )}
        </Card>
      </Col>
      <Col xs={24} md={12}>
        <Card title={t('settings')}>
          <CardSettingsForm card={card} />
        </Card>
      </Col>
      <WeChatDialog open={wx} onClose={() => setWx(false)} weChatID={card.weChatID} weChatQRCode={card.weChatQRCode} />
    </Row>
  );
}

/** The employee e-card page: card info, WeChat settings, card settings and the card's QR. */
export default function CardPage() {
  const { t } = useTranslation('card');
  const card = useMyCard();
  return (
    <div>
      <Typography.Title level={3}>{t('title')}</Typography.Title>
      {card.data ? <CardView card={card.data} /> : <Skeleton active />}
    </div>
  );
}
