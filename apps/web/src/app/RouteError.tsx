import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Navigate, useLocation, useNavigate, useRouteError } from 'react-router';
import { isChunkError } from './views';

/** Error element of the routes: a failed chunk gets a retry/reload prompt, never a blank page. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  if (isRouteErrorResponse(error) && error.status === 404) return <Navigate to="/404" replace />;
  if (isChunkError(error)) {
    return (
      <Result
        status="warning"
        title={t('chunk.title')}
        subTitle={t('chunk.sub')}
        extra={[
          <Button key="retry" onClick={() => navigate(location.pathname + location.search, { replace: true })}>
            {t('chunk.retry')}
          </Button>,
          <Button key="reload" type="primary" onClick={() => window.location.reload()}>
            {t('chunk.reload')}
          </Button>,
        ]}
      />
    );
  }
  console.error(error);
  return (
    <Result
      status="error"
      title={t('crash.title')}
      subTitle={error instanceof Error ? error.message : undefined}
      extra={
        <Button type="primary" onClick={() => window.location.assign('/')}>
          {t('crash.home')}
        </Button>
      }
    />
  );
}
