import { z } from 'zod';
import { emailSchema, optionalBlank, pageQuery, phoneSchema, requiredText } from './common';
import { PERMISSIONS, ROLES } from './permissions';

export const permissionList = z
  .array(z.enum(PERMISSIONS, { message: 'Quyền không hợp lệ' }), { message: 'Danh sách quyền không hợp lệ' })
  .max(PERMISSIONS.length * 2, { message: 'Danh sách quyền không hợp lệ' })
  .transform((list) => [...new Set(list)]);

const USERNAME_RULE = 'Tên đăng nhập chỉ gồm chữ thường không dấu, số, dấu chấm (3-40 ký tự)';

const role = z.enum(ROLES, { message: 'Vai trò không hợp lệ' });

export const RECEIVES_LEADS_INVALID = 'Giá trị nhận yêu cầu không hợp lệ';
export const RECEIVES_LEADS_NEEDS_SERVICE =
  'Chỉ nhân viên có quyền quản lý dịch vụ hoặc quản trị viên mới được nhận yêu cầu tự động';

/** PUT users/{id}/receives-leads */
export const receivesLeadsBody = z.object({
  receivesLeads: z.boolean({ message: RECEIVES_LEADS_INVALID }),
});

export const userCreateBody = z.object({
  fullName: requiredText('Họ và tên', 100),
  username: z
    .string()
    .trim()
    // The same bound as the pattern's, stated so a form can read it as its maxlength.
    .max(40, { message: USERNAME_RULE })
    .regex(/^[a-z0-9._]{3,40}$/, { message: USERNAME_RULE })
    .optional(),
  email: emailSchema,
  phone: optionalBlank(phoneSchema),
  role: role.default('STAFF'),
  permissions: permissionList.default([]),
  /** "Nhận yêu cầu": takes part in the automatic hand-out of new leads (MANAGE_SERVICE holders and admins). */
  receivesLeads: z.boolean({ message: RECEIVES_LEADS_INVALID }).default(false),
});
export type UserCreateBody = z.input<typeof userCreateBody>;

export const userUpdateBody = z.object({
  fullName: requiredText('Họ và tên', 100),
  email: emailSchema,
  phone: optionalBlank(phoneSchema),
  role: role,
});

/**
 * Nobody sets another person's password: a new account, or a reset by a manager, mails its owner a
 * code to choose one (POST users/{id}/reset-password). A body still carrying `password` is refused.
 */
export const OTHERS_PASSWORD_REFUSED =
  'Không thể đặt mật khẩu cho người khác: tài khoản sẽ nhận email để tự đặt mật khẩu';
function refuseOthersPassword<T extends z.ZodType>(schema: T) {
  return z.preprocess((raw, ctx) => {
    const given = raw && typeof raw === 'object' ? (raw as { password?: unknown }).password : undefined;
    if (given !== undefined && given !== null && given !== '') {
      ctx.addIssue({ code: 'custom', message: OTHERS_PASSWORD_REFUSED, path: ['password'], input: raw });
    }
    return raw;
  }, schema);
}

/** The bodies as the routes take them (the forms use the plain objects above). */
export const userCreateRequest = refuseOthersPassword(userCreateBody);
export const userUpdateRequest = refuseOthersPassword(userUpdateBody);
export type UserUpdateBody = z.input<typeof userUpdateBody>;

export const usersQuery = pageQuery(5);

export const generateUsernameQuery = z.object({
  fullname: requiredText('Họ và tên', 100),
});

export const userViewSchema = z.object({
  userId: z.number(),
  fullName: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  /**
   * The owner confirmed this address (set it in the profile, or used a code mailed to it): codes a
   * manager sends go only to a confirmed address (docs/auth.md).
   */
  emailConfirmed: z.boolean(),
  phone: z.string().nullable(),
  role: z.enum(ROLES),
  active: z.boolean(),
  permissions: z.array(z.enum(PERMISSIONS)),
  receivesLeads: z.boolean(),
  createdAt: z.string(),
});
export type UserView = z.infer<typeof userViewSchema>;

export const permissionInfoSchema = z.object({
  name: z.enum(PERMISSIONS),
  label: z.string(),
});
export type PermissionInfo = z.infer<typeof permissionInfoSchema>;
