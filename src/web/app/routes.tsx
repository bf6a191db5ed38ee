import type { RouteObject } from 'react-router';
import { page } from './lazy';
import { publicBranch, rootRoute } from './public-branch';

/** The browser's route tree (router.tsx) until the dashboard is visited; the server renders only the public branch (ssr/). */
export const routes: RouteObject[] = [
  {
    ...rootRoute,
    children: [
      // First: the server's tree is the root and this branch alone (public-branch.ts).
      publicBranch,
      { path: 'login', lazy: page(() => import('../features/auth/pages/login-page')) },
      { path: 'reset-password', lazy: page(() => import('../features/auth/pages/reset-password-page')) },
      { path: '*', lazy: page(() => import('./not-found-page')) },
    ],
  },
];

type Patch = (routeId: string | null, children: RouteObject[]) => void;

/**
 * The router's patchRoutesOnNavigation: the dashboard's branch (its route table, the permissions of its
 * pages) joins the tree on the first visit under /dashboard, so visitors' scripts never carry it. Until
 * then such an address matches only the catch-all, which is what makes the router ask.
 */
export async function discoverRoutes({ path, patch }: { path: string; patch: Patch }): Promise<void> {
  if (!/^\/dashboard(\/|$)/.test(path)) return;
  const { dashboardRoutes } = await import('./dashboard-routes');
  patch(rootRoute.id ?? null, [
    {
      id: 'dashboard',
      path: 'dashboard',
      lazy: page(() => import('./dashboard-layout')),
      children: dashboardRoutes,
    },
  ]);
}
