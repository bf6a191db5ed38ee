import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type StaffValuationView,
  VALUATION_NOTE,
  type ValuationCatalogue,
  type ValuationView,
} from '../../src/contract/valuations';
import { startTestApp, type TestApp } from '../helpers/app';
import { carBody } from './cars-fixtures';
import { importPriceList, priceList } from './valuation-fixtures';

let t: TestApp;
let staff: { token: string };

const value = (body: Record<string, unknown>, app = t) => app.call('POST', '/api/valuations', { body });

beforeAll(async () => {
  t = await startTestApp();
  staff = await t.createStaff(['MANAGE_CAR']);
  await importPriceList(t, staff.token);
});
afterAll(() => t.close());

describe('POST /api/valuations', () => {
  it('answers an estimate grounded in the imported prices of the same version', async () => {
    const res = await value({ carName: 'Toyota Vios 1.5G CVT', year: 2021, odo: 70_000 });
    expect(res.status, res.body).toBe(200);
    const v = res.json as ValuationView;
    const near = priceList().vios.filter((p) => Math.abs(p.year - 2021) <= 1);
    expect(v.estimate).toBeGreaterThanOrEqual(Math.min(...near.map((p) => p.price)));
    expect(v.estimate).toBeLessThanOrEqual(Math.max(...near.map((p) => p.price)));
    expect(v).toMatchObject({
      car: { brand: 'Toyota', model: 'Vios', version: '1.5G CVT', year: 2021, odo: 70_000 },
      basis: 'version',
      basisLabel: 'Xe cùng phiên bản',
      fallback: null,
      note: VALUATION_NOTE,
      comparables: { count: 12 },
    });
    expect(v.low).toBeLessThan(v.estimate);
    expect(v.high).toBeGreaterThan(v.estimate);
    expect(Number.isInteger(v.estimate) && Number.isInteger(v.low) && Number.isInteger(v.high)).toBe(true);
    expect(v.comparables.examples.length).toBeGreaterThan(0);
    expect(v.comparables.examples.every((e) => e.title.includes('Vios') && e.kind === 'market')).toBe(true);
    expect(v.reference.price + v.adjustments.reduce((s, a) => s + a.amount, 0)).toBe(v.estimate);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('takes brand, model and version as fields, and lowers the price for a flooded car', async () => {
    const plain = await value({
      brand: 'toyota',
      model: 'vios',
      version: '1.5G CVT',
      year: 2020,
      odo: 80_000,
    });
    const flooded = await value({
      brand: 'toyota',
      model: 'vios',
      version: '1.5G CVT',
      year: 2020,
      odo: 80_000,
      flood: true,
      accident: false,
    });
    expect(plain.status).toBe(200);
    expect(flooded.json.estimate).toBeLessThan(plain.json.estimate);
    expect(flooded.json.adjustments).toContainEqual({
      label: 'Xe từng bị ngập nước',
      amount: expect.any(Number),
    });
  });

  it('says when it falls back to a wider group', async () => {
    const res = await value({ carName: 'Honda City G', year: 2021, odo: 60_000 });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ basis: 'model', comparables: { count: 8 } });
    expect(res.json.fallback).toContain('Chưa đủ xe cùng phiên bản G (0 xe)');
  });

  it('counts kilometres: a driven car is worth less, and one far above the usual says so with a wider range', async () => {
    const car = { brand: 'Toyota', model: 'Vios', version: '1.5G CVT', year: 2019 };
    const fresh = (await value({ ...car, odo: 5_000 })).json as ValuationView;
    const worn = await value({ ...car, odo: 600_000 });
    expect(worn.status, worn.body).toBe(200);
    const v = worn.json as ValuationView;
    expect(v.estimate).toBeLessThan(fresh.estimate * 0.9);
    expect(v.rates.per10000Km).toBeLessThan(0);
    expect(fresh.odometerNote).toBeNull();
    expect(v.odometerNote).toMatch(
      /^Số km 600\.000 km cao bất thường so với đời xe 2019 \(xe cùng tuổi thường đi khoảng [\d.]+ km\)/,
    );
    expect((v.high - v.low) / v.estimate).toBeGreaterThan((fresh.high - fresh.low) / fresh.estimate);
    const staffView = await t.call('POST', '/api/valuations/staff', {
      token: staff.token,
      body: { ...car, odo: 600_000 },
    });
    expect(staffView.json.odometerNote).toBe(v.odometerNote);
  });

  it('answers 400 with the Vietnamese message on bad input', async () => {
    for (const [body, message] of [
      [{ carName: 'Toyota Vios', odo: 40_000 }, 'Năm sản xuất không hợp lệ'],
      [{ year: 2020, odo: 40_000 }, 'Vui lòng nhập tên xe hoặc chọn hãng và dòng xe'],
      [{ brand: 'Toyota', year: 2020, odo: 40_000 }, 'Vui lòng nhập tên xe hoặc chọn hãng và dòng xe'],
      [{ carName: 'Toyota Vios', year: 2020, odo: -1 }, 'Số km đã đi không được âm'],
      [{ carName: 'Toyota Vios', year: 1975, odo: 1 }, 'Năm sản xuất phải từ 1.980'],
      [{ carName: 'Toyota Vios', year: 2020, odo: 1, transmission: 'AUTO' }, 'Hộp số không hợp lệ'],
      [{ carName: 'Toyota Vios', year: 2020, odo: 1, flood: 'có' }, 'Câu trả lời về ngập nước không hợp lệ'],
    ] as const) {
      const res = await value(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.message).toBe(message);
    }
  });

  it('refuses with 422 and offers a valuation by a person when it knows nothing close', async () => {
    await t.call('PUT', '/api/web-configuration', {
      token: t.adminToken,
      body: { showroomPhone: '0909 123 456' },
    });
    const unknown = await value({ carName: 'Xe đẹp giá rẻ', year: 2020, odo: 40_000 });
    expect(unknown.status).toBe(422);
    expect(unknown.json.message).toBe(
      'Chưa nhận ra hãng và dòng xe “Xe đẹp giá rẻ”. Chưa thể định giá tự động: showroom sẽ định giá trực tiếp cho bạn, hãy gửi yêu cầu tư vấn hoặc gọi hotline 0909 123 456.',
    );
    expect(unknown.json.manualValuation).toEqual({
      consultingPath: '/consulting',
      hotline: '0909 123 456',
      reason: 'unknown-car',
      detail: 'Chưa nhận ra hãng và dòng xe “Xe đẹp giá rẻ”.',
    });
    const noData = await value({ brand: 'Hyundai', model: 'Palisade', year: 2022, odo: 30_000 });
    expect(noData.status).toBe(422);
    expect(noData.json.message).toMatch(/^Chưa có dữ liệu giá của Hyundai Palisade\./);
    const far = await value({ carName: 'Toyota Vios 1.5G CVT', year: 2008, odo: 200_000 });
    expect(far.status).toBe(422);
    expect(far.json.manualValuation.reason).toBe('too-far');
  });

  it('limits each address: 429 past VALUATION_RATE_LIMIT a minute', async () => {
    const limited = await startTestApp({ VALUATION_RATE_LIMIT: '3' });
    try {
      for (let i = 0; i < 3; i++) {
        // No prices in this app: a 422, still counted.
        expect((await value({ carName: 'Toyota Vios', year: 2020, odo: 1 }, limited)).status).toBe(422);
      }
      const res = await value({ carName: 'Toyota Vios', year: 2020, odo: 1 }, limited);
      expect(res.status).toBe(429);
      expect(res.json.message).toBe('Bạn định giá quá nhiều lần, vui lòng thử lại sau ít phút');
    } finally {
      await limited.close();
    }
  });
});

describe('GET /api/valuations/catalogue', () => {
  it('lists the brands, models and versions the engine has a price for', async () => {
    const res = await t.call('GET', '/api/valuations/catalogue');
    expect(res.status).toBe(200);
    const c = res.json as ValuationCatalogue;
    const toyota = c.brands.find((b) => b.brand === 'Toyota')!;
    expect(toyota.models).toContainEqual({
      model: 'Vios',
      count: 12,
      years: [2018, 2023],
      versions: [{ version: '1.5G CVT', count: 12 }],
    });
    expect(c.brands.find((b) => b.brand === 'Honda')!.models[0]).toMatchObject({ model: 'City', count: 8 });
    // One price is enough to be offered: the engine values it from its segment.
    expect(c.brands.find((b) => b.brand === 'Mazda')!.models).toContainEqual({
      model: 'Mazda2',
      count: 1,
      years: [2021, 2021],
      versions: [{ version: '1.5 Luxury', count: 1 }],
    });
  });
});

describe('the showroom’s stock and sales as evidence; POST /api/valuations/staff', () => {
  let soldId: number;
  let listedId: number;

  beforeAll(async () => {
    const seltos = {
      carName: 'Kia Seltos 1.4 Turbo',
      brand: 'Kia',
      model: 'Seltos',
      version: '1.4 Turbo',
      year: 2021,
    };
    for (const [over, store] of [
      [{ sellPrice: 640_000_000, odo: 40_000 }, (id: number) => (soldId = id)],
      [{ sellPrice: 655_000_000, odo: 38_000 }, (id: number) => (listedId = id)],
      [{ sellPrice: 610_000_000, odo: 60_000, year: 2020 }, () => undefined],
    ] as const) {
      const res = await t.call('POST', '/api/cars/admin/add', {
        token: staff.token,
        body: carBody({ ...seltos, ...over }),
      });
      expect(res.status, res.body).toBe(201);
      store(res.json.carId);
    }
    const sale = await t.call('POST', '/api/soldhistory', {
      token: staff.token,
      body: {
        carId: soldId,
        buyerName: 'Trần Văn Bình',
        buyerPhone: '0912 345 678',
        salePrice: 620_000_000,
        saleDate: '10/11/2026',
        paymentMethod: 'TRANSFER',
      },
    });
    expect(sale.status, sale.body).toBe(201);
  });

  it('values from cars on sale and sold, never showing a sale price to the public', async () => {
    const res = await value({ carName: 'Kia Seltos 1.4 Turbo', year: 2021, odo: 45_000 });
    expect(res.status, res.body).toBe(200);
    expect(res.json.comparables.count).toBe(3);
    expect(res.json.comparables.examples.map((e: { kind: string }) => e.kind)).not.toContain('sale');
    expect(res.json.comparables.examples[0]).toMatchObject({ kindLabel: 'Xe đang bán tại showroom' });
  });

  it('gives staff every comparable with its weight; a sale counts more than a listing', async () => {
    const res = await t.call('POST', '/api/valuations/staff', {
      token: staff.token,
      body: { brand: 'Kia', model: 'Seltos', version: '1.4 Turbo', year: 2021, odo: 39_000 },
    });
    expect(res.status, res.body).toBe(200);
    const v = res.json as StaffValuationView;
    const sale = v.comparables.items.find((i) => i.carId === soldId)!;
    const listing = v.comparables.items.find((i) => i.carId === listedId)!;
    expect(sale).toMatchObject({ kind: 'sale', price: 620_000_000, kindLabel: 'Xe showroom đã bán' });
    expect(listing).toMatchObject({ kind: 'listing', price: 655_000_000 });
    expect(sale.share).toBeGreaterThan(listing.share);
    expect(v.comparables.items.reduce((s, i) => s + i.share, 0)).toBeCloseTo(1, 3);

    const without = await t.call('POST', '/api/valuations/staff', {
      token: staff.token,
      body: {
        brand: 'Kia',
        model: 'Seltos',
        version: '1.4 Turbo',
        year: 2021,
        odo: 39_000,
        excludeCarId: listedId,
      },
    });
    expect(without.json.comparables.items.some((i: { carId: number }) => i.carId === listedId)).toBe(false);
  });

  it('answers 401 and 403 to the staff valuation, 400 on a bad excluded car', async () => {
    const body = { carName: 'Kia Seltos', year: 2021, odo: 1 };
    expect((await t.call('POST', '/api/valuations/staff', { body })).status).toBe(401);
    const other = await t.createStaff(['MANAGE_BLOG']);
    expect((await t.call('POST', '/api/valuations/staff', { token: other.token, body })).status).toBe(403);
    const bad = await t.call('POST', '/api/valuations/staff', {
      token: staff.token,
      body: { ...body, excludeCarId: -2 },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe('Mã xe không hợp lệ');
  });
});
