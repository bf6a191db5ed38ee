import { z } from 'zod';
import { strongPassword } from './auth';
import { emailSchema, optionalBlank, pageQuery, phoneSchema, requiredText } from './common';
import { PERMISSIONS, type Permission, ROLES, type Role } from './permissions';

export const permissionList = z
  .array(z.enum(PERMISSIONS, { message: 'Quyền không hợp lệ' }), { message: 'Danh sách quyền không hợp lệ' })
  .max(PERMISSIONS.length * 2, { message: 'Danh sách quyền không hợp lệ' })
  .transform((list) => [...new Set(list)]);

const role = z.enum(ROLES, { message: 'Vai trò không hợp lệ' });

export const userCreateBody = z.object({
  fullName: requiredText('Họ và tên', 100),
  username: z
    .string()
    .trim()
    .regex(/^[a-z0-9._]{3,40}$/, {
      message: 'Tên đăng nhập chỉ gồm chữ thường không dấu, số, dấu chấm (3-40 ký tự)',
    })
    .optional(),
  email: emailSchema,
  phone: optionalBlank(phoneSchema),
  password: strongPassword,
  role: role.default('STAFF'),
  permissions: permissionList.default([]),
});
export type UserCreateBody = z.input<typeof userCreateBody>;

export const userUpdateBody = z.object({
  fullName: requiredText('Họ và tên', 100),
  email: emailSchema,
  phone: optionalBlank(phoneSchema),
  role: role,
  password: optionalBlank(strongPassword),
});
export type UserUpdateBody = z.input<typeof userUpdateBody>;

export const usersQuery = pageQuery(5);

export const generateUsernameQuery = z.object({
  fullname: requiredText('Họ và tên', 100),
});

export interface UserView {
  userId: number;
  fullName: string;
  username: string;
  email: string | null;
  phone: string | null;
  role: Role;
  active: boolean;
  permissions: Permission[];
  createdAt: string;
}

export interface PermissionInfo {
  name: Permission;
  label: string;
}
