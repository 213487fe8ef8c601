// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, type DataRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CurrentRouter } from './CurrentRouter';

const Page = () => <p>工作台</p>;
const Loading = () => <p>加载中</p>;

/**
 * A router that finished its first load between the console's render and its commit: it answers its state from before
 * (not yet initialized) until someone subscribes, and tells that subscriber nothing more, as the real router does
 * when its update came before the subscription.
 */
async function routerDoneBeforeCommit(): Promise<DataRouter> {
  const real = createMemoryRouter(
    [{ path: '/', loader: async () => null, Component: Page, HydrateFallback: Loading }],
    { initialEntries: ['/'] },
  );
  const before = real.state;
  expect(before.initialized).toBe(false);
  await new Promise<void>((resolve) => {
    const stop = real.subscribe((s) => {
      if (!s.initialized) return;
      stop();
      resolve();
    });
  });
  let subscribed = false;
  return new Proxy(real, {
    get(target, key, receiver) {
      if (key === 'state') return subscribed ? target.state : before;
      if (key === 'subscribe')
        return (fn: Parameters<DataRouter['subscribe']>[0]) => {
          subscribed = true;
          return target.subscribe(fn);
        };
      return Reflect.get(target, key, receiver);
    },
  });
}

describe('the console router', () => {
  it('shows the page when the router finished before RouterProvider subscribed (RouterProvider alone stays on its spinner)', async () => {
    const { unmount } = render(<RouterProvider router={await routerDoneBeforeCommit()} />);
    expect(await screen.findByText('加载中')).toBeTruthy();
    expect(screen.queryByText('工作台')).toBeNull();
    unmount();

    render(<CurrentRouter router={await routerDoneBeforeCommit()} />);
    expect(await screen.findByText('工作台')).toBeTruthy();
    expect(screen.queryByText('加载中')).toBeNull();
  });
});
