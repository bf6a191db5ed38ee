import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CarSummary } from '../../src/contract/cars';
import type { StockAgeing, ValuationView } from '../../src/contract/valuations';
import { seedDemoCars } from '../../src/server/db/seed/demo-cars';
import { DEMO_PASSWORD, DEMO_STAFF } from '../../src/server/db/seed/demo-staff';
import { DEMO_MARKET_ROWS, seedDemoMarketPrices } from '../../src/server/modules/market-prices/demo';
import { startTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ VALUATION_RATE_LIMIT: '1000' });
  for (const s of DEMO_STAFF) await t.services.users.create({ ...s, role: 'STAFF' }, null, DEMO_PASSWORD);
  await seedDemoCars(t.ctx, t.services);
  await seedDemoMarketPrices(t.ctx, t.services);
}, 180_000);
afterAll(() => t.close());

describe('the demo showroom’s market prices', () => {
  it('holds one imported price list of a few hundred rows, none refused', async () => {
    const imports = await t.call('GET', '/api/market-prices/imports', { token: t.adminToken });
    expect(imports.json.content).toHaveLength(1);
    const [batch] = imports.json.content;
    expect(batch).toMatchObject({
      fileName: 'bang-gia-thi-truong-mau.csv',
      rowCount: DEMO_MARKET_ROWS,
      refused: 0,
    });
    expect(batch.imported).toBeGreaterThan(DEMO_MARKET_ROWS * 0.95);
  });

  it('values the demo cars on sale out of the box, near the prices the showroom asks', async () => {
    const cars = (await t.call('GET', '/api/cars', { query: { pageSize: 60 } })).json.content as CarSummary[];
    const gaps: number[] = [];
    let refused = 0;
    for (const car of cars) {
      const res = await t.call('POST', '/api/valuations', {
        body: { brand: car.brand, model: car.model, version: car.version, year: car.year, odo: car.odo },
      });
      if (res.status === 422) {
        refused++;
        continue;
      }
      expect(res.status, res.body).toBe(200);
      const v = res.json as ValuationView;
      gaps.push(Math.abs(v.estimate - car.sellPrice) / car.sellPrice);
    }
    gaps.sort((a, b) => a - b);
    expect(refused).toBeLessThanOrEqual(cars.length * 0.05);
    expect(gaps[Math.floor(gaps.length / 2)]).toBeLessThan(0.15);
    const catalogue = (await t.call('GET', '/api/valuations/catalogue')).json;
    expect(catalogue.brands.length).toBeGreaterThanOrEqual(12);
  });

  it('shows the stock by age against the market', async () => {
    const res = await t.call('GET', '/api/stock-ageing', { token: t.adminToken, query: { size: 100 } });
    expect(res.status).toBe(200);
    const s = res.json as StockAgeing;
    expect(s.buckets.reduce((n, b) => n + b.count, 0)).toBe(s.totalElements);
    expect(s.content.filter((r) => r.estimate !== null).length).toBeGreaterThan(s.content.length * 0.9);
  });
});
