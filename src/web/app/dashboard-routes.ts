import type { RouteObject } from 'react-router';
import { withPermissions } from './dashboard-permissions';
import { page } from './lazy';

/**
 * Pages under /dashboard. `handle.permission` names what a page needs; the
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
    path: 'calendar',
    handle: { permission: 'MANAGE_SERVICE' },
    lazy: page(() => import('../features/leads/pages/calendar-page')),
  },
  {
    path: 'consultantManagement',
    handle: { permission: 'MANAGE_SERVICE' },
    lazy: page(() => import('../features/leads/pages/consultant-management-page')),
  },
  {
    path: 'purchaseManagement',
    handle: { permission: 'MANAGE_SERVICE' },
    lazy: page(() => import('../features/leads/pages/purchase-management-page')),
  },
  {
    path: 'customers',
    handle: { anyOf: ['MANAGE_SERVICE', 'MANAGE_CAR'] },
    lazy: page(() => import('../features/customers/pages/customers-page')),
  },
  {
    path: 'customers/:customerId',
    handle: { anyOf: ['MANAGE_SERVICE', 'MANAGE_CAR'] },
    lazy: page(() => import('../features/customers/pages/customer-page')),
  },
  {
    path: 'recon',
    lazy: page(() => import('../features/recon/pages/recon-board-page')),
  },
  {
    path: 'sliders',
    handle: { permission: 'MANAGE_OVERVIEW' },
    lazy: page(() => import('../features/sliders/pages/sliders-page')),
  },
  {
    path: 'sliders/add',
    handle: { permission: 'MANAGE_OVERVIEW' },
    lazy: page(() => import('../features/sliders/pages/slider-form-page')),
  },
  {
    path: 'sliders/:overviewId',
    handle: { permission: 'MANAGE_OVERVIEW' },
    lazy: page(() => import('../features/sliders/pages/slider-form-page')),
  },
  {
    path: 'blogs',
    handle: { permission: 'MANAGE_BLOG' },
    lazy: page(() => import('../features/blogs/pages/admin-blogs-page')),
  },
  {
    path: 'blogs/add',
    handle: { permission: 'MANAGE_BLOG' },
    lazy: page(() => import('../features/blogs/pages/admin-blog-form-page')),
  },
  {
    path: 'blogs/:blogId',
    handle: { permission: 'MANAGE_BLOG' },
    lazy: page(() => import('../features/blogs/pages/admin-blog-form-page')),
  },
  {
    path: 'recruitment',
    handle: { permission: 'MANAGE_RECRUITMENT' },
    lazy: page(() => import('../features/recruitment/pages/admin-recruitment-page')),
  },
  {
    path: 'candidates',
    handle: { permission: 'MANAGE_RECRUITMENT' },
    lazy: page(() => import('../features/recruitment/pages/candidates-page')),
  },
  {
    path: 'carManagement',
    handle: { permission: 'MANAGE_CAR' },
    lazy: page(() => import('../features/car-admin/pages/car-management-page')),
  },
  {
    path: 'car/add',
    handle: { permission: 'MANAGE_CAR' },
    lazy: page(() => import('../features/car-admin/pages/car-form-page')),
  },
  {
    path: 'car/edit/:carId',
    handle: { permission: 'MANAGE_CAR' },
    lazy: page(() => import('../features/car-admin/pages/car-form-page')),
  },
  {
    path: 'car/inspection/:carId',
    lazy: page(() => import('../features/inspections/pages/inspection-editor-page')),
  },
  {
    path: 'inspection-template',
    lazy: page(() => import('../features/inspections/pages/inspection-template-page')),
  },
  {
    path: 'soldhistory',
    handle: { permission: 'MANAGE_CAR' },
    lazy: page(() => import('../features/sales/pages/sold-history-page')),
  },
  {
    path: 'soldhistory/:transactionId',
    handle: { permission: 'MANAGE_CAR' },
    lazy: page(() => import('../features/sales/pages/sale-detail-page')),
  },
  {
    path: 'deals',
    handle: { permission: 'MANAGE_CAR' },
    lazy: page(() => import('../features/deals/pages/deals-page')),
  },
  {
    path: 'deals/new',
    handle: { permission: 'MANAGE_CAR' },
    lazy: page(() => import('../features/deals/pages/deal-new-page')),
  },
  {
    path: 'deals/:dealId',
    handle: { permission: 'MANAGE_CAR' },
    lazy: page(() => import('../features/deals/pages/deal-page')),
  },
  {
    path: 'reservations',
    handle: { permission: 'MANAGE_CAR' },
    lazy: page(() => import('../features/reservations/dashboard/reservations-page')),
  },
  {
    path: 'market-prices',
    handle: { permission: 'MANAGE_CAR' },
    lazy: page(() => import('../features/market-prices/pages/market-prices-page')),
  },
  {
    path: 'stock-ageing',
    handle: { permission: 'MANAGE_CAR' },
    lazy: page(() => import('../features/valuations/pages/stock-ageing-page')),
  },
  {
    path: 'repricing',
    handle: { permission: 'MANAGE_CAR' },
    lazy: page(() => import('../features/valuations/pages/repricing-page')),
  },
  {
    path: 'audit',
    handle: { permission: 'WEB_CONFIG' },
    lazy: page(() => import('../features/audit/pages/audit-page')),
  },
  { path: '*', lazy: page(() => import('./dashboard-not-found')) },
]);
