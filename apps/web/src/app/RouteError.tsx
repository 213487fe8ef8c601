import { type CSSProperties, type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Navigate, useLocation, useNavigate, useRouteError } from 'react-router';
import { unanswered } from '../shared/request';
import { reloadOnce } from './chunkReload';
import { isChunkError } from './views';

// Plain elements only: this screen must render even when no further chunk can be loaded.
const button = (primary: boolean): CSSProperties => ({
  padding: '6px 16px',
  borderRadius: 6,
  fontSize: 14,
  cursor: 'pointer',
  border: `1px solid ${primary ? '#1677ff' : '#d9d9d9'}`,
  background: primary ? '#1677ff' : '#fff',
  color: primary ? '#fff' : 'rgba(0,0,0,0.88)',
});

function Notice({ icon, title, sub, children }: { icon: string; title: string; sub?: string; children: ReactNode }) {
  return (
    <div role="alert" style={{ padding: '64px 24px', textAlign: 'center' }}>
      <div style={{ fontSize: 48, lineHeight: 1 }} aria-hidden>
        {icon}
      </div>
      <h2 style={{ fontSize: 22, fontWeight: 500, margin: '16px 0 8px' }}>{title}</h2>
      {sub && <p style={{ color: 'rgba(0,0,0,0.45)', margin: '0 0 24px' }}>{sub}</p>}
      <div style={{ display: 'flex', gap: 8, justifyContent: 'center' }}>{children}</div>
    </div>
  );
}

/** Error element of the routes: a failed chunk gets a retry/reload prompt, never a blank page. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const chunkFailed = isChunkError(error);
  // Stale files after a deploy: the prompt shows, and the page reloads once to fetch the new ones.
  useEffect(() => {
    if (chunkFailed) reloadOnce(error);
  }, [chunkFailed, error]);
  // The session load that got no answer is asked again by itself when the browser is back online.
  const offline = unanswered(error);
  const again = location.pathname + location.search;
  useEffect(() => {
    if (!offline) return;
    const retry = () => void navigate(again, { replace: true });
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [offline, again, navigate]);
  if (isRouteErrorResponse(error) && error.status === 404) return <Navigate to="/404" replace />;
  if (chunkFailed) {
    return (
      <Notice icon="⚠️" title={t('chunk.title')} sub={t('chunk.sub')}>
        <button
          type="button"
          style={button(false)}
          onClick={() => navigate(location.pathname + location.search, { replace: true })}
        >
          {t('chunk.retry')}
        </button>
        <button type="button" style={button(true)} onClick={() => window.location.reload()}>
          {t('chunk.reload')}
        </button>
      </Notice>
    );
  }
  if (offline) {
    // The session could not be loaded for want of an answer (guardLoader): the session stays, and 重试 asks again
    // (as going back online does, above).
    return (
      <Notice icon="📡" title={t('unanswered.title')} sub={error.message}>
        <button type="button" style={button(true)} onClick={() => navigate(again, { replace: true })}>
          {t('chunk.retry')}
        </button>
      </Notice>
    );
  }
  console.error(error);
  return (
    <Notice icon="⛔" title={t('crash.title')} sub={error instanceof Error ? error.message : undefined}>
      <button type="button" style={button(true)} onClick={() => window.location.assign('/')}>
        {t('crash.home')}
      </button>
    </Notice>
  );
}
