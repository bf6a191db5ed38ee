import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vnDayKey } from '../../src/contract/format';
import { odometerReadings, odometerRollback, recordReading } from '../../src/server/modules/odometer/service';
import { startTestApp, type TestApp } from '../helpers/app';
import { carBody } from './cars-fixtures';

let t: TestApp;
let staff: { token: string };
let carId: number;

const daysAgo = (n: number) => vnDayKey(Date.now() - n * 86_400_000);
const body = (odo: number) =>
  carBody({ carName: 'Mazda CX-5 2.0 Luxury', brand: 'Mazda', model: 'CX-5', odo });
const saveOdo = (odo: number) =>
  t.call('PUT', `/api/cars/admin/${carId}`, { token: staff.token, body: body(odo) });

beforeAll(async () => {
  t = await startTestApp();
  staff = await t.createStaff(['MANAGE_CAR']);
  const res = await t.call('POST', '/api/cars/admin/add', { token: staff.token, body: body(50_000) });
  expect(res.status, res.body).toBe(201);
  carId = res.json.carId;
});
afterAll(() => t.close());

describe('the odometer history never goes backwards', () => {
  it('keeps the listing as a reading on the day it was written', async () => {
    expect(await odometerReadings(t.database.db, carId)).toEqual([
      { source: 'listing', readOn: daysAgo(0), km: 50_000 },
    ]);
  });

  it('lets staff correct the listing when nothing else contradicts it', async () => {
    expect((await saveOdo(49_500)).status).toBe(200);
    expect(await odometerReadings(t.database.db, carId)).toEqual([
      { source: 'listing', readOn: daysAgo(0), km: 49_500 },
    ]);
  });

  it('refuses a listing below an earlier reading, in Vietnamese, and writes nothing', async () => {
    await recordReading(t.database.db, {
      carId,
      source: 'service',
      sourceId: 7,
      readOn: daysAgo(20),
      km: 48_000,
    });
    const res = await saveOdo(47_000);
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(
      `Số km 47.000 km ngày ${daysAgo(0).split('-').reverse().join('/')} thấp hơn số km đã ghi trước đó: ` +
        `48.000 km ngày ${daysAgo(20).split('-').reverse().join('/')} (sổ bảo dưỡng). Đồng hồ km không thể lùi.`,
    );
    expect(res.json.errors.odo).toContain('không thể lùi');
    const car = await t.call('GET', `/api/cars/admin/${carId}`, { token: staff.token });
    expect(car.json.odo).toBe(49_500);
    expect((await odometerReadings(t.database.db, carId)).map((r) => r.km)).toEqual([48_000, 49_500]);
  });

  it('refuses a staff reading that contradicts a later one, keeps an imported one and flags the car', async () => {
    await expect(
      recordReading(t.database.db, {
        carId,
        source: 'service',
        sourceId: 8,
        readOn: daysAgo(10),
        km: 30_000,
      }),
    ).rejects.toMatchObject({ status: 400 });
    expect(await odometerRollback(t.database.db, carId)).toBeNull();

    await recordReading(
      t.database.db,
      { carId, source: 'import', sourceId: 1, readOn: daysAgo(10), km: 30_000 },
      { imported: true },
    );
    expect(await odometerRollback(t.database.db, carId)).toEqual({
      earlier: { source: 'service', readOn: daysAgo(20), km: 48_000 },
      later: { source: 'import', readOn: daysAgo(10), km: 30_000 },
    });
  });

  it('replaces a record reading instead of adding a second one', async () => {
    await recordReading(t.database.db, {
      carId,
      source: 'service',
      sourceId: 7,
      readOn: daysAgo(25),
      km: 47_000,
    });
    const service = (await odometerReadings(t.database.db, carId)).filter((r) => r.source === 'service');
    expect(service).toEqual([{ source: 'service', readOn: daysAgo(25), km: 47_000 }]);
  });
});
