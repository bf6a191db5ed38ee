import { ALERTS_PAGE_TITLE, PAGE_TITLES, pageTitle } from '../../../contract/page-titles';

/** A public route's share preview: its name in breadcrumbs, its title and description. */
export interface StaticPage {
  name: string;
  title: (site: string) => string;
  description: (site: string) => string;
  /** What it shows lives in the visitor's browser: served, never indexed nor listed in the sitemap. */
  noindex?: true;
}

/** The public routes with their titles and descriptions. */
export const STATIC_PAGES: Record<string, StaticPage> = {
  '/': {
    name: 'Trang chủ',
    title: (s) => pageTitle(PAGE_TITLES['/'], s),
    description: (s) =>
      `${s}: mua bán ô tô đã qua sử dụng uy tín, xe kiểm định rõ ràng, giá minh bạch, hỗ trợ trả góp, lái thử và tư vấn AI.`,
  },
  '/about': {
    name: 'Giới thiệu',
    title: (s) => pageTitle(PAGE_TITLES['/about'], s),
    description: (s) =>
      `Câu chuyện, giá trị và showroom của ${s}: nơi mua xe đã qua sử dụng an tâm, minh bạch.`,
  },
  '/cars': {
    name: 'Mua xe',
    title: (s) => pageTitle(PAGE_TITLES['/cars'], s),
    description: (s) =>
      `Danh sách xe ô tô đã qua sử dụng đang bán tại ${s}: lọc theo hãng, kiểu dáng, giá, năm sản xuất và số km đã đi.`,
  },
  '/compare': {
    name: 'So sánh xe',
    title: (s) => pageTitle(PAGE_TITLES['/compare'], s),
    description: (s) => `So sánh thông số, giá bán và trang bị của các xe đang bán tại ${s}.`,
  },
  '/services': {
    name: 'Dịch vụ',
    title: (s) => pageTitle(PAGE_TITLES['/services'], s),
    description: (s) => `Dịch vụ của ${s}: lái thử, bảo dưỡng xe, tư vấn mua xe và hỗ trợ thủ tục trả góp.`,
  },
  '/testdrive': {
    name: 'Đăng ký lái thử',
    title: (s) => pageTitle(PAGE_TITLES['/testdrive'], s),
    description: (s) => `Đặt lịch lái thử chiếc xe bạn quan tâm tại ${s}, nhân viên sẽ liên hệ xác nhận.`,
  },
  '/maintenance': {
    name: 'Bảo dưỡng xe',
    title: (s) => pageTitle(PAGE_TITLES['/maintenance'], s),
    description: (s) => `Đặt lịch bảo dưỡng, kiểm tra xe định kỳ tại xưởng dịch vụ của ${s}.`,
  },
  '/recruitment': {
    name: 'Tuyển dụng',
    title: (s) => pageTitle(PAGE_TITLES['/recruitment'], s),
    description: (s) =>
      `Các vị trí ${s} đang tuyển: tư vấn bán hàng, kỹ thuật viên, marketing... Nộp CV trực tuyến.`,
  },
  '/chatbot': {
    name: 'Tư vấn AI',
    title: (s) => pageTitle(PAGE_TITLES['/chatbot'], s),
    description: (s) =>
      `Trợ lý AI của ${s} tư vấn chọn xe theo nhu cầu và ngân sách, dựa trên kho xe thực tế.`,
  },
  '/blogs': {
    name: 'Tin tức',
    title: (s) => pageTitle(PAGE_TITLES['/blogs'], s),
    description: (s) =>
      `Tin thị trường ô tô, kinh nghiệm mua xe cũ, đánh giá xe và khuyến mãi mới nhất từ ${s}.`,
  },
  '/consulting': {
    name: 'Liên hệ',
    title: (s) => pageTitle(PAGE_TITLES['/consulting'], s),
    description: (s) =>
      `Gửi yêu cầu tư vấn mua xe, định giá hay trả góp: ${s} sẽ gọi lại cho bạn trong thời gian sớm nhất.`,
  },
  '/sell-car': {
    name: 'Định giá & bán xe',
    title: (s) => pageTitle(PAGE_TITLES['/sell-car'], s),
    description: (s) =>
      `Định giá xe ô tô của bạn miễn phí trong một phút từ giá thị trường thực tế, rồi bán hoặc đổi xe tại ${s}: kiểm tra tận nơi, báo giá rõ ràng.`,
  },
  '/favorites': {
    name: 'Xe yêu thích',
    title: (s) => pageTitle(PAGE_TITLES['/favorites'], s),
    description: (s) =>
      `Những chiếc xe bạn đã lưu tại ${s}: giá và tình trạng hiện tại, chia sẻ bằng một đường dẫn.`,
    noindex: true,
  },
};

/**
 * Pages served so the app can start, never indexed: staff and sign-in pages, and a visitor's own
 * reservation, e-mail alerts and booking pages (their links are signed).
 */
export const SIGN_IN_PAGE = {
  prefix: '/login',
  title: 'Đăng nhập',
  description: 'Khu vực dành cho nhân viên {site}.',
};
export const PRIVATE_PAGES = [
  SIGN_IN_PAGE,
  { prefix: '/reset-password', title: 'Đặt lại mật khẩu', description: 'Khu vực dành cho nhân viên {site}.' },
  { prefix: '/reservations', title: 'Đặt cọc giữ xe', description: 'Yêu cầu đặt cọc giữ xe tại {site}.' },
  {
    prefix: '/alerts',
    title: ALERTS_PAGE_TITLE,
    description: 'Thông báo xe mới và giảm giá qua email từ {site}.',
  },
  // The buyer's transfer page behind its signed link: never stored, never indexed.
  { prefix: '/deal', title: 'Tiến trình sang tên xe', description: 'Tiến trình sang tên xe mua tại {site}.' },
  {
    prefix: '/lich-hen',
    title: 'Lịch hẹn của bạn',
    description: 'Lịch hẹn lái thử hoặc bảo dưỡng tại {site}.',
  },
];
