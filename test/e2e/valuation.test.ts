import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CarPriceHistory } from '../../src/contract/cars';
import { formatThousands } from '../../src/contract/format';
import { AGE_BUCKET_LABELS, type StockAgeing, type StockAgeingRow } from '../../src/contract/valuations';
import { axeScan, DESKTOP, journeyFixture, signIn } from './helpers';

// Staff import a price list and see what became of each row; the car form suggests a price from the
// market; the stock-ageing page lists the cars by days on the lot and applies a markdown in one action.

const journey = journeyFixture(import.meta.url);
let page: Page;

const CSV = [
  'Tên xe,Năm sản xuất,Số km,Giá,Nguồn',
  'Toyota Vios 1.5G CVT,2021,"45,000 Km",455 triệu,Journey',
  'Honda City RS 2022,,52.000,"1,1 tỷ",Journey',
  'Xe không tên,2020,40000,500 triệu,Journey',
].join('\n');

beforeAll(async () => {
  page = await journey.browser.newPage({ viewport: DESKTOP });
  await signIn(page, journey.server.url, journey.server.adminUsername, journey.server.adminPassword);
});
afterAll(() => page?.close());

describe('market prices, pricing help and stock ageing (staff, 1366 px)', () => {
  it('imports a CSV on the market prices page and shows what became of each row', async () => {
    await page.goto(`${journey.server.url}/dashboard/market-prices`);
    await page.getByRole('heading', { name: 'Giá thị trường', level: 1 }).waitFor();
    // The demo showroom's own price list is there from the first start.
    await page.getByRole('cell', { name: /^bang-gia-thi-truong-mau\.csv/ }).waitFor();
    expect(await axeScan(page)).toEqual([]);

    await page.getByLabel('Chọn tệp bảng giá (CSV hoặc XLSX)').setInputFiles({
      name: 'gia-thang-11.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(CSV),
    });
    const result = page.getByTestId('import-result');
    await result.getByRole('heading', { name: 'Kết quả nhập “gia-thang-11.csv”' }).waitFor();
    await result.getByText('Đã nhập: 2').waitFor();
    await result.getByText('Bị từ chối: 1').waitFor();
    await result.getByRole('cell', { name: 'Không nhận ra hãng xe trong “Xe không tên”' }).waitFor();
    // Scanned once the toast has gone (its fade is not a contrast to judge).
    await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 20_000 });
    expect(await axeScan(page)).toEqual([]);
    // The list shows the new import's rows.
    await page.getByRole('button', { name: 'Lần nhập: gia-thang-11.csv' }).waitFor();
    await page.getByRole('cell', { name: /^Honda City RS 2022/ }).waitFor();
    await page.getByRole('cell', { name: '1,1 tỷ' }).waitFor();
  });

  it('suggests a sell price from the market on the car form, and puts it in the price field', async () => {
    await page.goto(`${journey.server.url}/dashboard/car/add`);
    await page.getByLabel('Hãng xe').fill('Toyota');
    await page.getByLabel('Dòng xe').fill('Vios');
    await page.getByLabel('Phiên bản').fill('1.5G CVT');
    await page.getByLabel('Năm sản xuất').selectOption('2021');
    await page.getByLabel('Số km đã đi').fill('50000');
    const help = page.getByTestId('price-suggestion');
    await help.getByTestId('suggested-price').waitFor();
    const suggested = (await help.getByTestId('suggested-price').textContent()) ?? '';
    expect(suggested).toMatch(/^\d+(,\d+)? triệu$/);
    await help.getByText(/xe so sánh \(xe cùng phiên bản\)/).waitFor();
    await help.getByText(/^Xem \d+ xe so sánh$/).click();
    await help.getByRole('cell', { name: /Vios/ }).first().waitFor();
    await help.getByRole('button', { name: 'Dùng giá này' }).click();
    await expect.poll(() => page.getByLabel('Giá bán').inputValue()).not.toBe('');
    await page.getByText(`Hiển thị: ${suggested}`).waitFor();
    // Far above the usual kilometres for its age: the help says so, in a wider range.
    await page.getByLabel('Số km đã đi').fill('650000');
    await help.getByText(/^Số km 650\.000 km cao bất thường so với đời xe 2021/).waitFor();
    await help.screenshot({ path: '/tmp/shots-valuation/price-help-far-km-1366.png' });
  });

  it('lists the stock by days on the lot and applies a markdown in one action, kept in the price history', async () => {
    await page.goto(`${journey.server.url}/dashboard/stock-ageing`);
    await page.getByRole('heading', { name: 'Tuổi tồn kho', level: 1 }).waitFor();
    for (const label of ['0–30 ngày', '31–60 ngày', '61–90 ngày', 'Trên 90 ngày'])
      await page.getByRole('button', { name: new RegExp(`^${label}`) }).waitFor();
    expect(await axeScan(page)).toEqual([]);

    // A car with a suggested markdown on the first page of its bucket, as the API lists them.
    let target: StockAgeingRow | undefined;
    for (const b of ['90+', '61-90', '31-60', '0-30'] as const) {
      const list = (
        await journey.api.call('GET', 'stock-ageing', {
          token: journey.adminToken,
          query: { bucket: b, size: 20 },
        })
      ).json as StockAgeing;
      target = list.content.find((r) => r.markdown !== null);
      if (target) break;
    }
    if (!target) throw new Error('the demo stock has no car to mark down');
    const bucket = page.getByRole('button', { name: new RegExp(`^${AGE_BUCKET_LABELS[target.bucket]}`) });
    await bucket.click();
    await expect.poll(() => bucket.getAttribute('aria-pressed')).toBe('true');
    const row = page
      .getByRole('row')
      .filter({ has: page.locator(`a[href="/dashboard/car/edit/${target.carId}"]`) });
    await row.getByRole('button', { name: `Giảm giá ${target.carName}` }).click();
    const dialog = page.getByRole('dialog', { name: `Đổi giá ${target.carName}` });
    await dialog.waitFor();
    await expect
      .poll(() => dialog.getByLabel('Giá bán mới').inputValue())
      .toBe(formatThousands(target.suggestedPrice));
    // A markdown below the car's true cost (its ledger) is shown in red and named for what it is.
    const [cost] = (
      await journey.api.call('GET', 'cars/admin/costs', {
        token: journey.adminToken,
        query: { ids: String(target.carId) },
      })
    ).json as { trueCost: number; purchasePrice: number | null }[];
    const loss = cost.purchasePrice !== null && (target.suggestedPrice ?? 0) < cost.trueCost;
    if (loss) await dialog.getByRole('alert').getByText('Giá bán thấp hơn giá vốn thực của xe.').waitFor();
    await dialog.getByRole('button', { name: loss ? 'Vẫn áp dụng (bán lỗ)' : 'Áp dụng giá mới' }).click();
    await page.getByText(/^Đã đổi giá .* thành /).waitFor();

    const history = (await journey.api.call('GET', `cars/${target.carId}/price-history`))
      .json as CarPriceHistory;
    expect(history.changes[0]).toMatchObject({ oldPrice: target.sellPrice, newPrice: target.suggestedPrice });
  });
});
