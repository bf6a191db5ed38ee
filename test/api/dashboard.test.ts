import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchKey } from '../../src/contract/cars';
import { vnDayKey } from '../../src/contract/format';
import { cars, leadEvents, leads, reservations, sales } from '../../src/server/db/schema';
import { startTestApp, type TestApp } from '../helpers/app';

/**
 * Statistics against a fixed data set whose answers are worked out by hand below. Times are written
 * with their offset: "+07:00" is the Vietnamese wall clock.
 *
 * Cars (brand, status, sell price, entered stock):
 *   c1 Toyota available 500tr 10/01/2024   c2 Toyota pending 700tr 05/02/2024
 *   c3 Honda  available 800tr 01/04/2024 06:00 VN (31/03 23:00 UTC: April in Vietnam)
 *   c4 Toyota sold 01/01/2024   c5 Honda sold 01/02/2024   c6 Toyota sold 01/04/2024
 *   c7 Kia available 300tr 05/01/2024 (its sale s4 was cancelled)   c8 Mazda sold 01/06/2023
 *   c9 "toyota" sold 15/04/2024 (another spelling of the brand)
 * Sales (date, price, purchase price, salesperson):
 *   s1 c4 31/01/2024 480tr / 400tr A, recorded 23:30 on the 31st in Vietnam
 *   s2 c5 15/03/2024 900tr / -     B     s3 c6 10/04/2024 600tr / 550tr A
 *   s4 c7 10/02/2024 300tr / 250tr A CANCELLED     s5 c8 31/12/2023 550tr / 500tr B
 *   s6 c9 20/04/2024 400tr / -     A
 * Leads (type, sent, status, first contact):
 *   l1 TEST_DRIVE 31/01/2024 23:30 VN, CONTACTED after 2 h    l2 MAINTENANCE 01/02/2024 06:00 VN, NEW
 *   l3 CONSULTING 29/01/2024 10:00 VN, DONE, contacted after 30 h
 *   l4 TEST_DRIVE 22/01/2024 10:00 VN, CANCELLED after 1 h    l5 CONSULTING Mon 05/02/2024 06:00 VN, NEW
 */

let t: TestApp;
let sellerA: { id: number; token: string };
let sellerB: { id: number; token: string };
let plain: { id: number; token: string };
const id: Record<string, number> = {};
const TR = 1_000_000;

function carRow(brand: string, status: string, sellPrice: number, createdAt: string) {
  return {
    carName: `${brand} Xe thử`,
    brand,
    model: 'Thử',
    year: 2020,
    sellPrice,
    odo: 30_000,
    bodyType: 'SEDAN',
    size: 5,
    fuel: 'PETROL',
    transmission: 'AUTOMATIC',
    exteriorColor: 'Trắng',
    interiorColor: 'Đen',
    origin: 'DOMESTIC',
    status,
    brandKey: matchKey(brand),
    exteriorColorKey: matchKey('Trắng'),
    interiorColorKey: matchKey('Đen'),
    createdAt: new Date(createdAt),
    updatedAt: new Date(createdAt),
  };
}

beforeAll(async () => {
  t = await startTestApp();
  sellerA = await t.createStaff(['MANAGE_CAR']);
  sellerB = await t.createStaff(['MANAGE_CAR']);
  plain = await t.createStaff([]);
  const db = t.ctx.db;
  const carSpecs: [string, string, string, number, string][] = [
    ['c1', 'Toyota', 'available', 500 * TR, '2024-01-10T10:00:00+07:00'],
    ['c2', 'Toyota', 'pending', 700 * TR, '2024-02-05T10:00:00+07:00'],
    ['c3', 'Honda', 'available', 800 * TR, '2024-04-01T06:00:00+07:00'],
    ['c4', 'Toyota', 'sold', 490 * TR, '2024-01-01T09:00:00+07:00'],
    ['c5', 'Honda', 'sold', 900 * TR, '2024-02-01T09:00:00+07:00'],
    ['c6', 'Toyota', 'sold', 600 * TR, '2024-04-01T09:00:00+07:00'],
    ['c7', 'Kia', 'available', 300 * TR, '2024-01-05T09:00:00+07:00'],
    ['c8', 'Mazda', 'sold', 550 * TR, '2023-06-01T09:00:00+07:00'],
    ['c9', 'toyota', 'sold', 400 * TR, '2024-04-15T09:00:00+07:00'],
  ];
  for (const [name, brand, status, price, at] of carSpecs) {
    const [row] = await db
      .insert(cars)
      .values(carRow(brand, status, price, at))
      .returning({ id: cars.id });
    id[name] = row.id;
  }
  const saleSpecs: [string, string, string, string, number, number | null, number, string, boolean][] = [
    ['s1', 'c4', 'Toyota', '2024-01-31', 480 * TR, 400 * TR, sellerA.id, '2024-01-31T23:30:00+07:00', false],
    ['s2', 'c5', 'Honda', '2024-03-15', 900 * TR, null, sellerB.id, '2024-03-15T10:00:00+07:00', false],
    ['s3', 'c6', 'Toyota', '2024-04-10', 600 * TR, 550 * TR, sellerA.id, '2024-04-10T10:00:00+07:00', false],
    ['s4', 'c7', 'Kia', '2024-02-10', 300 * TR, 250 * TR, sellerA.id, '2024-02-10T10:00:00+07:00', true],
    ['s5', 'c8', 'Mazda', '2023-12-31', 550 * TR, 500 * TR, sellerB.id, '2023-12-31T10:00:00+07:00', false],
    ['s6', 'c9', 'toyota', '2024-04-20', 400 * TR, null, sellerA.id, '2024-04-20T10:00:00+07:00', false],
  ];
  for (const [name, car, brand, day, price, purchase, seller, at, cancelled] of saleSpecs) {
    const [row] = await db
      .insert(sales)
      .values({
        carId: id[car],
        carName: `${brand} Xe thử`,
        brand,
        listPrice: price,
        buyerName: 'Người Mua',
        buyerPhone: '0912345678',
        salePrice: price,
        purchasePrice: purchase,
        saleDate: day,
        paymentMethod: 'CASH',
        salespersonId: seller,
        createdAt: new Date(at),
        cancelledAt: cancelled ? new Date('2024-02-12T10:00:00+07:00') : null,
        cancelReason: cancelled ? 'Khách đổi ý' : null,
      })
      .returning({ id: sales.id });
    id[name] = row.id;
  }
  const H = 3_600_000;
  const leadSpecs: [string, string, string, string, [string, string, number][]][] = [
    ['l1', 'TEST_DRIVE', 'CONTACTED', '2024-01-31T23:30:00+07:00', [['NEW', 'CONTACTED', 2]]],
    ['l2', 'MAINTENANCE', 'NEW', '2024-02-01T06:00:00+07:00', []],
    [
      'l3',
      'CONSULTING',
      'DONE',
      '2024-01-29T10:00:00+07:00',
      [
        ['NEW', 'CONTACTED', 30],
        ['CONTACTED', 'DONE', 40],
      ],
    ],
    ['l4', 'TEST_DRIVE', 'CANCELLED', '2024-01-22T10:00:00+07:00', [['NEW', 'CANCELLED', 1]]],
    ['l5', 'CONSULTING', 'NEW', '2024-02-05T06:00:00+07:00', []],
  ];
  for (const [name, type, status, at, events] of leadSpecs) {
    const created = new Date(at);
    const requestId = randomUUID();
    const [row] = await db
      .insert(leads)
      .values({
        type,
        reference: `XX-${requestId.slice(0, 8).toUpperCase()}`,
        clientRequestId: requestId,
        status,
        fullName: `Khách ${name}`,
        phone: '0912345678',
        createdAt: created,
        updatedAt: created,
      })
      .returning({ id: leads.id });
    id[name] = row.id;
    await db
      .insert(leadEvents)
      .values({ leadId: row.id, kind: 'CREATED', toStatus: 'NEW', createdAt: created });
    for (const [from, to, hours] of events) {
      await db.insert(leadEvents).values({
        leadId: row.id,
        kind: 'STATUS',
        fromStatus: from,
        toStatus: to,
        createdAt: new Date(created.getTime() + hours * H),
      });
    }
  }
});
afterAll(() => t.close());

/** Revenue, margins and the stock's value are the car managers'; counts are every staff member's. */
const MONEY =
  /^(sold-cars-by-(brand|years|months)|sales-performance|recon|salespeople|summary|reservations|cars|total-cars-by-brand)$/;
const get = (
  path: string,
  query?: Record<string, string | number | boolean>,
  token = MONEY.test(path) ? sellerA.token : plain.token,
) => t.call('GET', `/api/dashboard/${path}`, { token, query });

async function ok(
  path: string,
  query?: Record<string, string | number | boolean>,
  token = MONEY.test(path) ? sellerA.token : plain.token,
) {
  const res = await get(path, query, token);
  expect(res.status, res.body).toBe(200);
  return res.json;
}

const JAN = { from: '01/01/2024', to: '31/01/2024' };

describe('cars by status', () => {
  it('counts the stock and sales, cancelled sales left out', async () => {
    expect(await ok('cars')).toEqual({
      range: { from: null, to: null },
      total: 9,
      available: 3,
      pending: 1,
      sold: 5,
      byStatus: [
        { status: 'available', label: 'Đang bán', count: 3 },
        { status: 'pending', label: expect.any(String), count: 1 },
        { status: 'sold', label: 'Đã bán', count: 5 },
      ],
      stockCount: 4,
      stockValue: 2300 * TR,
    });
  });

  it('counts cars by the Vietnamese day they entered stock and sales by their sale date', async () => {
    const q1 = await ok('cars', { from: '01/01/2024', to: '31/03/2024' });
    // c3 entered at 06:00 on 1 April in Vietnam (still 31 March in UTC): not in the first quarter.
    expect(q1).toMatchObject({ available: 2, pending: 1, sold: 2, stockValue: 1500 * TR, total: 5 });
    expect(q1.range).toEqual({ from: '2024-01-01', to: '2024-03-31' });
    const q2 = await ok('cars', { from: '2024-04-01', to: '2024-06-30' });
    expect(q2).toMatchObject({ available: 1, pending: 0, sold: 2, stockValue: 800 * TR });
  });

  it('answers each status count, and the cars with list=true for car managers', async () => {
    expect(await ok('available-cars')).toMatchObject({ status: 'available', count: 3, cars: null });
    expect(await ok('pending-cars')).toMatchObject({ status: 'pending', count: 1, cars: null });
    expect(await ok('sold-cars', JAN)).toMatchObject({ status: 'sold', label: 'Đã bán', count: 1 });

    const sold = await ok('sold-cars', { list: true, size: 2 }, sellerA.token);
    expect(sold.count).toBe(5);
    expect(sold.cars).toMatchObject({ totalElements: 5, totalPages: 3, page: 1, size: 2 });
    expect(sold.cars.content.map((c: { carId: number }) => c.carId)).toEqual([id.c9, id.c6]);
    expect(sold.cars.content[0].sale).toEqual({
      transactionId: id.s6,
      saleDate: '2024-04-20',
      salePrice: 400 * TR,
    });

    const available = await ok('available-cars', { list: 'true', page: 1 }, t.adminToken);
    expect(available.cars.content.map((c: { carId: number }) => c.carId)).toEqual([id.c3, id.c1, id.c7]);
    expect(available.cars.content[0]).toMatchObject({ brand: 'Honda', sellPrice: 800 * TR, sale: null });

    // The counts are for every staff member, the cars themselves need MANAGE_CAR.
    expect((await get('sold-cars', { list: true })).status).toBe(403);
  });
});

describe('by brand, year and month', () => {
  it('sums sales per brand, spellings merged, most sold first', async () => {
    expect(await ok('sold-cars-by-brand')).toEqual([
      { brand: 'Toyota', count: 3, revenue: 1480 * TR },
      { brand: 'Honda', count: 1, revenue: 900 * TR },
      { brand: 'Mazda', count: 1, revenue: 550 * TR },
    ]);
    expect(await ok('sold-cars-by-brand', { from: '01/02/2024', to: '29/02/2024' })).toEqual([]);
  });

  it('gives one row per brand of the whole stock', async () => {
    expect(await ok('total-cars-by-brand')).toEqual([
      { brand: 'Toyota', total: 5, available: 1, pending: 1, sold: 3, stockValue: 1200 * TR },
      { brand: 'Honda', total: 2, available: 1, pending: 0, sold: 1, stockValue: 800 * TR },
      { brand: 'Kia', total: 1, available: 1, pending: 0, sold: 0, stockValue: 300 * TR },
      { brand: 'Mazda', total: 1, available: 0, pending: 0, sold: 1, stockValue: 0 },
    ]);
  });

  it('sums sales per year', async () => {
    expect(await ok('sold-cars-by-years')).toEqual([
      { year: 2023, count: 1, revenue: 550 * TR },
      { year: 2024, count: 4, revenue: 2380 * TR },
    ]);
    expect(await ok('sold-cars-by-years', { from: '01/01/2024' })).toEqual([
      { year: 2024, count: 4, revenue: 2380 * TR },
    ]);
  });

  it('gives the twelve months of a year, empty months as zero, the sale of the 31st in its month', async () => {
    const months = await ok('sold-cars-by-months', { year: 2024 });
    expect(months).toHaveLength(12);
    expect(months.map((m: { month: number }) => m.month)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(months[0]).toEqual({
      year: 2024,
      month: 1,
      label: 'T1/2024',
      count: 1,
      revenue: 480 * TR,
      margin: 80 * TR,
    });
    // February had only the cancelled sale.
    expect(months[1]).toEqual({ year: 2024, month: 2, label: 'T2/2024', count: 0, revenue: 0, margin: 0 });
    expect(months[2]).toMatchObject({ count: 1, revenue: 900 * TR, margin: 0 });
    expect(months[3]).toMatchObject({ count: 2, revenue: 1000 * TR, margin: 50 * TR });
    for (const m of months.slice(4)) expect(m).toMatchObject({ count: 0, revenue: 0 });

    const dec = await ok('sold-cars-by-months', { year: 2023 });
    expect(dec[11]).toMatchObject({ label: 'T12/2023', count: 1, revenue: 550 * TR });
  });

  it('with only a range gives every month it touches', async () => {
    const months = await ok('sold-cars-by-months', { from: '01/12/2023', to: '29/02/2024' });
    expect(months.map((m: { label: string; count: number }) => [m.label, m.count])).toEqual([
      ['T12/2023', 1],
      ['T1/2024', 1],
      ['T2/2024', 0],
    ]);
    // A range inside a year keeps the twelve months when the year is named, counting only the range.
    const part = await ok('sold-cars-by-months', { year: 2024, from: '01/04/2024', to: '15/04/2024' });
    expect(part).toHaveLength(12);
    expect(part[3]).toMatchObject({ count: 1, revenue: 600 * TR });
    expect(part[0]).toMatchObject({ count: 0 });
  });
});

describe('what a manager asks next', () => {
  it('revenue, margin where the purchase price is known, and days in stock', async () => {
    expect(await ok('sales-performance')).toEqual({
      range: { from: null, to: null },
      count: 5,
      revenue: 2930 * TR,
      averagePrice: 586 * TR,
      withPurchasePrice: 3,
      marginTotal: 180 * TR,
      averageMargin: 60 * TR,
      marginRate: 180 / 1630,
      // 30 + 43 + 9 + 213 + 5 days over five sales.
      averageDaysInStock: 60,
    });
    expect(await ok('sales-performance', { from: '01/02/2024', to: '29/02/2024' })).toMatchObject({
      count: 0,
      revenue: 0,
      averagePrice: null,
      averageMargin: null,
      marginRate: null,
      averageDaysInStock: null,
    });
  });

  it("the salespeople's sales", async () => {
    const rows = await ok('salespeople');
    expect(rows).toEqual([
      {
        userId: sellerA.id,
        fullName: expect.any(String),
        count: 3,
        revenue: 1480 * TR,
        marginTotal: 130 * TR,
      },
      {
        userId: sellerB.id,
        fullName: expect.any(String),
        count: 2,
        revenue: 1450 * TR,
        marginTotal: 50 * TR,
      },
    ]);
    expect(await ok('salespeople', { from: '01/03/2024', to: '31/03/2024' })).toEqual([
      expect.objectContaining({ userId: sellerB.id, count: 1, revenue: 900 * TR }),
    ]);
  });

  it('leads per Monday-to-Sunday week in Vietnam, zeros included', async () => {
    const weeks = await ok('leads-by-week', { from: '22/01/2024', to: '18/02/2024' });
    expect(weeks.map((w: { weekStart: string; total: number }) => [w.weekStart, w.total])).toEqual([
      ['2024-01-22', 1],
      ['2024-01-29', 3],
      // l5 was sent at 06:00 on Monday 5 February in Vietnam, still Sunday in UTC.
      ['2024-02-05', 1],
      ['2024-02-12', 0],
    ]);
    expect(weeks[1]).toEqual({
      weekStart: '2024-01-29',
      weekEnd: '2024-02-04',
      label: '29/01',
      total: 3,
      byType: { TEST_DRIVE: 1, MAINTENANCE: 1, CONSULTING: 1, PURCHASE: 0 },
    });
    expect(weeks[2].byType).toEqual({ TEST_DRIVE: 0, MAINTENANCE: 0, CONSULTING: 1, PURCHASE: 0 });
  });

  it('the share of leads contacted within 24 hours', async () => {
    expect(await ok('lead-response', JAN)).toEqual({
      range: { from: '2024-01-01', to: '2024-01-31' },
      total: 3,
      considered: 3,
      contacted: 3,
      within24h: 2,
      share: 2 / 3,
      averageHours: 11,
    });
    // l2 and l5 were never contacted and their 24 hours are long over.
    expect(await ok('lead-response')).toMatchObject({
      total: 5,
      considered: 5,
      contacted: 3,
      within24h: 2,
      share: 0.4,
    });
  });

  it('service requests by type and status take the range too (the Vietnamese day they were sent)', async () => {
    const jan = await ok('service-requests', JAN);
    expect(jan.total).toBe(3);
    expect(jan.byType).toEqual([
      { type: 'TEST_DRIVE', label: 'Lái thử', count: 2 },
      { type: 'MAINTENANCE', label: 'Bảo dưỡng', count: 0 },
      { type: 'CONSULTING', label: 'Tư vấn', count: 1 },
      { type: 'PURCHASE', label: 'Thu mua xe', count: 0 },
    ]);
    // l2 went in at 06:00 on 1 February in Vietnam: February, though still 31 January in UTC.
    const feb = await ok('service-requests', { from: '01/02/2024', to: '29/02/2024' });
    expect(feb.total).toBe(2);
    expect(feb.byStatus.find((s: { status: string }) => s.status === 'NEW').count).toBe(2);
    expect((await ok('service-requests', { status: 'NEW' })).total).toBe(2);
  });
});

describe('the summary cards', () => {
  it('compares a chosen range with the same number of days before it', async () => {
    expect(await ok('summary', JAN)).toEqual({
      period: { from: '2024-01-01', to: '2024-01-31', label: '01/01/2024 - 31/01/2024' },
      previousPeriod: { from: '2023-12-01', to: '2023-12-31', label: '01/12/2023 - 31/12/2023' },
      custom: true,
      carsForSale: 2,
      pendingCars: 0,
      pendingHolds: { paidDeposit: 0, awaitingPayment: 0, heldByStaff: 0 },
      stockValue: 800 * TR,
      stockFromPublic: 0,
      stockFromPublicShare: 0,
      soldCount: 1,
      revenue: 480 * TR,
      previousSoldCount: 1,
      previousRevenue: 550 * TR,
      revenueChange: (480 - 550) / 550,
      newLeads: 3,
      newLeadsPeriod: { from: '2024-01-01', to: '2024-01-31', label: '01/01/2024 - 31/01/2024' },
      leadsWaiting: 0,
    });
    expect(await ok('summary', { from: '01/02/2024', to: '29/02/2024' })).toMatchObject({
      soldCount: 0,
      revenue: 0,
      previousRevenue: 480 * TR,
      revenueChange: -1,
      newLeads: 2,
      leadsWaiting: 2,
    });
  });
});

describe('validation and access', () => {
  it('refuses bad dates and ranges in Vietnamese', async () => {
    for (const [path, query, message] of [
      ['cars', { from: '31/02/2024' }, 'Từ ngày không hợp lệ (dd/mm/yyyy)'],
      ['sold-cars-by-brand', { to: 'hôm qua' }, 'Đến ngày không hợp lệ (dd/mm/yyyy)'],
      ['summary', { from: '02/02/2024', to: '01/02/2024' }, 'Từ ngày không được sau đến ngày'],
      ['sold-cars-by-months', { year: 1999 }, 'Năm không hợp lệ'],
      ['sold-cars', { list: 'yes' }, 'Giá trị list phải là true hoặc false'],
      ['service-requests', { from: '2024-13-01' }, 'Từ ngày không hợp lệ (dd/mm/yyyy)'],
    ] as const) {
      const res = await get(path, query);
      expect(res.status, `${path} ${res.body}`).toBe(400);
      expect(res.json.message).toBe(message);
    }
  });

  it('reads an ISO moment as its day in Vietnam', async () => {
    // 17:30 UTC on 31 January is 00:30 on 1 February in Vietnam.
    const res = await ok('cars', { from: '2024-01-31T17:30:00Z', to: '2024-02-29T23:59:59+07:00' });
    expect(res.range).toEqual({ from: '2024-02-01', to: '2024-02-29' });
  });

  it('answers 401 without a token on every statistics route', async () => {
    const routes = t.routeTable.filter((r) => r.url.startsWith('/api/dashboard/'));
    expect(routes.length).toBeGreaterThanOrEqual(14);
    for (const r of routes) {
      // The summary, the stock by status and by brand answer every staff member, money only to MANAGE_CAR.
      const money =
        MONEY.test(r.url.replace('/api/dashboard/', '')) &&
        !/\/(summary|cars|total-cars-by-brand)$/.test(r.url);
      expect(r.access, r.url).toBe(money ? 'MANAGE_CAR' : 'auth');
      expect((await t.call('GET', r.url)).status, r.url).toBe(401);
      // Sales, revenue and margins need MANAGE_CAR.
      if (money) expect((await t.call('GET', r.url, { token: plain.token })).status, r.url).toBe(403);
    }
    // The summary answers everyone, without money for those who may not see it.
    const seen = (await get('summary', undefined, plain.token)).json;
    expect(seen).toMatchObject({ revenue: 0, previousRevenue: 0, stockValue: 0, revenueChange: null });
    expect((await get('summary', undefined, sellerA.token)).json.stockValue).toBeGreaterThan(0);
  });
});

describe('the current month', () => {
  it('counts this month against the last, today’s leads and the current stock', async () => {
    const before = await ok('summary');
    const today = vnDayKey(new Date());
    expect(before.custom).toBe(false);
    expect(before.period).toEqual({
      from: `${today.slice(0, 8)}01`,
      to: today,
      label: `Tháng ${today.slice(5, 7)}/${today.slice(0, 4)}`,
    });
    expect(before.newLeadsPeriod.from).toBe(today);
    expect(before).toMatchObject({ carsForSale: 3, pendingCars: 1, stockValue: 2300 * TR, leadsWaiting: 2 });

    // A sale recorded today (its date defaults to today in Vietnam) and a lead sent now.
    const sale = await t.call('POST', '/api/soldhistory', {
      token: sellerA.token,
      body: {
        carId: id.c1,
        buyerName: 'Lê Văn Mua',
        buyerPhone: '0987654321',
        salePrice: 490 * TR,
        purchasePrice: 450 * TR,
        paymentMethod: 'CASH',
      },
    });
    expect(sale.status, sale.body).toBe(201);
    const requestId = randomUUID();
    await t.ctx.db.insert(leads).values({
      type: 'CONSULTING',
      reference: `TV-${requestId.slice(0, 8)}`,
      clientRequestId: requestId,
      fullName: 'Khách Hôm Nay',
      phone: '0912345678',
    });
    const after = await ok('summary');
    expect(after).toMatchObject({
      carsForSale: 2,
      pendingCars: 1,
      stockValue: 1800 * TR,
      soldCount: before.soldCount + 1,
      revenue: before.revenue + 490 * TR,
      newLeads: before.newLeads + 1,
      leadsWaiting: 3,
    });
  });
});

describe('what the pending card counts', () => {
  it('splits the cars "Đang giao dịch" into paid deposits, holds waiting for payment and staff holds', async () => {
    const db = t.ctx.db;
    const car = async (at: string) =>
      (
        await db
          .insert(cars)
          .values(carRow('Kia', 'pending', 400 * TR, at))
          .returning({ id: cars.id })
      )[0].id;
    const hold = (carId: number, code: string, status: string, paid: boolean) => ({
      code,
      carId,
      carName: 'Kia Xe thử',
      carPrice: 400 * TR,
      customerName: 'Khách Cọc',
      phone: '0912345678',
      email: 'coc@example.com',
      amount: 10 * TR,
      bankBin: '970436',
      accountNumber: '0011001234567',
      accountName: 'SHOWROOM',
      status,
      expiresAt: new Date(Date.now() + 3_600_000),
      ...(paid
        ? { paidAt: new Date(), paidAmount: 10 * TR, holdUntil: new Date(Date.now() + 7 * 86_400_000) }
        : {}),
    });
    const awaiting = await car('2024-05-02T10:00:00+07:00');
    const paid = await car('2024-05-03T10:00:00+07:00');
    await db.insert(reservations).values([
      hold(awaiting, 'DC-AWAIT01', 'awaiting', false),
      hold(paid, 'DC-PAID001', 'paid', true),
      // A closed reservation holds nothing: c2 stays a car staff marked by hand.
      hold(id.c2, 'DC-EXPIRED', 'expired', false),
    ]);
    const now = await ok('summary');
    expect(now.pendingCars).toBe(3);
    expect(now.pendingHolds).toEqual({ paidDeposit: 1, awaitingPayment: 1, heldByStaff: 1 });
    // With a range: only the cars that entered stock in it, split the same way.
    const may = await ok('summary', { from: '01/05/2024', to: '31/05/2024' });
    expect(may.pendingCars).toBe(2);
    expect(may.pendingHolds).toEqual({ paidDeposit: 1, awaitingPayment: 1, heldByStaff: 0 });
  });
});
