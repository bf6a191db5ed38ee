import { beforeAll, describe, expect, it } from 'vitest';
import { onRoadCost, validUntilText } from '../../src/contract/car-costs';
import type { CarHistory } from '../../src/contract/car-records';
import type { CarDetail } from '../../src/contract/cars';
import { formatDate, formatPrice, formatVnd, vnDayKey } from '../../src/contract/format';
import type { CarCalculations } from '../../src/contract/web-config';
import {
  type apiClient,
  axeScan,
  DESKTOP,
  journeyFixture,
  PHONE,
  type RunningBrowser,
  type RunningServer,
  signIn,
} from './helpers';

// The used-car on-road price: a visitor reads each line's basis; an admin edits the rules behind it.

const journey = journeyFixture(import.meta.url);
let server: RunningServer;
let browser: RunningBrowser;
let api: ReturnType<typeof apiClient>;
beforeAll(() => {
  ({ server, browser, api } = journey);
});

/** A demo car of a brand the demo official price table leaves out (so it is approximated). */
/** A car of this brand on sale: a car held for a deal shows neither the trade-in nor a buyer's costs. */
async function carOf(brand: string): Promise<CarDetail> {
  const list = (await api.call('GET', 'cars', { query: { brand } })).json as {
    content: { carId: number; status: string }[];
  };
  const onSale = list.content.find((c) => c.status === 'available');
  if (!onSale) throw new Error(`no ${brand} on sale in the demo showroom`);
  return (await api.call('GET', `cars/${onSale.carId}`)).json as CarDetail;
}

const settings = async () =>
  (await api.call('GET', 'web-configuration/car-calculations')).json as CarCalculations;

const carInput = (car: CarDetail) => ({
  price: car.sellPrice,
  seats: car.size,
  year: car.year,
  brand: car.brand,
  model: car.model,
  version: car.version,
});

async function expectLines(page: import('playwright-core').Page, car: CarDetail, s: CarCalculations) {
  const history = (await api.call('GET', `cars/${car.carId}/history`)).json as CarHistory;
  const cost = onRoadCost(s, { ...carInput(car), papers: history.papers });
  // Below the fold, its code comes when the visitor scrolls near.
  await page.getByRole('region', { name: 'Dự tính chi phí' }).scrollIntoViewIfNeeded();
  await page.getByText('Giá tham khảo', { exact: true }).waitFor();
  for (const line of cost.lines) {
    const row = page.locator(`[data-line="${line.key}"]`);
    await row.locator(`[data-basis="${line.key}"]`).getByText(line.basis, { exact: true }).waitFor();
    expect(await row.locator('th').textContent()).toBe(line.label);
    expect(await row.locator('[data-amount]').textContent()).toBe(
      line.validUntil ? validUntilText(line.validUntil) : formatVnd(line.amount),
    );
  }
  await page.getByTestId('on-road-total').getByText(formatVnd(cost.total)).waitFor();
  return cost;
}

describe('on-road price of a used car', () => {
  it('a phone visitor sees an approximated registration fee said plainly, then the official price once staff enter it', async () => {
    const car = await carOf('Suzuki');
    const phone = await browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    await phone.goto(`${server.url}/cars/${car.carId}`);
    const before = await expectLines(phone, car, await settings());
    expect(before.registration.approximated).toBe(true);
    await phone
      .getByText('chưa có giá tính lệ phí trước bạ của mẫu xe này, tạm tính theo giá bán xe', {
        exact: false,
      })
      .waitFor();
    // No new-car plate fee on a used car.
    expect(await phone.getByText('cấp biển số (', { exact: false }).count()).toBe(0);

    // The admin edits the rules: a band's rate, the transfer fee, a new official price row, a removed row.
    const page = await browser.newPage({ viewport: DESKTOP });
    await signIn(page, server.url, server.adminUsername, server.adminPassword);
    await page.goto(`${server.url}/dashboard/setting`);
    await page.getByRole('heading', { name: 'Bảng giá tính lệ phí trước bạ' }).waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-official-row]').length > 0);
    const rowsBefore = (await settings()).officialPrices.length;

    const transfer = page.getByLabel('Lệ phí đăng ký sang tên');
    await transfer.fill('');
    await transfer.pressSequentially('50000');
    // A rate above 100% is refused in Vietnamese before anything is sent.
    await page.locator('#cfg-band-rate-2').fill('150');
    await page.getByRole('button', { name: 'Lưu cấu hình' }).click();
    await page.getByText('Tỷ lệ chất lượng còn lại không được vượt quá 100%').waitFor();
    await page.locator('#cfg-band-rate-2').fill('45');

    // The filter narrows the table; the Fadil row goes.
    const search = page.getByLabel('Tìm trong bảng giá tính lệ phí trước bạ');
    await search.fill('fadil');
    await page.getByText(`1 / ${rowsBefore} dòng`).waitFor();
    const fadil = page.locator('[data-official-row]:visible');
    await fadil.getByRole('button', { name: /^Xóa dòng/ }).click();

    await page.getByRole('button', { name: 'Thêm dòng' }).click();
    const last = rowsBefore - 1;
    await page.locator(`#cfg-op-brand-${last}`).fill(car.brand);
    await page.locator(`#cfg-op-model-${last}`).fill(car.model);
    await page.locator(`#cfg-op-price-${last}`).pressSequentially('600000000');
    expect(await page.locator(`#cfg-op-price-${last}`).inputValue()).toBe('600.000.000');
    expect(await axeScan(page)).toEqual([]);
    await page.getByRole('button', { name: 'Lưu cấu hình' }).click();
    await page.getByText('Đã lưu cấu hình hệ thống').waitFor();

    const saved = await settings();
    expect(saved.transferFee).toBe(50_000);
    expect(saved.remainingQualityBands[2]).toEqual({ maxAge: 6, rate: 0.45 });
    expect(saved.officialPrices).toHaveLength(rowsBefore);
    expect(saved.officialPrices.some((r) => r.model === 'Fadil')).toBe(false);
    expect(saved.officialPrices[last]).toEqual({
      brand: car.brand,
      model: car.model,
      version: '',
      price: 600_000_000,
    });

    // The visitor's next look uses the official price and the new figures.
    await phone.reload();
    const after = await expectLines(phone, car, saved);
    expect(after.registration).toMatchObject({ approximated: false, officialPrice: 600_000_000 });
    expect(after.lines.find((l) => l.key === 'transferFee')?.amount).toBe(50_000);
    await phone
      .getByText('× 600.000.000 VNĐ (giá tính LPTB × tỷ lệ chất lượng còn lại', { exact: false })
      .waitFor();
    expect(await axeScan(phone)).toEqual([]);
  });

  it('charges nothing for the inspection, road fee and insurance the papers show still valid, and says until when', async () => {
    const car = await carOf('Toyota');
    const token = await api.login(server.adminUsername, server.adminPassword);
    const day = (days: number) => formatDate(new Date(Date.now() + days * 86_400_000));
    // Inspection (and the road fee paid with it) valid for 200 more days; the insurance ended yesterday.
    const put = await api.call('PUT', `cars/${car.carId}/papers`, {
      token,
      body: { registrationUntil: day(200), liabilityInsuranceUntil: day(-1) },
    });
    expect(put.status, put.body).toBe(200);
    const phone = await browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    await phone.goto(`${server.url}/cars/${car.carId}`);
    const cost = await expectLines(phone, car, await settings());
    const until = vnDayKey(new Date(Date.now() + 200 * 86_400_000));
    for (const key of ['inspectionFee', 'roadFee']) {
      await phone
        .locator(`[data-line="${key}"] [data-amount]`)
        .getByText(`còn hạn đến ${day(200)}`, { exact: true })
        .waitFor();
      expect(cost.lines.find((l) => l.key === key)).toMatchObject({ amount: 0, validUntil: until });
    }
    // The lapsed insurance is charged, VAT included (437.000 đ + 10%).
    const insurance = cost.lines.find((l) => l.key === 'insurance');
    expect(insurance?.amount).toBeGreaterThan(0);
    expect(insurance?.basis).toMatch(/\+ 10% VAT$/);
    // Nothing in the table is cut off at 360 px.
    const overflow = await phone.evaluate(() =>
      [...document.querySelectorAll('[data-line] [data-amount]')].some(
        (el) => el.getBoundingClientRect().right > window.innerWidth,
      ),
    );
    expect(overflow).toBe(false);

    // The trade-in on the same page counts the same on-road price: the still-valid papers are not charged.
    const withoutPapers = onRoadCost(await settings(), { ...carInput(car), papers: null });
    expect(formatPrice(withoutPapers.total)).not.toBe(formatPrice(cost.total));
    await phone.getByRole('button', { name: 'Định giá xe của tôi' }).click();
    const brand = phone.getByLabel('Hãng xe', { exact: true });
    await expect.poll(() => brand.locator('option').count()).toBeGreaterThan(1);
    await brand.selectOption('Toyota');
    await phone.getByLabel('Dòng xe', { exact: true }).selectOption('Vios');
    await phone.getByLabel('Năm sản xuất').selectOption('2021');
    await phone.getByLabel('Số km đã đi').fill('45000');
    await phone.getByRole('radio', { name: 'Không' }).first().check();
    await phone.getByRole('button', { name: 'Định giá xe' }).click();
    const difference = phone.getByRole('region', { name: 'Chênh lệch khi đổi xe' });
    await difference.waitFor();
    const onRoadRow = difference.locator('div').filter({ hasText: `Giá lăn bánh ${car.carName}` });
    expect(await onRoadRow.locator('dd').textContent()).toBe(formatPrice(cost.total));
  });
});
