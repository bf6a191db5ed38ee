/**
 * Days and hours in Vietnam. Asia/Ho_Chi_Minh has kept UTC+7 all year since 1975 (no daylight saving),
 * so a day there is a fixed 24-hour span of UTC. Every boundary the product computes (a report's day, a
 * booking's slot, a reminder's hour, opening hours) is made here, from a yyyy-mm-dd key and an HH:mm time;
 * test/unit/vn-time.test.ts checks that nothing else writes the offset.
 */
export const VN_OFFSET_MS = 7 * 3_600_000;
const DAY_MS = 86_400_000;

/** The moment of HH:mm (00:00 when not given) on a yyyy-mm-dd day in Vietnam. */
export function vnTime(dayKey: string, hhmm = '00:00'): Date {
  return new Date(`${dayKey}T${hhmm}:00+07:00`);
}

/** 00:00 in Vietnam of a yyyy-mm-dd day: the inclusive start of that day. */
export const vnDayStart = (dayKey: string): Date => vnTime(dayKey);

/** 00:00 in Vietnam of the day after: the exclusive end of a yyyy-mm-dd day. */
export const vnDayEnd = (dayKey: string): Date => new Date(vnDayStart(dayKey).getTime() + DAY_MS);

/** A moment shifted so that its UTC fields read the wall clock in Vietnam (getUTCHours() is the hour there). */
export const vnWall = (moment: Date | number): Date =>
  new Date((typeof moment === 'number' ? moment : moment.getTime()) + VN_OFFSET_MS);
