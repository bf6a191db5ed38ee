import { createBrowserRouter, type HydrationState, matchRoutes } from 'react-router';
import { discoverRoutes, routes } from './routes';

/**
 * The browser's router. For a page the server rendered, `hydrationData` is what it rendered with, and
 * the lazy routes of the current address are loaded first (hydrate), so the first render matches the
 * server's HTML instead of showing the loading screen.
 */
export function createAppRouter(hydrationData?: HydrationState) {
  return createBrowserRouter(routes, {
    ...(hydrationData ? { hydrationData } : {}),
    patchRoutesOnNavigation: discoverRoutes,
  });
}

/** Loads the code of every lazy route matching the current address and fixes it on the route. */
export async function loadCurrentRoutes(): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}
