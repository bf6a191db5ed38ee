import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CostSummary } from '../../src/contract/car-cost-ledger';
import type { CarAdminRow } from '../../src/contract/cars';
import { seedDemoCars } from '../../src/server/db/seed/demo-cars';
import { DEMO_PASSWORD, DEMO_STAFF } from '../../src/server/db/seed/demo-staff';
import { seedDemoCarCosts } from '../../src/server/modules/car-costs/demo';
import { startTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  for (const s of DEMO_STAFF) await t.services.users.create({ ...s, role: 'STAFF' }, null, DEMO_PASSWORD);
  await seedDemoCars(t.ctx, t.services);
  await seedDemoCarCosts(t.ctx, t.services);
}, 180_000);
afterAll(() => t.close());

describe('demo car costs', () => {
  it('gives every car in stock a purchase price and lines; most keep a margin of 5–25 %', async () => {
    const rows: CarAdminRow[] = [];
    for (let page = 1; ; page++) {
      const p = (await t.call('GET', '/api/cars/admin', { token: t.adminToken, query: { page, size: 100 } }))
        .json;
      rows.push(...p.content);
      if (page >= p.totalPages) break;
    }
    const stock = rows.filter((r) => r.status !== 'sold');
    expect(stock.length).toBeGreaterThan(10);
    const res = await t.call('GET', '/api/cars/admin/costs', {
      token: t.adminToken,
      query: { ids: stock.map((r) => r.carId).join(',') },
    });
    expect(res.status, res.body).toBe(200);
    const costs = res.json as CostSummary[];
    expect(costs).toHaveLength(stock.length);
    expect(costs.every((c) => c.purchasePrice !== null && c.trueCost > c.purchasePrice)).toBe(true);
    const rates = costs.map((c) => c.margin / c.sellPrice);
    expect(rates.filter((r) => r > 0.05).length).toBeGreaterThan(costs.length / 2);
    expect(rates.every((r) => r < 0.25)).toBe(true);

    const one = await t.call('GET', `/api/cars/admin/${stock[0].carId}/costs`, { token: t.adminToken });
    expect(one.json.lines[0]).toMatchObject({ category: 'purchase', source: 'entered' });
    expect(one.json.lines[0].enteredBy).not.toBeNull();
    expect(one.json.lines.every((l: { incurredOn: string }) => l.incurredOn <= one.json.holdingUntil)).toBe(
      true,
    );
  });
});
