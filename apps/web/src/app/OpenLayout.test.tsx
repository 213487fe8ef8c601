// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { http } from 'msw';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FORM_CONFIG } from '../shared/form';
import i18n, { setLanguage } from '../shared/i18n';
import { server } from '../test/render';
import { routes } from './router';

/** The console's own routes at `path`, with its providers around them. */
function openAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <I18nextProvider i18n={i18n}>
      <ConfigProvider locale={zhCN} form={FORM_CONFIG}>
        <QueryClientProvider client={client}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </ConfigProvider>
    </I18nextProvider>,
  );
  return router;
}

const switchOf = async () => within(await screen.findByRole('group', { name: /^(语言|Language)$/ }));

afterEach(async () => {
  await setLanguage('zh-CN');
});

describe('the language of the pages seen without a session', () => {
  it('is chosen on /login with 中文 / English, by keyboard too, and kept as the account menu keeps it', async () => {
    const user = userEvent.setup();
    openAt('/login');
    expect(await screen.findByRole('tab', { name: '账号登录' })).toBeTruthy();
    const choice = await switchOf();
    expect(choice.getByRole('button', { name: '中文' }).getAttribute('aria-pressed')).toBe('true');

    // The switch comes first in the page's order: from the page's start (login puts the cursor in 账号), Tab, Tab, Enter.
    (document.activeElement as HTMLElement | null)?.blur();
    await user.tab();
    expect(document.activeElement).toBe(choice.getByRole('button', { name: '中文' }));
    await user.tab();
    await user.keyboard('{Enter}');

    expect(await screen.findByRole('tab', { name: 'Account' })).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Log in/ })).toBeTruthy();
    expect(choice.getByRole('button', { name: 'English' }).getAttribute('aria-pressed')).toBe('true');
    expect(document.documentElement.lang).toBe('en');
    // Stored where the console reads its language as it starts: it opens in English after login, and on reload.
    expect(document.cookie).toMatch(/(^|; )language=en(;|$)/);
    expect(localStorage.getItem('language')).toBe('en');
    vi.resetModules();
    const restarted = await import('../shared/i18n');
    expect(restarted.default.language).toBe('en');

    await user.click(choice.getByRole('button', { name: '中文' }));
    expect(await screen.findByRole('tab', { name: '账号登录' })).toBeTruthy();
    expect(document.cookie).toMatch(/(^|; )language=zh-CN(;|$)/);
  });

  // They had none: a visitor of a 404 or of the open monitor in Chinese had no way to English.
  it('is offered on the error pages', async () => {
    openAt('/404');
    await userEvent.setup().click((await switchOf()).getByRole('button', { name: 'English' }));
    expect(await screen.findByText('Sorry, the page you visited does not exist.')).toBeTruthy();
  });

  it('is offered on the open data pages (/monitor)', async () => {
    // The figures stay pending: the page's own words are the point.
    server.use(http.get('/api/public/monitor', () => new Promise<never>(() => {})));
    openAt('/monitor');
    await userEvent.setup().click((await switchOf()).getByRole('button', { name: 'English' }));
    expect(await screen.findByText('Service monitor')).toBeTruthy();
  });
});
