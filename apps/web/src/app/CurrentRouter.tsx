import { useLayoutEffect, useState } from 'react';
import { type DataRouter, RouterProvider } from 'react-router';

/**
 * The console's RouterProvider, never behind its router. RouterProvider takes the router's state when it renders and
 * subscribes to it when it commits: an update the router made in between was lost. The console's first render is a
 * transition, sliced into tasks; under load the router's first loaders and lazy routes can finish before it commits,
 * and the page then stayed on its start spinner for good (about one load in a hundred on a busy machine). When the
 * state moved on before the commit, RouterProvider is mounted again with the current one.
 */
export function CurrentRouter({ router }: { router: DataRouter }) {
  const [seen] = useState(() => router.state);
  const [mount, setMount] = useState(0);
  // After RouterProvider's own layout effect (a child's runs first), which subscribed: later updates reach it.
  useLayoutEffect(() => {
    if (router.state !== seen) setMount((m) => m + 1);
  }, [router, seen]);
  return <RouterProvider key={mount} router={router} />;
}
