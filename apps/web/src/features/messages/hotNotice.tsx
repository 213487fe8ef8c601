import { PhoneOutlined } from '@ant-design/icons';
import type { HotMessage } from '@huoke/contracts';
import { radarRoutes } from '@huoke/contracts/routes/radar';
import { Button, notification, Space } from 'antd';
import { call } from '../../shared/call';
import { HotText } from '../../shared/HotText';
import i18n from '../../shared/i18n';

const t = (key: string, values?: Record<string, string>) => i18n.t(key, { ns: 'radar', ...values });

/**
 * The notice that offers 开启桌面通知 while the browser has not been answered: only the newest does, so three hot
 * moments in a row do not make the same offer three times (the one that had it is shown again without it).
 */
let offering: { hot: HotMessage; open: (path: string) => void } | null = null;
/** Notices on screen (a closed one is not brought back by a redraw). */
const shown = new Set<string>();

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
  const canAsk = typeof Notification !== 'undefined' && Notification.permission === 'default';
  if (canAsk) {
    const before = offering;
    offering = { hot, open };
    if (before && before.hot.id !== hot.id && shown.has(keyOf(before.hot))) notice(before.hot, before.open, false);
  }
  notice(hot, open, canAsk);
  const key = keyOf(hot);
  if (typeof Notification !== 'undefined' && Notification.permission === 'granted' && document.hidden) {
    // The body says what the click does (and the phone, when known): the reason is the title's already, and the
    // notification said it twice.
    const body = hot.phone ? t('hot.desktopBodyPhone', { phone: hot.phone }) : t('hot.desktopBody');
    const n = new Notification(hot.title, { body, tag: key });
    n.onclick = () => {
      window.focus();
      open(followUpOf(hot));
      n.close();
    };
  }
}

const keyOf = (hot: HotMessage) => `hot-${hot.id}`;
const followUpOf = (hot: HotMessage) => `/private-guest/radar?id=${hot.visitorId}&follow=1`;

/** Opens the notice of `hot`, or redraws it in place while it is on screen (same key). */
function notice(hot: HotMessage, open: (path: string) => void, offer: boolean) {
  const key = keyOf(hot);
  shown.add(key);
  notification.open({
    key,
    title: <HotText text={hot.title} />,
    duration: 12,
    placement: 'topRight',
    onClose: () => shown.delete(key),
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
            shown.delete(key);
            notification.destroy(key);
            open(followUpOf(hot));
          }}
        >
          {t('hot.followUp')}
        </Button>
        {offer && (
          <Button
            size="small"
            type="link"
            data-testid="hot-notify"
            onClick={() => {
              offering = null;
              void Notification.requestPermission();
            }}
          >
            {t('hot.notify')}
          </Button>
        )}
      </Space>
    ),
  });
}
