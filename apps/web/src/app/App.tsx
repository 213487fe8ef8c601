import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { type ReactNode, useEffect, useState } from 'react';
import { cspNonce } from '../shared/cspNonce';
import { FORM_CONFIG } from '../shared/form';
import i18n from '../shared/i18n';
import { setSessionEndedHandler } from '../shared/request';
import { goToLogin } from '../shared/sessionEnd';
import { CurrentRouter } from './CurrentRouter';
import { appRouter } from './router';
import { THEME } from './theme';

/** antd's runtime styles (theme variables) carry the page's CSP nonce. */
const CSP = cspNonce ? { nonce: cspNonce } : undefined;

export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

// 401/410: the request client showed the message (the login page shows a held login's) and reset the session; the
// router goes to /login.
setSessionEndedHandler((_reason, end) => {
  queryClient.clear();
  goToLogin(appRouter(), end);
});

// antd's static calls (the request client's message.error, confirmAction's Modal.confirm) render outside the app's
// tree: through this holder they get its theme (no animation for a reader who asked for less motion), style nonce,
// language and form settings too.
ConfigProvider.config({
  holderRender: (children) => <ConsoleSettings lng={i18n.language}>{children}</ConsoleSettings>,
});

/** antd's settings for the console: language, theme, style nonce, form rules (the app and the static calls). */
function ConsoleSettings({ lng, children }: { lng: string; children: ReactNode }) {
  return (
    <ConfigProvider locale={lng === 'en' ? enUS : zhCN} theme={THEME} csp={CSP} form={FORM_CONFIG}>
      {children}
    </ConfigProvider>
  );
}

export function App() {
  const [lng, setLng] = useState(i18n.language);
  useEffect(() => {
    const on = (l: string) => setLng(l);
    i18n.on('languageChanged', on);
    return () => i18n.off('languageChanged', on);
  }, []);
  return (
    <ConsoleSettings lng={lng}>
      <QueryClientProvider client={queryClient}>
        <CurrentRouter router={appRouter()} />
      </QueryClientProvider>
    </ConsoleSettings>
  );
}
