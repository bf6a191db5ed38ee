import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_MISMATCH_MESSAGE } from '../../src/contract/common';
import { ManualClock } from '../../src/server/platform/clock';
import { startTestApp, type TestApp } from '../helpers/app';
import { raceTest } from '../helpers/race';
import {
  carStatus,
  freshAddress,
  newCar,
  openDeposits,
  openingMorning,
  reserve,
  visitor,
} from './reservations-fixtures';

let t: TestApp;
const clock = new ManualClock(openingMorning());
/** RESERVATION_HOLD_MINUTES' default: an unpaid reservation holds its car 30 minutes. */
const HOLD = 30 * 60_000;
let seller: { id: number; token: string };
let blogger: { id: number; token: string };

beforeAll(async () => {
  t = await startTestApp({ RESERVATION_RATE_LIMIT: '1000' }, { clock });
  seller = await t.createStaff(['MANAGE_CAR']);
  blogger = await t.createStaff(['MANAGE_BLOG']);
});
afterAll(() => t.close());

describe('before the showroom sets an account', () => {
  it('refuses a deposit with a Vietnamese 409 and holds nothing', async () => {
    const carId = await newCar(t, seller.token);
    const res = await t.call('POST', '/api/reservations', { ip: freshAddress(), body: visitor(carId) });
    expect(res.status).toBe(409);
    expect(res.json.message).toBe('Showroom chưa nhận đặt cọc trực tuyến. Vui lòng gọi hotline để giữ xe.');
    expect(await carStatus(t, carId)).toBe('available');
  });
});

describe('a visitor reserves a car', () => {
  beforeAll(() => openDeposits(t));

  it('gets the code, the amount, the account, the content, the deadline and a VietQR; the car is held', async () => {
    const carId = await newCar(t, seller.token);
    const res = await t.call('POST', '/api/reservations', { ip: freshAddress(), body: visitor(carId) });
    expect(res.status, res.body).toBe(201);
    const r = res.json;
    expect(r.code).toMatch(/^DC[2-9A-HJKMNP-Z]{6}$/);
    expect(r).toMatchObject({
      status: 'awaiting',
      statusLabel: 'Chờ thanh toán',
      carId,
      amount: 10_000_000,
      transferContent: r.code,
      bank: { bin: '970436', bankName: 'Vietcombank', accountNumber: '0071000123456' },
      customerName: 'Lê Thị Hoa',
    });
    expect(new Date(r.expiresAt).getTime() - clock.now().getTime()).toBe(HOLD);
    expect(r.qrPayload).toContain(`0808${r.code}`);
    expect(r.qrImage).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(r.qrImage.split(',')[1], 'base64').toString()).toContain('<svg');
    expect(r.url).toBe(
      `http://localhost:3000/reservations/${r.code}?token=${r.token}`.replace(
        'localhost:3000',
        new URL(r.url).host,
      ),
    );
    expect(await carStatus(t, carId)).toBe('pending');
    const mail = await t.mailContaining(r.code);
    expect(mail).toContain('Số tiền: 10.000.000 đ');
    expect(mail).toContain(`Nội dung chuyển khoản: ${r.code}`);
  });

  it('takes a share of the price when settings say so, rounded up to 100.000 đ', async () => {
    await openDeposits(t, { depositMode: 'percent', depositPercent: 3 });
    const carId = await newCar(t, seller.token, { sellPrice: 458_300_000 });
    const r = await reserve(t, carId);
    expect(r.amount).toBe(13_800_000); // 3% of 458,3 triệu = 13,749 triệu
    await openDeposits(t);
  });

  it('answers a retry of the same submission with the same reservation', async () => {
    const carId = await newCar(t, seller.token);
    const body = visitor(carId);
    const first = await t.call('POST', '/api/reservations', { ip: freshAddress(), body });
    const again = await t.call('POST', '/api/reservations', { ip: freshAddress(), body });
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.json.code).toBe(first.json.code);
    // The same id with another body is someone else's request: 422, nothing of the first.
    const other = await t.call('POST', '/api/reservations', {
      ip: freshAddress(),
      body: { ...body, fullName: 'Kẻ Dò Mã', phone: '0977000111', email: 'do@example.com' },
    });
    expect(other.status).toBe(422);
    expect(other.json.message).toBe(IDEMPOTENCY_MISMATCH_MESSAGE);
    expect(other.body).not.toContain(first.json.code);
    expect(other.body).not.toContain('Lê Thị Hoa');
  });

  it('refuses bad contact details per field, an unknown car, and writes nothing', async () => {
    const carId = await newCar(t, seller.token);
    const bad = await t.call('POST', '/api/reservations', {
      ip: freshAddress(),
      body: visitor(carId, { fullName: ' ', phone: '12345', email: 'hoa@' }),
    });
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toMatchObject({
      fullName: 'Vui lòng nhập họ tên',
      phone: 'Số điện thoại không hợp lệ',
      email: 'Email không hợp lệ',
    });
    expect(await carStatus(t, carId)).toBe('available');
    const unknown = await t.call('POST', '/api/reservations', { ip: freshAddress(), body: visitor(999_999) });
    expect(unknown.status).toBe(404);
    expect(unknown.json.message).toBe('Không tìm thấy xe');
  });

  it('refuses a held car with 409, a Vietnamese message and two similar cars', async () => {
    const carId = await newCar(t, seller.token);
    await newCar(t, seller.token);
    await newCar(t, seller.token);
    await reserve(t, carId);
    const res = await t.call('POST', '/api/reservations', {
      ip: freshAddress(),
      body: visitor(carId, { fullName: 'Phạm Minh' }),
    });
    expect(res.status).toBe(409);
    expect(res.json.message).toBe(
      'Xe này đang được giữ cho khách khác (Đang giao dịch). Bạn có thể xem các xe tương tự.',
    );
    expect(res.json.similar).toHaveLength(2);
    expect(res.json.similar.map((c: { carId: number }) => c.carId)).not.toContain(carId);
  });

  raceTest('gives the car to exactly one of two visitors racing for it', async () => {
    const carId = await newCar(t, seller.token);
    const answers = await Promise.all(
      ['Nguyễn An', 'Trần Bình', 'Lê Chi'].map((fullName) =>
        t.call('POST', '/api/reservations', { ip: freshAddress(), body: visitor(carId, { fullName }) }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    const list = await t.call('GET', '/api/reservations/admin', { token: seller.token, query: { carId } });
    expect(list.json.totalElements).toBe(1);
  });

  it('opens the page only with the token of the visitor link', async () => {
    const r = await reserve(t, await newCar(t, seller.token));
    const ok = await t.call('GET', `/api/reservations/${r.code}`, { query: { token: r.token } });
    expect(ok.status).toBe(200);
    expect(ok.json.code).toBe(r.code);
    const wrong = await t.call('GET', `/api/reservations/${r.code}`, { query: { token: 'x'.repeat(32) } });
    expect(wrong.status).toBe(404);
    expect(wrong.json.message).toBe('Không tìm thấy yêu cầu đặt cọc');
    const malformed = await t.call('GET', '/api/reservations/abc', { query: { token: r.token } });
    expect(malformed.status).toBe(400);
  });

  it('lets the visitor cancel before paying; the car is on sale again, and a second cancel is refused', async () => {
    const carId = await newCar(t, seller.token);
    const r = await reserve(t, carId);
    const res = await t.call('POST', `/api/reservations/${r.code}/cancel`, { body: { token: r.token } });
    expect(res.status, res.body).toBe(200);
    expect(res.json.status).toBe('cancelled');
    expect(await carStatus(t, carId)).toBe('available');
    const again = await t.call('POST', `/api/reservations/${r.code}/cancel`, { body: { token: r.token } });
    expect(again.status).toBe(409);
    const forged = await t.call('POST', `/api/reservations/${r.code}/cancel`, {
      body: { token: 'y'.repeat(32) },
    });
    expect(forged.status).toBe(404);
  });
});

describe('an unpaid reservation past its deadline', () => {
  it('expires by itself, frees the car, and the car can be reserved again', async () => {
    await openDeposits(t);
    const carId = await newCar(t, seller.token);
    const r = await reserve(t, carId);
    clock.advance(HOLD - 1_000);
    expect(
      (await t.call('GET', `/api/reservations/${r.code}`, { query: { token: r.token } })).json.status,
    ).toBe('awaiting');
    clock.advance(2_000);
    const read = await t.call('GET', `/api/reservations/${r.code}`, { query: { token: r.token } });
    expect(read.json).toMatchObject({ status: 'expired', statusLabel: 'Hết hạn' });
    expect(await carStatus(t, carId)).toBe('available');
    await t.mailContaining(`Mã đặt cọc: ${r.code}`, 'yêu cầu giữ xe đã hết hạn');
    const next = await reserve(t, carId, { fullName: 'Phạm Minh' });
    expect(next.status).toBe('awaiting');
    const cancel = await t.call('POST', `/api/reservations/${r.code}/cancel`, { body: { token: r.token } });
    expect(cancel.status).toBe(409);
  });

  it('is expired by the next reservation of its car, which then holds the car', async () => {
    const carId = await newCar(t, seller.token);
    await reserve(t, carId);
    clock.advance(HOLD + 1_000);
    // Nobody read it and no sweep ran: the new reservation finds the lapsed one itself.
    const next = await reserve(t, carId, { fullName: 'Đỗ Quang' });
    expect(next.status).toBe('awaiting');
    expect(await carStatus(t, carId)).toBe('pending');
  });

  it('is expired by the sweep even when nobody reads it, once', async () => {
    const carId = await newCar(t, seller.token);
    const r = await reserve(t, carId);
    clock.advance(3 * 3_600_000);
    const list = await t.call('GET', '/api/reservations/admin', {
      token: seller.token,
      query: { search: r.code },
    });
    expect(list.json.content[0].status).toBe('expired');
    expect(await carStatus(t, carId)).toBe('available');
    const audits = await t.call('GET', '/api/audit', {
      token: t.adminToken,
      query: { entity: 'reservation', size: 100 },
    });
    if (audits.status === 200) {
      const expiries = (audits.json.content as { action: string; entityId: string }[]).filter(
        (a) => a.action === 'expire' && a.entityId === String(list.json.content[0].reservationId),
      );
      expect(expiries.length).toBeLessThanOrEqual(1);
    }
  });
});

describe('staff permissions', () => {
  it('need MANAGE_CAR for the list, the actions and the bank notifications', async () => {
    for (const [method, url] of [
      ['GET', '/api/reservations/admin'],
      ['POST', '/api/reservations/admin/1/mark-paid'],
      ['POST', '/api/reservations/admin/1/extend'],
      ['POST', '/api/reservations/admin/1/cancel'],
      ['POST', '/api/reservations/admin/1/refund'],
      ['GET', '/api/payments/admin'],
      ['POST', '/api/payments/admin/1/handled'],
    ] as const) {
      expect((await t.call(method, url, { token: blogger.token, body: {} })).status, url).toBe(403);
      expect((await t.call(method, url, { body: {} })).status, url).toBe(401);
    }
  });
});
