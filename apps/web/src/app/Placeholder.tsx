import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** Shown for a menu entry whose view is not built yet. */
export default function Placeholder() {
  const { t } = useTranslation();
  return <Result status="info" title={t('placeholder.title')} subTitle={t('placeholder.sub')} />;
}
