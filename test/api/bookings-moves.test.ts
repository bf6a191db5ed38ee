import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_MOVE_LIMITS, BOOKING_MOVE_MESSAGES } from '../../src/contract/leads';
import { leadEvents } from '../../src/server/db/schema';
import { BookingLinks } from '../../src/server/modules/leads/booking-links';
import { startTestApp, type TestApp } from '../helpers/app';
import { asIp, createCar, freshIp, inDays, testDriveBody } from './leads-fixtures';

/**
 * A customer moves their own booking through its signed link; each move mails them and rings staff,
 * so moves are limited: 3 per booking per day (Vietnam's calendar day), and a number per address.
 */

let t: TestApp;
let carId: number;

beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: 'on' });
  carId = await createCar(t);
});
afterAll(() => t.close());

async function book(day: string, slot: string) {
  const res = await t.call('POST', '/api/test-drives', {
    body: testDriveBody(carId, { preferredDate: day, timeSlot: slot }),
    headers: asIp(freshIp()),
  });
  expect(res.status, res.body).toBe(201);
  return res.json.manageUrl.split('/lich-hen/')[1] as string;
}

const move = (token: string, day: string, slot: string, ip = freshIp()) =>
  t.call('PUT', `/api/bookings/${token}/schedule`, {
    body: { preferredDate: day, timeSlot: slot },
    headers: asIp(ip),
  });

describe('a customer moving their booking', () => {
  it('moves it 3 times a day; the 4th is refused with a Vietnamese 429, staff still move it, the next day it moves again', async () => {
    let token = await book(inDays(10), '08:00');
    for (const slot of ['09:00', '10:00', '11:00']) {
      const res = await move(token, inDays(10), slot);
      expect(res.status, res.body).toBe(200);
      token = res.json.token;
    }
    const fourth = await move(token, inDays(10), '12:00');
    expect(fourth.status).toBe(429);
    expect(fourth.json.message).toBe(BOOKING_MOVE_MESSAGES.perBooking);
    // Nothing moved.
    const page = await t.call('GET', `/api/bookings/${token}`);
    expect(page.json.timeSlot).toBe('11:00');
    // The same slot again changes nothing and is no move.
    expect((await move(token, inDays(10), '11:00')).status).toBe(200);

    // Staff are not limited (the showroom moves a booking as often as the customer asks on the phone).
    const list = await t.call('GET', '/api/test-drives/admin', {
      token: t.adminToken,
      query: { search: page.json.reference },
    });
    const leadId = list.json.content[0].leadId;
    const staffMove = await t.call('PUT', `/api/test-drives/admin/${leadId}/schedule`, {
      token: t.adminToken,
      body: { preferredDate: inDays(10), timeSlot: '13:00' },
    });
    expect(staffMove.status, staffMove.body).toBe(200);

    // The next day in Vietnam, the customer may move it again: the history's moves are yesterday's now.
    await t.ctx.db
      .update(leadEvents)
      .set({ createdAt: sql`${leadEvents.createdAt} - interval '1 day'` })
      .where(eq(leadEvents.leadId, leadId));
    // The staff's move mailed the customer a new link.
    token = new BookingLinks(t.config.jwtSecret, t.config.publicUrl).token({
      leadId,
      date: inDays(10),
      slot: '13:00',
    });
    const nextDay = await move(token, inDays(10), '14:00');
    expect(nextDay.status, nextDay.body).toBe(200);
  });

  it('from one address: at most the per-address limit of moves an hour, whichever bookings they are', async () => {
    const tokens: string[] = [];
    const perIp = BOOKING_MOVE_LIMITS.perIpPerHour;
    for (let i = 0; i < Math.ceil((perIp + 1) / 3); i++) tokens.push(await book(inDays(20 + i), '08:00'));
    const ip = freshIp();
    const statuses: number[] = [];
    for (let n = 0; n <= perIp; n++) {
      const i = Math.floor(n / 3);
      const res = await move(tokens[i], inDays(20 + i), `${String(9 + (n % 3)).padStart(2, '0')}:00`, ip);
      statuses.push(res.status);
      if (res.status === 200) tokens[i] = res.json.token;
      else expect(res.json.message).toBe(BOOKING_MOVE_MESSAGES.perIp);
    }
    expect(statuses.slice(0, perIp).every((s) => s === 200)).toBe(true);
    expect(statuses[perIp]).toBe(429);
    // Another address is not held back by it.
    const i = tokens.length - 1;
    expect((await move(tokens[i], inDays(20 + i), '15:00')).status).toBe(200);
  });
});
