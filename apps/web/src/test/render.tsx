import './dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, waitFor } from '@testing-library/react';
import { App as AntApp, ConfigProvider, Modal, message, notification } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, inject, vi } from 'vitest';
import { FORM_CONFIG } from '../shared/form';
import i18n, { catalogsReady } from '../shared/i18n';

/**
 * The console's component tests: a view rendered as the app renders it (zh-CN strings, antd, TanStack Query, a
 * router) against a server mocked at the HTTP layer with MSW; each test adds the answers it needs with
 * `server.use(http.get('/api/…', …))`, and a call nobody answers fails the test.
 */
export const server = setupServer();

// Every area's catalogs, as the app has them on any page past the first screen (its route waits for them).
await catalogsReady();

/** The query clients of this test's renders: stopped at its end, so that nothing answers into a torn-down page. */
const clients = new Set<QueryClient>();

declare module 'vitest' {
  export interface ProvidedContext {
    /** The file shares modules with others (vite.config.ts, project `shared`): ./setup registers its hooks. */
    sharesModules?: boolean;
  }
}

/**
 * The hooks every component test file needs: registered here for a file with a module graph of its own, by ./setup
 * before each file for files that share modules (this module is then evaluated for the first of them only).
 */
export function registerRenderHooks() {
  // A first render loads antd and the locales into a cold module graph: seconds on a shared machine.
  vi.setConfig({ testTimeout: 30_000 });
  configure({ asyncUtilTimeout: 5_000 });

  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  /** The toasts shown through antd's static methods: they live outside the rendered tree. */
  const toasts = () => document.querySelectorAll('.ant-message-notice, .ant-notification-notice');
  afterEach(async () => {
    cleanup();
    for (const c of clients) {
      await c.cancelQueries();
      c.clear();
    }
    clients.clear();
    // React's scheduler runs its last task (setImmediate) while the page still exists.
    await new Promise((resolve) => setImmediate(resolve));
    /**
     * A toast outlives the test that showed it (antd's static methods keep one holder per page), so the next test's
     * `findByText('操作成功')` found the last test's toast, or two of them. Each test's toasts are closed at its end
     * (again for one that an answer still in flight opened meanwhile), and their closing motion ended as a browser ends
     * it: jsdom runs no CSS transition, and the motion waits for its end event once active.
     */
    if (toasts().length)
      await waitFor(() => {
        const open = [...toasts()];
        if (open.some((toast) => !/-leave\b/.test(toast.className))) {
          message.destroy();
          notification.destroy();
        }
        for (const toast of open) if (/-leave-active\b/.test(toast.className)) fireEvent.transitionEnd(toast);
        if (toasts().length) throw new Error(`${toasts().length} toasts still open after the test`);
      });
    /**
     * A confirmation opened through antd's static Modal methods (shared/confirm) lives in a container of its own,
     * outside the rendered tree, and one answered stays in its closing motion (the test DOM runs no transition): the
     * next test found two dialogs. Each test's are closed and their containers removed at its end.
     */
    Modal.destroyAll();
    for (const root of document.querySelectorAll('body > div > .ant-modal-root')) root.parentElement?.remove();
    server.resetHandlers();
  });
  afterAll(async () => {
    /**
     * Toasts shown through antd's static methods live outside the rendered tree and close on their own timers, which
     * render: closed now, and their closing rendered while the page still exists. (Each test's toasts are already
     * closed in afterEach; a fixed 500 ms wait here cost every file half a second, about 18 s of the suite's wall time
     * on two workers, and React's one late flush after the page is gone is answered by onUnhandledError in
     * vite.config.ts.)
     */
    message.destroy();
    notification.destroy();
    await new Promise((resolve) => setImmediate(resolve));
    server.close();
  });
}

if (!inject('sharesModules')) registerRenderHooks();

export function renderView(ui: ReactNode, { path = '/' }: { path?: string } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  clients.add(client);
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  return render(
    <I18nextProvider i18n={i18n}>
      <ConfigProvider locale={zhCN} form={FORM_CONFIG}>
        <AntApp>
          <QueryClientProvider client={client}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </AntApp>
      </ConfigProvider>
    </I18nextProvider>,
  );
}
