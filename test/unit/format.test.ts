import { describe, expect, it } from 'vitest';
import {
  daysUntil,
  formatDate,
  formatDateTime,
  formatNotificationTime,
  formatPrice,
  formatThousands,
  parseThousands,
  parseVnDate,
  vnMidnight,
  yearRange,
} from '../../src/contract/format';

describe('formatPrice', () => {
  it.each([
    [1_000_000_000, '1 tỷ'],
    [1_250_000_000, '1,25 tỷ'],
    [1_234_567_890, '1,23 tỷ'],
    [1_235_000_000, '1,24 tỷ'], // half up
    [2_675_000_000, '2,68 tỷ'], // 2.675 * 100 is 267.4999… in binary: still half up
    [12_300_000_000, '12,3 tỷ'],
    [999_999_999, '1 tỷ'],
    [999_994_999, '999,99 triệu'],
    [1_000_000, '1 triệu'],
    [850_000_000, '850 triệu'],
    [1_005_000, '1,01 triệu'],
    [1_004_999, '1 triệu'],
    [650_500_000, '650,5 triệu'],
    [999_999, '999.999 đ'],
    [0, '0 đ'],
  ])('%d -> %s', (vnd, text) => {
    expect(formatPrice(vnd)).toBe(text);
  });

  it('answers empty text for no price', () => {
    expect(formatPrice(null)).toBe('');
    expect(formatPrice(undefined)).toBe('');
    expect(formatPrice(Number.NaN)).toBe('');
  });
});

describe('formatThousands and parseThousands', () => {
  it('groups with dots', () => {
    expect(formatThousands(1_234_567)).toBe('1.234.567');
    expect(formatThousands(1000)).toBe('1.000');
    expect(formatThousands(999)).toBe('999');
    expect(formatThousands(0)).toBe('0');
    expect(formatThousands('0012345')).toBe('12.345');
    expect(formatThousands('1.234.567')).toBe('1.234.567');
    expect(formatThousands('abc')).toBe('');
    expect(formatThousands('')).toBe('');
    expect(formatThousands(null)).toBe('');
    expect(formatThousands(-1_500_000)).toBe('-1.500.000');
  });

  it('reads back what it wrote', () => {
    expect(parseThousands('1.234.567')).toBe(1_234_567);
    expect(parseThousands('')).toBeNull();
    expect(parseThousands('abc')).toBeNull();
  });
});

describe('dates in Asia/Ho_Chi_Minh', () => {
  it('formats dd/mm/yyyy on the Vietnamese calendar day', () => {
    expect(formatDate('2024-03-15T10:00:00Z')).toBe('15/03/2024');
    // 23:30 UTC is already 06:30 the next morning in Vietnam.
    expect(formatDate('2024-03-15T23:30:00Z')).toBe('16/03/2024');
    expect(formatDate(new Date('2024-12-31T17:00:00Z'))).toBe('01/01/2025');
    expect(formatDate(new Date('2024-12-31T16:59:59Z'))).toBe('31/12/2024');
    expect(formatDate(Date.UTC(2024, 0, 5))).toBe('05/01/2024');
    expect(formatDate(null)).toBe('');
    expect(formatDate('khong phai ngay')).toBe('');
  });

  it('agrees with Intl on the Vietnamese wall clock from 1976 to 2100', () => {
    const intl = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Ho_Chi_Minh',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    const start = Date.UTC(1976, 0, 1);
    const end = Date.UTC(2100, 0, 1);
    // Every 7 h 13 min over 124 years: every hour of the day, both sides of midnight, every month.
    for (let t = start; t < end; t += 26_000_000) {
      const p = Object.fromEntries(intl.formatToParts(t).map((x) => [x.type, x.value]));
      expect(formatDateTime(t)).toBe(`${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`);
    }
  });

  it('formats date and time', () => {
    expect(formatDateTime('2024-03-15T23:30:00Z')).toBe('16/03/2024 06:30');
    expect(formatDateTime('2024-03-15T17:05:00Z')).toBe('16/03/2024 00:05');
  });

  it('formats the notification time of the spec', () => {
    expect(formatNotificationTime('2024-03-15T23:30:00Z')).toBe('Vào lúc 06:30 ngày 16 tháng 03 năm 2024');
    expect(formatNotificationTime('2024-07-04T02:07:00Z')).toBe('Vào lúc 09:07 ngày 04 tháng 07 năm 2024');
    expect(formatNotificationTime('2024-01-01T16:59:00Z')).toBe('Vào lúc 23:59 ngày 01 tháng 01 năm 2024');
    expect(formatNotificationTime('sai')).toBe('');
  });

  it('finds the Vietnamese midnight of a moment', () => {
    expect(vnMidnight(new Date('2024-03-15T23:30:00Z')).toISOString()).toBe('2024-03-15T17:00:00.000Z');
    expect(vnMidnight(new Date('2024-03-15T16:59:00Z')).toISOString()).toBe('2024-03-14T17:00:00.000Z');
  });

  it('parses dd/mm/yyyy and ISO days to that midnight, refusing impossible dates', () => {
    expect(parseVnDate('16/03/2024')?.toISOString()).toBe('2024-03-15T17:00:00.000Z');
    expect(parseVnDate('2024-03-16')?.toISOString()).toBe('2024-03-15T17:00:00.000Z');
    expect(parseVnDate('1/2/2024')?.toISOString()).toBe('2024-01-31T17:00:00.000Z');
    expect(parseVnDate('29/02/2024')).not.toBeNull();
    expect(parseVnDate('29/02/2023')).toBeNull();
    expect(parseVnDate('31/04/2024')).toBeNull();
    expect(parseVnDate('2024/03/16')).toBeNull();
    expect(parseVnDate('')).toBeNull();
  });

  it('lists years from a given one to the current one, newest first', () => {
    expect(yearRange(2021, new Date('2024-06-01T00:00:00Z'))).toEqual([2024, 2023, 2022, 2021]);
    // New Year's Eve 18:00 UTC is already the new year in Vietnam.
    expect(yearRange(2024, new Date('2024-12-31T18:00:00Z'))).toEqual([2025, 2024]);
  });
});

describe('daysUntil', () => {
  // 10:00 in Vietnam on 15/03/2024; today's midnight is 2024-03-14T17:00Z.
  const now = new Date('2024-03-15T03:00:00Z');

  it('counts whole days from today’s midnight, rounding up', () => {
    expect(daysUntil('2024-03-16T00:00:00+07:00', now)).toBe(1);
    expect(daysUntil('2024-03-16T00:00:01+07:00', now)).toBe(2);
    expect(daysUntil('2024-03-15T15:00:00+07:00', now)).toBe(1);
    expect(daysUntil('2024-03-15T08:00:00+07:00', now)).toBe(1); // earlier today, still today
    expect(daysUntil('2024-03-15T00:00:00+07:00', now)).toBe(0);
    expect(daysUntil('2024-03-22T09:00:00+07:00', now)).toBe(8);
    expect(daysUntil('2024-03-14T12:00:00+07:00', now)).toBe(0);
    expect(Object.is(daysUntil('2024-03-14T12:00:00+07:00', now), -0)).toBe(false);
    expect(daysUntil('2024-03-13T00:00:00+07:00', now)).toBe(-2);
    expect(daysUntil('sai', now)).toBe(0);
  });

  it('uses the Vietnamese day even when UTC is still on the previous one', () => {
    // 23:30 UTC on the 15th is 06:30 on the 16th in Vietnam: midnight is the 16th's.
    const lateUtc = new Date('2024-03-15T23:30:00Z');
    expect(daysUntil('2024-03-17T00:00:00+07:00', lateUtc)).toBe(1);
  });
});
