// @vitest-environment happy-dom
import '../test/dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import LoginPage from '../features/session/pages/LoginPage';
import RegisterPage from '../features/session/pages/RegisterPage';
import { FORM_CONFIG } from '../shared/form';
import i18n, { setLanguage } from '../shared/i18n';
import { lazyView } from './views';

/**
 * The start-up chunk holds the first screen's catalogs only; every other area's come later in a chunk of their own
 * (shared/i18n.ts). This file never loads them itself (unlike test/render): what a user sees before they arrive.
 */

/** A translation key left on screen: `ns:key`, or a dotted key such as `title.login`. */
const RAW_KEY = /\b[a-z][\w-]*:[a-z]\w*|\b[a-z]+\.[a-zA-Z]+(\.[a-zA-Z]+)*\b/;

/** What a lazy route shows while it loads: nothing. */
const Loading = () => null;

/** Renders the route at `path` as the console does (its providers around the router). */
function show(route: RouteObject, path: string) {
  const router = createMemoryRouter([{ HydrateFallback: Loading, ...route, path }], { initialEntries: [path] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <I18nextProvider i18n={i18n}>
      <ConfigProvider locale={zhCN} form={FORM_CONFIG}>
        <QueryClientProvider client={client}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </ConfigProvider>
    </I18nextProvider>,
  );
}

afterEach(async () => {
  cleanup();
  await setLanguage('zh-CN');
});

describe('the first screen', () => {
  // The first render imports the login page's module graph cold: seconds on a shared machine (it ran past 5 s once).
  it('reads only the start-up catalogs: the login and register pages in both languages, no key on screen', {
    timeout: 30_000,
  }, async () => {
    expect(i18n.hasResourceBundle('zh-CN', 'newmedia')).toBe(false);
    show({ Component: LoginPage }, '/login');
    expect(screen.getByRole('tab', { name: '账号登录' })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(RAW_KEY);
    cleanup();

    await setLanguage('en');
    show({ Component: RegisterPage }, '/register');
    expect(screen.getAllByText('Register').length).toBeGreaterThan(0);
    expect(document.body.textContent).not.toMatch(RAW_KEY);
    // Still none of the other areas' catalogs: the first screen did without them.
    expect(i18n.hasResourceBundle('en', 'newmedia')).toBe(false);
  });
});

describe('a page past the first screen', () => {
  it('opens through its route with its own strings, in either language, never their keys', {
    timeout: 30_000,
  }, async () => {
    // Its queries stay pending: the page's own words are the point.
    vi.stubGlobal('fetch', () => new Promise(() => {}));
    show({ lazy: lazyView('expandWords') }, '/expand-words');
    // A cold module graph takes seconds to load the page on a shared machine.
    expect(await screen.findByText('拓词工具', undefined, { timeout: 20_000 })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(RAW_KEY);

    await setLanguage('en');
    expect(await screen.findByText('Keyword ideas')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(RAW_KEY);
    vi.unstubAllGlobals();
  });
});
