import { BellOutlined } from '@ant-design/icons';
import { BADGE_CAP } from '@huoke/contracts';
import { Badge } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveUpdates } from './live';
import { useMessageTypes } from './queries';

const MessageDrawer = lazy(() => import('./components/MessageDrawer'));

/** Navbar entry of the message centre: bell, unread badge (≤ 99, live) and the 消息 drawer. */
export function MessageBell() {
  const { t } = useTranslation('messages');
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const types = useMessageTypes();
  useLiveUpdates();
  const total = (types.data ?? []).reduce((n, c) => n + c.count, 0);
  return (
    <>
      <button
        type="button"
        aria-label={t('title')}
        data-testid="message-bell"
        data-count={total}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
        style={{ background: 'none', border: 0, cursor: 'pointer', padding: '0 4px', lineHeight: 1 }}
      >
        <Badge count={total} overflowCount={BADGE_CAP} size="small">
          <BellOutlined style={{ fontSize: 18 }} />
        </Badge>
      </button>
      {loaded && (
        <Suspense fallback={null}>
          <MessageDrawer open={open} onClose={() => setOpen(false)} counts={types.data ?? []} />
        </Suspense>
      )}
    </>
  );
}
