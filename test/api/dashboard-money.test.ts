import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { createCar } from './leads-fixtures';

/**
 * One rule for money on the overview: the stock's value, revenue and margins are shown only to staff
 * holding MANAGE_CAR (or an admin). Every other signed-in staff member gets the counts, with money 0.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await createCar(t);
  await createCar(t);
});
afterAll(() => t.close());

const money = async (token: string) => {
  const [cars, brands, summary] = await Promise.all(
    ['cars', 'total-cars-by-brand', 'summary'].map((p) => t.call('GET', `/api/dashboard/${p}`, { token })),
  );
  for (const res of [cars, brands, summary]) expect(res.status).toBe(200);
  return {
    cars: cars.json.stockValue as number,
    brands: (brands.json as { stockValue: number }[]).map((r) => r.stockValue),
    summary: summary.json.stockValue as number,
    counted: cars.json.stockCount as number,
  };
};

describe('stock value on the overview', () => {
  it('is shown to MANAGE_CAR and the admin, and hidden (0) from everyone else on every call', async () => {
    const carManager = await t.createStaff(['MANAGE_CAR']);
    const seen = await money(carManager.token);
    expect(seen.cars).toBeGreaterThan(0);
    expect(seen.summary).toBe(seen.cars);
    expect(seen.brands.reduce((a, b) => a + b, 0)).toBe(seen.cars);
    expect(await money(t.adminToken)).toEqual(seen);
    for (const perms of [[], ['MANAGE_SERVICE'], ['MANAGE_BLOG', 'MANAGE_USER']] as const) {
      const staff = await t.createStaff([...perms]);
      const hidden = await money(staff.token);
      expect(hidden, perms.join(',')).toEqual({
        cars: 0,
        brands: seen.brands.map(() => 0),
        summary: 0,
        counted: seen.counted,
      });
    }
  });
});
