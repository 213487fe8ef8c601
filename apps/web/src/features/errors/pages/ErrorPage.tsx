import Button from 'antd/es/button';
import Result from 'antd/es/result';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** Error pages 404/403/401, each with a way home. */
export function ErrorPage({ code }: { code: 404 | 403 | 401 }) {
  const { t } = useTranslation('errors');
  const navigate = useNavigate();
  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Result
        status={code === 401 ? 403 : code}
        title={t(`${code}.title`)}
        subTitle={t(`${code}.sub`)}
        extra={[
          <Button key="home" type="primary" onClick={() => navigate('/', { replace: true })}>
            {t('home')}
          </Button>,
          code === 401 ? (
            <Button key="login" onClick={() => navigate('/login')}>
              {t('login')}
            </Button>
          ) : (
            <Button key="back" onClick={() => navigate(-1)}>
              {t('back')}
            </Button>
          ),
        ]}
      />
    </div>
  );
}
