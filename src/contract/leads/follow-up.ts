import { z } from 'zod';
import { formatDateTime, parseVnDate, vnDayKey } from '../format';
import { vnTime } from '../vn-time';
import { optionalText } from './forms';

/** "Hẹn gọi lại": the moment staff promised to call a customer back, typed as dd/mm/yyyy and HH:mm in Vietnam. */

export const FOLLOW_UP_MESSAGES = {
  date: 'Ngày hẹn gọi lại không hợp lệ (dd/mm/yyyy)',
  dateMissing: 'Vui lòng chọn ngày hẹn gọi lại',
  time: 'Giờ hẹn gọi lại không hợp lệ (HH:mm)',
  timeMissing: 'Vui lòng chọn giờ hẹn gọi lại',
  past: 'Thời gian hẹn gọi lại phải sau thời điểm hiện tại',
  tooFar: 'Chỉ hẹn gọi lại trong vòng 365 ngày tới',
  closed: 'Yêu cầu đã đóng, không thể hẹn gọi lại',
} as const;

/** How far ahead a follow-up may be set. */
export const MAX_FOLLOW_UP_DAYS = 365;

const TIME = /^([01]?\d|2[0-3]):([0-5]\d)$/;
const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * PUT {path}/admin/{id}/follow-up: `{date, time, note?}` sets (or moves) the follow-up; `{date: null,
 * time: null}` removes it. Answers `at` as an ISO moment (null to remove).
 */
export const leadFollowUpBody = z
  .object({
    date: z.string({ message: FOLLOW_UP_MESSAGES.date }).trim().nullable().optional(),
    time: z.string({ message: FOLLOW_UP_MESSAGES.time }).trim().nullable().optional(),
    note: optionalText('Ghi chú hẹn gọi lại', 500),
  })
  .transform((v, ctx) => {
    if (blank(v.date) && blank(v.time)) return { at: null, note: v.note };
    if (blank(v.date)) {
      ctx.addIssue({ code: 'custom', path: ['date'], message: FOLLOW_UP_MESSAGES.dateMissing });
      return z.NEVER;
    }
    if (blank(v.time)) {
      ctx.addIssue({ code: 'custom', path: ['time'], message: FOLLOW_UP_MESSAGES.timeMissing });
      return z.NEVER;
    }
    const day = parseVnDate(v.date!);
    if (!day) {
      ctx.addIssue({ code: 'custom', path: ['date'], message: FOLLOW_UP_MESSAGES.date });
      return z.NEVER;
    }
    const t = TIME.exec(v.time!);
    if (!t) {
      ctx.addIssue({ code: 'custom', path: ['time'], message: FOLLOW_UP_MESSAGES.time });
      return z.NEVER;
    }
    const hhmm = `${t[1].padStart(2, '0')}:${t[2]}`;
    return { at: vnTime(vnDayKey(day), hhmm), note: v.note };
  });
export type LeadFollowUpBody = z.input<typeof leadFollowUpBody>;

/** "25/11/2026 14:30" of a follow-up moment. */
export const followUpText = (at: string | Date | null) => (at ? formatDateTime(at) : null);
