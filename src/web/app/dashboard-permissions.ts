import type { Permission } from '@contract/permissions';
import type { RouteObject } from 'react-router';
import type { DashboardHandle } from './permission-guard';

/**
 * What each dashboard path needs, keyed by the route's `path` under /dashboard.
 * Overview, profile and profile/change-information are open to any signed-in user.
 */
export const DASHBOARD_PERMISSIONS: Record<string, Permission> = {
  users: 'MANAGE_USER',
  'users/add': 'MANAGE_USER',
  'users/:userId': 'MANAGE_USER',
  carManagement: 'MANAGE_CAR',
  'car/add': 'MANAGE_CAR',
  'car/edit/:carId': 'MANAGE_CAR',
  'car/inspection/:carId': 'MANAGE_CAR',
  'inspection-template': 'MANAGE_CAR',
  soldhistory: 'MANAGE_CAR',
  'soldhistory/:transactionId': 'MANAGE_CAR',
  reservations: 'MANAGE_CAR',
  deals: 'MANAGE_CAR',
  'deals/new': 'MANAGE_CAR',
  'deals/:dealId': 'MANAGE_CAR',
  'market-prices': 'MANAGE_CAR',
  'stock-ageing': 'MANAGE_CAR',
  repricing: 'MANAGE_CAR',
  maintenanceManagement: 'MANAGE_SERVICE',
  consultantManagement: 'MANAGE_SERVICE',
  testdriveManagement: 'MANAGE_SERVICE',
  calendar: 'MANAGE_SERVICE',
  purchaseManagement: 'MANAGE_SERVICE',
  sliders: 'MANAGE_OVERVIEW',
  'sliders/add': 'MANAGE_OVERVIEW',
  'sliders/:overviewId': 'MANAGE_OVERVIEW',
  blogs: 'MANAGE_BLOG',
  'blogs/add': 'MANAGE_BLOG',
  'blogs/:blogId': 'MANAGE_BLOG',
  recruitment: 'MANAGE_RECRUITMENT',
  candidates: 'MANAGE_RECRUITMENT',
  setting: 'WEB_CONFIG',
};

/** The permission for a dashboard path: exact entries, then the section it belongs to (sliders/..., blogs/...). */
export function permissionForPath(path: string | undefined): Permission | undefined {
  if (!path) return undefined;
  const clean = path.replace(/^\/?(dashboard\/?)?/, '').replace(/\/$/, '');
  return DASHBOARD_PERMISSIONS[clean] ?? DASHBOARD_PERMISSIONS[clean.split('/')[0]];
}

/** Gives every route (and nested child) without its own handle the permission its path needs. */
export function withPermissions(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const permission = route.handle ? undefined : permissionForPath(route.path);
    const handle: DashboardHandle | undefined = permission ? { permission } : route.handle;
    const children = route.children ? withPermissions(route.children) : undefined;
    return { ...route, handle, ...(children ? { children } : {}) } as RouteObject;
  });
}
