import type { NonIndexRouteObject, RouteObject } from 'react-router';
import { FullScreenSpinner } from '../components/spinner';
import { page } from './lazy';
import { publicRoutes } from './public-routes';
import { RootLayout } from './root-layout';

/**
 * The root route (without its children) and the public site's branch. The server renderer builds its
 * tree from these two alone, so it carries no dashboard code; the browser's tree (routes.tsx) puts the
 * public branch first, which gives its routes the same ids on both sides.
 */
export const rootRoute: NonIndexRouteObject = {
  // Named: the dashboard's branch is added under it on the first visit there (routes.tsx).
  id: 'root',
  Component: RootLayout,
  HydrateFallback: FullScreenSpinner,
};

export const publicBranch: RouteObject = {
  lazy: page(() => import('./public-layout')),
  children: publicRoutes,
};
