import { createBrowserRouter, type RouteObject } from 'react-router';
import { FullScreenSpinner } from '../components/spinner';
import { dashboardRoutes } from './dashboard-routes';
import { page } from './lazy';
import { publicRoutes } from './public-routes';
import { RootLayout } from './root-layout';

const routes: RouteObject[] = [
  {
    Component: RootLayout,
    HydrateFallback: FullScreenSpinner,
    children: [
      { lazy: page(() => import('./public-layout')), children: publicRoutes },
      { path: 'login', lazy: page(() => import('../features/auth/pages/login-page')) },
      { path: 'reset-password', lazy: page(() => import('../features/auth/pages/reset-password-page')) },
      // The dashboard's layout and pages are separate chunks: visitors never download them.
      { path: 'dashboard', lazy: page(() => import('./dashboard-layout')), children: dashboardRoutes },
      { path: '*', lazy: page(() => import('./not-found-page')) },
    ],
  },
];

export const router = createBrowserRouter(routes);
