import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_MISMATCH_MESSAGE } from '../../src/contract/common';
import { LEAD_MESSAGES } from '../../src/server/modules/leads/service';
import { ManualClock } from '../../src/server/platform/clock';
import { startTestApp, type TestApp } from '../helpers/app';
import { raceTest } from '../helpers/race';
import {
  asIp,
  consultingBody,
  createCar,
  freshIp,
  inDays,
  maintenanceBody,
  testDriveBody,
  uuid,
} from './leads-fixtures';
import { postPurchase, purchaseBody } from './purchases-fixtures';

/**
 * Retries that make one lead: the Idempotency-Key header like the body's clientRequestId, and for a
 * client that sends neither, a repeat of the same phone, type, day, slot and car within 10 minutes.
 */

let t: TestApp;
let clock: ManualClock;
let carId: number;

beforeAll(async () => {
  clock = new ManualClock();
  t = await startTestApp({ TRUST_PROXY: 'on' }, { clock });
  carId = await createCar(t);
});
afterAll(() => t.close());

const post = (path: string, body: unknown, headers: Record<string, string> = {}, ip = freshIp()) =>
  t.call('POST', path, { body, headers: { ...asIp(ip), ...headers } });
const keyless = <T extends Record<string, unknown>>(body: T) => {
  const { clientRequestId: _omit, ...rest } = body;
  return rest;
};
async function count(path: string, search: string) {
  const res = await t.call('GET', `${path}/admin`, { token: t.adminToken, query: { search, size: 100 } });
  return res.json.totalElements as number;
}

describe('the Idempotency-Key header', () => {
  it('makes a retry answer the lead it made (200, the same receipt)', async () => {
    const key = uuid();
    const body = keyless(testDriveBody(carId, { fullName: 'Khách Có Khóa' }));
    const first = await post('/api/test-drives', body, { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    const again = await post('/api/test-drives', body, { 'Idempotency-Key': key.toUpperCase() });
    expect(again.status).toBe(200);
    expect(again.json.reference).toBe(first.json.reference);
    expect(again.json.manageUrl).toBe(first.json.manageUrl);
    expect(await count('/api/test-drives', 'khach co khoa')).toBe(1);
    // The same key in the body is the same request.
    const inBody = await post(
      '/api/test-drives',
      { ...body, clientRequestId: key },
      { 'Idempotency-Key': key },
    );
    expect(inBody.status).toBe(200);
    // A key used by another form is refused.
    const other = await post('/api/consulting', keyless(consultingBody()), { 'Idempotency-Key': key });
    expect(other.status).toBe(409);
    expect(other.json.message).toBe(LEAD_MESSAGES.reusedKey);
  });

  raceTest(
    'makes one lead of the same key sent twice at once (the second waits for the slot, then finds it)',
    async () => {
      const key = uuid();
      const body = keyless(testDriveBody(carId, { fullName: 'Khách Gửi Đồng Thời' }));
      const ip = freshIp();
      const [a, b] = await Promise.all([
        post('/api/test-drives', body, { 'Idempotency-Key': key }, ip),
        post('/api/test-drives', body, { 'Idempotency-Key': key }, ip),
      ]);
      expect([a.status, b.status].sort()).toEqual([200, 201]);
      expect(a.json.reference).toBe(b.json.reference);
      expect(a.json.manageUrl).toBe(b.json.manageUrl);
      expect(await count('/api/test-drives', 'khach gui dong thoi')).toBe(1);
    },
  );

  it('refuses a key that is no uuid, or one that differs from the body’s', async () => {
    const bad = await post('/api/consulting', keyless(consultingBody()), { 'Idempotency-Key': 'lan-1' });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe('Idempotency-Key phải là một mã uuid');
    const differ = await post('/api/consulting', consultingBody(), { 'Idempotency-Key': uuid() });
    expect(differ.status).toBe(400);
    expect(differ.json.errors.clientRequestId).toBe('Idempotency-Key và clientRequestId phải giống nhau');
  });

  it('keeps the body’s clientRequestId working as before', async () => {
    const body = consultingBody({ fullName: 'Khách Khóa Trong Thân' });
    expect((await post('/api/consulting', body)).status).toBe(201);
    expect((await post('/api/consulting', body)).status).toBe(200);
    expect(await count('/api/consulting', 'khach khoa trong than')).toBe(1);
  });
});

describe('without any key: a repeat within 10 minutes is the same lead', () => {
  it('answers the test drive already made, without its private link', async () => {
    const body = keyless(testDriveBody(carId, { fullName: 'Khách Không Khóa', phone: '0933111222' }));
    const first = await post('/api/test-drives', body);
    expect(first.status).toBe(201);
    expect(first.json.manageUrl).toMatch(/\/lich-hen\//);
    const again = await post('/api/test-drives', body);
    expect(again.status).toBe(200);
    expect(again.json.reference).toBe(first.json.reference);
    // Whoever repeats a phone and a slot has not shown they made the booking.
    expect(again.json.manageUrl).toBeUndefined();
    // A phone written another way is the same phone.
    expect((await post('/api/test-drives', { ...body, phone: '+84 933 111 222' })).status).toBe(200);
    expect(await count('/api/test-drives', 'khach khong khoa')).toBe(1);
    // Another slot is another booking.
    const other = await post('/api/test-drives', { ...body, preferredDate: inDays(40), timeSlot: '10:00' });
    expect(other.status).toBe(201);
  });

  raceTest('makes one lead of two copies sent at the same moment', async () => {
    const body = keyless(testDriveBody(carId, { fullName: 'Khách Bấm Hai Lần', phone: '0933222333' }));
    const ip = freshIp();
    const [a, b] = await Promise.all([
      post('/api/test-drives', body, {}, ip),
      post('/api/test-drives', body, {}, ip),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.json.reference).toBe(b.json.reference);
    expect(await count('/api/test-drives', 'khach bam hai lan')).toBe(1);
  });

  it('does not count repeats against the rate limit', async () => {
    const ip = freshIp();
    const body = keyless(consultingBody({ fullName: 'Khách Gửi Lại', phone: '0933444555' }));
    for (let i = 0; i < 8; i++)
      expect((await post('/api/consulting', body, {}, ip)).status).toBe(i === 0 ? 201 : 200);
  });

  it('makes a new lead after 10 minutes, after a cancellation, or for another car or plate', async () => {
    const body = keyless(consultingBody({ fullName: 'Khách Quay Lại', phone: '0933555666' }));
    expect((await post('/api/consulting', body)).status).toBe(201);
    clock.advance(9 * 60_000);
    expect((await post('/api/consulting', body)).status).toBe(200);
    clock.advance(2 * 60_000);
    expect((await post('/api/consulting', body)).status).toBe(201);
    clock.set(new Date());
    expect((await post('/api/consulting', { ...body, carId })).status).toBe(201);

    const visit = keyless(
      maintenanceBody({ fullName: 'Khách Hai Xe', phone: '0933666777', preferredDate: inDays(4) }),
    );
    expect((await post('/api/maintenance', visit)).status).toBe(201);
    expect((await post('/api/maintenance', { ...visit, licencePlate: '51H-222.33' })).status).toBe(201);
    const repeat = await post('/api/maintenance', visit);
    expect(repeat.status).toBe(200);
    const list = await t.call('GET', '/api/maintenance/admin', {
      token: t.adminToken,
      query: { search: repeat.json.reference },
    });
    await t.call('PUT', `/api/maintenance/admin/${list.json.content[0].leadId}/status`, {
      token: t.adminToken,
      body: { status: 'CANCELLED' },
    });
    expect((await post('/api/maintenance', visit)).status).toBe(201);
  });
});

describe('a key sent again with another body', () => {
  it('is refused with 422, never answering the first customer’s name or link (header and body key alike)', async () => {
    const key = uuid();
    const mine = keyless(testDriveBody(carId, { fullName: 'Chủ Khóa Đầu Tiên', phone: '0934000111' }));
    const first = await post('/api/test-drives', mine, { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    const other = { ...mine, fullName: 'Kẻ Dò Khóa', phone: '0934000222' };
    for (const attempt of [
      post('/api/test-drives', other, { 'Idempotency-Key': key }),
      post('/api/test-drives', { ...other, clientRequestId: key }),
    ]) {
      const res = await attempt;
      expect(res.status).toBe(422);
      expect(res.json.message).toBe(IDEMPOTENCY_MISMATCH_MESSAGE);
      expect(res.body).not.toContain('Chủ Khóa Đầu Tiên');
      expect(res.body).not.toContain('lich-hen');
    }
    // The first customer's own retry still gets their receipt and link.
    const retry = await post('/api/test-drives', mine, { 'Idempotency-Key': key });
    expect(retry.status).toBe(200);
    expect(retry.json.manageUrl).toBe(first.json.manageUrl);
  });

  it('applies to the consulting form and the chat hand-off too', async () => {
    const key = uuid();
    expect((await post('/api/consulting', consultingBody({ clientRequestId: key }))).status).toBe(201);
    const res = await post('/api/consulting', consultingBody({ clientRequestId: key, message: 'Khác hẳn' }));
    expect(res.status).toBe(422);

    const chatKey = uuid();
    const chat = (fullName: string) => ({
      fullName,
      phone: '0934000333',
      transcript: [{ role: 'user', content: 'xe 7 chỗ' }],
      clientRequestId: chatKey,
    });
    expect((await post('/api/chat/handoff', chat('Khách Chat Thật'))).status).toBe(201);
    const chatAgain = await post('/api/chat/handoff', chat('Người Khác'));
    expect(chatAgain.status).toBe(422);
    expect(chatAgain.body).not.toContain('Khách Chat Thật');
  });

  it('applies to the seller’s form: its retry answers its lead, its key with another body 422', async () => {
    const body = purchaseBody({ fullName: 'Người Bán Đầu Tiên' });
    const first = await postPurchase(t, body, 0);
    expect(first.status, first.body).toBe(201);
    const again = await postPurchase(t, body, 0);
    expect(again.status).toBe(200);
    expect(again.json.reference).toBe(first.json.reference);
    const other = await postPurchase(t, { ...body, fullName: 'Người Dò Khóa' }, 0);
    expect(other.status).toBe(422);
    expect(other.body).not.toContain('Người Bán Đầu Tiên');
  });

  it('a keyless repeat is the same lead only when the body is the same: another name is another lead', async () => {
    const body = keyless(consultingBody({ fullName: 'Khách Không Khóa Một', phone: '0934000444' }));
    const first = await post('/api/consulting', body);
    expect(first.status).toBe(201);
    const other = await post('/api/consulting', { ...body, fullName: 'Người Dò Tên' });
    expect(other.status).toBe(201);
    expect(other.json.fullName).toBe('Người Dò Tên');
    expect(other.json.reference).not.toBe(first.json.reference);
  });
});

describe('lead references', () => {
  it('are made by the server, never taken from the client’s key', async () => {
    const key = 'abcdef01-2345-4678-9abc-def012345678';
    const res = await post('/api/consulting', consultingBody({ clientRequestId: key }));
    expect(res.status).toBe(201);
    expect(res.json.reference).toMatch(/^TV-[0-9A-F]{8}$/);
    expect(res.json.reference).not.toBe('TV-ABCDEF01');
  });
});
