import { z } from 'zod';
import { emailSchema, phoneSchema } from './common';
import { PERMISSIONS, ROLES } from './permissions';

/** The shared password pattern: 8+, letters and digits only, a lower, an upper, a digit. */
export const PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)[A-Za-z\d]{8,}$/;
export const PASSWORD_PATTERN_MESSAGE =
  'Mật khẩu phải có ít nhất 8 ký tự, chỉ gồm chữ và số, có chữ thường, chữ hoa và chữ số';

export const strongPassword = z
  .string({ message: 'Vui lòng nhập mật khẩu mới' })
  .max(128, { message: 'Mật khẩu quá dài' })
  .regex(PASSWORD_PATTERN, { message: PASSWORD_PATTERN_MESSAGE });

export const loginBody = z.object({
  username: z
    .string({ message: 'Vui lòng nhập tên đăng nhập' })
    .trim()
    .min(1, { message: 'Vui lòng nhập tên đăng nhập' })
    .max(100, { message: 'Tên đăng nhập quá dài' }),
  password: z
    .string({ message: 'Vui lòng nhập mật khẩu' })
    .min(1, { message: 'Vui lòng nhập mật khẩu' })
    .max(128, { message: 'Mật khẩu quá dài' }),
});
export type LoginBody = z.infer<typeof loginBody>;

/** Reset step 1. */
export const resetRequestForm = z.object({
  username: z.string().trim().min(1, { message: 'Vui lòng nhập tên đăng nhập' }).max(100),
});

/** Reset step 2: the form, with its repeat field. */
export const resetConfirmForm = z
  .object({
    token: z.string().trim().min(1, { message: 'Vui lòng nhập mã xác nhận' }),
    newPassword: z
      .string()
      .min(1, { message: 'Vui lòng nhập mật khẩu mới' })
      .min(6, { message: 'Mật khẩu phải có ít nhất 6 ký tự' })
      .max(128, { message: 'Mật khẩu quá dài' }),
    confirmPassword: z.string().min(1, { message: 'Vui lòng nhập lại mật khẩu' }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: 'Mật khẩu nhập lại không khớp',
    path: ['confirmPassword'],
  });

export const resetRequestQuery = z.object({
  username: z
    .string({ message: 'Vui lòng nhập tên đăng nhập' })
    .trim()
    .min(1, { message: 'Vui lòng nhập tên đăng nhập' })
    .max(100, { message: 'Tên đăng nhập quá dài' }),
});

export const resetConfirmQuery = z.object({
  username: resetRequestQuery.shape.username,
  token: z
    .string({ message: 'Vui lòng nhập mã xác nhận' })
    .trim()
    .min(1, { message: 'Vui lòng nhập mã xác nhận' })
    .max(30, { message: 'Mã xác nhận không hợp lệ' }),
  // The reset form's own message for a short password (spec), then the rule every path shares.
  newPassword: z
    .string({ message: 'Vui lòng nhập mật khẩu mới' })
    .min(6, { message: 'Mật khẩu phải có ít nhất 6 ký tự' })
    .max(128, { message: 'Mật khẩu quá dài' })
    .regex(PASSWORD_PATTERN, { message: PASSWORD_PATTERN_MESSAGE }),
});

export const changePasswordQuery = z.object({
  oldPassword: z
    .string({ message: 'Vui lòng nhập mật khẩu hiện tại' })
    .min(1, { message: 'Vui lòng nhập mật khẩu hiện tại' })
    .max(128, { message: 'Mật khẩu quá dài' }),
  newPassword: strongPassword,
});

/** The change-password form of the dashboard: the query plus a repeat field. */
export const changePasswordForm = changePasswordQuery
  .extend({ confirmPassword: z.string().min(1, { message: 'Vui lòng nhập lại mật khẩu' }) })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: 'Mật khẩu nhập lại không khớp',
    path: ['confirmPassword'],
  });

/** A new e-mail needs the current password (a stolen token must not redirect the reset mails). */
export const changeInfoQuery = z.object({
  email: emailSchema,
  phone: phoneSchema,
  currentPassword: z.string().max(128, { message: 'Mật khẩu quá dài' }).optional(),
});
export const CURRENT_PASSWORD_FOR_EMAIL = 'Vui lòng nhập mật khẩu hiện tại để đổi email';
export const WRONG_CURRENT_PASSWORD = 'Mật khẩu hiện tại không đúng';

export const reportChangeQuery = z.object({
  token: z
    .string({ message: 'Liên kết báo cáo không hợp lệ' })
    .min(20, { message: 'Liên kết báo cáo không hợp lệ' })
    .max(2000, { message: 'Liên kết báo cáo không hợp lệ' }),
});

export const sessionIdParam = z.object({
  sessionId: z.string().uuid({ message: 'Mã phiên đăng nhập không hợp lệ' }),
});

/** GET auth/my-info: the dashboard's current-user lookup. */
export const myInfoSchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  username: z.string(),
  role: z.enum(ROLES),
  permissions: z.array(z.enum(PERMISSIONS)),
  email: z.string().nullable(),
  /** False when someone else (an admin) set the address: the profile asks the owner to confirm it. */
  emailConfirmed: z.boolean(),
  phone: z.string().nullable(),
});
export type MyInfo = z.infer<typeof myInfoSchema>;

/** GET auth/login-info when no valid bearer is sent. */
export const notSignedInSchema = z.object({ authenticated: z.literal(false) });
export type NotSignedIn = z.infer<typeof notSignedInSchema>;

// Where the web keeps the login token: ./auth-keys.ts (no zod, read on every page).
export { TOKEN_STORAGE_KEY } from './auth-keys';
