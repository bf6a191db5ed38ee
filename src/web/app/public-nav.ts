/** The public site's navigation, shared by the header's desktop bar and phone menu. */
export interface NavItem {
  label: string;
  to: string;
  children?: NavItem[];
}

export const PUBLIC_NAV: NavItem[] = [
  { label: 'Trang chủ', to: '/' },
  { label: 'Giới thiệu', to: '/about' },
  { label: 'Mua xe', to: '/cars', children: [{ label: 'So sánh xe', to: '/compare' }] },
  {
    label: 'Dịch vụ',
    to: '/services',
    children: [
      { label: 'Đăng ký lái thử', to: '/testdrive' },
      { label: 'Bảo dưỡng xe', to: '/maintenance' },
      { label: 'Định giá & bán xe', to: '/sell-car' },
    ],
  },
  { label: 'Tuyển dụng', to: '/recruitment' },
  { label: 'Tư vấn AI', to: '/chatbot' },
  { label: 'Tin tức', to: '/blogs' },
  { label: 'Liên hệ', to: '/consulting' },
];

/** Submenus stay open this long after the pointer leaves. */
export const SUBMENU_HIDE_DELAY_MS = 200;
