import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZALO_MESSAGE_KINDS } from '../../src/contract/messaging';
import { auditLog, jobs, zaloMessages, zaloTokens } from '../../src/server/db/schema';
import { webhookMac } from '../../src/server/modules/messaging';
import { ManualClock } from '../../src/server/platform/clock';
import { startTestApp, type TestApp } from '../helpers/app';
import { type FakeZalo, startFakeZalo } from '../helpers/fake-zalo';
import { asIp, consultingBody, createCar, freshIp, testDriveBody } from './leads-fixtures';
import { openDeposits } from './reservations-fixtures';

/**
 * Zalo (ZNS) messages against a fake Zalo on 127.0.0.1 speaking its wire format: consent, the token
 * renewal (and an expired token), retries with backoff, give-ups with their reason, the per-phone daily
 * cap, the signed delivery callback, the outbox while Zalo is not configured.
 */

const clock = new ManualClock();
let zalo: FakeZalo;
let t: TestApp;
let carId: number;
let phoneCounter = 0;
const newPhone = () => `0912 ${String(300_000 + ++phoneCounter).padStart(6, '0')}`;
const to84 = (p: string) => `84${p.replace(/\D/g, '').slice(1)}`;
const templates = Object.fromEntries(ZALO_MESSAGE_KINDS.map((k, i) => [k, String(200_000 + i)]));

beforeAll(async () => {
  zalo = await startFakeZalo();
  t = await startTestApp({ TRUST_PROXY: 'on', VISITOR_ZALO_PER_PHONE_PER_DAY: '3', ...zalo.env }, { clock });
  const res = await t.call('PUT', '/api/web-configuration', {
    token: t.adminToken,
    body: { zalo: { templates } },
  });
  expect(res.status, res.body).toBe(200);
  carId = await createCar(t);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await zalo?.close();
});

/**
 * A test drive booked with this phone. The confirmation is queued just after the visitor's answer
 * (the answer does not wait for it): with consent, wait until its message exists (or was refused).
 */
async function book(phone: string, zaloConsent: boolean | undefined = true) {
  const before = (await messagesTo(phone)).length;
  const res = await t.call('POST', '/api/test-drives', {
    body: testDriveBody(carId, { phone, email: undefined, zaloConsent }),
    headers: asIp(freshIp()),
  });
  expect(res.status, res.body).toBe(201);
  if (zaloConsent) await settled(phone, before);
  return res.json.reference as string;
}

/** Waits (up to 2 s) for a new message to this phone; a stopped customer gets none, so none is fine. */
async function settled(phone: string, before: number) {
  for (let i = 0; i < 100 && (await messagesTo(phone)).length === before; i++)
    await new Promise((r) => setTimeout(r, 20));
}

async function messagesTo(phone: string) {
  return t.ctx.db
    .select()
    .from(zaloMessages)
    .where(eq(zaloMessages.phone, to84(phone)))
    .orderBy(zaloMessages.id);
}

const runJobs = () => t.services.jobs.runDue();

describe('a booking with only a phone, on Zalo', () => {
  it('reaches Zalo in the ZNS wire format, with a renewed token, once, and shows on the timeline', async () => {
    const phone = newPhone();
    const reference = await book(phone);
    await runJobs();
    await runJobs();
    const sent = zalo.sent.filter((m) => m.body.phone === to84(phone));
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toMatchObject({
      phone: to84(phone),
      template_id: templates.BOOKING_CONFIRMED,
      template_data: { request_code: reference, customer_name: 'Nguyễn Văn A' },
    });
    const [m] = await messagesTo(phone);
    expect(m).toMatchObject({ state: 'SENT', kind: 'BOOKING_CONFIRMED', zaloMsgId: sent[0].msgId });
    expect(sent[0].body.tracking_id).toBe(m.trackingId);
    // The first send renewed the token with the app's credentials and the configured refresh token.
    expect(zalo.refreshes[0]).toEqual({
      appId: zalo.appId,
      secretKey: zalo.appSecret,
      refreshToken: zalo.firstRefreshToken,
    });
    const [stored] = await t.ctx.db.select().from(zaloTokens);
    expect(stored.refreshToken).not.toBe(zalo.firstRefreshToken);
    const customers = await t.call('GET', '/api/customers', {
      token: t.adminToken,
      query: { search: phone },
    });
    const detail = await t.call('GET', `/api/customers/${customers.json.content[0].customerId}`, {
      token: t.adminToken,
    });
    expect(detail.json.zaloConsent).toBe(true);
    const message = detail.json.timeline.find((e: { kind: string }) => e.kind === 'MESSAGE');
    expect(message).toMatchObject({ title: 'Zalo: Xác nhận lịch hẹn', status: 'Đã gửi' });
  });

  it('sends nothing without the "Nhận thông báo qua Zalo" tick', async () => {
    const phone = newPhone();
    await book(phone, false);
    await runJobs();
    expect(await messagesTo(phone)).toEqual([]);
    expect(zalo.requests.some((r) => r.body.phone === to84(phone))).toBe(false);
  });

  it('renews an expired access token and sends in the same attempt', async () => {
    zalo.expireAccessTokens();
    const before = zalo.refreshes.length;
    const phone = newPhone();
    await book(phone);
    await runJobs();
    expect(zalo.refreshes.length).toBe(before + 1);
    // The refresh token used is the one Zalo handed out last time, not the first one.
    expect(zalo.refreshes.at(-1)!.refreshToken).not.toBe(zalo.firstRefreshToken);
    const [m] = await messagesTo(phone);
    expect(m).toMatchObject({ state: 'SENT', attempts: 1 });
    const refused = zalo.requests.filter((r) => r.body.phone === to84(phone));
    expect(refused.map((r) => (r.answer as { error: number }).error)).toEqual([-124, 0]);
  });
});

describe('retries and give-ups', () => {
  it('retries a network error and a Zalo error that may pass, with backoff, until sent', async () => {
    zalo.script({ kind: 'http', status: 502 }, { kind: 'error', code: -100, message: 'Unknown error' });
    const phone = newPhone();
    await book(phone);
    await runJobs();
    let [m] = await messagesTo(phone);
    expect(m).toMatchObject({ state: 'QUEUED', attempts: 1 });
    expect(m.reason).toContain('HTTP 502');
    const [job] = await t.ctx.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `zalo:${m.id}`));
    expect(job.runAt.getTime() - clock.now().getTime()).toBe(30_000);
    await runJobs(); // not due yet
    expect((await messagesTo(phone))[0].attempts).toBe(1);
    clock.advance(30_000);
    await runJobs();
    [m] = await messagesTo(phone);
    expect(m).toMatchObject({ state: 'QUEUED', attempts: 2 });
    expect(m.reason).toContain('-100');
    clock.advance(60_000);
    await runJobs();
    [m] = await messagesTo(phone);
    expect(m).toMatchObject({ state: 'SENT', attempts: 3, reason: null });
  });

  it('gives up at once, with the reason, on a phone without Zalo', async () => {
    const phone = newPhone();
    zalo.noZalo.add(to84(phone));
    await book(phone);
    await runJobs();
    const [m] = await messagesTo(phone);
    expect(m).toMatchObject({ state: 'FAILED', errorCode: -118 });
    expect(m.reason).toContain('chưa có tài khoản Zalo');
    const [job] = await t.ctx.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `zalo:${m.id}`));
    expect(job.state).toBe('done');
  });

  it('gives up on a rejected template and on a spent quota', async () => {
    zalo.script({ kind: 'error', code: -131, message: 'Template is not approved' });
    const a = newPhone();
    await book(a);
    await runJobs();
    expect((await messagesTo(a))[0]).toMatchObject({ state: 'FAILED', errorCode: -131 });
    zalo.script({ kind: 'error', code: -144, message: 'OA has exceeded daily quota' });
    const b = newPhone();
    await book(b);
    await runJobs();
    const [m] = await messagesTo(b);
    expect(m).toMatchObject({ state: 'FAILED', errorCode: -144 });
    expect(m.reason).toContain('hạn mức');
  });

  it('gives up after its last attempt when Zalo keeps failing', async () => {
    const phone = newPhone();
    zalo.script(...Array.from({ length: 6 }, () => ({ kind: 'http' as const, status: 503 })));
    await book(phone);
    for (let i = 0; i < 6; i++) {
      await runJobs();
      clock.advance(3_600_000);
    }
    const [m] = await messagesTo(phone);
    expect(m.state).toBe('FAILED');
    expect(m.reason).toMatch(/^Đã thử 6 lần không thành công: .*503/);
  });

  it('marks a customer who refused the OA as stopped, and never messages them again', async () => {
    const phone = newPhone();
    zalo.script({ kind: 'error', code: -141, message: 'User refused to receive ZNS from OA' });
    await book(phone);
    await runJobs();
    expect((await messagesTo(phone))[0].state).toBe('FAILED');
    await book(phone, true);
    await runJobs();
    expect(await messagesTo(phone)).toHaveLength(1);
  });
});

describe('consent, stop and caps', () => {
  it('never messages a customer staff marked as stopped, whatever a later form says', async () => {
    const phone = newPhone();
    await t.call('POST', '/api/consulting', {
      body: consultingBody({ phone, zaloConsent: true }),
      headers: asIp(freshIp()),
    });
    const list = await t.call('GET', '/api/customers', { token: t.adminToken, query: { search: phone } });
    const id = list.json.content[0].customerId;
    const stop = await t.call('PUT', `/api/customers/${id}`, {
      token: t.adminToken,
      body: { zaloConsent: false },
    });
    expect(stop.json.zaloOptedOutAt).not.toBeNull();
    await book(phone, true);
    await runJobs();
    expect(await messagesTo(phone)).toEqual([]);
    const staff = await t.call('POST', `/api/customers/${id}/zalo`, {
      token: t.adminToken,
      body: { kind: 'FOLLOW_UP' },
    });
    expect(staff.status).toBe(400);
    expect(staff.json.message).toBe('Khách hàng đã ngừng nhận tin Zalo');
  });

  it('caps the messages one phone gets a day, skipping and auditing the rest', async () => {
    const phone = newPhone();
    await book(phone);
    const list = await t.call('GET', '/api/customers', { token: t.adminToken, query: { search: phone } });
    const id = list.json.content[0].customerId;
    for (let i = 0; i < 3; i++) {
      const res = await t.call('POST', `/api/customers/${id}/zalo`, {
        token: t.adminToken,
        body: { kind: 'FOLLOW_UP' },
      });
      expect(res.status, res.body).toBe(200);
      if (i < 2) expect(res.json.state, res.body).toBe('QUEUED');
      else
        expect(res.json).toMatchObject({
          state: 'SKIPPED',
          message: 'Số điện thoại này đã nhận đủ số tin Zalo cho phép trong ngày',
        });
    }
    const states = (await messagesTo(phone)).map((m) => m.state);
    expect(states.filter((s) => s === 'SKIPPED')).toHaveLength(1);
    const capped = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'zalo-capped'));
    expect(capped.length).toBeGreaterThanOrEqual(1);
  });

  it('lets service or car staff send, and nobody else', async () => {
    const blogger = await t.createStaff(['MANAGE_BLOG']);
    const res = await t.call('POST', '/api/customers/1/zalo', {
      token: blogger.token,
      body: { kind: 'FOLLOW_UP' },
    });
    expect(res.status).toBe(403);
    expect((await t.call('POST', '/api/customers/1/zalo', { body: { kind: 'FOLLOW_UP' } })).status).toBe(401);
    const bad = await t.call('POST', '/api/customers/1/zalo', {
      token: t.adminToken,
      body: { kind: 'SPAM' },
    });
    expect(bad.status).toBe(400);
  });
});

describe('the delivery callback', () => {
  const sign = (body: string, ts: string) => `mac=${webhookMac(zalo.appId, body, ts, zalo.appSecret)}`;

  it('refuses a bad or missing signature with 401', async () => {
    const body = JSON.stringify({
      event_name: 'user_received_message',
      app_id: zalo.appId,
      timestamp: '1',
      message: {},
    });
    const post = (headers: Record<string, string>) =>
      t.call('POST', '/api/zalo/webhook', {
        body,
        headers: { 'content-type': 'application/json', ...headers },
      });
    expect((await post({})).status).toBe(401);
    expect((await post({ 'x-zevent-signature': 'mac=0000' })).status).toBe(401);
    expect((await post({ 'x-zevent-signature': sign(`${body} `, '1') })).status).toBe(401);
  });

  it('marks the message delivered on its customer’s timeline', async () => {
    const phone = newPhone();
    await book(phone);
    await runJobs();
    const [m] = await messagesTo(phone);
    const ts = String(Date.now());
    const body = JSON.stringify({
      event_name: 'user_received_message',
      app_id: zalo.appId,
      timestamp: ts,
      message: { msg_id: m.zaloMsgId, tracking_id: m.trackingId, delivery_time: ts },
    });
    const res = await t.call('POST', '/api/zalo/webhook', {
      body,
      headers: { 'content-type': 'application/json', 'x-zevent-signature': sign(body, ts) },
    });
    expect(res.status, res.body).toBe(200);
    expect(res.json.received).toBe(true);
    expect((await messagesTo(phone))[0].state).toBe('DELIVERED');
    const list = await t.call('GET', '/api/customers', { token: t.adminToken, query: { search: phone } });
    const detail = await t.call('GET', `/api/customers/${list.json.content[0].customerId}`, {
      token: t.adminToken,
    });
    expect(detail.json.timeline.find((e: { kind: string }) => e.kind === 'MESSAGE').status).toBe(
      'Khách đã nhận',
    );
  });
});

describe('a reservation', () => {
  it('sends its payment request by Zalo', async () => {
    await openDeposits(t);
    const phone = newPhone();
    const res = await t.call('POST', '/api/reservations', {
      body: {
        carId: await createCar(t),
        fullName: 'Lê Thị Hoa',
        phone,
        email: 'hoa.zalo@example.com',
        zaloConsent: true,
      },
      headers: asIp(freshIp()),
    });
    expect(res.status, res.body).toBe(201);
    // The step's message is queued after the reservation's own mail, just after the answer.
    for (let i = 0; i < 200 && (await messagesTo(phone)).length === 0; i++)
      await new Promise((r) => setTimeout(r, 20));
    await runJobs();
    const sent = zalo.sent.filter((m) => m.body.phone === to84(phone));
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toMatchObject({
      template_id: templates.RESERVATION_PAYMENT_REQUEST,
      template_data: { reservation_code: res.json.code, transfer_content: res.json.code },
    });
  });
});

describe('without Zalo configured', () => {
  it('writes what would have gone to the outbox', async () => {
    const plain = await startTestApp({ TRUST_PROXY: 'on' });
    try {
      await plain.call('PUT', '/api/web-configuration', {
        token: plain.adminToken,
        body: { zalo: { templates } },
      });
      const car = await createCar(plain);
      const phone = '0987 111 222';
      const res = await plain.call('POST', '/api/test-drives', {
        body: testDriveBody(car, { phone, zaloConsent: true }),
        headers: asIp(freshIp()),
      });
      expect(res.status, res.body).toBe(201);
      for (let i = 0; i < 100 && (await plain.ctx.db.select().from(zaloMessages)).length === 0; i++)
        await new Promise((r) => setTimeout(r, 20));
      await plain.services.jobs.runDue();
      const [m] = await plain.ctx.db.select().from(zaloMessages);
      expect(m.state).toBe('OUTBOX');
      const dir = join(plain.ctx.config.dataDir, 'outbox');
      const file = existsSync(dir) ? readdirSync(dir).find((f) => f.startsWith('zalo-')) : undefined;
      expect(file).toBeDefined();
      const written = JSON.parse(readFileSync(join(dir, file!), 'utf8'));
      expect(written.request).toMatchObject({
        phone: '84987111222',
        template_id: templates.BOOKING_CONFIRMED,
      });
    } finally {
      await plain.close();
    }
  });
});
