import { ALERT_ZALO_NEEDS_PHONE } from '@contract/alerts-labels';
import { VN_PHONE } from '@contract/patterns';

/**
 * The sign-up form's check of the e-mail and the optional phone without zod (the car page's chunks stay zod-free): the same
 * rule and messages as the contract's emailSchema. The server checks again; this only spares a round trip.
 */

// The pattern zod's email() applies on the server.
const EMAIL =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export const EMAIL_MAX = 200;

export function checkEmail(value: string): string | undefined {
  const v = value.trim();
  if (!v) return 'Vui lòng nhập email';
  if (v.length > EMAIL_MAX) return 'Email quá dài';
  if (!EMAIL.test(v)) return 'Email không hợp lệ';
  return undefined;
}

/** The optional phone: blank is none, unless "Nhận thông báo qua Zalo" is ticked (the contract's rule). */
export function checkPhone(value: string, zaloConsent: boolean): string | undefined {
  const v = value.trim();
  if (!v) return zaloConsent ? ALERT_ZALO_NEEDS_PHONE : undefined;
  if (!VN_PHONE.test(v.replace(/[\s.-]/g, ''))) return 'Số điện thoại không hợp lệ';
  return undefined;
}

const REMEMBERED = 'alerts-email';

/** The address last used in this browser, to fill the next sign-up. */
export function rememberedEmail(): string {
  try {
    return window.localStorage.getItem(REMEMBERED) ?? '';
  } catch {
    return '';
  }
}

export function rememberEmail(email: string) {
  try {
    window.localStorage.setItem(REMEMBERED, email);
  } catch {
    // Storage off: nothing to remember with.
  }
}
