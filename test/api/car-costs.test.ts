import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CarCosts } from '../../src/contract/car-cost-ledger';
import { vnDayKey } from '../../src/contract/format';
import { auditLog } from '../../src/server/db/schema';
import { ManualClock } from '../../src/server/platform/clock';
import { startTestApp, type TestApp } from '../helpers/app';
import { carBody, multipart } from './cars-fixtures';
import { newPurchase, offer } from './purchases-fixtures';
import { importPriceList } from './valuation-fixtures';

const DAY = 86_400_000;
let t: TestApp;
let clock: ManualClock;
let manager: { token: string; id: number };
let viewer: { token: string };
let both: { token: string };

/** yyyy-mm-dd and dd/mm/yyyy of n days before the test clock's today. */
const ago = (n: number) => vnDayKey(clock.now().getTime() - n * DAY);
const vn = (key: string) => key.split('-').reverse().join('/');

async function newCar(sellPrice: number) {
  const res = await t.call('POST', '/api/cars/admin/add', {
    token: manager.token,
    body: carBody({ sellPrice }),
  });
  expect(res.status, res.body).toBe(201);
  return res.json.carId as number;
}
const costs = async (carId: number) => {
  const res = await t.call('GET', `/api/cars/admin/${carId}/costs`, { token: manager.token });
  expect(res.status, res.body).toBe(200);
  return res.json as CarCosts;
};
/** Moves the test clock on (sessions stay open for a week: beforeAll sets the idle limit to 168 h). */
async function moveDays(n: number) {
  clock.advance(n * DAY);
}
const addLine = (carId: number, body: Record<string, unknown>, token = manager.token) =>
  t.call('POST', `/api/cars/admin/${carId}/costs`, { token, body });

beforeAll(async () => {
  clock = new ManualClock(new Date());
  t = await startTestApp({}, { clock });
  manager = await t.createStaff(['MANAGE_CAR']);
  viewer = await t.createStaff(['MANAGE_BLOG']);
  both = await t.createStaff(['MANAGE_SERVICE', 'MANAGE_CAR']);
  const idle = await t.call('PUT', '/api/web-configuration', {
    token: t.adminToken,
    body: { sessionIdleHours: 168 },
  });
  expect(idle.status, idle.body).toBe(200);
});
afterAll(() => t.close());

describe('the ledger arithmetic', () => {
  it('adds dated lines, accrues holding cost daily from the purchase day and rounds to whole đồng', async () => {
    const carId = await newCar(500_000_000);
    const empty = await costs(carId);
    expect(empty).toMatchObject({ lines: [], purchasePrice: null, trueCost: 0, margin: 500_000_000 });

    const bought = await addLine(carId, {
      category: 'purchase',
      amount: '400.000.000',
      note: 'Mua của anh Tuấn, Thủ Đức',
      incurredOn: vn(ago(30)),
    });
    expect(bought.status, bought.body).toBe(201);
    expect(
      (await addLine(carId, { category: 'transport', amount: 3_000_000, incurredOn: ago(20) })).status,
    ).toBe(201);
    expect(
      (await addLine(carId, { category: 'paperWithdrawal', amount: 1_500_000, incurredOn: vn(ago(20)) }))
        .status,
    ).toBe(201);

    const c = await costs(carId);
    expect(c.lines.map((l) => [l.category, l.amount, l.incurredOn, l.source])).toEqual([
      ['purchase', 400_000_000, ago(30), 'entered'],
      ['transport', 3_000_000, ago(20), 'entered'],
      ['paperWithdrawal', 1_500_000, ago(20), 'entered'],
    ]);
    expect(c.lines[0]).toMatchObject({ label: 'Giá mua xe', note: 'Mua của anh Tuấn, Thủ Đức' });
    expect(c.lines[0].enteredBy?.userId).toBe(manager.id);
    // 400,000,000 × 10% × 30/365 = 3,287,671.23; 4,500,000 × 10% × 20/365 = 24,657.53; sum 3,312,328.77
    expect(c).toMatchObject({
      purchasePrice: 400_000_000,
      reconCost: 0,
      holdingRate: 0.1,
      holdingFrom: ago(30),
      holdingUntil: ago(0),
      holdingDays: 30,
      holdingCost: 3_312_329,
      trueCost: 407_812_329,
      sellPrice: 500_000_000,
      sold: false,
      margin: 92_187_671,
    });

    // One more day: 404,500,000 × 10% / 365 = 110,821.92 more (3,423,150.68 in all).
    await moveDays(1);
    const next = await costs(carId);
    expect(next).toMatchObject({ holdingDays: 31, holdingCost: 3_423_151, trueCost: 407_923_151 });
  });

  it('follows the holding-rate setting, and a line of the day itself accrues nothing yet', async () => {
    const carId = await newCar(300_000_000);
    await addLine(carId, { category: 'purchase', amount: 1_000_000, incurredOn: ago(1) });
    // 1,000,000 × 10% × 1/365 = 273.97 -> 274
    expect((await costs(carId)).holdingCost).toBe(274);
    await addLine(carId, { category: 'commission', amount: 5_000_000 });
    expect((await costs(carId)).holdingCost).toBe(274);

    const put = await t.call('PUT', '/api/web-configuration', {
      token: t.adminToken,
      body: { stockCosts: { holdingRate: 0.12, targetMarginRate: 0.08, reconEstimate: 10_000_000 } },
    });
    expect(put.status, put.body).toBe(200);
    // 1,000,000 × 12% × 1/365 = 328.77 -> 329
    const c = await costs(carId);
    expect(c).toMatchObject({ holdingRate: 0.12, holdingCost: 329, trueCost: 6_000_329 });
    await t.call('PUT', '/api/web-configuration', {
      token: t.adminToken,
      body: { stockCosts: { holdingRate: 0.1, targetMarginRate: 0.08, reconEstimate: 10_000_000 } },
    });
  });

  it('takes the purchase price of a bought-in car from its buy-in, dated the day it entered stock', async () => {
    const id = await newPurchase(t, both.token, {}, 1);
    expect((await offer(t, both.token, id, { amount: 410_000_000 })).status).toBe(200);
    const form = multipart([{ name: 'car', value: JSON.stringify(carBody({ sellPrice: 465_000_000 })) }]);
    const res = await t.call('POST', `/api/purchases/admin/${id}/buy`, {
      token: both.token,
      body: form.payload,
      headers: form.headers,
    });
    expect(res.status, res.body).toBe(201);
    const carId = res.json.carId as number;
    const c = await costs(carId);
    expect(c.lines).toEqual([
      expect.objectContaining({ id: null, category: 'purchase', amount: 410_000_000, source: 'buyIn' }),
    ]);
    // The car entered stock today by the real calendar; the test clock has moved on a day or more.
    const held = Math.round((410_000_000 * 0.1 * c.holdingDays) / 365);
    expect(c.holdingDays).toBeGreaterThan(0);
    expect(c).toMatchObject({
      purchasePrice: 410_000_000,
      holdingFrom: vnDayKey(new Date()),
      holdingCost: held,
      trueCost: 410_000_000 + held,
      margin: 55_000_000 - held,
    });

    const typed = await addLine(carId, { category: 'purchase', amount: 1_000_000 });
    expect(typed.status).toBe(409);
    expect(typed.json.message).toBe('Giá mua của xe này lấy từ phiếu mua xe của khách, không nhập tay');
  });

  it('counts the reconditioning its source reports in the lines and the holding cost', async () => {
    const carId = await newCar(500_000_000);
    await addLine(carId, { category: 'purchase', amount: 300_000_000, incurredOn: ago(10) });
    t.services.carCosts.connectRecon({ reconCostOf: async (id) => (id === carId ? 12_000_000 : 0) });
    try {
      const c = await costs(carId);
      expect(c.lines.at(-1)).toMatchObject({ category: 'recon', amount: 12_000_000, source: 'recon' });
      // 312,000,000 × 10% × 10/365 = 854,794.52
      expect(c).toMatchObject({ reconCost: 12_000_000, holdingCost: 854_795, trueCost: 312_854_795 });
    } finally {
      t.services.carCosts.connectRecon({ reconCostOf: async () => 0 });
    }
  });

  it('stops accruing on the sale day and fixes the realised margin on true cost in the sale', async () => {
    const carId = await newCar(500_000_000);
    await addLine(carId, { category: 'purchase', amount: 365_000_000, incurredOn: ago(40) });
    // The sales book dates by the real calendar; the test clock may have moved on.
    const saleDay = vnDayKey(Date.now() - 10 * DAY);
    const sale = await t.call('POST', '/api/soldhistory', {
      token: manager.token,
      body: {
        carId,
        buyerName: 'Trần Văn Bình',
        buyerPhone: '0912345678',
        salePrice: 480_000_000,
        saleDate: vn(saleDay),
        paymentMethod: 'CASH',
      },
    });
    expect(sale.status, sale.body).toBe(201);
    const c = await costs(carId);
    const days = Math.round((Date.parse(saleDay) - Date.parse(ago(40))) / DAY);
    // 365,000,000 × 10% × days/365 = 100,000 đồng a day
    expect(c).toMatchObject({
      sold: true,
      holdingUntil: saleDay,
      holdingCost: days * 100_000,
      trueCost: 365_000_000 + days * 100_000,
      sellPrice: 480_000_000,
      margin: 480_000_000 - 365_000_000 - days * 100_000,
    });
    expect(sale.json).toMatchObject({ trueCost: c.trueCost, trueMargin: c.margin });
    await moveDays(3);
    expect((await costs(carId)).holdingCost).toBe(days * 100_000);

    // A car whose purchase price nobody entered has no true cost to fix: the sale keeps none.
    const unknown = await newCar(300_000_000);
    await addLine(unknown, { category: 'transport', amount: 2_000_000, incurredOn: vn(saleDay) });
    const blind = await t.call('POST', '/api/soldhistory', {
      token: manager.token,
      body: {
        carId: unknown,
        buyerName: 'Lê Thị Hoa',
        buyerPhone: '0987654321',
        salePrice: 290_000_000,
        paymentMethod: 'CASH',
      },
    });
    expect(blind.status, blind.body).toBe(201);
    expect(blind.json).toMatchObject({ trueCost: null, trueMargin: null });
  });

  it('deletes a line typed by mistake, audited, and refuses derived or unknown lines', async () => {
    const carId = await newCar(200_000_000);
    const added = await addLine(carId, { category: 'other', amount: 700_000, note: 'Rửa xe' });
    const lineId = added.json.lines[0].id as number;
    const del = await t.call('DELETE', `/api/cars/admin/${carId}/costs/${lineId}`, { token: manager.token });
    expect(del.status, del.body).toBe(200);
    expect(del.json.lines).toEqual([]);
    const again = await t.call('DELETE', `/api/cars/admin/${carId}/costs/${lineId}`, {
      token: manager.token,
    });
    expect(again.status).toBe(404);
    expect(again.json.message).toBe('Không tìm thấy dòng chi phí');
    // In the order written (PostgreSQL returns rows in no particular order without one).
    const rows = await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, 'car_cost'))
      .orderBy(asc(auditLog.id));
    expect(rows.filter((r) => r.entityId === String(lineId)).map((r) => r.action)).toEqual([
      'create',
      'delete',
    ]);
  });
});

describe('the buy-in offer', () => {
  it('starts at the market estimate less the expected reconditioning and the target margin', async () => {
    await importPriceList(t, manager.token);
    const id = await newPurchase(t, both.token, {}, 1);
    const read = async () =>
      (await t.call('GET', `/api/purchases/admin/${id}`, { token: both.token })).json.purchase;
    const p = await read();
    expect(p.valuation).not.toBeNull();
    const e = p.valuation.estimate as number;
    const margin = Math.round(e * 0.08);
    expect(p.offerStart).toEqual({
      estimate: e,
      reconEstimate: 10_000_000,
      marginRate: 0.08,
      margin,
      amount: Math.floor((e - 10_000_000 - margin) / 1_000_000) * 1_000_000,
    });
    const put = await t.call('PUT', '/api/web-configuration', {
      token: t.adminToken,
      body: { stockCosts: { holdingRate: 0.1, targetMarginRate: 0.12, reconEstimate: 25_000_000 } },
    });
    expect(put.status, put.body).toBe(200);
    const margin12 = Math.round(e * 0.12);
    expect((await read()).offerStart).toMatchObject({
      reconEstimate: 25_000_000,
      margin: margin12,
      amount: Math.floor((e - 25_000_000 - margin12) / 1_000_000) * 1_000_000,
    });
    await t.call('PUT', '/api/web-configuration', {
      token: t.adminToken,
      body: { stockCosts: { holdingRate: 0.1, targetMarginRate: 0.08, reconEstimate: 10_000_000 } },
    });
  });
});

describe('validation', () => {
  let carId: number;
  beforeAll(async () => {
    carId = await newCar(400_000_000);
  });

  it.each([
    [{ category: 'transport', amount: 0 }, 400, 'Số tiền phải từ 1'],
    [{ category: 'transport', amount: -5 }, 400, 'Số tiền phải từ 1'],
    [{ category: 'transport', amount: 'năm triệu' }, 400, 'Số tiền không hợp lệ'],
    [{ category: 'transport', amount: 1.5 }, 400, 'Số tiền phải là số nguyên'],
    [{ category: 'transport', amount: 200_000_000_000 }, 400, 'Số tiền quá lớn'],
    [{ category: 'fuel', amount: 1_000 }, 400, 'Loại chi phí không hợp lệ'],
    [{ amount: 1_000 }, 400, 'Loại chi phí không hợp lệ'],
    [
      { category: 'recon', amount: 1_000 },
      400,
      'Chi phí tân trang được tính từ các hạng mục sửa chữa đã hoàn thành, không nhập tay',
    ],
    [
      { category: 'transport', amount: 1_000, incurredOn: '31/02/2026' },
      400,
      'Ngày phát sinh không hợp lệ (dd/mm/yyyy)',
    ],
  ])('refuses %j with a Vietnamese %i', async (body, status, message) => {
    const res = await addLine(carId, body);
    expect(res.status).toBe(status);
    expect(res.json.message).toBe(message);
  });

  it('refuses a day after today (422), a second purchase price (409) and an unknown car (404)', async () => {
    const future = await addLine(carId, { category: 'transport', amount: 1_000, incurredOn: vn(ago(-1)) });
    expect(future.status).toBe(422);
    expect(future.json.message).toBe('Ngày phát sinh không được ở tương lai');
    expect((await addLine(carId, { category: 'purchase', amount: 350_000_000 })).status).toBe(201);
    const twice = await addLine(carId, { category: 'purchase', amount: 351_000_000 });
    expect(twice.status).toBe(409);
    expect(twice.json.message).toBe('Xe này đã có giá mua; xóa dòng giá mua cũ trước khi nhập lại');
    for (const res of [
      await t.call('GET', '/api/cars/admin/999999/costs', { token: manager.token }),
      await addLine(999_999, { category: 'transport', amount: 1_000 }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.json.message).toBe('Không tìm thấy xe');
    }
    expect((await costs(carId)).lines).toHaveLength(1);
  });
});

describe('access', () => {
  it('answers staff holding MANAGE_CAR only: 401 without a token, 403 without the permission', async () => {
    const carId = await newCar(400_000_000);
    const calls = [
      ['GET', `/api/cars/admin/${carId}/costs`, undefined],
      ['POST', `/api/cars/admin/${carId}/costs`, { category: 'transport', amount: 1_000 }],
      ['DELETE', `/api/cars/admin/${carId}/costs/1`, undefined],
      ['GET', `/api/cars/admin/costs?ids=${carId}`, undefined],
    ] as const;
    for (const [method, url, body] of calls) {
      expect((await t.call(method, url, { body })).status, `${method} ${url}`).toBe(401);
      const res = await t.call(method, url, { token: viewer.token, body });
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(res.json.message).toMatch(/quyền/);
    }
    expect((await costs(carId)).lines).toEqual([]);
  });

  it('never shows costs, true cost or the cost settings in a public answer', async () => {
    const carId = await newCar(611_000_000);
    await addLine(carId, { category: 'purchase', amount: 523_456_000, incurredOn: ago(5) });
    const summaries = await t.call('GET', `/api/cars/admin/costs?ids=${carId},999999`, {
      token: manager.token,
    });
    expect(summaries.status).toBe(200);
    expect(summaries.json).toEqual([expect.objectContaining({ carId, purchasePrice: 523_456_000 })]);
    for (const url of [
      `/api/cars/${carId}`,
      '/api/cars',
      `/api/cars/${carId}/similar`,
      '/api/web-configuration',
    ]) {
      const res = await t.call('GET', url);
      expect(res.status, url).toBe(200);
      expect(res.body, url).not.toMatch(
        /trueCost|holdingCost|purchasePrice|stockCosts|holdingRate|523456000/,
      );
    }
  });
});
