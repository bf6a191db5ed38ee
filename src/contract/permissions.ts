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

/** What each permission lets its holder do, in one line (the user form shows it under the label). */
export const PERMISSION_DESCRIPTIONS: Record<Permission, string> = {
  MANAGE_OVERVIEW: 'Thêm, sửa, ẩn và sắp xếp banner trên trang chủ.',
  MANAGE_USER: 'Thêm tài khoản nhân viên, sửa thông tin, phân quyền, khóa và mở lại tài khoản.',
  MANAGE_CAR: 'Thêm, sửa xe và ảnh xe, đổi trạng thái, ghi nhận bán xe và xem lịch sử bán hàng.',
  MANAGE_BLOG: 'Viết, sửa, ẩn và xóa bài tin tức.',
  MANAGE_SERVICE:
    'Xử lý yêu cầu lái thử, bảo dưỡng và tư vấn; giao việc và nhận thông báo khi có yêu cầu mới.',
  MANAGE_RECRUITMENT: 'Đăng, sửa, mở và đóng tin tuyển dụng; xem hồ sơ ứng viên.',
  WEB_CONFIG: 'Sửa thông tin showroom, thông số tính giá, lời nhắc trợ lý AI và xem nhật ký thao tác.',
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
