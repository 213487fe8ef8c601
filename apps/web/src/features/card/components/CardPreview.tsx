import type { CardInfo } from '@huoke/contracts';
import { truncatePosition } from '@huoke/contracts/constants';
import { Avatar, Descriptions, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The card as its visitors see it: the position, company, phone and WeChat ID only where the card's switches
 * (显示职位, 显示公司, 显示电话, 显示微信) show them, as the share page does.
 */
export function CardPreview({ card }: { card: CardInfo }) {
  const { t } = useTranslation('card');
  return (
    <>
      <div data-user-content style={{ marginBottom: 16 }}>
        <Space align="start" size={16}>
          <Avatar size={72} src={card.avatar || undefined}>
            {card.name.slice(0, 1)}
          </Avatar>
          <div>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {card.name}
            </Typography.Title>
            {card.isShowPosition && card.duties && <div title={card.duties}>{truncatePosition(card.duties)}</div>}
            {card.isShowCompany && <Typography.Text type="secondary">{card.icCompanyName}</Typography.Text>}
          </div>
        </Space>
      </div>
      {(card.isShowPhone || card.isShowWeChat) && (
        <Descriptions column={1} size="small">
          {card.isShowPhone && <Descriptions.Item label={t('phone')}>{card.phone || t('notSet')}</Descriptions.Item>}
          {card.isShowWeChat && (
            <Descriptions.Item label={t('weChatId')}>{card.weChatID || t('notSet')}</Descriptions.Item>
          )}
        </Descriptions>
      )}
    </>
  );
}
