import { PhoneOutlined } from '@ant-design/icons';
import type { HotMessage } from '@huoke/contracts';
import { radarRoutes } from '@huoke/contracts/routes/radar';
import { Button, notification, Space } from 'antd';
import { call } from '../../shared/call';
import i18n from '../../shared/i18n';

const t = (key: string) => i18n.t(key, { ns: 'radar' });

/**
 * A 🔥 hot moment pushed by the live stream: a notice with the reason and one-click actions (call when a phone is
 * known; 添加跟进 opens the lead's follow-up form), and a browser notification when the user allowed them.
 */
export async function showHotNotice(messageId: number, open: (path: string) => void) {
  let hot: HotMessage;
  try {
    hot = await call(radarRoutes.hot, { query: { id: messageId } });
  } catch {
    return;
  }
  const followUp = `/private-guest/radar?id=${hot.visitorId}&follow=1`;
  const key = `hot-${hot.id}`;
  const canAsk = typeof Notification !== 'undefined' && Notification.permission === 'default';
  notification.open({
    key,
    message: hot.title,
    duration: 12,
    placement: 'topRight',
    props: { 'data-testid': 'hot-notice' } as never,
    actions: (
      <Space wrap>
        {hot.phone && (
          <Button size="small" icon={<PhoneOutlined />} href={`tel:${hot.phone}`} data-testid="hot-call">
            {t('hot.call')}
          </Button>
        )}
        <Button
          size="small"
          type="primary"
          data-testid="hot-follow-up"
          onClick={() => {
            notification.destroy(key);
            open(followUp);
          }}
        >
          {t('hot.followUp')}
        </Button>
        {canAsk && (
          <Button size="small" type="link" onClick={() => void Notification.requestPermission()}>
            {t('hot.notify')}
          </Button>
        )}
      </Space>
    ),
  });
  if (typeof Notification !== 'undefined' && Notification.permission === 'granted' && document.hidden) {
    const n = new Notification(hot.title, { body: hot.reason, tag: key });
    n.onclick = () => {
      window.focus();
      open(followUp);
      n.close();
    };
  }
}
