import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vnDayKey } from '../../src/contract/format';
import { auditLog, sales } from '../../src/server/db/schema';
import { startTestApp, type TestApp } from '../helpers/app';
import { raceTest } from '../helpers/race';
import { carBody } from './cars-fixtures';

let t: TestApp;
let seller: { id: number; token: string };
let seller2: { id: number; token: string };
let blogger: { id: number; token: string };

beforeAll(async () => {
  t = await startTestApp();
  seller = await t.createStaff(['MANAGE_CAR']);
  seller2 = await t.createStaff(['MANAGE_CAR']);
  blogger = await t.createStaff(['MANAGE_BLOG']);
});
afterAll(() => t.close());

async function newCar(over = {}) {
  const res = await t.call('POST', '/api/cars/admin/add', { token: seller.token, body: carBody(over) });
  expect(res.status, res.body).toBe(201);
  return res.json.carId as number;
}

const sale = (carId: number, over: Record<string, unknown> = {}) => ({
  carId,
  buyerName: 'Trần Văn Bình',
  buyerPhone: '0912 345 678',
  buyerEmail: 'binh@example.com',
  salePrice: 450_000_000,
  purchasePrice: 410_000_000,
  saleDate: '15/03/2025',
  paymentMethod: 'TRANSFER',
  note: 'Khách trả đủ trong ngày',
  ...over,
});

describe('recording a sale', () => {
  it('creates the transaction and marks the car sold in the same step', async () => {
    const carId = await newCar();
    const res = await t.call('POST', '/api/soldhistory', { token: seller.token, body: sale(carId) });
    expect(res.status, res.body).toBe(201);
    expect(res.json).toMatchObject({
      status: 'active',
      carId,
      carName: 'Toyota Vios 1.5G CVT',
      brand: 'Toyota',
      listPrice: 458_000_000,
      carStatus: 'sold',
      buyerName: 'Trần Văn Bình',
      buyerPhone: '0912345678',
      buyerEmail: 'binh@example.com',
      salePrice: 450_000_000,
      purchasePrice: 410_000_000,
      margin: 40_000_000,
      saleDate: '2025-03-15',
      paymentMethod: 'TRANSFER',
      salesperson: { userId: seller.id },
      createdBy: { userId: seller.id },
      cancelledAt: null,
    });
    expect((await t.call('GET', `/api/cars/${carId}`)).json.status).toBe('sold');
    expect(
      (await t.call('GET', '/api/cars')).json.content.map((c: { carId: number }) => c.carId),
    ).not.toContain(carId);
    const audit = await t.ctx.db.select().from(auditLog).where(eq(auditLog.entity, 'sale'));
    expect(audit.some((a) => a.entityId === String(res.json.transactionId) && a.action === 'create')).toBe(
      true,
    );
  });

  it('names another salesperson, defaults the date to today', async () => {
    const carId = await newCar();
    const res = await t.call('POST', '/api/soldhistory', {
      token: seller.token,
      body: sale(carId, {
        salespersonId: seller2.id,
        saleDate: undefined,
        buyerEmail: '',
        purchasePrice: '',
      }),
    });
    expect(res.status, res.body).toBe(201);
    expect(res.json.salesperson.userId).toBe(seller2.id);
    expect(res.json.saleDate).toBe(vnDayKey(new Date()));
    expect(res.json.buyerEmail).toBeNull();
    expect(res.json.margin).toBeNull();
  });

  it('refuses a second sale of a sold car with 409', async () => {
    const carId = await newCar();
    expect(
      (await t.call('POST', '/api/soldhistory', { token: seller.token, body: sale(carId) })).status,
    ).toBe(201);
    const again = await t.call('POST', '/api/soldhistory', { token: seller2.token, body: sale(carId) });
    expect(again.status).toBe(409);
    expect(again.json.message).toBe('Xe này đã được bán');
  });

  raceTest('two staff selling the same car at once: exactly one wins, the other gets 409', async () => {
    for (let round = 0; round < 3; round++) {
      const carId = await newCar();
      const [a, b] = await Promise.all([
        t.call('POST', '/api/soldhistory', {
          token: seller.token,
          body: sale(carId, { buyerName: 'Khách A' }),
        }),
        t.call('POST', '/api/soldhistory', {
          token: seller2.token,
          body: sale(carId, { buyerName: 'Khách B' }),
        }),
      ]);
      expect([a.status, b.status].sort()).toEqual([201, 409]);
      const rows = await t.ctx.db.select().from(sales).where(eq(sales.carId, carId));
      expect(rows).toHaveLength(1);
      expect((await t.call('GET', `/api/cars/${carId}`)).json.status).toBe('sold');
    }
  });

  it('validates the sale with Vietnamese messages', async () => {
    const carId = await newCar();
    const bad: [Record<string, unknown>, string, RegExp][] = [
      [{ buyerName: '' }, 'buyerName', /Vui lòng nhập tên người mua/],
      [{ buyerPhone: '' }, 'buyerPhone', /Vui lòng nhập số điện thoại/],
      [{ buyerPhone: '123' }, 'buyerPhone', /Số điện thoại không hợp lệ/],
      [{ buyerEmail: 'khong-phai-email' }, 'buyerEmail', /Email không hợp lệ/],
      [{ salePrice: 'abc' }, 'salePrice', /Giá bán không hợp lệ/],
      [{ saleDate: '31/02/2025' }, 'saleDate', /Ngày bán không hợp lệ/],
      [{ saleDate: '01/01/2999' }, 'saleDate', /Ngày bán không được ở tương lai/],
      [{ paymentMethod: 'BITCOIN' }, 'paymentMethod', /hình thức thanh toán/],
    ];
    for (const [over, field, message] of bad) {
      const res = await t.call('POST', '/api/soldhistory', { token: seller.token, body: sale(carId, over) });
      expect(res.status, field).toBe(400);
      expect(res.json.errors[field]).toMatch(message);
    }
    const inactive = await t.call('POST', '/api/soldhistory', {
      token: seller.token,
      body: sale(carId, { salespersonId: 999_999 }),
    });
    expect(inactive.status).toBe(400);
    expect(
      (await t.call('POST', '/api/soldhistory', { token: seller.token, body: sale(999_999) })).status,
    ).toBe(404);
    expect((await t.call('GET', `/api/cars/${carId}`)).json.status).toBe('available');
  });

  it('a pending car can be sold', async () => {
    const carId = await newCar({ status: 'pending' });
    expect(
      (await t.call('POST', '/api/soldhistory', { token: seller.token, body: sale(carId) })).status,
    ).toBe(201);
  });
});

describe('cancelling a sale', () => {
  it('puts the car back on sale, keeps the row, and refuses a second cancel', async () => {
    const carId = await newCar();
    const created = await t.call('POST', '/api/soldhistory', { token: seller.token, body: sale(carId) });
    const id = created.json.transactionId;
    expect(
      (
        await t.call('PUT', `/api/cars/admin/${carId}/status`, {
          token: seller.token,
          body: { status: 'available' },
        })
      ).status,
    ).toBe(409);
    const noReason = await t.call('PUT', `/api/soldhistory/${id}/cancel`, {
      token: seller.token,
      body: { reason: ' ' },
    });
    expect(noReason.status).toBe(400);
    const res = await t.call('PUT', `/api/soldhistory/${id}/cancel`, {
      token: seller2.token,
      body: { reason: 'Khách đổi ý' },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      status: 'cancelled',
      carStatus: 'available',
      cancelReason: 'Khách đổi ý',
      cancelledBy: { userId: seller2.id },
    });
    expect((await t.call('GET', `/api/cars/${carId}`)).json.status).toBe('available');
    const again = await t.call('PUT', `/api/soldhistory/${id}/cancel`, {
      token: seller.token,
      body: { reason: 'Lần hai' },
    });
    expect(again.status).toBe(409);
    // The car can be sold again after a cancellation.
    expect(
      (await t.call('POST', '/api/soldhistory', { token: seller.token, body: sale(carId) })).status,
    ).toBe(201);
    expect(
      (await t.call('PUT', '/api/soldhistory/999999/cancel', { token: seller.token, body: { reason: 'x' } }))
        .status,
    ).toBe(404);
  });

  raceTest('concurrent cancel and sale keep status and history consistent', async () => {
    const carId = await newCar();
    const first = await t.call('POST', '/api/soldhistory', { token: seller.token, body: sale(carId) });
    const [cancel, resell] = await Promise.all([
      t.call('PUT', `/api/soldhistory/${first.json.transactionId}/cancel`, {
        token: seller.token,
        body: { reason: 'Hủy' },
      }),
      t.call('POST', '/api/soldhistory', { token: seller2.token, body: sale(carId) }),
    ]);
    expect(cancel.status).toBe(200);
    const rows = await t.ctx.db.select().from(sales).where(eq(sales.carId, carId));
    const active = rows.filter((r) => r.cancelledAt === null);
    const status = (await t.call('GET', `/api/cars/${carId}`)).json.status;
    if (resell.status === 201) {
      expect(active).toHaveLength(1);
      expect(status).toBe('sold');
    } else {
      expect(resell.status).toBe(409);
      expect(active).toHaveLength(0);
      expect(status).toBe('available');
    }
  });

  it('a car with a sale on record (even cancelled) cannot be deleted: 409', async () => {
    const carId = await newCar();
    const s = await t.call('POST', '/api/soldhistory', { token: seller.token, body: sale(carId) });
    await t.call('PUT', `/api/soldhistory/${s.json.transactionId}/cancel`, {
      token: seller.token,
      body: { reason: 'Hủy' },
    });
    const res = await t.call('DELETE', `/api/cars/admin/${carId}`, { token: seller.token });
    expect(res.status).toBe(409);
    expect(res.json.message).toMatch(/đã có giao dịch bán/);
    expect((await t.call('GET', `/api/cars/${carId}`)).status).toBe(200);
  });
});

describe('GET /api/soldhistory', () => {
  beforeAll(async () => {
    const dated: [string, string, string][] = [
      ['Phạm Thị Lan', '2024-01-10', 'CASH'],
      ['Đỗ Quang Huy', '2024-06-20', 'INSTALLMENT'],
      ['Lê Thu Trang', '2024-12-31', 'TRANSFER'],
    ];
    for (const [buyerName, saleDate, paymentMethod] of dated) {
      const carId = await newCar({ carName: 'Hyundai Tucson 2.0', brand: 'Hyundai', model: 'Tucson' });
      await t.call('POST', '/api/soldhistory', {
        token: seller.token,
        body: sale(carId, { buyerName, saleDate, paymentMethod }),
      });
    }
  });

  it('pages newest sale first, default page 1 size 5', async () => {
    const res = await t.call('GET', '/api/soldhistory', { token: seller.token });
    expect(res.status).toBe(200);
    expect(res.json.page).toBe(1);
    expect(res.json.size).toBe(5);
    expect(res.json.content).toHaveLength(5);
    const dates = res.json.content.map((s: { saleDate: string }) => s.saleDate);
    expect(dates).toEqual([...dates].sort().reverse());
    const last = await t.call('GET', '/api/soldhistory', {
      token: seller.token,
      query: { page: res.json.totalPages },
    });
    expect(last.json.content.length).toBeGreaterThan(0);
  });

  it('searches buyer and car without accents, filters by date range, status and payment', async () => {
    const lan = await t.call('GET', '/api/soldhistory', {
      token: seller.token,
      query: { search: 'pham thi lan' },
    });
    expect(lan.json.content.map((s: { buyerName: string }) => s.buyerName)).toEqual(['Phạm Thị Lan']);
    const tucson = await t.call('GET', '/api/soldhistory', {
      token: seller.token,
      query: { search: 'tucson', size: 50 },
    });
    expect(tucson.json.totalElements).toBe(3);
    const range = await t.call('GET', '/api/soldhistory', {
      token: seller.token,
      query: { from: '01/06/2024', to: '2024-12-31', size: 50 },
    });
    expect(range.json.content.map((s: { buyerName: string }) => s.buyerName).sort()).toEqual([
      'Lê Thu Trang',
      'Đỗ Quang Huy',
    ]);
    const cancelled = await t.call('GET', '/api/soldhistory', {
      token: seller.token,
      query: { status: 'cancelled', size: 50 },
    });
    expect(cancelled.json.content.every((s: { status: string }) => s.status === 'cancelled')).toBe(true);
    expect(cancelled.json.totalElements).toBeGreaterThanOrEqual(2);
    const inst = await t.call('GET', '/api/soldhistory', {
      token: seller.token,
      query: { paymentMethod: 'INSTALLMENT' },
    });
    expect(inst.json.content.map((s: { buyerName: string }) => s.buyerName)).toEqual(['Đỗ Quang Huy']);
    const ofCar = await t.call('GET', '/api/soldhistory', {
      token: seller.token,
      query: { carId: inst.json.content[0].carId },
    });
    expect(ofCar.json.content.map((s: { buyerName: string }) => s.buyerName)).toEqual(['Đỗ Quang Huy']);
    expect(
      (await t.call('GET', '/api/soldhistory', { token: seller.token, query: { carId: 'xe-1' } })).json
        .message,
    ).toBe('Mã xe không hợp lệ');
    const bad = await t.call('GET', '/api/soldhistory', {
      token: seller.token,
      query: { from: '2025-01-01', to: '2024-01-01' },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe('Từ ngày không được sau đến ngày');
    expect(
      (await t.call('GET', '/api/soldhistory', { token: seller.token, query: { from: 'hôm qua' } })).status,
    ).toBe(400);
  });

  it('shows one transaction; 404 when unknown', async () => {
    const list = await t.call('GET', '/api/soldhistory', {
      token: seller.token,
      query: { search: 'Lê Thu Trang' },
    });
    const id = list.json.content[0].transactionId;
    const res = await t.call('GET', `/api/soldhistory/${id}`, { token: seller.token });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      transactionId: id,
      buyerName: 'Lê Thu Trang',
      saleDate: '2024-12-31',
      paymentMethod: 'TRANSFER',
    });
    expect((await t.call('GET', '/api/soldhistory/999999', { token: seller.token })).status).toBe(404);
    expect((await t.call('GET', '/api/soldhistory/abc', { token: seller.token })).status).toBe(400);
  });

  it('lists who can be named as salesperson (MANAGE_CAR holders and admins)', async () => {
    const res = await t.call('GET', '/api/soldhistory/salespeople', { token: seller.token });
    const ids = res.json.map((p: { userId: number }) => p.userId);
    expect(ids).toContain(seller.id);
    expect(ids).toContain(seller2.id);
    expect(ids).not.toContain(blogger.id);
  });

  it('refuses staff without MANAGE_CAR', async () => {
    expect((await t.call('GET', '/api/soldhistory', { token: blogger.token })).status).toBe(403);
    expect((await t.call('POST', '/api/soldhistory', { token: blogger.token, body: sale(1) })).status).toBe(
      403,
    );
    expect((await t.call('GET', '/api/soldhistory')).status).toBe(401);
  });
});
