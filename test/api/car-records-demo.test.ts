import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCars } from '../../scripts/generate-cars';
import type { CarHistory } from '../../src/contract/car-records';
import { MAX_PUBLIC_PAGE_SIZE } from '../../src/contract/cars';
import { vnDayKey } from '../../src/contract/format';
import { carPriceChanges } from '../../src/server/db/schema';
import { seedDemoCars } from '../../src/server/db/seed/demo-cars';
import { DEMO_PASSWORD, DEMO_STAFF } from '../../src/server/db/seed/demo-staff';
import { seedDemoInspections } from '../../src/server/modules/inspections/demo';
import { carsWithRollback, odometerReadings } from '../../src/server/modules/odometer/service';
import { startTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  for (const s of DEMO_STAFF) await t.services.users.create({ ...s, role: 'STAFF' }, null, DEMO_PASSWORD);
  await seedDemoCars(t.ctx, t.services);
  await seedDemoInspections(t.ctx, t.services);
}, 120_000);

/**
 * A private car in Vietnam runs about 10,000 to 25,000 km a year (30 to 70 km a day); 80 km a day between
 * two dated readings is already a lot, and a "Không tua ODO" pledge beside more would not be believed.
 */
const MAX_KM_PER_DAY = 80;
const DAY_MS = 86_400_000;

/** Every step of the car's odometer history (listing, inspection, service records): rising, at a believable pace. */
async function checkPace(id: number) {
  const readings = await odometerReadings(t.ctx.db, id);
  expect(readings.length, `car ${id}`).toBeGreaterThanOrEqual(3);
  for (let i = 1; i < readings.length; i++) {
    const [a, b] = [readings[i - 1], readings[i]];
    const days = Math.max(1, Math.round((Date.parse(b.readOn) - Date.parse(a.readOn)) / DAY_MS));
    const step = `car ${id}: ${a.km} km (${a.source}, ${a.readOn}) -> ${b.km} km (${b.source}, ${b.readOn})`;
    expect(b.km, step).toBeGreaterThanOrEqual(a.km);
    expect(b.km - a.km, step).toBeLessThanOrEqual(MAX_KM_PER_DAY * days);
  }
}
afterAll(() => t.close());

/** Every car's history, with its listing's odo and arrival day, checked for what a buyer would doubt. */
async function checkAll(ids: number[]) {
  const histories: CarHistory[] = [];
  for (const id of ids) {
    const car = (await t.call('GET', `/api/cars/${id}`)).json;
    const h = (await t.call('GET', `/api/cars/${id}/history`)).json as CarHistory;
    expect(h.papers.ownerType, `car ${id}`).not.toBeNull();
    expect(h.papers.registrationUntil).not.toBeNull();
    expect(h.serviceRecords.length, `car ${id}`).toBeGreaterThanOrEqual(1);
    expect(h.serviceRecords.length).toBeLessThanOrEqual(5);
    const oldestFirst = [...h.serviceRecords].reverse();
    for (const [i, r] of oldestFirst.entries()) {
      expect(r.km).toBeLessThan(car.odo);
      expect(r.servicedOn < vnDayKey(car.createdAt), `car ${id} ${r.servicedOn}`).toBe(true);
      if (i > 0) expect(r.km).toBeGreaterThan(oldestFirst[i - 1].km);
    }
    await checkPace(id);
    histories.push(h);
  }
  expect([...(await carsWithRollback(t.ctx.db, ids))]).toEqual([]);
  return histories;
}

describe('demo papers and service records', () => {
  it('gives every demo car believable papers and 1 to 5 rising records before it arrived', async () => {
    const ids: number[] = [];
    for (let page = 1; ; page++) {
      const res = await t.call('GET', '/api/cars/admin', { token: t.adminToken, query: { page, size: 50 } });
      expect(res.status, res.body).toBe(200);
      ids.push(...res.json.content.map((c: { carId: number }) => c.carId));
      if (page >= res.json.totalPages) break;
    }
    expect(ids.length).toBeGreaterThan(100);
    const histories = await checkAll(ids);
    const companyVat = histories.filter((h) => h.papers.ownerType === 'company' && h.papers.vatInvoice);
    expect(companyVat.length).toBeGreaterThanOrEqual(2);
    expect(histories.some((h) => h.papers.loanStatus === 'released')).toBe(true);
    expect(histories.every((h) => h.papers.loanStatus !== 'mortgaged')).toBe(true);
  });

  it('fills generated cars the same way', async () => {
    const ids = await generateCars(t.ctx.db, t.services.cars, t.ctx.storage, 40, 7);
    await checkAll(ids);
  });
});

describe('generated price drops', () => {
  it('reprices about one generated car on sale in eight, recorded as a staff save would', async () => {
    const ids = await generateCars(t.ctx.db, t.services.cars, t.ctx.storage, 160, 11);
    const changes = await t.ctx.db.select().from(carPriceChanges).where(inArray(carPriceChanges.carId, ids));
    // 160 cars, about 85 % on sale, one in eight of those: some, never most.
    expect(changes.length).toBeGreaterThanOrEqual(5);
    expect(changes.length).toBeLessThanOrEqual(40);
    const now = Date.now();
    for (const c of changes) {
      const drop = c.oldPrice - c.newPrice;
      expect(drop % 10_000_000).toBe(0);
      expect(drop).toBeGreaterThanOrEqual(10_000_000);
      expect(drop).toBeLessThanOrEqual(40_000_000);
      expect(now - c.changedAt.getTime()).toBeLessThanOrEqual(28 * 86_400_000 + 60_000);
    }
    // The car's page says "Vừa giảm" and its price history shows the change.
    const sample = changes[0];
    const car = (await t.call('GET', `/api/cars/${sample.carId}`)).json;
    expect(car).toMatchObject({ status: 'available', sellPrice: sample.newPrice });
    expect(car.priceDrop).toBe(sample.oldPrice - sample.newPrice);
    const history = (await t.call('GET', `/api/cars/${sample.carId}/price-history`)).json;
    expect(history.changes).toEqual([
      expect.objectContaining({ oldPrice: sample.oldPrice, newPrice: sample.newPrice }),
    ]);
    // "Vừa giảm giá" lists recently repriced cars first, generated ones among them.
    const sorted = (
      await t.call('GET', '/api/cars', { query: { sort: 'price_drop', pageSize: MAX_PUBLIC_PAGE_SIZE } })
    ).json;
    expect(sorted.content, JSON.stringify(sorted)).toBeDefined();
    const dropped = sorted.content.filter((c: { priceDrop: number | null }) => c.priceDrop);
    expect(dropped.some((c: { carId: number }) => ids.includes(c.carId))).toBe(true);
    expect(
      sorted.content.slice(0, dropped.length).every((c: { priceDrop: number | null }) => c.priceDrop),
    ).toBe(true);
  });
});
