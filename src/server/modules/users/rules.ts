import type { Permission, Role } from '../../../contract/permissions';
import { foldVietnamese } from '../../../contract/text';
import type { StaffActor } from '../../platform/actor';
import { badRequest, forbidden } from '../../platform/errors';

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

export const EMAIL_ADMIN_ONLY =
  'Chỉ quản trị viên mới được đổi email của tài khoản khác; chủ tài khoản tự đổi email của mình trong trang Đổi thông tin (cần mật khẩu hiện tại)';
export const EMAIL_NOT_CONFIRMED =
  'Email của tài khoản chưa được chủ tài khoản xác nhận nên không gửi mã đến đó. Chủ tài khoản xác nhận email trong trang Đổi thông tin (nhập mật khẩu hiện tại), hoặc tự yêu cầu ở trang Quên mật khẩu từ 24 giờ sau khi email được đổi.';

/** An address someone other than the owner set receives no code at all for this long. */
export const EMAIL_COOLING_MS = 24 * 3_600_000;

/** Where an account's codes go, and whose choice that address was. */
export interface EmailState {
  email: string | null;
  confirmedEmail: string | null;
  emailSetBy: number | null;
  emailSetAt: Date | null;
}

const same = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? '').toLowerCase() === (b ?? '').toLowerCase();

/**
 * The account's address is one its owner confirmed: they set it in the profile with their password,
 * used a code mailed to it (an invitation, a reset), or reported a change from it; the first admin's
 * and the demo staff's, set by the server with their password, count as confirmed too.
 */
export function emailConfirmed(u: EmailState): boolean {
  return !!u.email && same(u.email, u.confirmedEmail);
}

function setByOtherWithin(u: EmailState, now: Date): boolean {
  return u.emailSetBy !== null && !!u.emailSetAt && now.getTime() - u.emailSetAt.getTime() < EMAIL_COOLING_MS;
}

/**
 * Codes a manager triggers (a reset, an invitation sent again) go only to a confirmed address that no
 * one else set in the last 24 hours: whoever manages an account never picks where its codes go.
 */
export function managerMayMail(u: EmailState, now: Date): boolean {
  return emailConfirmed(u) && !setByOtherWithin(u, now);
}

/**
 * The public "forgot password" form (anyone may ask for any username): never to an address someone
 * else set less than 24 hours ago. After that the old address has had its notice and report link for a
 * day, and an owner whose admin replaced a lost mailbox can reset; using the code confirms the address.
 */
export function ownerRequestMayMail(u: EmailState, now: Date): boolean {
  return !!u.email && (emailConfirmed(u) || !setByOtherWithin(u, now));
}

/**
 * Only an ADMIN changes another person's e-mail (403 for anyone else, whatever they manage); one's own
 * changes only in the profile, with the current password. The server itself (no caller) may.
 */
export function assertMayChangeEmail(
  caller: StaffActor | null,
  targetId: number,
  before: string | null,
  after: string,
) {
  if (same(before, after) || !caller) return;
  if (caller.role !== 'ADMIN') throw forbidden(EMAIL_ADMIN_ONLY);
  if (caller.userId === targetId) throw badRequest(OWN_EMAIL_IN_PROFILE);
}

/** The state after someone sets an address: the owner's own choice (or their confirmed one) is trusted. */
export function emailSetBy(
  state: Pick<EmailState, 'confirmedEmail'>,
  email: string | null,
  by: number | null,
  now: Date,
): Pick<EmailState, 'emailSetBy' | 'emailSetAt'> {
  return { emailSetBy: by !== null && !same(email, state.confirmedEmail) ? by : null, emailSetAt: now };
}
