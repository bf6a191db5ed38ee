import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '../../src/contract/format';
import { HOLD_OPENING_MARGIN_MINUTES } from '../../src/contract/opening-hours';
import { jobs } from '../../src/server/db/schema';
import { ManualClock } from '../../src/server/platform/clock';
import { startTestApp, type TestApp } from '../helpers/app';
import {
  carStatus,
  freshAddress,
  newCar,
  openDeposits,
  openingMorning,
  transfer,
  visitor,
  webhook,
} from './reservations-fixtures';

/**
 * Against taking cars off sale: an unpaid reservation holds its car for a short time (30 minutes by
 * default), one visitor (by phone, e-mail or address, each on its own) holds one at a time, a deadline
 * never falls while the showroom is closed, "Tôi đã chuyển khoản" holds the car until a person can
 * confirm, stored jobs expire the holds, and staff see who reserves many cars.
 */

let t: TestApp;
/** 10:00 in Vietnam, today or yesterday: never ahead of the real time (sessions end by it). */
const base = openingMorning();
const clock = new ManualClock(base);
let seller: { id: number; token: string };
const MIN = 60_000;
const MARGIN = HOLD_OPENING_MARGIN_MINUTES * MIN;

beforeAll(async () => {
  t = await startTestApp({ RESERVATION_RATE_LIMIT: '1000' }, { clock });
  seller = await t.createStaff(['MANAGE_CAR']);
  await openDeposits(t);
  // The clock jumps across days here: staff stay signed in.
  await t.call('PUT', '/api/web-configuration', { token: t.adminToken, body: { sessionIdleHours: 168 } });
});
afterAll(() => t.close());

/** Vietnam's wall clock on the base day (or `days` later). */
function vnAt(hhmm: string, days = 0): Date {
  const day = Math.floor((base.getTime() + 7 * 3_600_000) / 86_400_000) + days;
  const [h, m] = hhmm.split(':').map(Number);
  return new Date(day * 86_400_000 + (h * 60 + m) * MIN - 7 * 3_600_000);
}

function post(body: Record<string, unknown>, ip = freshAddress()) {
  return t.call('POST', '/api/reservations', { body, ip });
}

const adminRow = async (code: string) =>
  (await t.call('GET', '/api/reservations/admin', { token: seller.token, query: { search: code } })).json
    .content[0];

async function bell(text: string) {
  const res = await t.call('GET', `/api/notifications/unread/${seller.id}`, { token: seller.token });
  return (res.json as { message: string }[]).filter((n) => n.message.includes(text));
}

describe('an unpaid hold', () => {
  it('lasts RESERVATION_HOLD_MINUTES (30 by default), said as dd/mm/yyyy HH:mm in Vietnam on the page and in the mail', async () => {
    clock.set(vnAt('10:00'));
    const res = await post(visitor(await newCar(t, seller.token)));
    expect(res.status, res.body).toBe(201);
    expect(res.json.expiresAt).toBe(vnAt('10:30').toISOString());
    expect(res.json.expiresAtText).toBe(formatDateTime(vnAt('10:30')));
    expect(res.json.expiresAtText).toMatch(/^\d{2}\/\d{2}\/\d{4} 10:30$/);
    await t.mailContaining(res.json.code, `đến ${res.json.expiresAtText} (giờ Việt Nam)`);
  });

  it('never lapses while the showroom is closed: a deadline after hours moves to the next opening plus the margin', async () => {
    clock.set(vnAt('17:45'));
    const evening = await post(visitor(await newCar(t, seller.token)));
    expect(evening.status, evening.body).toBe(201);
    expect(evening.json.expiresAt).toBe(new Date(vnAt('08:00', 1).getTime() + MARGIN).toISOString());
    // Reserved before the doors open: staff have the margin once they are in.
    clock.set(vnAt('07:40', 1));
    const early = await post(visitor(await newCar(t, seller.token)));
    expect(early.json.expiresAt).toBe(new Date(vnAt('08:00', 1).getTime() + MARGIN).toISOString());
    // A showroom closed at the weekend: Friday evening's hold runs to Monday morning.
    await t.call('PUT', '/api/web-configuration', {
      token: t.adminToken,
      body: { openingHours: '8:00 - 17:00, Thứ Hai - Thứ Sáu' },
    });
    try {
      // The Friday nearest the base day (0: Sunday ... 5: Friday), at most three days away.
      const weekday = (Math.floor((base.getTime() + 7 * 3_600_000) / 86_400_000) + 4) % 7;
      let f = (5 - weekday + 7) % 7;
      if (f > 3) f -= 7;
      clock.set(vnAt('16:50', f));
      const friday = await post(visitor(await newCar(t, seller.token)));
      expect(friday.json.expiresAt).toBe(new Date(vnAt('08:00', f + 3).getTime() + MARGIN).toISOString());
      // Staff extending it by nine hours on Monday at 08:30 (09:00 + 9 h is after closing): Tuesday morning.
      clock.set(vnAt('08:30', f + 3));
      const row = await adminRow(friday.json.code);
      const extended = await t.call('POST', `/api/reservations/admin/${row.reservationId}/extend`, {
        token: seller.token,
        body: { hours: 9 },
      });
      expect(extended.status, extended.body).toBe(200);
      expect(extended.json.expiresAt).toBe(new Date(vnAt('08:00', f + 4).getTime() + MARGIN).toISOString());
    } finally {
      await t.call('PUT', '/api/web-configuration', {
        token: t.adminToken,
        body: { openingHours: '8:00 - 18:00, Thứ Hai - Chủ Nhật' },
      });
    }
  });
});

describe('a deposit made in the evening', () => {
  it('made at 21:05 is due the next morning, not at 23:05, and the receipt holds the car to a closing time', async () => {
    // Opening hours 8:00 - 18:00 every day; a paid deposit holds its car paidHoldDays (3) days.
    clock.set(vnAt('21:05'));
    const r = await post(visitor(await newCar(t, seller.token)));
    expect(r.status, r.body).toBe(201);
    expect(r.json.expiresAt).not.toBe(vnAt('23:05').toISOString());
    expect(r.json.expiresAt).toBe(new Date(vnAt('08:00', 1).getTime() + MARGIN).toISOString());
    // The money comes in at 21:10: 3 days later is 21:10, after closing, so the car is held to the
    // closing of the day after, never to an evening hour.
    clock.set(vnAt('21:10'));
    expect((await webhook(t, transfer(r.json.code, 10_000_000))).status).toBe(200);
    const row = await adminRow(r.json.code);
    expect(row.status).toBe('paid');
    expect(row.holdUntil).toBe(vnAt('18:00', 4).toISOString());
    const receipt = await t.mailContaining(
      r.json.code,
      `Xe được giữ cho quý khách đến ${formatDateTime(vnAt('18:00', 4))}.`,
    );
    expect(receipt).not.toContain(formatDateTime(vnAt('21:10', 3)));
    // Staff adding 2 hours to a hold that ends at 18:00: the next day's closing, not 20:00.
    clock.set(vnAt('10:00', 1));
    const extended = await t.call('POST', `/api/reservations/admin/${row.reservationId}/extend`, {
      token: seller.token,
      body: { hours: 2 },
    });
    expect(extended.status, extended.body).toBe(200);
    expect(extended.json.holdUntil).toBe(vnAt('18:00', 5).toISOString());
  });
});

describe('one visitor, one unpaid hold', () => {
  it('refuses a second by the same phone, e-mail or address with a Vietnamese 429 that names the first', async () => {
    clock.set(vnAt('10:00'));
    const [a, b] = [await newCar(t, seller.token), await newCar(t, seller.token)];
    const me = visitor(a, { phone: '0931 000 001', email: 'squat@example.com' });
    const ip = freshAddress();
    const first = await post(me, ip);
    expect(first.status, first.body).toBe(201);
    const { code } = first.json;

    const samePhone = await post(visitor(b, { phone: '+84931000001' }));
    expect(samePhone.status).toBe(429);
    expect(samePhone.json.message).toContain(code);
    expect(samePhone.json.message).toContain('Bạn đang giữ xe');
    expect(samePhone.json.message).toContain(formatDateTime(vnAt('10:30')));
    expect(samePhone.json.holding).toMatchObject({ code, expiresAt: vnAt('10:30').toISOString() });
    expect(Number(samePhone.headers['retry-after'])).toBe(30 * 60);

    const sameEmail = await post(visitor(b, { email: 'SQUAT@example.com' }));
    expect(sameEmail.status).toBe(429);
    expect(sameEmail.json.message).toContain(code);

    // The address alone may be a stranger's (an office, a phone network): the car, not the code.
    const sameIp = await post(visitor(b), ip);
    expect(sameIp.status).toBe(429);
    expect(sameIp.json.message).toContain('cùng mạng Internet');
    expect(sameIp.json.message).not.toContain(code);
    expect(sameIp.json.holding.code).toBeNull();
    expect(await carStatus(t, b)).toBe('available');

    // Paid, it is no longer an unpaid hold: the same visitor may hold another car.
    await webhook(t, transfer(code, 10_000_000));
    const next = await post(visitor(b, { phone: '0931 000 001', email: 'squat@example.com' }), ip);
    expect(next.status, next.body).toBe(201);
  });

  it('lets the visitor reserve again once the first is cancelled or has expired', async () => {
    clock.set(vnAt('11:00'));
    const marks = { phone: '0931 000 002', email: 'again@example.com' };
    const first = await post(visitor(await newCar(t, seller.token), marks));
    await t.call('POST', `/api/reservations/${first.json.code}/cancel`, {
      body: { token: first.json.token },
    });
    const second = await post(visitor(await newCar(t, seller.token), marks));
    expect(second.status, second.body).toBe(201);
    clock.advance(31 * MIN);
    const third = await post(visitor(await newCar(t, seller.token), marks));
    expect(third.status, third.body).toBe(201);
  });

  it('makes one hold of two requests of one visitor at the same moment for two cars', async () => {
    clock.set(vnAt('12:00'));
    const cars = [await newCar(t, seller.token), await newCar(t, seller.token)];
    const marks = { phone: '0931 000 003', email: 'twice@example.com' };
    const answers = await Promise.all(cars.map((carId) => post(visitor(carId, marks))));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 429]);
    const statuses = await Promise.all(cars.map((carId) => carStatus(t, carId)));
    expect(statuses.sort()).toEqual(['available', 'pending']);
  });
});

describe('"Tôi đã chuyển khoản"', () => {
  it('holds the car to the end of the next opening day, rings staff once, and the bank’s notice still confirms it', async () => {
    clock.set(vnAt('10:00'));
    const carId = await newCar(t, seller.token);
    const r = (await post(visitor(carId, { fullName: 'Ngô Bảo Châu' }))).json;
    const claim = () =>
      t.call('POST', `/api/reservations/${r.code}/paid-claim`, { body: { token: r.token } });
    const res = await claim();
    expect(res.status, res.body).toBe(200);
    expect(res.json).toMatchObject({
      status: 'awaiting',
      statusLabel: 'Chờ xác nhận tiền cọc',
      claimedPaidAt: vnAt('10:00').toISOString(),
      expiresAt: vnAt('18:00', 1).toISOString(),
      expiresAtText: formatDateTime(vnAt('18:00', 1)),
    });
    await expect.poll(() => bell(`(${r.code})`).then((b) => b.length)).toBe(1);
    expect((await bell(`(${r.code})`))[0].message).toContain(
      `Khách Ngô Bảo Châu báo đã chuyển khoản cọc 10 triệu (${r.code})`,
    );
    await t.mailContaining(r.code, `Showroom giữ xe đến ${formatDateTime(vnAt('18:00', 1))}`);
    // Pressed again: the same answer, no second bell.
    expect((await claim()).json.expiresAt).toBe(vnAt('18:00', 1).toISOString());
    // Staff see it.
    expect(await adminRow(r.code)).toMatchObject({ claimedPaidAt: vnAt('10:00').toISOString() });
    // Well past the 30 minutes, the money arrives: confirmed.
    clock.set(vnAt('15:00', 1));
    await webhook(t, transfer(r.code, 10_000_000));
    expect((await adminRow(r.code)).status).toBe('paid');
    expect((await bell(`(${r.code})`)).length).toBe(2); // the claim, then "Đã nhận cọc"
    expect(await claim()).toMatchObject({ status: 409 });
  });

  it('is refused with a wrong token (404) or on a hold that has ended (409), and audited', async () => {
    clock.set(vnAt('10:00'));
    const r = (await post(visitor(await newCar(t, seller.token)))).json;
    const forged = await t.call('POST', `/api/reservations/${r.code}/paid-claim`, {
      body: { token: 'x'.repeat(32) },
    });
    expect(forged.status).toBe(404);
    const bad = await t.call('POST', `/api/reservations/${r.code}/paid-claim`, { body: {} });
    expect(bad.status).toBe(400);
    clock.advance(31 * MIN);
    const late = await t.call('POST', `/api/reservations/${r.code}/paid-claim`, { body: { token: r.token } });
    expect(late.status).toBe(409);
    expect(late.json.message).toBe('Chỉ báo đã chuyển khoản được cho yêu cầu đặt cọc đang chờ thanh toán');
  });
});

describe('stored jobs', () => {
  it('expire each hold at its deadline, moved with it when the visitor says they paid', async () => {
    clock.set(vnAt('10:00'));
    const plain = (await post(visitor(await newCar(t, seller.token)))).json;
    const claimed = (await post(visitor(await newCar(t, seller.token)))).json;
    await t.call('POST', `/api/reservations/${claimed.code}/paid-claim`, { body: { token: claimed.token } });
    const rowOf = async (code: string) => (await adminRow(code)).reservationId as number;
    const [job] = await t.ctx.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `reservation:${await rowOf(claimed.code)}:expire`));
    expect(job.runAt.toISOString()).toBe(vnAt('18:00', 1).toISOString());
    clock.set(vnAt('10:31'));
    await t.services.jobs.drain();
    // Read straight from the table: the page would expire it lazily and prove nothing about the job.
    const { reservations } = await import('../../src/server/db/schema');
    const statusOf = async (code: string) =>
      (await t.ctx.db.select().from(reservations).where(eq(reservations.code, code)))[0].status;
    expect(await statusOf(plain.code)).toBe('expired');
    expect(await statusOf(claimed.code)).toBe('awaiting');
    await t.mailContaining(plain.code, 'yêu cầu giữ xe đã hết hạn');
    clock.set(vnAt('18:01', 1));
    await t.services.jobs.drain();
    expect(await statusOf(claimed.code)).toBe('expired');
  });
});

describe('the staff list', () => {
  it('shows the visitor’s address and how many cars the same phone, e-mail and address reserved (squatting signals)', async () => {
    clock.set(vnAt('10:00', 1));
    const ip = freshAddress();
    const phone = '0931 000 009';
    const codes: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await post(
        visitor(await newCar(t, seller.token), { phone, email: `s${i}@example.com` }),
        ip,
      );
      expect(res.status, res.body).toBe(201);
      codes.push(res.json.code);
      clock.advance(31 * MIN);
    }
    const last = await adminRow(codes[2]);
    expect(last).toMatchObject({ sourceIp: ip, signals: { phoneCars: 3, emailCars: 1, ipCars: 3 } });
    // The list finds a visitor's reservations by address.
    const byIp = await t.call('GET', '/api/reservations/admin', {
      token: seller.token,
      query: { search: ip },
    });
    expect(byIp.json.totalElements).toBe(3);
  });
});
