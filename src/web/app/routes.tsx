import type { RouteObject } from 'react-router';
import { dashboardRoutes } from './dashboard-routes';
import { page } from './lazy';
import { publicBranch, rootRoute } from './public-branch';

/** The browser's whole route tree (router.tsx); the server renders only the public branch (ssr/). */
export const routes: RouteObject[] = [
  {
    ...rootRoute,
    children: [
      // First: the server's tree is the root and this branch alone (public-branch.ts).
      publicBranch,
      { path: 'login', lazy: page(() => import('../features/auth/pages/login-page')) },
      { path: 'reset-password', lazy: page(() => import('../features/auth/pages/reset-password-page')) },
      // The dashboard's layout and pages are separate chunks: visitors never download them.
      { path: 'dashboard', lazy: page(() => import('./dashboard-layout')), children: dashboardRoutes },
      { path: '*', lazy: page(() => import('./not-found-page')) },
    ],
  },
];
