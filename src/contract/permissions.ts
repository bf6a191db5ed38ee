/** The seven permissions, with the labels staff read. */
export const PERMISSIONS = [
  'MANAGE_OVERVIEW',
  'MANAGE_USER',
  'MANAGE_CAR',
  'MANAGE_BLOG',
  'MANAGE_SERVICE',
  'MANAGE_RECRUITMENT',
  'WEB_CONFIG',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const PERMISSION_LABELS: Record<Permission, string> = {
  MANAGE_OVERVIEW: 'Quản lý banner',
  MANAGE_USER: 'Quản lý tài khoản',
  MANAGE_CAR: 'Quản lý xe và bán hàng',
  MANAGE_BLOG: 'Quản lý tin tức',
  MANAGE_SERVICE: 'Quản lý dịch vụ',
  MANAGE_RECRUITMENT: 'Quản lý tuyển dụng',
  WEB_CONFIG: 'Cấu hình hệ thống',
};

export const ROLES = ['ADMIN', 'STAFF'] as const;
export type Role = (typeof ROLES)[number];
export const ROLE_LABELS: Record<Role, string> = { ADMIN: 'Quản trị viên', STAFF: 'Nhân viên' };

export function isPermission(value: unknown): value is Permission {
  return typeof value === 'string' && (PERMISSIONS as readonly string[]).includes(value);
}

export interface Grantee {
  role: string;
  permissions: readonly string[];
}

/** ADMIN may do everything; anyone else needs the named permission. */
export function hasPermission(user: Grantee | null | undefined, permission: Permission): boolean {
  if (!user) return false;
  return user.role === 'ADMIN' || user.permissions.includes(permission);
}

/** The account menu group shows when either of its entries is allowed. */
export function canSeeAccountGroup(user: Grantee | null | undefined): boolean {
  return hasPermission(user, 'MANAGE_USER') || hasPermission(user, 'MANAGE_RECRUITMENT');
}

export const NO_ACCESS_MESSAGE = 'Bạn không có quyền truy cập vào trang này!';
