import type { RouteObject } from 'react-router';
import { page } from './lazy';

/** Pages under the public layout (header, footer, chat widget). Each feature adds its own. */
export const publicRoutes: RouteObject[] = [
  { index: true, lazy: page(() => import('../features/home/pages/home-page')) },
  { path: 'cars', lazy: page(() => import('../features/cars/pages/cars-page')) },
  { path: 'cars/:carId', lazy: page(() => import('../features/cars/pages/car-detail-page')) },
  { path: 'compare', lazy: page(() => import('../features/compare/pages/compare-page')) },
  { path: 'testdrive', lazy: page(() => import('../features/leads/pages/test-drive-page')) },
  { path: 'maintenance', lazy: page(() => import('../features/leads/pages/maintenance-page')) },
  { path: 'consulting', lazy: page(() => import('../features/leads/pages/consulting-page')) },
  { path: 'sell-car', lazy: page(() => import('../features/leads/sell-car/sell-car-page')) },
  { path: 'about', lazy: page(() => import('../features/content/pages/about-page')) },
  { path: 'services', lazy: page(() => import('../features/content/pages/services-page')) },
  { path: 'blogs', lazy: page(() => import('../features/blogs/pages/blogs-page')) },
  { path: 'blogs/:blogId', lazy: page(() => import('../features/blogs/pages/blog-page')) },
  { path: 'recruitment', lazy: page(() => import('../features/recruitment/pages/recruitment-page')) },
  {
    path: 'reservations/:code',
    lazy: page(() => import('../features/reservations/public/reservation-page')),
  },
  { path: 'deal/:token', lazy: page(() => import('../features/deals/pages/deal-public-page')) },
  { path: 'lich-hen/:token', lazy: page(() => import('../features/leads/pages/booking-page')) },
  { path: 'chatbot', lazy: page(() => import('../features/chat/pages/chatbot-page')) },
  { path: 'favorites', lazy: page(() => import('../features/favorites/pages/favorites-page')) },
  { path: 'alerts/confirm', lazy: page(() => import('../features/alerts/pages/confirm-page')) },
  { path: 'alerts/unsubscribe', lazy: page(() => import('../features/alerts/pages/unsubscribe-page')) },
  { path: 'alerts/manage', lazy: page(() => import('../features/alerts/pages/manage-page')) },
];
