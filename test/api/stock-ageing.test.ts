import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StockAgeing, StockAgeingRow } from '../../src/contract/valuations';
import { auditLog, cars } from '../../src/server/db/schema';
import { ManualClock } from '../../src/server/platform/clock';
import { STAFF_PASSWORD, startTestApp, type TestApp } from '../helpers/app';
import { carBody } from './cars-fixtures';
import { importPriceList } from './valuation-fixtures';

const DAY = 86_400_000;
const clock = new ManualClock(new Date('2026-11-20T03:00:00Z'));
let t: TestApp;
let staff: { token: string; username: string };
/** Car ids by days on the lot. */
const ids: Record<number, number> = {};

const ageing = async (query: Record<string, string | number> = {}) => {
  const res = await t.call('GET', '/api/stock-ageing', { token: staff.token, query });
  expect(res.status, res.body).toBe(200);
  return res.json as StockAgeing;
};
const row = (list: StockAgeing, days: number) =>
  list.content.find((r) => r.carId === ids[days]) as StockAgeingRow;

beforeAll(async () => {
  t = await startTestApp({}, { clock });
  staff = await t.createStaff(['MANAGE_CAR']);
  await importPriceList(t, staff.token);
  // Four Vios 2021 with 60.000 km (the market's: about 300 million): one new in stock at the market's
  // price, three older and dearer.
  for (const [days, price] of [
    [10, 310_000_000],
    [45, 335_000_000],
    [75, 330_000_000],
    [120, 360_000_000],
  ] as const) {
    const res = await t.call('POST', '/api/cars/admin/add', {
      token: staff.token,
      body: carBody({ carName: `Toyota Vios 1.5G CVT (${days})`, year: 2021, odo: 60_000, sellPrice: price }),
    });
    expect(res.status, res.body).toBe(201);
    ids[days] = res.json.carId;
    await t.ctx.db
      .update(cars)
      .set({ createdAt: new Date(clock.now().getTime() - days * DAY) })
      .where(eq(cars.id, res.json.carId));
  }
  // The rows were changed behind the service's back: tell it, as any write through it would.
  t.services.cars.invalidate();
});
afterAll(() => t.close());

describe('GET /api/stock-ageing', () => {
  it('counts the stock by days on the lot and lists the longest first, each against the market', async () => {
    const list = await ageing();
    expect(list.buckets).toEqual([
      { bucket: '0-30', label: '0–30 ngày', count: 1, value: 310_000_000 },
      { bucket: '31-60', label: '31–60 ngày', count: 1, value: 335_000_000 },
      { bucket: '61-90', label: '61–90 ngày', count: 1, value: 330_000_000 },
      { bucket: '90+', label: 'Trên 90 ngày', count: 1, value: 360_000_000 },
    ]);
    expect(list.content.map((r) => r.daysOnLot)).toEqual([120, 75, 45, 10]);
    for (const r of list.content) {
      expect(r.estimate).toEqual(expect.any(Number));
      expect(r.gap).toBeCloseTo((r.sellPrice - (r.estimate as number)) / (r.estimate as number), 2);
    }
    const old = row(list, 120);
    expect(old).toMatchObject({ bucket: '90+', sellPrice: 360_000_000 });
    expect(old.markdown).toBeGreaterThan(0);
    expect(old.suggestedPrice).toBe(360_000_000 - (old.markdown as number));
    expect((old.suggestedPrice as number) % 5_000_000).toBe(0);
    expect(old.suggestedPrice).toBeLessThan(old.estimate as number);
    expect(old.advice).toMatch(
      /^Giá cao hơn ước tính thị trường \d+% sau 120 ngày trong kho: đề xuất giảm \d+ triệu$/,
    );
    const fresh = row(list, 10);
    expect(fresh).toMatchObject({ bucket: '0-30', markdown: null, suggestedPrice: null });
  });

  it('filters one bucket and pages; refuses an unknown bucket with 400', async () => {
    const over90 = await ageing({ bucket: '90+' });
    expect(over90.content.map((r) => r.carId)).toEqual([ids[120]]);
    expect(over90.totalElements).toBe(1);
    const paged = await ageing({ size: 2, page: 2 });
    expect(paged.content.map((r) => r.daysOnLot)).toEqual([45, 10]);
    expect(paged.totalPages).toBe(2);
    const bad = await t.call('GET', '/api/stock-ageing', { token: staff.token, query: { bucket: '200' } });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe('Nhóm tuổi tồn kho không hợp lệ');
  });

  it('answers 401 and 403 without MANAGE_CAR', async () => {
    expect((await t.call('GET', '/api/stock-ageing')).status).toBe(401);
    const other = await t.createStaff(['MANAGE_SERVICE']);
    expect((await t.call('GET', '/api/stock-ageing', { token: other.token })).status).toBe(403);
  });
});

describe('PUT /api/cars/admin/{id}/price: the markdown in one action', () => {
  it('applies the suggested price, records it in the price history and the audit log', async () => {
    const before = row(await ageing(), 120);
    const res = await t.call('PUT', `/api/cars/admin/${ids[120]}/price`, {
      token: staff.token,
      body: { sellPrice: before.suggestedPrice },
    });
    expect(res.status, res.body).toBe(200);
    expect(res.json.sellPrice).toBe(before.suggestedPrice);

    const history = await t.call('GET', `/api/cars/${ids[120]}/price-history`);
    expect(history.json.changes).toEqual([
      { changedAt: expect.any(String), oldPrice: 360_000_000, newPrice: before.suggestedPrice },
    ]);
    const [audit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'car'),
          eq(auditLog.entityId, String(ids[120])),
          eq(auditLog.action, 'update'),
        ),
      );
    expect(audit).toMatchObject({
      username: staff.username,
      before: { sellPrice: 360_000_000 },
      after: { sellPrice: before.suggestedPrice },
    });
    // The page shows the new price at once, without a markdown left to make.
    const after = row(await ageing(), 120);
    expect(after).toMatchObject({ sellPrice: before.suggestedPrice, markdown: null });
    // The same price again changes nothing and records nothing.
    await t.call('PUT', `/api/cars/admin/${ids[120]}/price`, {
      token: staff.token,
      body: { sellPrice: before.suggestedPrice },
    });
    expect((await t.call('GET', `/api/cars/${ids[120]}/price-history`)).json.changes).toHaveLength(1);
  });

  it('refuses a bad price (400), a sold car (409), a missing car (404), and callers without MANAGE_CAR', async () => {
    const bad = await t.call('PUT', `/api/cars/admin/${ids[45]}/price`, {
      token: staff.token,
      body: { sellPrice: 100 },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe('Giá bán phải từ 1.000.000');
    const sale = await t.call('POST', '/api/soldhistory', {
      token: staff.token,
      body: {
        carId: ids[75],
        buyerName: 'Lê Thị Hoa',
        buyerPhone: '0912 345 678',
        salePrice: 325_000_000,
        paymentMethod: 'CASH',
      },
    });
    expect(sale.status, sale.body).toBe(201);
    const sold = await t.call('PUT', `/api/cars/admin/${ids[75]}/price`, {
      token: staff.token,
      body: { sellPrice: 320_000_000 },
    });
    expect(sold.status).toBe(409);
    expect(sold.json.message).toBe('Xe đã bán: không đổi giá bán được');
    expect(
      (
        await t.call('PUT', '/api/cars/admin/999999/price', {
          token: staff.token,
          body: { sellPrice: 400_000_000 },
        })
      ).status,
    ).toBe(404);
    expect(
      (await t.call('PUT', `/api/cars/admin/${ids[45]}/price`, { body: { sellPrice: 4e8 } })).status,
    ).toBe(401);
    const other = await t.createStaff(['MANAGE_BLOG']);
    expect(
      (
        await t.call('PUT', `/api/cars/admin/${ids[45]}/price`, {
          token: other.token,
          body: { sellPrice: 4e8 },
        })
      ).status,
    ).toBe(403);
    // A sold car leaves the stock-ageing list.
    expect((await ageing()).content.some((r) => r.carId === ids[75])).toBe(false);
  });
});

describe('days on the lot follow the clock', () => {
  it('moves cars between buckets as days pass', async () => {
    clock.advance(5 * DAY);
    // Five idle days end every session: sign in again.
    staff.token = await t.login(staff.username, STAFF_PASSWORD);
    const later = await ageing();
    // The car sold above has left; the others are five days older.
    expect(later.content.map((r) => r.daysOnLot)).toEqual([125, 50, 15]);
    expect(later.buckets.map((b) => b.count)).toEqual([1, 1, 0, 1]);
  });
});
