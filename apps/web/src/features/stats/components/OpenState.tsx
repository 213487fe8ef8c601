import { Result, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** What an open view shows before its data: no code, loading, or a refused code. */
export function OpenState({ code, error }: { code: string; error: unknown }): ReactNode {
  const { t } = useTranslation('stats');
  if (!code) return <Result status="info" title={t('needCode')} />;
  if (error) return <Result status="404" title={t('invalidCode')} />;
  return <Spin style={{ display: 'block', margin: '120px auto' }} />;
}
