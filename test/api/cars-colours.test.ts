import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { colourFamilies, colourFamilyKey } from '../../src/contract/colours';
import { startTestApp, type TestApp } from '../helpers/app';
import { carBody } from './cars-fixtures';

/**
 * A buyer looks for a colour family: "màu trắng" (or the filter "Trắng") finds "Trắng" and
 * "Trắng ngọc trai" alike, in the list filter, the search box and the filter panel's counts.
 */

let t: TestApp;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await startTestApp();
  const staff = (await t.createStaff(['MANAGE_CAR'])).token;
  const stock: [string, string, string][] = [
    ['plain', 'Toyota Vios 1.5G CVT', 'Trắng'],
    ['pearl', 'Mazda CX-5 2.0 Premium', 'Trắng ngọc trai'],
    ['black', 'Kia Seltos 1.4 Turbo', 'Đen'],
    ['red', 'Hyundai Accent 1.4 AT', 'Đỏ pha lê'],
  ];
  for (const [key, carName, exteriorColor] of stock) {
    const res = await t.call('POST', '/api/cars/admin/add', {
      token: staff,
      body: carBody({ carName, exteriorColor }),
    });
    expect(res.status, res.body).toBe(201);
    ids[key] = res.json.carId;
  }
});
afterAll(() => t.close());

const found = async (query: Record<string, string>) =>
  ((await t.call('GET', '/api/cars', { query })).json.content as { carId: number }[])
    .map((c) => c.carId)
    .sort((a, b) => a - b);

describe('colours by family', () => {
  it('the filter "Trắng" finds the pearl white too, and nothing else', async () => {
    expect(await found({ exteriorColor: 'Trắng' })).toEqual([ids.plain, ids.pearl].sort((a, b) => a - b));
    expect(await found({ exteriorColor: 'trang' })).toEqual([ids.plain, ids.pearl].sort((a, b) => a - b));
    expect(await found({ exteriorColor: 'Trắng ngọc trai' })).toEqual([ids.pearl]);
    expect(await found({ exteriorColor: 'Đỏ' })).toEqual([ids.red]);
  });

  it('"màu trắng" in the search box finds both whites', async () => {
    expect(await found({ carName: 'màu trắng' })).toEqual([ids.plain, ids.pearl].sort((a, b) => a - b));
    expect(await found({ carName: 'mau trang' })).toEqual([ids.plain, ids.pearl].sort((a, b) => a - b));
    expect(await found({ carName: 'Mazda màu trắng' })).toEqual([ids.pearl]);
    expect(await found({ carName: 'màu đen' })).toEqual([ids.black]);
  });

  it('the filter panel counts the family under its plain name', async () => {
    const res = await t.call('GET', '/api/cars/filters');
    expect(res.status).toBe(200);
    const colours = res.json.exteriorColors as { value: string; count: number }[];
    expect(colours.find((c) => c.value === 'Trắng')?.count).toBe(2);
    expect(colours.some((c) => c.value === 'Trắng ngọc trai')).toBe(false);
    // No plain "Đỏ" in stock: "Đỏ pha lê" stays its own option.
    expect(colours.find((c) => c.value === 'Đỏ pha lê')?.count).toBe(1);
  });

  it('folds marks and drops the word "màu" (contract)', () => {
    expect(colourFamilyKey('Màu trắng')).toBe('trang');
    expect(colourFamilyKey('Xanh dương')).toBe('xanhduong');
    expect(
      colourFamilies([
        { value: 'Xám', label: 'Xám', count: 1 },
        { value: 'Xám titan', label: 'Xám titan', count: 2 },
        { value: 'Xanh rêu', label: 'Xanh rêu', count: 3 },
      ]).map((o) => [o.value, o.count]),
    ).toEqual([
      ['Xám', 3],
      ['Xanh rêu', 3],
    ]);
  });
});
