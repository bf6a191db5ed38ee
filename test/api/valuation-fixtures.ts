import { expect } from 'vitest';
import type { TestApp } from '../helpers/app';
import { multipart } from './cars-fixtures';

/** Twelve Vios 1.5G CVT prices 2018–2023, eight City RS and one Mazda2, written as staff would. */
export function priceList(): { csv: string; vios: { year: number; price: number }[] } {
  const lines = ['Tên xe,Năm sản xuất,Số km,Giá,Hộp số,Nhiên liệu,Kiểu dáng,Tỉnh/thành,Nguồn,Ngày đăng'];
  const vios: { year: number; price: number }[] = [];
  for (let i = 0; i < 12; i++) {
    const year = 2018 + (i % 6);
    const odo = (2026 - year) * 14_000 + i * 700;
    const price = Math.round((560 * 0.9 * 0.9 ** (2026 - year) * (1 + ((i % 5) - 2) * 0.015)) / 5) * 5;
    vios.push({ year, price: price * 1_000_000 });
    lines.push(
      `Toyota Vios 1.5G CVT ${year},${year},${odo},${price} triệu,Số tự động,Xăng,Sedan,TP.HCM,Đại lý,01/10/2026`,
    );
  }
  for (let i = 0; i < 8; i++) {
    const year = 2019 + (i % 4);
    const price = Math.round(600 * 0.9 * 0.89 ** (2026 - year) * (1 + ((i % 3) - 1) * 0.02));
    lines.push(
      `Honda City RS,${year},${(2026 - year) * 13_000},${price} triệu,CVT,Xăng,Sedan,Hà Nội,Cá nhân,15/09/2026`,
    );
  }
  lines.push('Mazda 2 1.5 Luxury,2021,50000,430 triệu,AT,Xăng,Sedan,TP.HCM,Đại lý,01/10/2026');
  return { csv: lines.join('\n'), vios };
}

/** Imports the price list above through the API as `token`. */
export async function importPriceList(t: TestApp, token: string) {
  const form = multipart([{ name: 'file', filename: 'gia.csv', data: Buffer.from(priceList().csv) }]);
  const res = await t.call('POST', '/api/market-prices/import', {
    token,
    body: form.payload,
    headers: form.headers,
  });
  expect(res.status, res.body).toBe(200);
  expect(res.json.imported).toBe(21);
}
