import type { RouteObject } from 'react-router';
import { withPermissions } from './dashboard-permissions';
import { page } from './lazy';

/**
 * Pages under /dashboard. `handle.permission` names what a page needs (spec section 6); the
 * dashboard layout shows 'Bạn không có quyền truy cập vào trang này!' instead when it is missing.
 * A route without a handle gets the permission its path has in dashboard-permissions.ts
 * (carManagement, car/add, soldhistory, sliders..., blogs..., recruitment, candidates, ...).
 */
export const dashboardRoutes: RouteObject[] = withPermissions([
  { index: true, lazy: page(() => import('../features/dashboard/pages/overview-page')) },
  { path: 'profile', lazy: page(() => import('../features/account/pages/profile-page')) },
  {
    path: 'profile/change-information',
    lazy: page(() => import('../features/account/pages/change-information-page')),
  },
  {
    path: 'users',
    handle: { permission: 'MANAGE_USER' },
    lazy: page(() => import('../features/users/pages/users-page')),
  },
  {
    path: 'users/add',
    handle: { permission: 'MANAGE_USER' },
    lazy: page(() => import('../features/users/pages/user-form-page')),
  },
  {
    path: 'users/:userId',
    handle: { permission: 'MANAGE_USER' },
    lazy: page(() => import('../features/users/pages/user-form-page')),
  },
  {
    path: 'setting',
    handle: { permission: 'WEB_CONFIG' },
    lazy: page(() => import('../features/settings/pages/settings-page')),
  },
  {
    path: 'testdriveManagement',
    handle: { permission: 'MANAGE_SERVICE' },
    lazy: page(() => import('../features/leads/pages/testdrive-management-page')),
  },
  {
    path: 'maintenanceManagement',
    handle: { permission: 'MANAGE_SERVICE' },
    lazy: page(() => import('../features/leads/pages/maintenance-management-page')),
  },
  {
    path: 'consultantManagement',
    handle: { permission: 'MANAGE_SERVICE' },
    lazy: page(() => import('../features/leads/pages/consultant-management-page')),
  },
]);
