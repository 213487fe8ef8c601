import './zod-jitless';
import { lendNonceToStyles } from '../shared/cspNonce';
import { showBootFailure } from './chunkReload';

lendNonceToStyles();

// The build inlines antd's shared and login rules in index.html and gives every view its components' rules
// (build/antd-prebuilt.ts); the dev server has antd's whole stylesheet instead.
if (import.meta.env.DEV) void import('antd/dist/antd.css');

/** Lets the browser paint and handle input between the boot's steps (each step is a separate task). */
const pause = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The console starts in steps, each its own task, so a slow phone never freezes for the whole start-up: the
 * translations, then the component modules, then the router (it matches the address), then the first render —
 * itself a transition, which React splits into slices of a few milliseconds.
 */
async function boot() {
  const [{ createRoot }, { startTransition, StrictMode, createElement }] = await Promise.all([
    import('react-dom/client'),
    import('react'),
  ]);
  await pause();
  const { catalogsReady } = await import('../shared/i18n');
  await pause();
  const [{ App }, { loadConfig }, { appRouter }] = await Promise.all([
    import('./App'),
    import('../shared/config'),
    import('./router'),
  ]);
  void loadConfig();
  await pause();
  const router = appRouter();
  await pause();
  const root = createRoot(document.getElementById('root') as HTMLElement);
  startTransition(() => {
    root.render(createElement(StrictMode, null, createElement(App)));
  });
  // The other areas' translations, once the first screen is in (its route loaded, a frame painted): the page after
  // it (after signing in) then need not wait for them. A failed load is tried again by that page's route.
  const rest = () => requestAnimationFrame(() => setTimeout(() => catalogsReady().catch(() => undefined), 0));
  if (router.state.initialized) rest();
  else {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      rest();
    });
  }
}

// A start-up chunk that cannot load (a deploy replaced it) must never leave the start screen hanging.
boot().catch(showBootFailure);
