import type { Permission, Role } from '../../../contract/permissions';
import { foldVietnamese } from '../../../contract/text';
import type { StaffActor } from '../../platform/actor';
import { forbidden } from '../../platform/errors';

/** The folded words an account is found by (written on save). */
export function searchText(u: {
  fullName: string;
  username: string;
  email?: string | null;
  phone?: string | null;
}) {
  return foldVietnamese([u.fullName, u.username, u.email ?? '', u.phone ?? ''].join(' '));
}

export interface StaffMember {
  userId: number;
  username: string;
  fullName: string;
  email: string | null;
  active: boolean;
  role: Role;
  permissions: Permission[];
}

export interface NewUser {
  fullName: string;
  username?: string;
  email: string;
  phone?: string;
  role: Role;
  permissions: Permission[];
  receivesLeads?: boolean;
}

export interface UserChanges {
  fullName: string;
  email: string;
  phone?: string;
  role: Role;
}

export const ADMIN_ONLY =
  'Chỉ quản trị viên mới được tạo, sửa, kích hoạt hoặc vô hiệu hóa tài khoản quản trị viên';
export const GRANT_OWN_ONLY = 'Bạn chỉ có thể cấp những quyền mà chính bạn đang có';
export const SUBSET_ONLY = 'Bạn chỉ quản lý được tài khoản có các quyền nằm trong quyền của chính bạn';
export const OWN_EMAIL_IN_PROFILE =
  'Hãy đổi email của chính bạn trong trang Đổi thông tin (cần mật khẩu hiện tại)';

/**
 * No escalation through account management. Staff holding MANAGE_USER view, edit, activate, deactivate
 * and reset only accounts whose permissions are all among their own (never an ADMIN), and grant only
 * permissions they hold; an ADMIN may do everything. Calls without a staff caller (start-up, seeds) are
 * the system's own. Without the subset rule a manager could take over a colleague holding more rights.
 */
export function mayManage(
  caller: Pick<StaffActor, 'role' | 'permissions'> | null,
  target: { role: string; permissions: readonly string[] },
): boolean {
  if (!caller || caller.role === 'ADMIN') return true;
  if (target.role === 'ADMIN') return false;
  return target.permissions.every((p) => caller.permissions.includes(p as Permission));
}

export function assertMayManage(
  caller: StaffActor | null,
  target: { role: string; permissions: readonly string[] },
) {
  if (mayManage(caller, target)) return;
  throw forbidden(target.role === 'ADMIN' ? ADMIN_ONLY : SUBSET_ONLY);
}

export function assertMayGrant(caller: StaffActor | null, granted: readonly Permission[], role?: string) {
  if (!caller || caller.role === 'ADMIN') return;
  if (role === 'ADMIN') throw forbidden(ADMIN_ONLY);
  if (granted.some((p) => !caller.permissions.includes(p))) throw forbidden(GRANT_OWN_ONLY);
}
