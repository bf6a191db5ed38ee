/**
 * The deposit form's checks without zod (the car page's chunks stay zod-free): the same rules and the
 * same Vietnamese messages as the contract's reservationCreateBody (common.ts: requiredText('Họ tên',
 * 100), phoneSchema, emailSchema). The server checks again; these only spare a round trip.
 */

import { CONTROL_CHARS, VN_PHONE } from '@contract/patterns';

export interface ReservationFields {
  fullName: string;
  phone: string;
  email: string;
}
export type FieldErrors = Partial<Record<keyof ReservationFields, string>>;

// The pattern zod's email() applies on the server.
const EMAIL =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export const NAME_MAX = 100;
export const EMAIL_MAX = 200;

export function checkName(value: string): string | undefined {
  const v = value.trim();
  if (v.length > NAME_MAX) return `Họ tên tối đa ${NAME_MAX} ký tự`;
  if (CONTROL_CHARS.test(v)) return 'Họ tên chứa ký tự không hợp lệ';
  if (!v) return 'Vui lòng nhập họ tên';
  return undefined;
}

export function checkPhone(value: string): string | undefined {
  const v = value.trim();
  if (!v) return 'Vui lòng nhập số điện thoại';
  if (!VN_PHONE.test(v.replace(/[\s.-]/g, ''))) return 'Số điện thoại không hợp lệ';
  return undefined;
}

export function checkEmail(value: string): string | undefined {
  const v = value.trim();
  if (!v) return 'Vui lòng nhập email';
  if (v.length > EMAIL_MAX) return 'Email quá dài';
  if (!EMAIL.test(v)) return 'Email không hợp lệ';
  return undefined;
}

export function validateReservation(values: ReservationFields): FieldErrors {
  const errors: FieldErrors = {};
  const name = checkName(values.fullName);
  const phone = checkPhone(values.phone);
  const email = checkEmail(values.email);
  if (name) errors.fullName = name;
  if (phone) errors.phone = phone;
  if (email) errors.email = email;
  return errors;
}

/** A v4 UUID: crypto.randomUUID in a secure context, getRandomValues elsewhere (a plain-http address). */
export function newRequestId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
