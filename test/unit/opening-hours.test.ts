import { describe, expect, it } from 'vitest';
import {
  endOfNextOpeningDay,
  extendPaidHold,
  HOLD_OPENING_MARGIN_MINUTES,
  holdDeadline,
  isOpenAt,
  nextOpeningAt,
  openingSchedule,
  paidHoldEnd,
} from '../../src/contract/opening-hours';

/**
 * The showroom's opening hours as a reservation's deadline needs them (Vietnam, UTC+7): the days of the
 * week read from the settings' free text, and deadlines that never fall while nobody is there.
 * 26/11/2026 is a Thursday, 28/11 a Saturday, 29/11 a Sunday, 30/11 a Monday.
 */

const vn = (local: string) => new Date(`${local}+07:00`);
const everyDay = openingSchedule('8:00 - 18:00, Thứ Hai - Chủ Nhật');
const weekdays = openingSchedule('8h - 17h30, Thứ Hai - Thứ Sáu');

describe('the opening days and hours', () => {
  it('reads the time window and the days from the settings text, every day when no days are written', () => {
    expect(everyDay).toMatchObject({ open: 480, close: 1080 });
    expect(everyDay.days).toEqual([true, true, true, true, true, true, true]);
    expect(weekdays).toMatchObject({ open: 480, close: 1050 });
    // Sunday first (as Date.getDay), closed at the weekend.
    expect(weekdays.days).toEqual([false, true, true, true, true, true, false]);
    expect(openingSchedule('7:30-17:00 T2 - T7').days).toEqual([false, true, true, true, true, true, true]);
    expect(openingSchedule('8:00 - 20:00 (thứ 2 đến chủ nhật)').days.every(Boolean)).toBe(true);
    expect(openingSchedule('8:00 - 18:00').days.every(Boolean)).toBe(true);
    // A week that wraps: Saturday to Tuesday.
    expect(openingSchedule('9:00-18:00, Thứ Bảy - Thứ Ba').days).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
      true,
    ]);
  });

  it('tells whether the showroom is open at a moment, and when it opens next', () => {
    expect(isOpenAt(vn('2026-11-26T10:00:00'), weekdays)).toBe(true);
    expect(isOpenAt(vn('2026-11-26T17:30:00'), weekdays)).toBe(false);
    expect(isOpenAt(vn('2026-11-28T10:00:00'), weekdays)).toBe(false);
    expect(nextOpeningAt(vn('2026-11-26T06:00:00'), weekdays)).toEqual(vn('2026-11-26T08:00:00'));
    expect(nextOpeningAt(vn('2026-11-27T19:00:00'), weekdays)).toEqual(vn('2026-11-30T08:00:00'));
    expect(nextOpeningAt(vn('2026-11-26T19:00:00'), everyDay)).toEqual(vn('2026-11-27T08:00:00'));
  });
});

describe('an unpaid hold’s deadline', () => {
  const margin = HOLD_OPENING_MARGIN_MINUTES;
  it('is the hold’s length later when that falls in opening hours with staff there for the margin', () => {
    expect(holdDeadline(vn('2026-11-26T10:00:00'), 30, everyDay)).toEqual(vn('2026-11-26T10:30:00'));
    expect(holdDeadline(vn('2026-11-26T17:20:00'), 30, everyDay)).toEqual(vn('2026-11-26T17:50:00'));
  });

  it('moves to the next opening plus the margin when it would fall outside opening hours', () => {
    const next = (local: string) => new Date(vn(local).getTime() + margin * 60_000);
    // Reserved at 17:45: 18:15 is after closing.
    expect(holdDeadline(vn('2026-11-26T17:45:00'), 30, everyDay)).toEqual(next('2026-11-27T08:00:00'));
    // At night.
    expect(holdDeadline(vn('2026-11-26T23:10:00'), 30, everyDay)).toEqual(next('2026-11-27T08:00:00'));
    // Friday evening, closed at the weekend: Monday morning.
    expect(holdDeadline(vn('2026-11-27T17:20:00'), 30, weekdays)).toEqual(next('2026-11-30T08:00:00'));
    // Saturday noon.
    expect(holdDeadline(vn('2026-11-28T12:00:00'), 30, weekdays)).toEqual(next('2026-11-30T08:00:00'));
  });

  it('is never earlier than the margin after an opening (staff need time to look at the bank statement)', () => {
    // Reserved at 07:50: 08:20 is only 20 minutes after the doors open.
    expect(holdDeadline(vn('2026-11-26T07:50:00'), 30, everyDay)).toEqual(
      new Date(vn('2026-11-26T08:00:00').getTime() + margin * 60_000),
    );
  });

  it('after "Tôi đã chuyển khoản" runs to the end of the next full opening day', () => {
    // During opening hours: tomorrow's closing.
    expect(endOfNextOpeningDay(vn('2026-11-26T10:00:00'), everyDay)).toEqual(vn('2026-11-27T18:00:00'));
    // Before today's opening: today's closing (a whole opening day is ahead).
    expect(endOfNextOpeningDay(vn('2026-11-26T06:30:00'), everyDay)).toEqual(vn('2026-11-26T18:00:00'));
    // Friday afternoon, closed at the weekend: Monday's closing.
    expect(endOfNextOpeningDay(vn('2026-11-27T15:00:00'), weekdays)).toEqual(vn('2026-11-30T17:30:00'));
    // Saturday, closed: Monday's closing.
    expect(endOfNextOpeningDay(vn('2026-11-28T09:00:00'), weekdays)).toEqual(vn('2026-11-30T17:30:00'));
  });
});

describe('a deposit made in the evening', () => {
  it('made at 21:05 is not due at 23:05 while the showroom closes at 18:00: due the next morning after the margin', () => {
    const due = holdDeadline(vn('2026-11-26T21:05:00'), 120, everyDay);
    expect(due).not.toEqual(vn('2026-11-26T23:05:00'));
    expect(due).toEqual(new Date(vn('2026-11-27T08:00:00').getTime() + HOLD_OPENING_MARGIN_MINUTES * 60_000));
    expect(isOpenAt(due, everyDay)).toBe(true);
  });

  it('once paid, holds the car to a closing time, never to an evening hour and never for less than the days promised', () => {
    // Paid at 21:05 on Thursday, held 7 days: 21:05 a week later is after closing, so the day after's 18:00.
    expect(paidHoldEnd(vn('2026-11-26T21:05:00'), 7, everyDay)).toEqual(vn('2026-12-04T18:00:00'));
    // Paid at 10:00: that day's closing a week later.
    expect(paidHoldEnd(vn('2026-11-26T10:00:00'), 7, everyDay)).toEqual(vn('2026-12-03T18:00:00'));
    // Closed at the weekend: a hold ending on Saturday runs to Monday's closing.
    expect(paidHoldEnd(vn('2026-11-21T11:00:00'), 7, weekdays)).toEqual(vn('2026-11-30T17:30:00'));
    // Staff extending a hold that ends at 18:00 by 3 hours: the next day's closing, not 21:00.
    expect(extendPaidHold(vn('2026-11-26T18:00:00'), 3, everyDay)).toEqual(vn('2026-11-27T18:00:00'));
    expect(extendPaidHold(vn('2026-11-26T10:00:00'), 3, everyDay)).toEqual(vn('2026-11-26T18:00:00'));
  });
});
