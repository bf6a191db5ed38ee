import { describe, expect, it } from 'vitest';
import { CHAT_TRANSCRIPT_LIMITS, capTranscript } from '../../src/contract/chat-handoff';
import {
  addOpeningMinutes,
  formatMinutes,
  leadFollowUpBody,
  openingMinutesBetween,
  openingWindow,
  waitState,
} from '../../src/contract/leads';

/** Opening-hours arithmetic (Vietnam, UTC+7), the wait's wording, the follow-up body, the transcript cap. */

const vn = (local: string) => new Date(`${local}+07:00`);
const day = openingWindow('8:00 - 18:00');

describe('opening hours', () => {
  it('adds minutes within a day, across closing, across nights and whole days', () => {
    expect(addOpeningMinutes(vn('2026-11-26T09:00:00'), 15, day)).toEqual(vn('2026-11-26T09:15:00'));
    expect(addOpeningMinutes(vn('2026-11-26T17:50:00'), 15, day)).toEqual(vn('2026-11-27T08:05:00'));
    expect(addOpeningMinutes(vn('2026-11-26T17:50:00'), 10, day)).toEqual(vn('2026-11-26T18:00:00'));
    expect(addOpeningMinutes(vn('2026-11-26T22:30:00'), 15, day)).toEqual(vn('2026-11-27T08:15:00'));
    expect(addOpeningMinutes(vn('2026-11-26T06:00:00'), 15, day)).toEqual(vn('2026-11-26T08:15:00'));
    // 24 hours of opening time are two days and four hours of a 10-hour day.
    expect(addOpeningMinutes(vn('2026-11-26T08:00:00'), 1440, day)).toEqual(vn('2026-11-28T12:00:00'));
  });

  it('counts only opening time between two moments', () => {
    expect(openingMinutesBetween(vn('2026-11-26T09:00:00'), vn('2026-11-26T09:12:30'), day)).toBe(12);
    expect(openingMinutesBetween(vn('2026-11-26T17:50:00'), vn('2026-11-27T08:05:00'), day)).toBe(15);
    expect(openingMinutesBetween(vn('2026-11-26T19:00:00'), vn('2026-11-27T07:59:00'), day)).toBe(0);
    expect(openingMinutesBetween(vn('2026-11-26T08:00:00'), vn('2026-11-29T08:00:00'), day)).toBe(1800);
    expect(openingMinutesBetween(vn('2026-11-26T10:00:00'), vn('2026-11-26T09:00:00'), day)).toBe(0);
  });

  it('reads a whole-day window and falls back to 8:00-18:00', () => {
    const always = openingWindow('0:00 - 24:00');
    expect(addOpeningMinutes(vn('2026-11-26T23:59:00'), 2, always)).toEqual(vn('2026-11-27T00:01:00'));
    expect(openingMinutesBetween(vn('2026-11-26T23:00:00'), vn('2026-11-27T01:00:00'), always)).toBe(120);
    expect(openingWindow('liên hệ')).toEqual({ open: 480, close: 1080 });
  });
});

describe('the wait', () => {
  it('reads in minutes and hours, and says when it is late', () => {
    expect(formatMinutes(12)).toBe('12 phút');
    expect(formatMinutes(60)).toBe('1 giờ');
    expect(formatMinutes(125)).toBe('2 giờ 5 phút');
    const lead = {
      status: 'NEW',
      createdAt: vn('2026-11-26T09:00:00').toISOString(),
      responseDueAt: vn('2026-11-26T09:15:00').toISOString(),
    };
    expect(waitState(lead, vn('2026-11-26T09:12:00'), day)).toEqual({
      minutes: 12,
      late: false,
      text: 'Chờ 12 phút',
    });
    expect(waitState(lead, vn('2026-11-26T09:22:00'), day)).toEqual({
      minutes: 22,
      late: true,
      text: 'Quá hạn phản hồi · chờ 22 phút',
    });
    expect(waitState({ ...lead, status: 'CONTACTED' }, vn('2026-11-26T09:22:00'), day)).toBeNull();
  });
});

describe('the follow-up body', () => {
  it('reads dd/mm/yyyy and HH:mm in Vietnam, and nulls as removal', () => {
    expect(leadFollowUpBody.parse({ date: '27/11/2026', time: '9:05' }).at).toEqual(
      vn('2026-11-27T09:05:00'),
    );
    expect(leadFollowUpBody.parse({ date: '2026-11-27', time: '14:30', note: ' gọi chiều ' })).toEqual({
      at: vn('2026-11-27T14:30:00'),
      note: 'gọi chiều',
    });
    expect(leadFollowUpBody.parse({ date: null, time: null }).at).toBeNull();
    expect(leadFollowUpBody.safeParse({ date: '27/11/2026', time: '24:00' }).success).toBe(false);
  });
});

describe('the transcript cap', () => {
  it('keeps the newest turns within the bounds, cutting the oldest kept turn at its start', () => {
    const turns = Array.from({ length: 40 }, (_, i) => ({
      role: 'user' as const,
      content: `${i}`.padEnd(250, '.'),
    }));
    const kept = capTranscript(turns);
    expect(kept.length).toBeLessThanOrEqual(CHAT_TRANSCRIPT_LIMITS.maxTurns);
    expect(kept.at(-1)).toEqual(turns[39]);
    expect(kept.reduce((n, t) => n + t.content.length, 0)).toBeLessThanOrEqual(
      CHAT_TRANSCRIPT_LIMITS.maxChars,
    );
    const long = capTranscript([
      { role: 'model', content: 'x'.repeat(7000) },
      { role: 'user', content: 'bớt giá?' },
    ]);
    expect(long[0].content.startsWith('…')).toBe(true);
    expect(long[0].content.length + long[1].content.length).toBe(CHAT_TRANSCRIPT_LIMITS.maxChars);
  });
});
