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
