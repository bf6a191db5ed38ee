import type { Grantee, Permission } from '@contract/permissions';
import { canSeeAccountGroup, hasPermission } from '@contract/permissions';
import {
  Car,
  Contact,
  History,
  Images,
  LayoutDashboard,
  type LucideIcon,
  Newspaper,
  Settings,
  Users,
  Wrench,
} from 'lucide-react';

export interface DashLink {
  label: string;
  to: string;
  permission?: Permission;
  /** Shown to holders of any one of these (the customer record: service or car staff). */
  anyOf?: readonly Permission[];
  /** Active only on this exact path (the overview). */
  end?: boolean;
}

export interface DashEntry extends DashLink {
  icon: LucideIcon;
  children?: undefined;
}

export interface DashGroup {
  label: string;
  icon: LucideIcon;
  children: DashLink[];
  /** Extra rule for showing the group at all (the account group). */
  visible?: (user: Grantee) => boolean;
}

/** The dashboard's side menu; each entry shows only when permitted (section 6). */
export const DASHBOARD_NAV: (DashEntry | DashGroup)[] = [
  { label: 'Tổng quan', to: '/dashboard', icon: LayoutDashboard, end: true },
  {
    label: 'Quản lý xe',
    icon: Car,
    children: [
      { label: 'Danh sách xe', to: '/dashboard/carManagement', permission: 'MANAGE_CAR' },
      { label: 'Chuẩn bị xe', to: '/dashboard/recon', permission: 'MANAGE_CAR' },
      { label: 'Giao dịch bán xe', to: '/dashboard/deals', permission: 'MANAGE_CAR' },
      { label: 'Lịch sử bán hàng', to: '/dashboard/soldhistory', permission: 'MANAGE_CAR' },
      { label: 'Đặt cọc giữ xe', to: '/dashboard/reservations', permission: 'MANAGE_CAR' },
      { label: 'Tuổi tồn kho', to: '/dashboard/stock-ageing', permission: 'MANAGE_CAR' },
      { label: 'Giá so với thị trường', to: '/dashboard/repricing', permission: 'MANAGE_CAR' },
      { label: 'Giá thị trường', to: '/dashboard/market-prices', permission: 'MANAGE_CAR' },
      { label: 'Mẫu kiểm định', to: '/dashboard/inspection-template', permission: 'MANAGE_CAR' },
    ],
  },
  {
    label: 'Quản lý dịch vụ',
    icon: Wrench,
    children: [
      { label: 'Bảo dưỡng', to: '/dashboard/maintenanceManagement', permission: 'MANAGE_SERVICE' },
      { label: 'Tư vấn', to: '/dashboard/consultantManagement', permission: 'MANAGE_SERVICE' },
      { label: 'Lái thử', to: '/dashboard/testdriveManagement', permission: 'MANAGE_SERVICE' },
      { label: 'Lịch hẹn', to: '/dashboard/calendar', permission: 'MANAGE_SERVICE' },
      { label: 'Thu mua xe', to: '/dashboard/purchaseManagement', permission: 'MANAGE_SERVICE' },
    ],
  },
  { label: 'Khách hàng', to: '/dashboard/customers', icon: Contact, anyOf: ['MANAGE_SERVICE', 'MANAGE_CAR'] },
  { label: 'Quản lý banner', to: '/dashboard/sliders', icon: Images, permission: 'MANAGE_OVERVIEW' },
  { label: 'Quản lý tin tức', to: '/dashboard/blogs', icon: Newspaper, permission: 'MANAGE_BLOG' },
  {
    label: 'Quản lý tài khoản',
    icon: Users,
    visible: canSeeAccountGroup,
    children: [
      { label: 'Tài khoản nhân viên', to: '/dashboard/users', permission: 'MANAGE_USER' },
      { label: 'Tuyển dụng', to: '/dashboard/recruitment', permission: 'MANAGE_RECRUITMENT' },
      { label: 'Ứng viên', to: '/dashboard/candidates', permission: 'MANAGE_RECRUITMENT' },
    ],
  },
  { label: 'Cấu hình hệ thống', to: '/dashboard/setting', icon: Settings, permission: 'WEB_CONFIG' },
  { label: 'Nhật ký hoạt động', to: '/dashboard/audit', icon: History, permission: 'WEB_CONFIG' },
];

const allowed = (user: Grantee, link: DashLink) =>
  (!link.permission || hasPermission(user, link.permission)) &&
  (!link.anyOf || link.anyOf.some((p) => hasPermission(user, p)));

/** The menu as this user sees it: forbidden entries dropped, groups with no entry left dropped. */
export function visibleNav(user: Grantee): (DashEntry | DashGroup)[] {
  const out: (DashEntry | DashGroup)[] = [];
  for (const item of DASHBOARD_NAV) {
    if (item.children) {
      if (item.visible && !item.visible(user)) continue;
      const children = item.children.filter((c) => allowed(user, c));
      if (children.length) out.push({ ...item, children });
    } else if (allowed(user, item)) {
      out.push(item);
    }
  }
  return out;
}

/** Pages of a group that none of its links names: the car form belongs with the car list. */
const GROUP_PAGES: Record<string, string[]> = { 'Quản lý xe': ['/dashboard/car'] };

/** The menu group holding the page at this path, opened by itself when the page is shown. */
export function groupOf(pathname: string): string | undefined {
  for (const item of DASHBOARD_NAV) {
    if (!item.children) continue;
    const prefixes = [...item.children.map((c) => c.to), ...(GROUP_PAGES[item.label] ?? [])];
    if (prefixes.some((p) => pathname === p || pathname.startsWith(`${p}/`))) return item.label;
  }
  return undefined;
}
