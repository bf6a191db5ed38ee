import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CarDetail, CarSummary } from '../../src/contract/cars';
import { cars } from '../../src/server/db/schema';
import { startTestApp, type TestApp } from '../helpers/app';
import { ON_S3 } from '../helpers/storage';
import { carBody, multipart, smallJpeg } from './cars-fixtures';

/*
 * The public list reads its own columns (rows.ts, summaryColumns) through a prepared statement
 * (list-query.ts); a car's page reads the whole row. Every field of a listed car must be the very value
 * its page gives, whatever the row holds: covers of every size, no cover, recent and old price drops, a
 * rise, an inspection summary, text that JSON must escape.
 */

let t: TestApp;
let staff: string;
const ids: Record<string, number> = {};

const SUMMARY_KEYS: (keyof CarSummary)[] = [
  'carId', 'carName', 'brand', 'model', 'version', 'year', 'sellPrice', 'odo', 'bodyType', 'size', 'fuel',
  'transmission', 'exteriorColor', 'origin', 'status', 'cover', 'createdAt', 'priceDrop', 'priceDroppedAt',
  'inspection', 'priceRating', 'priceRatingLabel', 'priceRatingComparables',
]; // biome-ignore format: one list

async function addCar(name: string, over: Record<string, unknown> = {}, photo?: Buffer) {
  const parts = [
    { name: 'car', value: JSON.stringify(carBody({ carName: name, ...over })), type: 'application/json' },
    ...(photo ? [{ name: 'images', filename: 'xe.jpg', type: 'image/jpeg', data: photo }] : []),
  ];
  const m = multipart(parts);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/cars/admin/add',
    payload: m.payload,
    headers: { ...m.headers, authorization: `Bearer ${staff}` },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().carId as number;
}

async function reprice(id: number, name: string, sellPrice: number) {
  const res = await t.call('PUT', `/api/cars/admin/${id}`, {
    token: staff,
    body: carBody({ carName: name, sellPrice }),
  });
  expect(res.status, res.body).toBe(200);
}

/** Writes columns the forms do not reach (sizes of a stored cover, an old drop), then drops the caches. */
async function setRow(id: number, values: Partial<typeof cars.$inferInsert>) {
  await t.ctx.db.update(cars).set(values).where(eq(cars.id, id));
}

beforeAll(async () => {
  // On S3 with a public address, covers are read from the bucket's own host.
  t = await startTestApp(ON_S3 ? { S3_PUBLIC_URL: 'https://anh.example.vn/kho/' } : {});
  staff = (await t.createStaff(['MANAGE_CAR'])).token;
  const photo = await smallJpeg('#884422', 1200, 800);
  ids.plain = await addCar('Toyota Vios "Bản đặc biệt" \\ 1.5G');
  for (const width of [300, 480, 700, 960, 1200, 2000]) {
    ids[`cover${width}`] = await addCar(`Toyota Vios ảnh ${width}`, {}, photo);
    await setRow(ids[`cover${width}`], { coverWidth: width, coverHeight: Math.round(width / 1.5) });
  }
  ids.dropped = await addCar('Toyota Vios giảm giá', { sellPrice: 500_000_000 });
  await reprice(ids.dropped, 'Toyota Vios giảm giá', 470_000_000);
  ids.oldDrop = await addCar('Toyota Vios giảm lâu', { sellPrice: 500_000_000 });
  await reprice(ids.oldDrop, 'Toyota Vios giảm lâu', 480_000_000);
  await setRow(ids.oldDrop, { priceDroppedAt: sql`now() - interval '31 days'` as never });
  ids.risen = await addCar('Toyota Vios tăng giá', { sellPrice: 500_000_000 });
  await setRow(ids.risen, { priceDropFrom: 490_000_000, priceDroppedAt: new Date() });
  ids.inspected = await addCar('Toyota Vios đã kiểm định', { version: '' });
  await setRow(ids.inspected, {
    inspection: {
      total: 176,
      passed: 170,
      fixed: 3,
      attention: 2,
      na: 1,
      pledges: [],
      inspectedAt: '2026-11-01',
    },
    createdAt: new Date('2026-01-02T03:04:05.678Z'),
  });
  // The rows above were changed past the service: a change through it empties the read caches.
  await reprice(ids.plain, 'Toyota Vios "Bản đặc biệt" \\ 1.5G', 458_000_000);
});
afterAll(() => t.close());

describe('the public list and the car page agree', () => {
  it('gives every car the summary its own page gives, field for field', async () => {
    const list = await t.call('GET', '/api/cars', { query: { pageSize: 50, brand: 'Toyota' } });
    expect(list.status, list.body).toBe(200);
    const listed = new Map<number, CarSummary>(list.json.content.map((c: CarSummary) => [c.carId, c]));
    expect(listed.size).toBe(Object.keys(ids).length);
    for (const [label, id] of Object.entries(ids)) {
      const page = (await t.call('GET', `/api/cars/${id}`)).json as CarDetail;
      const expected = Object.fromEntries(SUMMARY_KEYS.map((k) => [k, page[k]]));
      expect({ label, ...listed.get(id) }).toEqual({ label, ...expected });
    }
  });

  it('covers the cases it claims: srcset widths, the drops, the cover host', async () => {
    const list = await t.call('GET', '/api/cars', { query: { pageSize: 50, brand: 'Toyota' } });
    const byId = new Map<number, CarSummary>(list.json.content.map((c: CarSummary) => [c.carId, c]));
    expect(byId.get(ids.plain)?.cover).toBeNull();
    expect(byId.get(ids.plain)?.carName).toBe('Toyota Vios "Bản đặc biệt" \\ 1.5G');
    expect(byId.get(ids.cover300)?.cover?.srcset.split(', ')).toHaveLength(1);
    expect(byId.get(ids.cover700)?.cover?.srcset).toMatch(/-960\.webp 700w$/);
    expect(byId.get(ids.cover2000)?.cover?.srcset.split(', ')).toHaveLength(3);
    const host = ON_S3 ? 'https://anh.example.vn/kho/' : '/api/uploads/';
    expect(byId.get(ids.cover960)?.cover?.src.startsWith(host)).toBe(true);
    expect(byId.get(ids.dropped)).toMatchObject({
      priceDrop: 30_000_000,
      priceDroppedAt: expect.any(String),
    });
    expect(byId.get(ids.oldDrop)).toMatchObject({ priceDrop: null, priceDroppedAt: null });
    expect(byId.get(ids.risen)).toMatchObject({ priceDrop: null, priceDroppedAt: null });
    expect(byId.get(ids.inspected)?.createdAt).toBe('2026-01-02T03:04:05.678Z');
    expect(byId.get(ids.inspected)?.inspection).toMatchObject({ passed: 170, fixed: 3 });
  });

  it('answers the same bytes again from the cache, and an empty page past the end with the count', async () => {
    const query = { brand: 'Toyota', sort: 'price_asc', page: 1, pageSize: 5 };
    const first = await t.call('GET', '/api/cars', { query });
    const again = await t.call('GET', '/api/cars', { query });
    expect(again.body).toBe(first.body);
    expect(first.json).toMatchObject({ totalElements: Object.keys(ids).length, page: 1, size: 5 });
    const past = await t.call('GET', '/api/cars', { query: { ...query, page: 9 } });
    expect(past.json).toEqual({
      content: [],
      totalElements: Object.keys(ids).length,
      totalPages: Math.ceil(Object.keys(ids).length / 5),
      page: 9,
      size: 5,
    });
  });
});
