import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CarSummary } from '../../src/contract/cars';
import { priceRatingOf } from '../../src/contract/price-rating';
import type { Pricing, PricingRow, Repricing } from '../../src/contract/pricing';
import { auditLog, cars } from '../../src/server/db/schema';
import { ManualClock } from '../../src/server/platform/clock';
import { startTestApp, type TestApp } from '../helpers/app';
import { carBody } from './cars-fixtures';
import { importPriceList } from './valuation-fixtures';

const DAY = 86_400_000;
const clock = new ManualClock(new Date('2026-11-20T03:00:00Z'));
let t: TestApp;
let staff: { token: string; username: string };
const ids: Record<string, number> = {};

const pricing = async () => {
  const res = await t.call('GET', '/api/valuations/pricing', { token: staff.token });
  expect(res.status, res.body).toBe(200);
  return res.json as Pricing;
};
const row = (p: Pricing, key: string) => p.content.find((r) => r.carId === ids[key]) as PricingRow;
const publicList = async (query: Record<string, string | number> = {}) => {
  const res = await t.call('GET', '/api/cars', { query: { pageSize: 60, ...query } });
  expect(res.status, res.body).toBe(200);
  return res.json.content as CarSummary[];
};
const publicCar = async (list: CarSummary[], key: string) => list.find((c) => c.carId === ids[key]);
const settled = () => t.services.valuations.settled();

async function addCar(key: string, body: Parameters<typeof carBody>[0], days: number) {
  const res = await t.call('POST', '/api/cars/admin/add', { token: staff.token, body: carBody(body) });
  expect(res.status, res.body).toBe(201);
  ids[key] = res.json.carId;
  await t.ctx.db
    .update(cars)
    .set({ createdAt: new Date(clock.now().getTime() - days * DAY) })
    .where(eq(cars.id, res.json.carId));
}

beforeAll(async () => {
  t = await startTestApp({}, { clock });
  staff = await t.createStaff(['MANAGE_CAR']);
  await importPriceList(t, staff.token);
  // Vios 2021 with 60.000 km: the market says about 300 million (twelve prices seen in October).
  const vios = { carName: 'Toyota Vios 1.5G CVT', year: 2021, odo: 60_000 };
  // Not settable by hand: a label sent with the car is not part of its form and is ignored.
  await addCar('cheap', { ...vios, sellPrice: 255_000_000, ...({ priceRating: 'HIGH' } as object) }, 5);
  await addCar('fair', { ...vios, sellPrice: 300_000_000 }, 20);
  await addCar('dear', { ...vios, sellPrice: 360_000_000 }, 70);
  // One Mazda2 price on the whole market: too thin for a label.
  await addCar(
    'thin',
    {
      carName: 'Mazda 2 1.5 Luxury',
      brand: 'Mazda',
      model: '2',
      version: '1.5 Luxury',
      year: 2021,
      odo: 50_000,
      sellPrice: 380_000_000,
      // Not settable by hand: the field is not part of the car's form and is ignored.
      ...({ priceRating: 'GREAT' } as object),
    },
    10,
  );
  t.services.cars.invalidate();
  await settled();
});
afterAll(async () => {
  await settled();
  await t.close();
});

describe('GET /api/valuations/pricing', () => {
  it('gives every car in stock its market value, price- and cost-to-market and comparables', async () => {
    const p = await pricing();
    expect(p.content.map((r) => r.carId).sort()).toEqual(Object.values(ids).sort());
    expect(p.content.map((r) => r.daysInStock)).toEqual([70, 20, 10, 5]);
    for (const key of ['cheap', 'fair', 'dear']) {
      const r = row(p, key);
      expect(r.marketValue).toBeGreaterThan(250_000_000);
      expect(r.marketValue).toBeLessThan(350_000_000);
      expect(r.priceToMarket).toBeCloseTo(r.sellPrice / (r.marketValue as number), 3);
      expect(r.recentComparables).toBeGreaterThanOrEqual(5);
      expect(r.comparables).toBeGreaterThanOrEqual(r.recentComparables);
      // The price list was seen on 15/09 and 01/10/2026; today is 20/11/2026.
      expect(r.newestComparableDays).toBeGreaterThanOrEqual(0);
      expect(r.oldestComparableDays).toBeLessThanOrEqual(66);
      expect(r.priceRating).toBe(priceRatingOf(r.priceToMarket as number));
      // No purchase price entered: the true cost is unknown, never the sum of nothing.
      expect(r).toMatchObject({ trueCost: null, costToMarket: null, note: null });
    }
    expect(row(p, 'cheap').priceRating).toBe('GREAT');
    expect(row(p, 'dear').priceRating).toBe('HIGH');
    expect(row(p, 'thin')).toMatchObject({ priceRating: null, note: expect.any(String) });
  });

  it('sets the true cost against the market once the purchase price is entered', async () => {
    const res = await t.call('POST', `/api/cars/admin/${ids.fair}/costs`, {
      token: staff.token,
      body: { category: 'purchase', amount: 240_000_000, incurredOn: '2026-11-01' },
    });
    expect(res.status, res.body).toBe(201);
    const r = row(await pricing(), 'fair');
    expect(r.trueCost).toBe(res.json.trueCost);
    expect(r.costToMarket).toBeCloseTo((r.trueCost as number) / (r.marketValue as number), 3);
  });

  it('answers 401 and 403 without MANAGE_CAR', async () => {
    expect((await t.call('GET', '/api/valuations/pricing')).status).toBe(401);
    const other = await t.createStaff(['MANAGE_SERVICE']);
    expect((await t.call('GET', '/api/valuations/pricing', { token: other.token })).status).toBe(403);
    expect((await t.call('GET', '/api/valuations/repricing', { token: other.token })).status).toBe(403);
  });
});

describe('the public deal label', () => {
  it('is on the cards and the car page, with its words and the number of comparables', async () => {
    const staffView = await pricing();
    const list = await publicList();
    const cheap = await publicCar(list, 'cheap');
    expect(cheap).toMatchObject({
      priceRating: 'GREAT',
      priceRatingLabel: 'Giá rất tốt',
      priceRatingComparables: row(staffView, 'cheap').recentComparables,
    });
    expect(await publicCar(list, 'dear')).toMatchObject({ priceRating: 'HIGH', priceRatingLabel: 'Giá cao' });
    expect(await publicCar(list, 'thin')).toMatchObject({ priceRating: null, priceRatingLabel: null });
    const page = await t.call('GET', `/api/cars/${ids.cheap}`);
    expect(page.json).toMatchObject({ priceRating: 'GREAT', priceRatingLabel: 'Giá rất tốt' });
  });

  it('filters by a label or better and sorts the best deals first', async () => {
    const good = await publicList({ priceRating: 'GOOD' });
    expect(good.every((c) => c.priceRating === 'GREAT' || c.priceRating === 'GOOD')).toBe(true);
    expect(good.map((c) => c.carId)).toContain(ids.cheap);
    expect(good.map((c) => c.carId)).not.toContain(ids.dear);
    const byLabel = await publicList({ priceRating: 'Giá hợp lý' });
    expect(
      byLabel.every((c) => c.priceRating === 'GREAT' || c.priceRating === 'GOOD' || c.priceRating === 'FAIR'),
    ).toBe(true);
    expect(byLabel.map((c) => c.carId)).toContain(ids.cheap);
    expect(byLabel.map((c) => c.carId)).not.toContain(ids.dear);
    const sorted = await publicList({ sort: 'deal' });
    expect(sorted[0].carId).toBe(ids.cheap);
    expect(sorted.at(-1)?.carId).toBe(ids.thin);
    expect(sorted.map((c) => c.carId).indexOf(ids.dear)).toBe(2);
    const bad = await t.call('GET', '/api/cars', { query: { priceRating: 're' } });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe('Mức giá không hợp lệ');
  });

  it('follows a new price at once (the cached reads are dropped)', async () => {
    await publicList(); // cached
    const res = await t.call('PUT', `/api/cars/admin/${ids.dear}/price`, {
      token: staff.token,
      body: { sellPrice: 250_000_000 },
    });
    expect(res.status, res.body).toBe(200);
    await settled();
    expect(await publicCar(await publicList(), 'dear')).toMatchObject({ priceRating: 'GREAT' });
    await t.call('PUT', `/api/cars/admin/${ids.dear}/price`, {
      token: staff.token,
      body: { sellPrice: 360_000_000 },
    });
    await settled();
    expect(await publicCar(await publicList(), 'dear')).toMatchObject({ priceRating: 'HIGH' });
  });
});

describe('the repricing queue', () => {
  it('lists cars outside their band with the suggested price, and applies it in one click', async () => {
    const res = await t.call('GET', '/api/valuations/repricing', { token: staff.token });
    expect(res.status, res.body).toBe(200);
    const queue = res.json as Repricing;
    const dear = queue.content.find((r) => r.carId === ids.dear);
    expect(dear).toMatchObject({ bucket: '60+', band: { min: 0.87, max: 0.97 } });
    const d = dear as Repricing['content'][number];
    expect(d.suggestedPrice % 5_000_000).toBe(0);
    expect(d.suggestedPrice).toBeLessThanOrEqual((d.marketValue as number) * 0.97);
    expect(d.reason).toMatch(/sau 70 ngày trong kho; mức nên có 87%–97%: đề xuất giảm \d+ triệu$/);
    // The thin-data car is never in the queue.
    expect(queue.content.some((r) => r.carId === ids.thin)).toBe(false);

    const applied = await t.call('POST', `/api/valuations/repricing/${ids.dear}`, { token: staff.token });
    expect(applied.status, applied.body).toBe(200);
    const detail = await t.call('GET', `/api/cars/${ids.dear}`);
    expect(detail.json.sellPrice).toBe(d.suggestedPrice);
    const history = await t.call('GET', `/api/cars/${ids.dear}/price-history`);
    expect(history.json.changes[0]).toMatchObject({ oldPrice: 360_000_000, newPrice: d.suggestedPrice });
    const audits = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'car'), eq(auditLog.entityId, String(ids.dear))));
    expect(audits.at(-1)).toMatchObject({
      username: staff.username,
      after: { sellPrice: d.suggestedPrice },
    });
    // Applied: inside its band now, so a second click is refused.
    const again = await t.call('POST', `/api/valuations/repricing/${ids.dear}`, { token: staff.token });
    expect(again.status).toBe(409);
    expect(again.json.message).toBe('Xe không nằm trong danh sách cần điều chỉnh giá');
  });

  it('refuses a bad id (400) and callers without MANAGE_CAR', async () => {
    const bad = await t.call('POST', '/api/valuations/repricing/abc', { token: staff.token });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe('Mã xe không hợp lệ');
    expect((await t.call('POST', `/api/valuations/repricing/${ids.fair}`)).status).toBe(401);
  });
});

describe('old market data', () => {
  it('takes every label away once no comparable is recent, and says why to staff', async () => {
    // 01/10/2026 + 180 days is 30/03/2027.
    clock.advance(200 * DAY);
    // Nobody values a car meanwhile: the daily pass (a stored job, 03:00 in Vietnam) takes the labels away.
    const ran = await t.services.jobs.runDue();
    expect(ran).toBeGreaterThan(0);
    await settled();
    const list = await publicList();
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((c) => c.priceRating === null && c.priceRatingLabel === null)).toBe(true);
    // No session lasts 200 days: the staff figures straight from the service.
    const r = row(await t.services.valuations.pricing(), 'cheap');
    expect(r.priceRating).toBeNull();
    expect(r.note).toBe('Chỉ có 0 xe so sánh trong 180 ngày gần đây (cần ít nhất 5): không gắn nhãn giá');
  });
});
