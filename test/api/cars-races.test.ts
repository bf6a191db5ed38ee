import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { CarPriceHistory } from '../../src/contract/cars';
import { startTestApp, type TestApp } from '../helpers/app';
import { raceTest } from '../helpers/race';
import { carBody } from './cars-fixtures';

/**
 * Staff acting on one car at the same instant (PostgreSQL: the requests meet in the database). Prices
 * changed together still form one history, each change starting from the price the one before left;
 * a car put on sale while it is being sold ends sold, never on sale with a sale recorded.
 */
let t: TestApp;
let a: { token: string };
let b: { token: string };

beforeAll(async () => {
  t = await startTestApp();
  a = await t.createStaff(['MANAGE_CAR']);
  b = await t.createStaff(['MANAGE_CAR']);
});
afterAll(() => t.close());

async function newCar(sellPrice = 600_000_000) {
  const res = await t.call('POST', '/api/cars/admin/add', { token: a.token, body: carBody({ sellPrice }) });
  expect(res.status, res.body).toBe(201);
  return res.json.carId as number;
}

describe('one car, several staff at once', () => {
  raceTest('price changes sent together leave one unbroken history ending at the car’s price', async () => {
    const carId = await newCar(600_000_000);
    const prices = [590, 585, 580, 575, 570, 565].map((m) => m * 1_000_000);
    const answers = await Promise.all(
      prices.map((sellPrice, i) =>
        t.call('PUT', `/api/cars/admin/${carId}/price`, {
          token: (i % 2 ? a : b).token,
          body: { sellPrice },
        }),
      ),
    );
    for (const res of answers) expect(res.status, res.body).toBe(200);
    const history = (await t.call('GET', `/api/cars/${carId}/price-history`)).json as CarPriceHistory;
    const oldestFirst = [...history.changes].reverse();
    expect(oldestFirst).toHaveLength(prices.length);
    expect(oldestFirst[0].oldPrice).toBe(600_000_000);
    for (let i = 1; i < oldestFirst.length; i++) {
      expect(oldestFirst[i].oldPrice, `change ${i} starts where change ${i - 1} ended`).toBe(
        oldestFirst[i - 1].newPrice,
      );
    }
    const car = (await t.call('GET', `/api/cars/admin/${carId}`, { token: a.token })).json;
    expect(car.sellPrice).toBe(oldestFirst.at(-1)!.newPrice);
    expect(new Set(oldestFirst.map((c) => c.newPrice))).toEqual(new Set(prices));
  });

  raceTest('a car put on sale while it is being sold ends sold, its sale kept', async () => {
    for (let round = 0; round < 4; round++) {
      const carId = await newCar();
      const pending = await t.call('PUT', `/api/cars/admin/${carId}/status`, {
        token: a.token,
        body: { status: 'pending' },
      });
      expect(pending.status, pending.body).toBe(200);
      const [listing, sale] = await Promise.all([
        t.call('PUT', `/api/cars/admin/${carId}/status`, { token: a.token, body: { status: 'available' } }),
        t.call('POST', '/api/soldhistory', {
          token: b.token,
          body: {
            carId,
            buyerName: 'Trần Văn Bình',
            buyerPhone: '0912 345 678',
            salePrice: 590_000_000,
            paymentMethod: 'TRANSFER',
          },
        }),
      ]);
      expect(sale.status, sale.body).toBe(201);
      expect([200, 409], listing.body).toContain(listing.status);
      const car = (await t.call('GET', `/api/cars/admin/${carId}`, { token: a.token })).json;
      expect(car.status).toBe('sold');
    }
  });
});
