import { z } from 'zod';
import { parseVnDate, vnDayKey } from '../format';
import { vnTime } from '../vn-time';

/** Lead booking: how far ahead, the time slots of the opening hours, and the day and slot fields. */

/** How far ahead a visitor may book (in Vietnamese calendar days, today included). */
export const MAX_BOOKING_DAYS_AHEAD = 60;
export const SLOT_STEP_MINUTES = 30;
/** A test drive takes about an hour: the last slot starts an hour before closing. */
export const SLOT_DURATION_MINUTES = 60;
export const DEFAULT_OPENING = { open: 8 * 60, close: 18 * 60 };

const pad = (n: number) => String(n).padStart(2, '0');
const hhmm = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

/**
 * The daily opening window read from the settings' free text ("8:00 - 18:00, Thứ Hai - Chủ Nhật",
 * "8h-17h30"); the default 8:00-18:00 when nothing readable is found.
 */
export function parseOpeningHours(textValue: string | null | undefined): { open: number; close: number } {
  const m = /(\d{1,2})\s*(?:[:hg.]\s*(\d{2}))?\s*h?\s*[-–—]\s*(\d{1,2})\s*(?:[:hg.]\s*(\d{2}))?/i.exec(
    textValue ?? '',
  );
  if (!m) return DEFAULT_OPENING;
  const open = Number(m[1]) * 60 + Number(m[2] ?? 0);
  const close = Number(m[3]) * 60 + Number(m[4] ?? 0);
  if (open >= close || close > 24 * 60 || Number(m[2] ?? 0) > 59 || Number(m[4] ?? 0) > 59)
    return DEFAULT_OPENING;
  return { open, close };
}

/** Slot start times ("08:00", "08:30", ...) that fit inside the opening hours. */
export function timeSlots(openingHours?: string | null): string[] {
  const { open, close } = parseOpeningHours(openingHours);
  const slots: string[] = [];
  const first = Math.ceil(open / SLOT_STEP_MINUTES) * SLOT_STEP_MINUTES;
  for (let t = first; t + SLOT_DURATION_MINUTES <= close; t += SLOT_STEP_MINUTES) slots.push(hhmm(t));
  return slots;
}

/** The first and last day a visitor may choose, as yyyy-mm-dd in Vietnam. */
export function bookingWindow(now: Date = new Date()): { first: string; last: string } {
  return {
    first: vnDayKey(now),
    last: vnDayKey(new Date(now.getTime() + MAX_BOOKING_DAYS_AHEAD * 86_400_000)),
  };
}

/** The moment an appointment starts (the day's end when no slot was chosen). */
export function appointmentMoment(date: string, slot?: string | null): Date {
  return vnTime(date, slot ?? '23:59');
}

const SLOT_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** A day chosen on the form: yyyy-mm-dd (date input) or dd/mm/yyyy; answered as yyyy-mm-dd. */
export const preferredDate = z
  .string({ message: 'Vui lòng chọn ngày' })
  .trim()
  .min(1, { message: 'Vui lòng chọn ngày' })
  .transform((v, ctx) => {
    const day = parseVnDate(v);
    if (!day) {
      ctx.addIssue({ code: 'custom', message: 'Ngày không hợp lệ' });
      return z.NEVER;
    }
    return vnDayKey(day);
  })
  .refine((v) => v >= bookingWindow().first, { message: 'Ngày hẹn không được ở trong quá khứ' })
  .refine((v) => v <= bookingWindow().last, {
    message: `Chỉ nhận đặt lịch trong vòng ${MAX_BOOKING_DAYS_AHEAD} ngày tới`,
  });

export const timeSlot = z
  .string({ message: 'Vui lòng chọn khung giờ' })
  .trim()
  .regex(SLOT_PATTERN, { message: 'Khung giờ không hợp lệ' });

/** A slot later today must still be ahead of us. */
export function slotNotPast(v: { preferredDate?: string; timeSlot?: string }, ctx: z.RefinementCtx) {
  if (!v.preferredDate || !v.timeSlot) return;
  if (appointmentMoment(v.preferredDate, v.timeSlot).getTime() <= Date.now()) {
    ctx.addIssue({
      code: 'custom',
      path: ['timeSlot'],
      message: 'Khung giờ này đã qua, vui lòng chọn giờ khác',
    });
  }
}
