import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { carBody, STOCK } from './cars-fixtures';

let t: TestApp;
let staff: string;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await startTestApp();
  staff = (await t.createStaff(['MANAGE_CAR'])).token;
  for (const over of STOCK) {
    const res = await t.call('POST', '/api/cars/admin/add', { token: staff, body: carBody(over) });
    expect(res.status, res.body).toBe(201);
    ids[res.json.model] = res.json.carId;
  }
  // One pending car (visible) and one sold car (hidden from lists, detail still opens).
  const pending = await t.call('POST', '/api/cars/admin/add', {
    token: staff,
    body: carBody({
      carName: 'Honda City RS',
      brand: 'Honda',
      model: 'City',
      version: 'RS',
      year: 2023,
      sellPrice: 545_000_000,
      odo: 9_000,
      status: 'pending',
    }),
  });
  ids.City = pending.json.carId;
  const sold = await t.call('POST', '/api/cars/admin/add', {
    token: staff,
    body: carBody({
      carName: 'Honda CR-V L',
      brand: 'Honda',
      model: 'CR-V',
      version: 'L',
      year: 2021,
      sellPrice: 960_000_000,
      odo: 40_000,
      bodyType: 'SUV',
      size: 7,
    }),
  });
  ids['CR-V'] = sold.json.carId;
  const sale = await t.call('POST', '/api/soldhistory', {
    token: staff,
    body: {
      carId: ids['CR-V'],
      buyerName: 'Ngô Minh Khang',
      buyerPhone: '0903111222',
      salePrice: 950_000_000,
      paymentMethod: 'CASH',
    },
  });
  expect(sale.status, sale.body).toBe(201);
});
afterAll(() => t.close());

const list = async (query: Record<string, string | number>) => {
  const res = await t.call('GET', '/api/cars', { query });
  expect(res.status, res.body).toBe(200);
  return res.json as {
    content: { carId: number; model: string; sellPrice: number; odo: number; year: number; status: string }[];
    totalElements: number;
    totalPages: number;
    page: number;
    size: number;
  };
};
const models = async (query: Record<string, string | number>) =>
  (await list(query)).content.map((c) => c.model).sort();

describe('GET /api/cars', () => {
  it('lists visible cars only (available and pending), newest first, with the paged shape', async () => {
    const page = await list({});
    expect(page.totalElements).toBe(9);
    expect(page.totalPages).toBe(1);
    expect(page.page).toBe(1);
    expect(page.size).toBe(12);
    expect(page.content[0].model).toBe('City');
    expect(page.content[0].status).toBe('pending');
    expect(page.content.map((c) => c.model)).not.toContain('CR-V');
    expect(Object.keys(page.content[0])).toEqual(
      expect.arrayContaining([
        'carId',
        'carName',
        'brand',
        'sellPrice',
        'odo',
        'year',
        'bodyType',
        'size',
        'cover',
        'status',
      ]),
    );
  });

  it('filters by each field alone', async () => {
    expect(await models({ brand: 'Toyota' })).toEqual(['Fortuner', 'Vios']);
    expect(await models({ brand: 'mercedes benz' })).toEqual(['C-Class']);
    expect(await models({ bodyType: 'SUV' })).toEqual(['Fortuner', 'VF e34']);
    expect(await models({ bodyType: 'Bán tải' })).toEqual(['Ranger']);
    expect(await models({ bodyType: 'ban tai' })).toEqual(['Ranger']);
    expect(await models({ minPrice: 900_000_000 })).toEqual(['C-Class', 'Fortuner']);
    expect(await models({ maxPrice: 460_000_000 })).toEqual(['Morning', 'Vios']);
    expect(await models({ minOdo: 70_000 })).toEqual(['Morning', 'Ranger']);
    expect(await models({ maxOdo: 20_000 })).toEqual(['C-Class', 'City']);
    expect(await models({ exteriorColor: 'Đen' })).toEqual(['C-Class', 'Fortuner']);
    expect(await models({ exteriorColor: 'trang' })).toEqual(['City', 'Morning', 'Vios']);
    expect(await models({ interiorColor: 'Be' })).toEqual(['C-Class', 'City', 'Vios']);
    expect(await models({ year: 2022 })).toEqual(['C-Class', 'VF e34', 'Xpander']);
    expect(await models({ size: 7 })).toEqual(['Fortuner', 'Xpander']);
    expect(await models({ fuel: 'DIESEL' })).toEqual(['Fortuner', 'Ranger']);
    expect(await models({ transmission: 'Số sàn' })).toEqual(['Morning']);
  });

  it('searches carName without accents or case, across name, brand, model and body type', async () => {
    expect(await models({ carName: 'ban tai' })).toEqual(['Ranger']);
    expect(await models({ carName: 'BÁN TẢI' })).toEqual(['Ranger']);
    expect(await models({ carName: 'cx5' })).toEqual(['CX-5']);
    expect(await models({ carName: 'CX-5' })).toEqual(['CX-5']);
    expect(await models({ carName: 'cx 5' })).toEqual(['CX-5']);
    expect(await models({ carName: 'vinfast' })).toEqual(['VF e34']);
    expect(await models({ carName: 'vin fast' })).toEqual(['VF e34']);
    expect(await models({ carName: 'toyota' })).toEqual(['Fortuner', 'Vios']);
    expect(await models({ carName: 'mazda premium' })).toEqual(['CX-5']);
    expect(await models({ carName: '100%_' })).toEqual([]);
    expect(await models({ carName: 'xe không có' })).toEqual([]);
  });

  it('combines filters', async () => {
    expect(await models({ brand: 'Toyota', bodyType: 'SUV', minPrice: 500_000_000 })).toEqual(['Fortuner']);
    expect(await models({ brand: 'Toyota', bodyType: 'SEDAN', maxOdo: 10_000 })).toEqual([]);
    expect(await models({ exteriorColor: 'Đen', year: 2022, size: 5 })).toEqual(['C-Class']);
    expect(
      await models({ minPrice: 500_000_000, maxPrice: 800_000_000, minOdo: 20_000, maxOdo: 50_000 }),
    ).toEqual(['CX-5', 'VF e34', 'Xpander']);
    expect(await models({ carName: 'toyota', size: 7, interiorColor: 'nau' })).toEqual(['Fortuner']);
  });

  it('treats empty parameters as absent', async () => {
    expect((await list({ brand: '', minPrice: '', carName: ' ' })).totalElements).toBe(9);
  });

  it('sorts by price, odometer, year and newest', async () => {
    const prices = (await list({ sort: 'price_asc' })).content.map((c) => c.sellPrice);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const desc = (await list({ sort: 'price_desc' })).content.map((c) => c.sellPrice);
    expect(desc).toEqual([...prices].reverse());
    const odo = (await list({ sort: 'odo_asc' })).content.map((c) => c.odo);
    expect(odo).toEqual([...odo].sort((a, b) => a - b));
    const years = (await list({ sort: 'year_desc' })).content.map((c) => c.year);
    expect(years).toEqual([...years].sort((a, b) => b - a));
    const newest = (await list({ sort: 'newest' })).content.map((c) => c.carId);
    expect(newest).toEqual([...newest].sort((a, b) => b - a));
  });

  it('pages with page (1-based) and pageSize; size stays the seat filter', async () => {
    const p1 = await list({ pageSize: 4, page: 1, sort: 'price_asc' });
    const p3 = await list({ pageSize: 4, page: 3, sort: 'price_asc' });
    expect(p1.content).toHaveLength(4);
    expect(p1.totalPages).toBe(3);
    expect(p1.size).toBe(4);
    expect(p3.content).toHaveLength(1);
    expect(p3.page).toBe(3);
    const all = [
      ...p1.content,
      ...(await list({ pageSize: 4, page: 2, sort: 'price_asc' })).content,
      ...p3.content,
    ];
    expect(new Set(all.map((c) => c.carId)).size).toBe(9);
    const beyond = await list({ pageSize: 4, page: 4 });
    expect(beyond.content).toEqual([]);
    expect(beyond.totalElements).toBe(9);
    const exact = await list({ pageSize: 9 });
    expect(exact.totalPages).toBe(1);
    expect((await list({ size: 7, pageSize: 1 })).totalElements).toBe(2);
  });

  it('refuses bad input with 400 and a Vietnamese message', async () => {
    const cases: [Record<string, string | number>, RegExp][] = [
      [{ minPrice: 'abc' }, /Giá tối thiểu không hợp lệ/],
      [{ maxPrice: -5 }, /Giá tối đa không được âm/],
      [{ minPrice: 900_000_000, maxPrice: 100_000_000 }, /Giá tối thiểu không được lớn hơn giá tối đa/],
      [{ minOdo: 50_000, maxOdo: 10 }, /Số km tối thiểu không được lớn hơn số km tối đa/],
      [{ year: '20x1' }, /Năm sản xuất không hợp lệ/],
      [{ size: 0 }, /Số chỗ ngồi/],
      [{ size: 1.5 }, /Số chỗ ngồi phải là số nguyên/],
      [{ page: 0 }, /Số trang/],
      [{ pageSize: 61 }, /Số xe mỗi trang quá lớn/],
      [{ sort: 'cheap' }, /Cách sắp xếp không hợp lệ/],
      [{ bodyType: 'Tàu ngầm' }, /Kiểu dáng không hợp lệ/],
      [{ carName: 'x'.repeat(101) }, /Từ khóa tối đa 100 ký tự/],
    ];
    for (const [query, message] of cases) {
      const res = await t.call('GET', '/api/cars', { query });
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.json.message).toMatch(message);
    }
  });
});

describe('GET /api/cars/filters', () => {
  it('offers the values of visible cars', async () => {
    const res = await t.call('GET', '/api/cars/filters');
    expect(res.status).toBe(200);
    const f = res.json;
    expect(f.brands.map((b: { value: string }) => b.value)).toEqual([
      'Ford',
      'Honda',
      'Kia',
      'Mazda',
      'Mercedes-Benz',
      'Mitsubishi',
      'Toyota',
      'VinFast',
    ]);
    expect(f.brands.find((b: { value: string }) => b.value === 'Honda').count).toBe(1); // the sold CR-V is not counted
    expect(f.bodyTypes).toContainEqual({ value: 'PICKUP', label: 'Bán tải', count: 1 });
    expect(f.exteriorColors.map((c: { value: string }) => c.value)).toContain('Trắng');
    expect(f.years[0]).toBe(2023);
    expect(f.sizes).toEqual([5, 7]);
    expect(f.price).toEqual({ min: 235_000_000, max: 1_450_000_000 });
    expect(f.odo).toEqual({ min: 9_000, max: 96_000 });
    expect(f.sorts.map((s: { value: string }) => s.value)).toEqual([
      'newest',
      'price_asc',
      'price_desc',
      'odo_asc',
      'year_desc',
      'price_drop',
      'deal',
    ]);
    expect(f.total).toBe(9);
  });
});

describe('GET /api/cars/:id and similar', () => {
  it('answers every field of a car', async () => {
    const res = await t.call('GET', `/api/cars/${ids.Ranger}`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      carId: ids.Ranger,
      carName: 'Ford Ranger Wildtrak 2.0 Bi-Turbo',
      brand: 'Ford',
      model: 'Ranger',
      bodyType: 'PICKUP',
      fuel: 'DIESEL',
      transmission: 'AUTOMATIC',
      drivetrain: '4WD',
      engine: '1.5L',
      exteriorColor: 'Cam',
      interiorColor: 'Đen',
      origin: 'IMPORTED',
      licensePlateRegion: 'TP.HCM',
      previousOwners: 1,
      features: ['Camera lùi', 'Cảm biến lùi'],
      photos: [],
      cover: null,
      status: 'available',
    });
  });

  it('still opens a sold car, saying it is sold, with similar cars', async () => {
    const res = await t.call('GET', `/api/cars/${ids['CR-V']}`);
    expect(res.status).toBe(200);
    expect(res.json.status).toBe('sold');
    const similar = await t.call('GET', `/api/cars/${ids['CR-V']}/similar`);
    expect(similar.status).toBe(200);
    const got = similar.json.map((c: { model: string }) => c.model);
    expect(got).toContain('City'); // same brand
    expect(got).toContain('Fortuner'); // same body type
    expect(got).not.toContain('CR-V');
    expect(similar.json.every((c: { status: string }) => c.status !== 'sold')).toBe(true);
  });

  it('404 for an unknown car, 400 for a bad id', async () => {
    expect((await t.call('GET', '/api/cars/999999')).status).toBe(404);
    expect((await t.call('GET', '/api/cars/999999/similar')).status).toBe(404);
    const bad = await t.call('GET', '/api/cars/abc');
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe('Mã xe không hợp lệ');
  });
});

describe('car compare', () => {
  it('lists brands with their visible cars, and the cars of one brand', async () => {
    const brands = await t.call('GET', '/api/car-compare/brands');
    expect(brands.status).toBe(200);
    expect(brands.json).toContainEqual({ brand: 'Toyota', count: 2 });
    expect(brands.json).toContainEqual({ brand: 'Honda', count: 1 });
    const toyota = await t.call('GET', '/api/car-compare/toyota');
    expect(toyota.json.map((c: { model: string }) => c.model).sort()).toEqual(['Fortuner', 'Vios']);
    const benz = await t.call('GET', `/api/car-compare/${encodeURIComponent('Mercedes-Benz')}`);
    expect(benz.json).toHaveLength(1);
    expect((await t.call('GET', '/api/car-compare/Lada')).json).toEqual([]);
  });

  it('compares 2 to 4 cars in the order given', async () => {
    const three = [ids.Vios, ids['CX-5'], ids.Ranger];
    const res = await t.call('GET', '/api/car-compare/compare', { query: { carIds: three.join(',') } });
    expect(res.status).toBe(200);
    expect(res.json.map((c: { carId: number }) => c.carId)).toEqual(three);
    expect(res.json[0]).toHaveProperty('features');
    const four = [ids.Vios, ids['CX-5'], ids.Ranger, ids.Morning].join(',');
    expect((await t.call('GET', '/api/car-compare/compare', { query: { carIds: four } })).status).toBe(200);
  });

  it('refuses fewer than 2 or more than 4 ids, and bad ids, with 400; unknown ids with 404', async () => {
    const bad = [String(ids.Vios), `${ids.Vios},${ids.Vios}`, '1,2,3,4,5', '1,abc', '1,-2', ''];
    for (const carIds of bad) {
      const res = await t.call('GET', '/api/car-compare/compare', { query: { carIds } });
      expect(res.status, carIds).toBe(400);
      expect(res.json.message).toMatch(/xe/);
    }
    expect((await t.call('GET', '/api/car-compare/compare')).status).toBe(400);
    const missing = await t.call('GET', '/api/car-compare/compare', {
      query: { carIds: `${ids.Vios},999999` },
    });
    expect(missing.status).toBe(404);
  });
});

describe('homepage rows', () => {
  it('answer at most 8 visible cars each, in their order', async () => {
    for (let i = 0; i < 3; i++) {
      await t.call('POST', '/api/cars/admin/add', {
        token: staff,
        body: carBody({
          carName: `Hyundai Accent ${i}`,
          brand: 'Hyundai',
          model: 'Accent',
          sellPrice: 400_000_000 + i * 1_000_000,
        }),
      });
    }
    const newest = (await t.call('GET', '/api/homepage/newest')).json;
    const expensive = (await t.call('GET', '/api/homepage/most-expensive')).json;
    const cheapest = (await t.call('GET', '/api/homepage/cheapest')).json;
    for (const row of [newest, expensive, cheapest]) {
      expect(row).toHaveLength(8);
      expect(row.every((c: { status: string }) => c.status !== 'sold')).toBe(true);
    }
    expect(newest[0].carName).toBe('Hyundai Accent 2');
    expect(expensive[0].model).toBe('C-Class');
    expect(expensive.map((c: { model: string }) => c.model)).not.toContain('CR-V');
    expect(cheapest[0].model).toBe('Morning');
    const p = cheapest.map((c: { sellPrice: number }) => c.sellPrice);
    expect(p).toEqual([...p].sort((a, b) => a - b));
  });
});
