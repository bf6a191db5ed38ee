import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reservations } from '../../src/server/db/schema';
import { reminderKey } from '../../src/server/modules/leads/reminders';
import { ManualClock } from '../../src/server/platform/clock';
import { startTestApp, type TestApp } from '../helpers/app';
import { decodeMail } from '../helpers/mail';
import { asIp, createCar, freshIp, inDays, testDriveBody } from './leads-fixtures';
import { postPurchase, purchaseBody } from './purchases-fixtures';
import { openDeposits, visitor } from './reservations-fixtures';

/**
 * Every mail a visitor can make the showroom send to the address they typed counts against a daily cap
 * per recipient (VISITOR_MAIL_PER_ADDRESS_PER_DAY, default 5, shared by every kind) and per client IP
 * (VISITOR_MAIL_PER_IP_PER_DAY). Over the cap the action answers exactly as before; the mail is skipped,
 * logged and audited ("mail-capped", once per address or IP and day).
 */

let t: TestApp;
let clock: ManualClock;
let carId: number;
/** A second car for the bookings whose day and hour a test chooses (the fixtures fill the first one's). */
let spareCarId: number;

beforeAll(async () => {
  clock = new ManualClock();
  t = await startTestApp(
    // The address cap at its default (an empty value is the default); the IP cap small enough to reach.
    { TRUST_PROXY: 'on', VISITOR_MAIL_PER_ADDRESS_PER_DAY: '', VISITOR_MAIL_PER_IP_PER_DAY: '4' },
    { clock },
  );
  await openDeposits(t);
  carId = await createCar(t);
  spareCarId = await createCar(t, { carName: 'Mazda 3 1.5L' });
});
afterAll(() => t.close());

/** The recipient of a stored message, as its To header names it. */
const recipient = (raw: string) => /^To: (.+)$/m.exec(raw)?.[1]?.trim().toLowerCase() ?? '';

/** Messages to any of `addresses`, decoded. */
const mailsTo = (...addresses: string[]) =>
  t
    .outbox()
    .filter((m) => addresses.includes(recipient(m)))
    .map(decodeMail);

/** Mail goes out after the answer: waits until the outbox has stopped growing for a moment. */
async function settled() {
  let last = -1;
  for (let i = 0; i < 100; i++) {
    const n = t.outbox().length;
    if (n === last) return;
    last = n;
    await new Promise((r) => setTimeout(r, 150));
  }
}

async function cappedEntries() {
  const res = await t.call('GET', '/api/audit', {
    token: t.adminToken,
    query: { action: 'mail-capped', size: 50 },
  });
  expect(res.status, res.body).toBe(200);
  return res.json.content as {
    entity: string;
    entityLabel: string;
    ip: string | null;
    changes: { field: string; after: unknown }[];
  }[];
}

const field = (entry: { changes: { field: string; after: unknown }[] }, name: string) =>
  entry.changes.find((c) => c.field === name)?.after;

async function reserve(email: string, ip = freshIp()) {
  const res = await t.call('POST', '/api/reservations', {
    body: visitor(carId, { email }),
    headers: asIp(ip),
  });
  expect(res.status, res.body).toBe(201);
  return res.json as { code: string; token: string; status: string };
}

async function cancel(r: { code: string; token: string }) {
  const res = await t.call('POST', `/api/reservations/${r.code}/cancel`, {
    body: { token: r.token },
    headers: asIp(freshIp()),
  });
  expect(res.status, res.body).toBe(200);
  return res.json as { status: string };
}

async function testDrive(email: string, ip = freshIp(), over: Record<string, unknown> = {}) {
  const res = await t.call('POST', '/api/test-drives', {
    body: testDriveBody(over.preferredDate ? spareCarId : carId, { email, ...over }),
    headers: asIp(ip),
  });
  expect(res.status, res.body).toBe(201);
  return {
    reference: res.json.reference as string,
    token: (res.json.manageUrl as string).split('/lich-hen/')[1],
  };
}

async function saveSearch(email: string, filters: Record<string, unknown>, ip = freshIp()) {
  const res = await t.call('POST', '/api/saved-searches', { body: { email, filters }, headers: asIp(ip) });
  expect(res.status, res.body).toBe(201);
  expect(res.json.confirmationSent).toBe(true);
}

describe('the cap per recipient address', () => {
  it('lets 6 reservations and cancellations to one mailbox in a day send 5 mails; the 6th still succeeds', async () => {
    // One Gmail mailbox written three ways: case, dots and a +tag do not make another address.
    const spellings = ['Hoa.Le+datcoc@Gmail.com', 'hoale@gmail.com', 'h.o.a.l.e@googlemail.com'];
    const answers: string[] = [];
    for (const email of spellings) {
      const r = await reserve(email);
      answers.push((await cancel(r)).status);
    }
    // The last cancellation is answered like the first two.
    expect(answers).toEqual(['cancelled', 'cancelled', 'cancelled']);
    await expect.poll(async () => (await cappedEntries()).length).toBe(1);
    await settled();
    const sent = mailsTo('hoa.le+datcoc@gmail.com', 'hoale@gmail.com', 'h.o.a.l.e@googlemail.com');
    expect(sent).toHaveLength(5);

    const [entry] = await cappedEntries();
    expect(entry).toMatchObject({ entity: 'visitor_mail', entityLabel: 'Email gửi khách' });
    expect(field(entry, 'capBy')).toBe('Địa chỉ email nhận');
    expect(field(entry, 'limit')).toBe(5);
    expect(spellings.map((s) => s.toLowerCase())).toContain(field(entry, 'email'));
  });

  it('counts every kind of visitor mail in the one budget, and never caps what staff send', async () => {
    const email = 'moi.loai@example.com';
    // Five booking confirmations use the day's budget.
    const bookings = [];
    for (let i = 0; i < 5; i++) bookings.push(await testDrive(email));
    await expect.poll(() => mailsTo(email).length).toBe(5);

    // Then one of each other kind: every action answers as usual, none of them mails.
    const reserved = await reserve(email);
    expect(reserved.status).toBe('awaiting');
    expect((await cancel(reserved)).status).toBe('cancelled');
    const lapsing = await reserve(email);
    await t.ctx.db
      .update(reservations)
      .set({ expiresAt: new Date(clock.now().getTime() - 60_000) })
      .where(eq(reservations.code, lapsing.code));
    const lapsed = await t.call('GET', `/api/reservations/${lapsing.code}`, {
      query: { token: lapsing.token },
    });
    expect(lapsed.json.status).toBe('expired');
    const booked = await testDrive(email, freshIp(), { preferredDate: inDays(38), timeSlot: '09:00' });
    const moved = await t.call('PUT', `/api/bookings/${booked.token}/schedule`, {
      body: { preferredDate: inDays(40), timeSlot: '14:30' },
      headers: asIp(freshIp()),
    });
    expect(moved.status, moved.body).toBe(200);
    const cancelled = await t.call('POST', `/api/bookings/${moved.json.token}/cancel`, {
      body: {},
      headers: asIp(freshIp()),
    });
    expect(cancelled.status, cancelled.body).toBe(200);
    await saveSearch(email, { brand: 'Toyota' });
    const sold = await postPurchase(t, purchaseBody({ email }), 0, freshIp());
    expect(sold.status, sold.body).toBe(201);
    await settled();
    expect(mailsTo(email)).toHaveLength(5);

    // A staff member moving a booking is the showroom speaking: the customer hears of it.
    const list = await t.call('GET', '/api/test-drives/admin', {
      token: t.adminToken,
      query: { search: bookings[0].reference, size: 1 },
    });
    const leadId = list.json.content[0].leadId as number;
    const staffMove = await t.call('PUT', `/api/test-drives/admin/${leadId}/schedule`, {
      token: t.adminToken,
      body: { preferredDate: inDays(41), timeSlot: '15:30' },
    });
    expect(staffMove.status, staffMove.body).toBe(200);
    await expect.poll(() => mailsTo(email).length).toBe(6);
    expect(mailsTo(email).at(-1)).toContain('đã được đổi sang thời gian mới');
  });

  it('counts the reminder of the day before (the clock acting on a visitor booking)', async () => {
    const email = 'nhac.truoc@example.com';
    const booked = await testDrive(email, freshIp(), { preferredDate: inDays(3), timeSlot: '16:30' });
    const list = await t.call('GET', '/api/test-drives/admin', {
      token: t.adminToken,
      query: { search: booked.reference, size: 1 },
    });
    const job = (await t.services.jobs.find(reminderKey(list.json.content[0].leadId)))!;
    // On the eve, before the reminder's hour, the address receives five other mails.
    clock.set(new Date(job.runAt.getTime() - 60_000));
    for (const year of [2019, 2020, 2021, 2022, 2023]) await saveSearch(email, { year });
    await expect.poll(() => mailsTo(email).length).toBe(6);
    clock.set(new Date(job.runAt.getTime() + 1000));
    await t.services.jobs.drain();
    clock.set(new Date());
    await settled();
    expect(mailsTo(email).filter((m) => m.includes('Xin nhắc bạn lịch'))).toHaveLength(0);
    // Skipped, not failed: the job is over and the history does not claim a reminder went out.
    expect((await t.services.jobs.find(reminderKey(list.json.content[0].leadId)))?.state).toBe('done');
    const detail = await t.call('GET', `/api/test-drives/admin/${list.json.content[0].leadId}`, {
      token: t.adminToken,
    });
    expect(detail.json.events.some((e: { kind: string }) => e.kind === 'REMINDER')).toBe(false);
  });
});

describe('the cap per client IP', () => {
  it('lets one IP make 4 visitor mails a day whatever the addresses; the 5th action still succeeds', async () => {
    const ip = '203.0.113.77';
    await testDrive('ip.mot@example.com', ip);
    await testDrive('ip.hai@example.com', ip);
    await saveSearch('ip.ba@example.com', { brand: 'Honda' }, ip);
    await saveSearch('ip.bon@example.com', { brand: 'Kia' }, ip);
    await expect
      .poll(
        () =>
          mailsTo('ip.mot@example.com', 'ip.hai@example.com', 'ip.ba@example.com', 'ip.bon@example.com')
            .length,
      )
      .toBe(4);

    const r = await reserve('ip.nam@example.com', ip);
    expect(r.status).toBe('awaiting');
    await testDrive('ip.sau@example.com', ip);
    await expect
      .poll(async () => (await cappedEntries()).filter((e) => field(e, 'capBy') === 'Địa chỉ IP gửi').length)
      .toBe(1);
    await settled();
    expect(mailsTo('ip.nam@example.com', 'ip.sau@example.com')).toHaveLength(0);
    const entry = (await cappedEntries()).find((e) => field(e, 'capBy') === 'Địa chỉ IP gửi')!;
    expect(entry.ip).toBe(ip);
    expect(field(entry, 'limit')).toBe(4);

    // A mail the IP's cap stopped did not use the address's budget: from elsewhere, it arrives.
    await cancel(r);
    await expect.poll(() => mailsTo('ip.nam@example.com').length).toBe(1);
  });
});
