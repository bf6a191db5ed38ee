import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vnDayKey } from '../../src/contract/format';
import type { ReconStats } from '../../src/contract/recon-stats';
import { cars } from '../../src/server/db/schema';
import { ManualClock } from '../../src/server/platform/clock';
import { startTestApp, type TestApp } from '../helpers/app';
import { carBody } from './cars-fixtures';

// GET /api/dashboard/recon on a small showroom whose every figure is worked out by hand below.

const DAY = 86_400_000;
let t: TestApp;
let clock: ManualClock;
let manager: string;
let viewer: string;
/** yyyy-mm-dd n days before today (the cars' listing moments are stamped by the real clock). */
const ago = (n: number) => vnDayKey(Date.now() - n * DAY);

async function newCar(carName: string, sellPrice: number, status: 'available' | 'preparing' = 'preparing') {
  const res = await t.call('POST', '/api/cars/admin/add', {
    token: manager,
    body: carBody({ carName, sellPrice, status }),
  });
  expect(res.status, res.body).toBe(201);
  return res.json.carId as number;
}
async function purchase(carId: number, amount: number, day: string) {
  const res = await t.call('POST', `/api/cars/admin/${carId}/costs`, {
    token: manager,
    body: { category: 'purchase', amount, incurredOn: day },
  });
  expect(res.status, res.body).toBe(201);
}
/** A work item estimated at parts + labour, approved and completed at `actual`. */
async function doneItem(carId: number, parts: number, labour: number, actual: number) {
  const item = await t.call('POST', `/api/cars/admin/${carId}/recon/items`, {
    token: manager,
    body: { title: `Hạng mục ${parts}`, group: 'máy', estimate: { parts, labour } },
  });
  expect(item.status, item.body).toBe(201);
  for (const body of [{ status: 'APPROVED' }, { status: 'DONE', actualCost: actual }]) {
    const res = await t.call('PUT', `/api/recon/items/${item.json.itemId}`, { token: manager, body });
    expect(res.status, res.body).toBe(200);
  }
}
async function sell(carId: number, salePrice: number) {
  const res = await t.call('POST', '/api/soldhistory', {
    token: manager,
    body: {
      carId,
      buyerName: 'Nguyễn Văn Khách',
      buyerPhone: '0912345678',
      salePrice,
      paymentMethod: 'CASH',
    },
  });
  expect(res.status, res.body).toBe(201);
}
async function stats(query = '', token = manager) {
  const res = await t.call('GET', `/api/dashboard/recon${query}`, { token });
  expect(res.status, res.body).toBe(200);
  return res.json as ReconStats;
}

let carA: number;
let carC: number;

beforeAll(async () => {
  clock = new ManualClock(new Date());
  t = await startTestApp({}, { clock });
  manager = (await t.createStaff(['MANAGE_CAR'])).token;
  viewer = (await t.createStaff(['MANAGE_SERVICE'])).token;
  const idle = await t.call('PUT', '/api/web-configuration', {
    token: t.adminToken,
    body: { sessionIdleHours: 168 },
  });
  expect(idle.status, idle.body).toBe(200);

  // A: bought 5 days ago, two items done (one over, one under its estimate), listed today past the gate.
  carA = await newCar('Mazda CX-5 A', 450_000_000);
  await purchase(carA, 400_000_000, ago(5));
  await doneItem(carA, 2_000_000, 1_000_000, 3_500_000);
  await doneItem(carA, 1_000_000, 500_000, 1_200_000);
  const pending = await t.call('POST', `/api/cars/admin/${carA}/recon/items`, {
    token: manager,
    body: { title: 'Chưa duyệt', group: 'khác', estimate: { parts: 9_000_000, labour: 0 } },
  });
  expect(pending.status).toBe(201);
  const listed = await t.call('PUT', `/api/cars/admin/${carA}/status`, {
    token: manager,
    body: { status: 'available', overrideReason: 'Khách đặt trước' },
  });
  expect(listed.status, listed.body).toBe(200);

  // B: listed at once, its purchase typed as yesterday's, sold today.
  const carB = await newCar('Kia Morning B', 250_000_000, 'available');
  await purchase(carB, 200_000_000, ago(1));
  await sell(carB, 230_000_000);
  // C: bought 40 days ago, still in the workshop with one item done under its estimate.
  carC = await newCar('Ford Ranger C', 350_000_000);
  await purchase(carC, 300_000_000, ago(40));
  await doneItem(carC, 4_000_000, 0, 3_600_000);
  const moved = await t.call('PUT', `/api/cars/admin/${carC}/recon/stage`, {
    token: manager,
    body: { stage: 'REPAIR' },
  });
  expect(moved.status, moved.body).toBe(200);
  // D: no purchase price: sold without a true cost.
  const carD = await newCar('Hyundai i10 D', 120_000_000, 'available');
  await sell(carD, 100_000_000);
  // E: bought 45 days ago, listed today, sold today.
  const carE = await newCar('Toyota Vios E', 170_000_000, 'available');
  await purchase(carE, 150_000_000, ago(45));
  await sell(carE, 160_000_000);
});
afterAll(() => t.close());

describe('GET /api/dashboard/recon', () => {
  it('works out time to line, reconditioning, true-cost margins and stock age from the records', async () => {
    const s = await stats();
    // Purchase → listed: A 5 days, B 1, E 45: 51 / 3 = 17.0; D has no purchase price, so no known
    // purchase day: counted apart, not as 0 days.
    expect(s.timeToLine).toEqual({
      cars: 3,
      withoutPurchase: 1,
      averageDays: 17,
      targetDays: 3,
      acceptableDays: 7,
      withinTarget: 1,
      withinAcceptable: 2,
      verdict: 'SLOW',
      verdictLabel: 'Chậm',
    });
    // Done items: 3,500,000 + 1,200,000 (A) + 3,600,000 (C) = 8,300,000 against 8,500,000 estimated,
    // on 2 cars; the item still awaiting approval counts nothing.
    expect(s.reconCost).toEqual({
      cars: 2,
      itemsCompleted: 3,
      actualTotal: 8_300_000,
      estimateTotal: 8_500_000,
      averagePerCar: 4_150_000,
      actualToEstimate: 0.9765,
      overEstimate: 1,
    });
    // B: 200,000,000 + 1 day at 10 % (54,794.52 → 54,795) = 200,054,795, margin 29,945,205.
    // E: 150,000,000 + 45 days (1,849,315.07 → 1,849,315) = 151,849,315, margin 8,150,685.
    // D has no true cost. Rate 38,095,890 / 390,000,000 = 0.09768 → 0.0977.
    expect(s.margin).toEqual({
      sold: 3,
      withTrueCost: 2,
      revenue: 390_000_000,
      trueCostTotal: 351_904_110,
      marginTotal: 38_095_890,
      averageMargin: 19_047_945,
      marginRate: 0.0977,
    });
    // B (1 day) and D (0) sold within 30 days of purchase, E (45) did not.
    expect(s.quickSales).toEqual({ sold: 3, withinDays: 30, count: 2, share: 0.6667 });
    // In stock: A (5 days, 0–15) and C (40 days, 31–45).
    expect(s.agedStock).toEqual({
      total: 2,
      buckets: [
        { bucket: '0-15', label: '0–15 ngày', count: 1, value: 450_000_000 },
        { bucket: '16-30', label: '16–30 ngày', count: 0, value: 0 },
        { bucket: '31-45', label: '31–45 ngày', count: 1, value: 350_000_000 },
        { bucket: '46-60', label: '46–60 ngày', count: 0, value: 0 },
        { bucket: '60+', label: 'Trên 60 ngày', count: 0, value: 0 },
      ],
    });
    expect(s.stages.preparing).toBe(1);
    expect(s.stages.byStage.find((x) => x.key === 'REPAIR')).toEqual({
      key: 'REPAIR',
      name: 'Sửa chữa',
      count: 1,
      late: 0,
    });
    expect(s.stages.byStage.reduce((n, x) => n + x.count, 0)).toBe(1);
    // Without a range the holding cost is this month's.
    expect(s.holding).toMatchObject({ from: `${ago(0).slice(0, 8)}01`, to: ago(0), rate: 0.1 });
  });

  it('accrues holding cost over the range by the ledger rule, day by day', async () => {
    const s = await stats(`?from=${ago(10)}&to=${ago(0)}`);
    // The 11 days from 10 days ago to today, at 10 % a year:
    // A 404,700,000 (purchase + repairs) × 5 days (bought 5 days ago) = 2,023,500,000
    // C 303,600,000 × 11 days (bought before the range)               = 3,339,600,000
    // B 200,000,000 × 1 day (bought yesterday, sold today)              =   200,000,000
    // E 150,000,000 × 11 days (sold today)                              = 1,650,000,000
    // 7,213,100,000 × 10 % / 365 = 1,976,191.78 → 1,976,192; D has no line.
    expect(s.holding).toEqual({ from: ago(10), to: ago(0), cars: 4, total: 1_976_192, rate: 0.1 });
    // Nothing was listed, completed or sold 30 days ago.
    const old = await stats(`?from=${ago(30)}&to=${ago(30)}`);
    expect(old.timeToLine).toMatchObject({ cars: 0, averageDays: null, verdict: null });
    expect(old.reconCost).toMatchObject({ cars: 0, averagePerCar: null, actualToEstimate: null });
    expect(old.margin).toMatchObject({ sold: 0, averageMargin: null, marginRate: null });
    expect(old.quickSales.share).toBeNull();
  });

  it("judges time to line against the showroom's own target, set in the settings", async () => {
    const stockCosts = { holdingRate: 0.1, targetMarginRate: 0.08, reconEstimate: 10_000_000 };
    const put = (days: unknown) =>
      t.call('PUT', '/api/web-configuration', {
        token: t.adminToken,
        body: { stockCosts: { ...stockCosts, timeToLineTargetDays: days } },
      });
    // An average of 17 days meets a target of 20 (A 5 and B 1 and E 45: two within it).
    expect((await put(20)).status).toBe(200);
    try {
      expect((await stats()).timeToLine).toMatchObject({
        averageDays: 17,
        targetDays: 20,
        acceptableDays: 41,
        withinTarget: 2,
        withinAcceptable: 2,
        verdict: 'TARGET',
        verdictLabel: 'Đạt mục tiêu',
      });
      // 8 days: 17 is within 2 × 8 + 1.
      expect((await put(8)).status).toBe(200);
      expect((await stats()).timeToLine).toMatchObject({ targetDays: 8, verdict: 'ACCEPTABLE' });
      for (const bad of [0, 61, 2.5, 'ba'])
        expect((await put(bad)).json.message ?? '').toMatch(/Mục tiêu thời gian lên kệ/);
    } finally {
      expect((await put(3)).status).toBe(200);
    }
  });

  it('keeps the first listing moment when a car goes back to preparation and is listed again', async () => {
    const [before] = await t.ctx.db.select({ at: cars.listedAt }).from(cars).where(eq(cars.id, carA));
    expect(before.at).not.toBeNull();
    for (const status of ['preparing', 'available']) {
      const res = await t.call('PUT', `/api/cars/admin/${carA}/status`, {
        token: manager,
        body: { status, overrideReason: 'Khách đặt trước' },
      });
      expect(res.status, res.body).toBe(200);
    }
    const [after] = await t.ctx.db.select({ at: cars.listedAt }).from(cars).where(eq(cars.id, carA));
    expect(after.at?.toISOString()).toBe(before.at?.toISOString());
    const [never] = await t.ctx.db.select({ at: cars.listedAt }).from(cars).where(eq(cars.id, carC));
    expect(never.at).toBeNull();
  });

  it('exports the same figures as CSV, one row a figure, for car managers only', async () => {
    const res = await t.call('GET', `/api/exports/recon-stats.csv?from=${ago(10)}&to=${ago(0)}`, {
      token: manager,
    });
    expect(res.status, res.body).toBe(200);
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Nhóm,Chỉ số,Giá trị,Đơn vị,Ghi chú');
    expect(lines[1]).toBe('Thời gian lên sàn,Trung bình (ngày mua → đăng bán),17,ngày,Chậm');
    expect(lines).toContain('Thời gian lên sàn,Số xe lên sàn,3,xe,Không tính 1 xe chưa có giá mua');
    expect(lines).toContain('Chi phí tân trang,Trung bình mỗi xe,4150000,đ,2 xe có hạng mục hoàn thành');
    expect(lines).toContain('Chi phí tân trang,Thực tế so với dự toán,97.65,%,');
    expect(lines).toContain('Lãi trên giá vốn thực,Tỷ suất lãi,9.77,%,');
    const dmy = (d: string) => d.split('-').reverse().join('/');
    expect(lines).toContain(
      `Chi phí vốn tồn kho,Từ ${dmy(ago(10))} đến ${dmy(ago(0))},1976192,đ,"4 xe, lãi suất 10%/năm"`,
    );
    expect(lines).toContain('Bán trong 30 ngày,Tỷ lệ,66.67,%,2/3 xe kể từ ngày mua');
    expect(lines).toContain('Tuổi tồn kho,31–45 ngày,1,xe,Giá trị 350 triệu');
    const other = await t.call('GET', '/api/exports/recon-stats.xlsx', { token: viewer });
    expect(other.status).toBe(403);
  });

  it('counts a car past its stage limit as late', async () => {
    // Three days on: well past the 24 working hours of "Sửa chữa".
    clock.advance(3 * DAY);
    const s = await stats();
    expect(s.stages).toMatchObject({ preparing: 1, late: 1 });
    expect(s.stages.byStage.find((x) => x.key === 'REPAIR')).toMatchObject({ count: 1, late: 1 });
  });

  it('is for car managers: 401 without a session, 403 without MANAGE_CAR, 400 for a bad range', async () => {
    expect((await t.call('GET', '/api/dashboard/recon')).status).toBe(401);
    const forbidden = await t.call('GET', '/api/dashboard/recon', { token: viewer });
    expect(forbidden.status).toBe(403);
    const bad = await t.call('GET', '/api/dashboard/recon?from=31/02/2025', { token: manager });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe('Từ ngày không hợp lệ (dd/mm/yyyy)');
  });
});
