import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentNotifications } from '../../src/server/db/schema';
import { ManualClock } from '../../src/server/platform/clock';
import { STAFF_PASSWORD, startTestApp, type TestApp } from '../helpers/app';
import {
  carStatus,
  freshAddress,
  newCar,
  openDeposits,
  openingMorning,
  reserve,
  transfer,
  visitor,
  webhook,
} from './reservations-fixtures';

let t: TestApp;
const clock = new ManualClock(openingMorning());
/** 18:00 in Vietnam (the demo's closing) `days` after the clock's day, as an ISO string. */
const closingIn = (days: number) => {
  const day = Math.floor((clock.now().getTime() + 7 * 3_600_000) / 86_400_000) + days;
  return new Date(day * 86_400_000 + 11 * 3_600_000).toISOString();
};
/** RESERVATION_HOLD_MINUTES' default: an unpaid reservation holds its car 30 minutes. */
const HOLD = 30 * 60_000;
let seller: { id: number; token: string };

beforeAll(async () => {
  t = await startTestApp({ RESERVATION_RATE_LIMIT: '1000' }, { clock });
  seller = await t.createStaff(['MANAGE_CAR']);
  await openDeposits(t);
});
afterAll(() => t.close());

const adminView = async (code: string) => {
  const res = await t.call('GET', '/api/reservations/admin', {
    token: seller.token,
    query: { search: code },
  });
  expect(res.status, res.body).toBe(200);
  return res.json.content[0];
};
const outcomes = async () =>
  // In the order received: a table read without an order may come back in any order (an update moves a row).
  (await t.ctx.db.select().from(paymentNotifications).orderBy(asc(paymentNotifications.id))).map((p) => ({
    id: p.providerId,
    outcome: p.outcome,
  }));

describe('the bank-transfer webhook (SePay)', () => {
  it('refuses a wrong or missing key with 401, malformed JSON and amounts not in whole đồng with 400, storing nothing', async () => {
    const before = (await outcomes()).length;
    expect((await webhook(t, transfer('DC2345AB', 10_000_000), 'wrong')).status).toBe(401);
    expect((await t.call('POST', '/api/payments/sepay', { body: transfer('x', 1) })).status).toBe(401);
    const malformed = await t.call('POST', '/api/payments/sepay', {
      body: '{"id": 1, "content": ',
      headers: { authorization: 'Apikey sepay-test-key-0123456789', 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    for (const transferAmount of ['10.000.000', 10_000_000.5, -5]) {
      const res = await webhook(t, transfer('DC2345AB', 0, { transferAmount }));
      expect(res.status, String(transferAmount)).toBe(400);
      expect(res.json.message).toMatch(/Số tiền \(transferAmount\)/);
    }
    expect((await outcomes()).length).toBe(before);
  });

  it('confirms a covering transfer whose content carries the code: paid, held 3 days, receipt, bell, once', async () => {
    const carId = await newCar(t, seller.token);
    const r = await reserve(t, carId);
    const note = transfer(`MBVCB.3344.${r.code.toLowerCase()}.chuyen coc`, 10_000_000);
    const res = await webhook(t, note);
    expect(res.status, res.body).toBe(200);
    expect(res.json).toEqual({ success: true });
    const page = await t.call('GET', `/api/reservations/${r.code}`, { query: { token: r.token } });
    expect(page.json).toMatchObject({ status: 'paid', statusLabel: 'Đã đặt cọc' });
    // Three days on, to that day's closing (18:00 in Vietnam): never an evening hour.
    expect(page.json.holdUntil).toBe(closingIn(3));
    expect(await carStatus(t, carId)).toBe('pending');
    // The receipt goes out after the answer: wait for it, not for the request's mail already there.
    await t.mailContaining(`Mã đặt cọc: ${r.code}`, 'Showroom đã nhận 10.000.000 đ tiền cọc');
    expect(await adminView(r.code)).toMatchObject({
      paidVia: 'webhook',
      paidAmount: 10_000_000,
      bankReference: note.referenceCode,
    });
    // The bell rings after the answer (the notifier is not kept waiting).
    const bell = async () =>
      JSON.stringify(
        (await t.call('GET', `/api/notifications/unread/${seller.id}`, { token: seller.token })).json,
      );
    await expect.poll(bell).toContain(`Đã nhận cọc 10 triệu (${r.code})`);

    // The same notification delivered again: acknowledged, stored once, nothing changes.
    const again = await webhook(t, note);
    expect(again.status).toBe(200);
    expect((await outcomes()).filter((o) => o.id === String(note.id))).toEqual([
      { id: String(note.id), outcome: 'confirmed' },
    ]);
    // A second transfer for a paid reservation is recorded for staff, never applied.
    await webhook(t, transfer(r.code, 10_000_000));
    expect((await outcomes()).at(-1)?.outcome).toBe('duplicate');
  });

  it('recognises a redelivery whose id is written differently ("01009" is 1009): stored and acted on once', async () => {
    const r = await reserve(t, await newCar(t, seller.token), {
      phone: '0901 009 009',
      email: 'id@example.com',
    });
    const first = transfer(`${r.code} coc`, 10_000_000, { id: 771_009 });
    expect((await webhook(t, first)).status).toBe(200);
    for (const id of ['771009', '0771009', '000771009']) {
      const again = await webhook(t, { ...first, id });
      expect(again.status, id).toBe(200);
    }
    expect((await outcomes()).filter((o) => o.id.replace(/^0+/, '') === '771009')).toEqual([
      { id: '771009', outcome: 'confirmed' },
    ]);
    // A zero alone is an id like any other.
    expect((await webhook(t, transfer('không mã', 1, { id: '000' }))).status).toBe(200);
    expect((await outcomes()).at(-1)).toEqual({ id: '0', outcome: 'unknown' });
  });

  it('records a short, a late, an unknown, an outgoing and a wrong-account transfer without confirming anything', async () => {
    const short = await reserve(t, await newCar(t, seller.token));
    await webhook(t, transfer(short.code, 9_999_999));
    expect((await outcomes()).at(-1)?.outcome).toBe('short');
    expect((await adminView(short.code)).status).toBe('awaiting');

    await webhook(t, transfer('chuyen tien xe', 10_000_000));
    expect((await outcomes()).at(-1)?.outcome).toBe('unknown');
    await webhook(t, transfer(short.code, 10_000_000, { transferType: 'out' }));
    expect((await outcomes()).at(-1)?.outcome).toBe('outgoing');
    await webhook(t, transfer(short.code, 10_000_000, { accountNumber: '999988887777' }));
    expect((await outcomes()).at(-1)?.outcome).toBe('wrongAccount');
    expect((await adminView(short.code)).status).toBe('awaiting');

    const carId = await newCar(t, seller.token);
    const late = await reserve(t, carId);
    clock.advance(HOLD + 1);
    await webhook(t, transfer(late.code, 10_000_000));
    expect((await outcomes()).at(-1)?.outcome).toBe('late');
    expect((await adminView(late.code)).status).toBe('expired');
    expect(await carStatus(t, carId)).toBe('available');

    const pending = await t.call('GET', '/api/payments/admin', {
      token: seller.token,
      query: { pending: true, size: 50 },
    });
    expect(pending.status, pending.body).toBe(200);
    const kinds = pending.json.content.map((p: { outcome: string }) => p.outcome);
    expect(kinds).toEqual(expect.arrayContaining(['short', 'unknown', 'wrongAccount', 'late', 'duplicate']));
    expect(kinds).not.toContain('confirmed');
    expect(kinds).not.toContain('outgoing');
    const first = pending.json.content[0];
    const handled = await t.call('POST', `/api/payments/admin/${first.paymentId}/handled`, {
      token: seller.token,
      body: { note: 'Đã gọi khách, hoàn tiền chuyển thừa' },
    });
    expect(handled.status, handled.body).toBe(200);
    expect(handled.json.handledNote).toBe('Đã gọi khách, hoàn tiền chuyển thừa');
    const twice = await t.call('POST', `/api/payments/admin/${first.paymentId}/handled`, {
      token: seller.token,
      body: { note: 'x' },
    });
    expect(twice.status).toBe(409);
  });
});

describe('staff confirm, extend, cancel and refund', () => {
  it('marks a late payment paid by hand when the car is still free, and refuses when it is not', async () => {
    const carId = await newCar(t, seller.token);
    const r = await reserve(t, carId);
    clock.advance(HOLD + 1);
    const id = (await adminView(r.code)).reservationId;
    const other = await reserve(t, carId, { fullName: 'Phạm Minh' });
    const refused = await t.call('POST', `/api/reservations/admin/${id}/mark-paid`, {
      token: seller.token,
      body: { bankReference: 'FT1' },
    });
    expect(refused.status).toBe(409);
    await t.call('POST', `/api/reservations/${other.code}/cancel`, { body: { token: other.token } });
    const paid = await t.call('POST', `/api/reservations/admin/${id}/mark-paid`, {
      token: seller.token,
      body: { bankReference: 'FT1' },
    });
    expect(paid.status, paid.body).toBe(200);
    expect(paid.json).toMatchObject({ status: 'paid', paidVia: 'manual', bankReference: 'FT1' });
    expect(await carStatus(t, carId)).toBe('pending');
    const blank = await t.call('POST', `/api/reservations/admin/${id}/mark-paid`, {
      token: seller.token,
      body: { bankReference: '' },
    });
    expect(blank.status).toBe(400);
  });

  it('extends a deadline and a hold, cancels, refunds at most what was received, and audits each step', async () => {
    const carId = await newCar(t, seller.token);
    const r = await reserve(t, carId);
    const id = (await adminView(r.code)).reservationId;
    const call = (path: string, body: unknown) =>
      t.call('POST', `/api/reservations/admin/${id}/${path}`, { token: seller.token, body });
    const extended = await call('extend', { hours: 24 });
    expect(new Date(extended.json.expiresAt).getTime() - new Date(r.expiresAt).getTime()).toBe(
      24 * 3_600_000,
    );
    expect((await call('extend', { hours: 0 })).status).toBe(400);
    expect((await call('refund', { amount: 1_000_000, reason: 'Khách đổi ý' })).status).toBe(409);
    await webhook(t, transfer(r.code, 10_000_000));
    const held = await call('extend', { hours: 48 });
    expect(held.json.holdUntil).toBe(closingIn(5));
    const tooMuch = await call('refund', { amount: 10_000_001, reason: 'Khách đổi ý' });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.json.message).toBe('Số tiền hoàn không được lớn hơn số tiền đã nhận');
    const refunded = await call('refund', {
      amount: 10_000_000,
      reason: 'Khách đổi ý',
      reference: 'FT-HOAN-1',
    });
    expect(refunded.status, refunded.body).toBe(200);
    expect(refunded.json).toMatchObject({
      status: 'refunded',
      refundAmount: 10_000_000,
      refundReference: 'FT-HOAN-1',
    });
    expect(await carStatus(t, carId)).toBe('available');
    expect(await t.mailContaining('FT-HOAN-1')).toContain('Khách đổi ý');
    expect((await call('cancel', { reason: 'x' })).status).toBe(409);
    const audit = await t.call('GET', '/api/audit', {
      token: t.adminToken,
      query: { entity: 'reservation', size: 100 },
    });
    expect(audit.status, audit.body).toBe(200);
    const actions = audit.json.content
      .filter((a: { entityId: string }) => a.entityId === String(id))
      .map((a: { action: string }) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['create', 'extend', 'pay', 'refund']));
  });

  it('a sale of a held car keeps the deposit on the sale and closes the reservation', async () => {
    const carId = await newCar(t, seller.token);
    const r = await reserve(t, carId);
    await webhook(t, transfer(r.code, 10_000_000));
    const sale = await t.call('POST', '/api/soldhistory', {
      token: seller.token,
      body: {
        carId,
        buyerName: 'Lê Thị Hoa',
        buyerPhone: '0912345678',
        salePrice: 450_000_000,
        paymentMethod: 'TRANSFER',
      },
    });
    expect(sale.status, sale.body).toBe(201);
    expect(sale.json.deposit).toEqual({ code: r.code, amount: 10_000_000 });
    expect(await adminView(r.code)).toMatchObject({
      status: 'sold',
      statusLabel: 'Đã bán',
      saleId: sale.json.transactionId,
    });
    expect(await t.mailContaining('Tiền cọc 10.000.000 đ đã được trừ vào giá xe.')).toContain(
      `Mã đặt cọc: ${r.code}`,
    );
    const again = await t.call('POST', '/api/reservations', { ip: freshAddress(), body: visitor(carId) });
    expect(again.status).toBe(409);
    expect(again.json.message).toBe('Xe này đã được bán. Bạn có thể xem các xe tương tự.');
  });

  it('a sale of a car held by an unpaid request cancels the request and tells its visitor', async () => {
    const carId = await newCar(t, seller.token);
    const r = await reserve(t, carId);
    const sale = await t.call('POST', '/api/soldhistory', {
      token: seller.token,
      body: {
        carId,
        buyerName: 'Khách tại showroom',
        buyerPhone: '0987654321',
        salePrice: 450_000_000,
        paymentMethod: 'CASH',
      },
    });
    expect(sale.status, sale.body).toBe(201);
    expect(sale.json.deposit).toBeNull();
    expect(await adminView(r.code)).toMatchObject({ status: 'cancelled', cancelReason: 'Xe đã được bán' });
    await t.mailContaining(`Mã đặt cọc: ${r.code}`, 'Showroom đã hủy yêu cầu giữ xe: Xe đã được bán');
  });

  it('cancelling an unpaid request puts the car back on sale and tells the visitor', async () => {
    const carId = await newCar(t, seller.token);
    const r = await reserve(t, carId);
    const id = (await adminView(r.code)).reservationId;
    const res = await t.call('POST', `/api/reservations/admin/${id}/cancel`, {
      token: seller.token,
      body: { reason: 'Xe cần sửa thêm' },
    });
    expect(res.status, res.body).toBe(200);
    expect(res.json.status).toBe('cancelled');
    expect(await carStatus(t, carId)).toBe('available');
    expect(await t.mailContaining('Xe cần sửa thêm')).toContain(r.code);
    const rows = await t.ctx.db
      .select()
      .from(paymentNotifications)
      .where(eq(paymentNotifications.reservationId, id));
    expect(rows).toEqual([]);
  });
});

describe('statistics', () => {
  it('count the deposits made, paid, sold, expired, cancelled and refunded, and the money received', async () => {
    const res = await t.call('GET', '/api/dashboard/reservations', { token: seller.token });
    expect(res.status, res.body).toBe(200);
    const all = await t.call('GET', '/api/reservations/admin', { token: seller.token, query: { size: 100 } });
    const rows = all.json.content as { status: string; paidAt: string | null; paidAmount: number | null }[];
    const count = (s: string) => rows.filter((r) => r.status === s).length;
    const paid = rows.filter((r) => r.paidAt !== null);
    expect(res.json).toMatchObject({
      created: rows.length,
      paid: paid.length,
      sold: count('sold'),
      expired: count('expired'),
      cancelled: count('cancelled'),
      refunded: count('refunded'),
      depositsReceived: paid.reduce((n, r) => n + (r.paidAmount ?? 0), 0),
    });
    expect(res.json.sold).toBeGreaterThan(0);
    expect(res.json.paidToSaleRate).toBeCloseTo(res.json.sold / res.json.paid);
    const other = await t.createStaff(['MANAGE_SERVICE']);
    expect((await t.call('GET', '/api/dashboard/reservations', { token: other.token })).status).toBe(403);
  });
});

describe('a paid hold that runs out', () => {
  it('keeps the car held, is marked lapsed, and rings the car managers once', async () => {
    const manager = await t.createStaff(['MANAGE_CAR']);
    const carId = await newCar(t, seller.token);
    const r = await reserve(t, carId);
    await webhook(t, transfer(r.code, 10_000_000));
    clock.set(new Date(new Date(closingIn(3)).getTime() + 60_000));
    // Sessions idle that long are signed out: the manager signs in again.
    manager.token = await t.login(manager.username, STAFF_PASSWORD);
    const read = async () =>
      (await t.call('GET', '/api/reservations/admin', { token: manager.token, query: { search: r.code } }))
        .json.content[0];
    expect(await read()).toMatchObject({ status: 'paid', holdLapsed: true });
    await read();
    expect(await carStatus(t, carId)).toBe('pending');
    const bell = await t.call('GET', `/api/notifications/unread/${manager.id}`, { token: manager.token });
    const lapses = (bell.json as { message: string }[]).filter((n) =>
      n.message.includes(`(${r.code}) đã cọc`),
    );
    expect(lapses).toHaveLength(1);
    expect(lapses[0].message).toContain('liên hệ Lê Thị Hoa để gia hạn, bán hoặc hoàn cọc');
  });
});
