import type { RouteObject } from 'react-router';
import { page } from './lazy';

/** Pages under the public layout (header, footer, chat widget). Each feature adds its own. */
export const publicRoutes: RouteObject[] = [
  { index: true, lazy: page(() => import('../features/home/pages/home-page')) },
];
