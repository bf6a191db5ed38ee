import { NOT_FOUND_TITLE } from './page-titles';

// Apart from page-titles.ts: the public pages' scripts never carry the dashboard's names.

/**
 * Each dashboard page titled by its own name ('Quản lý xe | AutoViet'), keyed by its route under
 * /dashboard (':id' stands for any one segment, as in the router). The server's <head> for /dashboard/*
 * and the dashboard layout both read `dashboardTitle`, so hydration keeps the title.
 */
export const DASHBOARD_TITLES: Record<string, string> = {
  '': 'Tổng quan',
  profile: 'Thông tin tài khoản',
  'profile/change-information': 'Đổi mật khẩu và thông tin liên hệ',
  users: 'Quản lý tài khoản',
  'users/add': 'Thêm tài khoản',
  'users/:id': 'Sửa tài khoản',
  setting: 'Cấu hình hệ thống',
  testdriveManagement: 'Quản lý lái thử',
  maintenanceManagement: 'Quản lý bảo dưỡng',
  calendar: 'Lịch hẹn',
  consultantManagement: 'Quản lý tư vấn',
  purchaseManagement: 'Quản lý thu mua xe',
  sliders: 'Quản lý banner',
  'sliders/add': 'Thêm banner',
  'sliders/:id': 'Sửa banner',
  blogs: 'Quản lý tin tức',
  'blogs/add': 'Thêm bài viết',
  'blogs/:id': 'Sửa bài viết',
  recruitment: 'Quản lý tuyển dụng',
  candidates: 'Ứng viên',
  carManagement: 'Quản lý xe',
  'car/add': 'Thêm xe',
  'car/edit/:id': 'Sửa thông tin xe',
  'car/inspection/:id': 'Báo cáo kiểm định',
  'inspection-template': 'Mẫu kiểm định',
  soldhistory: 'Lịch sử bán hàng',
  'soldhistory/:id': 'Chi tiết giao dịch',
  reservations: 'Đặt cọc giữ xe',
  deals: 'Giao dịch bán xe',
  'deals/new': 'Lập giao dịch',
  'deals/:id': 'Chi tiết giao dịch bán xe',
  'market-prices': 'Giá thị trường',
  'stock-ageing': 'Tuổi tồn kho',
  repricing: 'Giá so với thị trường',
  recon: 'Chuẩn bị xe',
  customers: 'Khách hàng',
  'customers/:id': 'Hồ sơ khách hàng',
  audit: 'Nhật ký hoạt động',
};

/** '/dashboard/car/edit/12?tab=giay-to' -> 'Sửa thông tin xe'; a path no page claims -> NOT_FOUND_TITLE. */
export function dashboardTitle(path: string): string {
  const rest = path
    .split(/[?#]/)[0]
    .replace(/^\/dashboard(?=\/|$)/, '')
    .replace(/^\/+|\/+$/g, '');
  const exact = DASHBOARD_TITLES[rest];
  if (exact !== undefined) return exact;
  const segments = rest.split('/');
  for (const [route, title] of Object.entries(DASHBOARD_TITLES)) {
    const parts = route.split('/');
    if (parts.length === segments.length && parts.every((p, i) => p === segments[i] || p === ':id'))
      return title;
  }
  return NOT_FOUND_TITLE;
}
