import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CarPriceHistory, CarSummary } from '../../src/contract/cars';
import { startTestApp, type TestApp } from '../helpers/app';
import { carBody } from './cars-fixtures';

let t: TestApp;
let staff: { token: string };
let carId: number;

const history = async (id = carId) =>
  (await t.call('GET', `/api/cars/${id}/price-history`)).json as CarPriceHistory;
const listed = async (): Promise<CarSummary> => {
  const page = await t.call('GET', '/api/cars', { query: { carName: 'Seltos' } });
  return page.json.content.find((c: CarSummary) => c.carId === carId);
};
const reprice = async (sellPrice: number, over: Record<string, unknown> = {}) => {
  const res = await t.call('PUT', `/api/cars/admin/${carId}`, {
    token: staff.token,
    body: carBody({ carName: 'Kia Seltos 1.4 Turbo', brand: 'Kia', model: 'Seltos', sellPrice, ...over }),
  });
  expect(res.status, res.body).toBe(200);
};

beforeAll(async () => {
  t = await startTestApp();
  staff = await t.createStaff(['MANAGE_CAR']);
  const res = await t.call('POST', '/api/cars/admin/add', {
    token: staff.token,
    body: carBody({ carName: 'Kia Seltos 1.4 Turbo', brand: 'Kia', model: 'Seltos', sellPrice: 600_000_000 }),
  });
  expect(res.status, res.body).toBe(201);
  carId = res.json.carId;
  // A second car, never repriced, to see the sort put the dropped one first.
  await t.call('POST', '/api/cars/admin/add', {
    token: staff.token,
    body: carBody({
      carName: 'Kia Seltos 1.5 Deluxe',
      brand: 'Kia',
      model: 'Seltos',
      sellPrice: 590_000_000,
    }),
  });
});
afterAll(() => t.close());

describe('price history and "Vừa giảm"', () => {
  it('starts empty: a new car has no change and no drop', async () => {
    expect(await history()).toEqual({ carId, changes: [] });
    expect(await listed()).toMatchObject({ priceDrop: null, priceDroppedAt: null });
  });

  it('records every change of the sell price, newest first, and shows the drop since the window began', async () => {
    await reprice(580_000_000);
    let h = await history();
    expect(h.changes).toEqual([
      { changedAt: expect.any(String), oldPrice: 600_000_000, newPrice: 580_000_000 },
    ]);
    expect(await listed()).toMatchObject({ sellPrice: 580_000_000, priceDrop: 20_000_000 });

    await reprice(570_000_000);
    h = await history();
    expect(h.changes.map((c) => [c.oldPrice, c.newPrice])).toEqual([
      [580_000_000, 570_000_000],
      [600_000_000, 580_000_000],
    ]);
    // Two drops within 30 days: 30 million below the price before them, on the list and the car page.
    expect(await listed()).toMatchObject({ priceDrop: 30_000_000 });
    const detail = (await t.call('GET', `/api/cars/${carId}`)).json;
    expect(detail).toMatchObject({ priceDrop: 30_000_000 });
    expect(Date.parse(detail.priceDroppedAt)).toBeGreaterThan(Date.now() - 60_000);
    // The public history never says who changed the price.
    expect(JSON.stringify(h)).not.toMatch(/changedBy|userId|username/);
  });

  it('an edit that keeps the price records nothing; "Vừa giảm giá" sorts the dropped car first', async () => {
    await reprice(570_000_000, { odo: 33_000 });
    expect((await history()).changes).toHaveLength(2);
    const sorted = await t.call('GET', '/api/cars', { query: { carName: 'Seltos', sort: 'price_drop' } });
    expect(sorted.json.content.map((c: CarSummary) => c.carId)[0]).toBe(carId);
  });

  it('a rise back to the earlier price ends the drop, and is recorded too', async () => {
    await reprice(600_000_000);
    expect((await history()).changes[0]).toMatchObject({ oldPrice: 570_000_000, newPrice: 600_000_000 });
    expect(await listed()).toMatchObject({ priceDrop: null, priceDroppedAt: null });
  });

  it('each change is in the audit log with the price before and after', async () => {
    const audit = await t.call('GET', '/api/audit', {
      token: t.adminToken,
      query: { entity: 'car', action: 'update', size: 50 },
    });
    expect(audit.status, audit.body).toBe(200);
    const prices = audit.json.content
      .filter((e: { entityId: string }) => e.entityId === String(carId))
      .flatMap((e: { changes: { field: string; before: unknown; after: unknown }[] }) =>
        e.changes.filter((c) => c.field === 'sellPrice').map((c) => [c.before, c.after]),
      );
    expect(prices).toEqual(
      expect.arrayContaining([
        [600_000_000, 580_000_000],
        [580_000_000, 570_000_000],
        [570_000_000, 600_000_000],
      ]),
    );
  });

  it('answers 404 in Vietnamese for a car that does not exist, 400 for a bad id', async () => {
    const missing = await t.call('GET', '/api/cars/999999/price-history');
    expect(missing.status).toBe(404);
    expect(missing.json.message).toBe('Không tìm thấy xe');
    expect((await t.call('GET', '/api/cars/abc/price-history')).status).toBe(400);
  });
});
