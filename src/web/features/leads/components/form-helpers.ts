import { formatDate, parseVnDate } from '@contract/format';
import { appointmentMoment, MAX_BOOKING_DAYS_AHEAD } from '@contract/leads';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client';

export { newRequestId } from '../../../lib/request-id';

/**
 * Puts the server's per-field messages (400 {errors: {field: message}}) on the form's fields; answers
 * the message left for the form itself (a 429, a 409, a field the form does not show), or null.
 */
export function applyServerErrors<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
): string | null {
  if (!(err instanceof ApiError)) return 'Có lỗi xảy ra, vui lòng thử lại!';
  if (err.kind === 'network') return 'Không kết nối được máy chủ, vui lòng kiểm tra mạng và thử lại.';
  const data = err.data as { message?: string; errors?: Record<string, string> } | string | undefined;
  if (typeof data === 'string') return data || 'Có lỗi xảy ra, vui lòng thử lại!';
  let placed = false;
  for (const [key, message] of Object.entries(data?.errors ?? {})) {
    const field = key.split('.')[0];
    if (fields.includes(field)) {
      setError(field as Path<T>, { type: 'server', message }, { shouldFocus: !placed });
      placed = true;
    }
  }
  if (placed && err.status === 400) return null;
  return data?.message || 'Có lỗi xảy ra, vui lòng thử lại!';
}

/** The slots of a day as choices, those already past (later today only) disabled. */
export function slotChoices(slots: string[], day: string | undefined, now = Date.now()) {
  return slots.map((s) => ({
    value: s,
    label: s,
    disabled: Boolean(day) && appointmentMoment(day as string, s).getTime() <= now,
  }));
}

// Made on first use: a formatter with a time zone loads the browser's time-zone data (costly at start).
let weekday: Intl.DateTimeFormat | null = null;

/** "Thứ Bảy, 29/11/2026" for a yyyy-mm-dd day (the native date input shows the browser's own format). */
export function describeDay(day: string | undefined): string | null {
  const date = day ? parseVnDate(day) : null;
  if (!date) return null;
  weekday ??= new Intl.DateTimeFormat('vi-VN', { weekday: 'long', timeZone: 'Asia/Ho_Chi_Minh' });
  const name = weekday.format(date);
  return `${name.charAt(0).toUpperCase()}${name.slice(1)}, ${formatDate(date)}`;
}

/** The hint under a booking day: the chosen day spelled out, or the window. */
export function dayHint(day: string | undefined): string {
  const chosen = describeDay(day);
  return chosen ? `Đã chọn: ${chosen}` : `Từ hôm nay đến ${MAX_BOOKING_DAYS_AHEAD} ngày tới`;
}
