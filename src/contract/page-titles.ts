import { formatPrice } from './format';

/**
 * Tab titles, one pattern everywhere (public site and dashboard): '{page} | {showroom}'. The server's <head>
 * (modules/seo) and the browser after hydration (web/lib/use-document-title.ts) both build them here, so
 * the title a visitor sees never changes when the app starts.
 */
export const PAGE_TITLES = {
  '/': 'Showroom ô tô đã qua sử dụng uy tín',
  '/about': 'Giới thiệu',
  '/cars': 'Mua xe ô tô đã qua sử dụng',
  '/compare': 'So sánh xe',
  '/services': 'Dịch vụ',
  '/testdrive': 'Đăng ký lái thử',
  '/maintenance': 'Bảo dưỡng xe',
  '/recruitment': 'Tuyển dụng',
  '/chatbot': 'Tư vấn AI',
  '/blogs': 'Tin tức xe',
  '/consulting': 'Liên hệ tư vấn',
  '/favorites': 'Xe yêu thích',
  '/sell-car': 'Định giá & bán xe',
} as const;

/** The pages of a visitor's e-mail alerts (confirm, unsubscribe, manage): reached from signed links only. */
export const ALERTS_PAGE_TITLE = 'Thông báo xe';

export const NOT_FOUND_TITLE = 'Không tìm thấy trang';

/** 'Mua xe ô tô đã qua sử dụng' + 'AutoViet' -> 'Mua xe ô tô đã qua sử dụng | AutoViet'. */
export function pageTitle(page: string, showroom: string): string {
  return `${page} | ${showroom}`;
}

/** A car's part of the title: 'Mazda CX-5 2.0 Premium 2022 – 580 triệu'. */
export function carTitle(car: { carName: string; year: number; sellPrice: number }): string {
  return `${car.carName} ${car.year} – ${formatPrice(car.sellPrice)}`;
}

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
  'market-prices': 'Giá thị trường',
  'stock-ageing': 'Tuổi tồn kho',
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
