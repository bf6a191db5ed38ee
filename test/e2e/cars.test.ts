import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { instalment, onRoadCost, validUntilText } from '../../src/contract/car-costs';
import type { CarHistory } from '../../src/contract/car-records';
import type { CarAdminDetail, CarDetail, CarPage } from '../../src/contract/cars';
import { PUBLIC_PAGE_SIZE } from '../../src/contract/cars-labels';
import type { Page as ListPage } from '../../src/contract/common';
import { formatKm, formatPrice, formatVnd } from '../../src/contract/format';
import { summaryLine } from '../../src/contract/inspections-labels';
import type { SaleView } from '../../src/contract/sales';
import type { CarCalculations } from '../../src/contract/web-config';
import {
  type apiClient,
  journeyFixture,
  PHONE,
  type RunningBrowser,
  type RunningServer,
  signIn,
} from './helpers';

/**
 * Inventory journeys in Chromium against the real server with the demo showroom: the phone filter
 * drawer, a car page with its calculator and AI hand-off, comparing three cars, adding a car with two
 * photos in the dashboard and finding it on the public list, recording and cancelling a sale.
 */

const journey = journeyFixture(import.meta.url);
let server: RunningServer;
let browser: RunningBrowser;
let api: ReturnType<typeof apiClient>;
let adminToken: string;

beforeAll(() => {
  ({ server, browser, api, adminToken } = journey);
});

async function get<T>(path: string, query?: Record<string, string | number | undefined>, token?: string) {
  const res = await api.call('GET', path, { query, token });
  expect(res.status, `${path}: ${res.body}`).toBe(200);
  return res.json as T;
}

const phonePage = () => browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });

/** The names on the result cards, in order. */
const cardNames = (page: Page) => page.getByTestId('car-results').locator('article h3').allTextContents();

describe('public inventory', () => {
  it('filters by brand and price in the phone drawer; the URL keeps the filters and Back works', async () => {
    const all = await get<CarPage>('cars');
    const expected = await get<CarPage>('cars', { brand: 'Toyota', maxPrice: 700_000_000 });
    expect(expected.totalElements).toBeGreaterThan(0);
    expect(expected.totalElements).toBeLessThan(all.totalElements);

    const page = await phonePage();
    await page.goto(`${server.url}/cars`);
    await page.getByTestId('result-count').getByText(String(all.totalElements)).waitFor();
    // The side panel is for large screens; a phone gets the drawer.
    expect(await page.getByRole('complementary', { name: 'Bộ lọc xe' }).isVisible()).toBe(false);

    await page.getByRole('button', { name: /^Bộ lọc/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Bộ lọc' });
    await drawer.waitFor();
    await drawer.getByLabel('Hãng xe').selectOption('Toyota');
    const max = drawer.getByLabel('Giá tối đa');
    await max.fill('700000000');
    await max.press('Enter');
    expect(await max.inputValue()).toBe('700.000.000');
    const show = drawer.getByRole('button', { name: `Xem ${expected.totalElements} xe` });
    await show.click();
    await drawer.waitFor({ state: 'hidden' });

    await page.waitForURL(
      (u) => u.searchParams.get('brand') === 'Toyota' && u.searchParams.get('maxPrice') === '700000000',
    );
    await page.getByTestId('result-count').getByText(String(expected.totalElements)).waitFor();
    await page.getByRole('button', { name: 'Bỏ lọc Toyota' }).waitFor();
    await page.getByRole('button', { name: 'Bỏ lọc Giá đến 700 triệu' }).waitFor();
    expect(await cardNames(page)).toEqual(expected.content.map((c) => c.carName));
    const prices = await page.getByTestId('car-results').getByTestId('car-price').allTextContents();
    expect(prices).toEqual(expected.content.map((c) => formatPrice(c.sellPrice)));
    for (const c of expected.content) {
      expect(c.brand).toBe('Toyota');
      expect(c.sellPrice).toBeLessThanOrEqual(700_000_000);
    }
    // Cards keep their shape: a 3:2 photo box, the first row loaded eagerly, the others lazily.
    const firstImg = page.getByTestId('car-results').locator('img').first();
    expect(await firstImg.getAttribute('loading')).toBe('eager');
    expect(await firstImg.getAttribute('srcset')).toContain('480w');
    const box = await firstImg.boundingBox();
    expect(box && Math.abs(box.width / box.height - 1.5)).toBeLessThan(0.02);

    // The link can be shared: a fresh page on the same address shows the same list.
    const shared = await phonePage();
    await shared.goto(page.url());
    await shared.getByTestId('result-count').getByText(String(expected.totalElements)).waitFor();
    expect(await cardNames(shared)).toEqual(expected.content.map((c) => c.carName));

    // Back returns to the unfiltered list.
    await page.goBack();
    await page.waitForURL(`${server.url}/cars`);
    await page.getByTestId('result-count').getByText(String(all.totalElements)).waitFor();

    // No match: said so, with a way out.
    await page.goto(`${server.url}/cars?brand=Toyota&minPrice=90000000000`);
    await page.getByText('Không tìm thấy xe phù hợp').waitFor();
    await page.getByRole('main').getByRole('button', { name: 'Xóa bộ lọc' }).last().click();
    await page.waitForURL(`${server.url}/cars`);
    await page.getByTestId('result-count').getByText(String(all.totalElements)).waitFor();
  });

  it('reads a typed search as the chips and the advisor do: "7 chỗ", "mec", "bán tải dưới 700 triệu"', async () => {
    const seven = await get<CarPage>('cars', { size: 7 });
    expect(seven.totalElements).toBeGreaterThan(0);
    const page = await phonePage();
    await page.goto(server.url);
    await page.getByLabel('Tên xe, hãng xe hoặc dòng xe').fill('7 chỗ');
    await page.getByRole('button', { name: 'Tìm xe' }).click();
    await page.waitForURL(`${server.url}/cars?size=7`);
    await page.getByTestId('result-count').getByText(String(seven.totalElements)).waitFor();
    await page.getByRole('button', { name: 'Bỏ lọc 7 chỗ' }).waitFor();

    const pickups = await get<CarPage>('cars', { bodyType: 'PICKUP', maxPrice: 700_000_000 });
    await page.goto(`${server.url}/`);
    await page.getByLabel('Tên xe, hãng xe hoặc dòng xe').fill('bán tải dưới 700 triệu');
    await page.getByRole('button', { name: 'Tìm xe' }).click();
    await page.waitForURL(/\/cars\?.*bodyType=PICKUP/);
    expect(new URL(page.url()).searchParams.get('maxPrice')).toBe('700000000');
    await page.getByTestId('result-count').getByText(String(pickups.totalElements)).waitFor();

    // A shared link with the words in the name search is read the same way, in place.
    const mercedes = await get<CarPage>('cars', { brand: 'Mercedes-Benz' });
    expect(mercedes.totalElements).toBeGreaterThan(0);
    await page.goto(`${server.url}/cars?carName=mec`);
    await page.waitForURL(
      (u) => u.searchParams.get('brand') === 'Mercedes-Benz' && !u.searchParams.has('carName'),
    );
    await page.getByTestId('result-count').getByText(String(mercedes.totalElements)).waitFor();
    await page.close();
  });

  it('shows a recent price drop on the card and the car page, with the price history', async () => {
    const dropped = (await get<CarPage>('cars', { sort: 'price_drop', pageSize: 12 })).content.filter(
      (c) => c.priceDrop,
    )[0];
    const drop = dropped?.priceDrop ?? 0;
    expect(drop).toBeGreaterThan(0);
    const label = `Vừa giảm ${formatPrice(drop)}`;
    const page = await phonePage();
    await page.goto(`${server.url}/cars?sort=price_drop`);
    const card = page.getByTestId('car-results').locator('article').first();
    await card.getByText(label).waitFor();
    await page.goto(`${server.url}/cars/${dropped.carId}`);
    await page.getByText(label).first().waitFor();
    await page.getByText(/^Lịch sử giá/).click();
    await page.getByText(`${formatPrice(drop + dropped.sellPrice)} →`).waitFor();
    await page.close();
  });

  it('a page past the end of the list goes to the last page and never contradicts itself', async () => {
    const all = await get<CarPage>('cars');
    const last = Math.ceil(all.totalElements / PUBLIC_PAGE_SIZE);
    expect(last).toBeGreaterThan(1);
    const page = await phonePage();
    await page.goto(`${server.url}/cars?page=999`);
    await page.waitForURL((u) => u.searchParams.get('page') === String(last));
    await page.getByTestId('car-results').waitFor();
    const first = (last - 1) * PUBLIC_PAGE_SIZE + 1;
    await page.getByText(`Hiển thị ${first}–${all.totalElements} trên ${all.totalElements} xe`).waitFor();
    expect(await page.getByText('Showroom hiện chưa có xe nào đang bán').count()).toBe(0);
    expect(await page.getByTestId('car-results').locator('article').count()).toBe(
      all.totalElements - (last - 1) * PUBLIC_PAGE_SIZE,
    );
    await page.close();
  });

  it('opens a car: gallery, price, specs, calculator, test drive link and AI hand-off', async () => {
    const list = await get<CarPage>('cars', { sort: 'price_desc', pageSize: 1 });
    const car = await get<CarDetail>(`cars/${list.content[0].carId}`);
    const settings = await get<CarCalculations>('web-configuration/car-calculations');
    expect(car.photos.length).toBeGreaterThan(1);

    const page = await phonePage();
    await page.goto(`${server.url}/cars?sort=price_desc`);
    await page.getByRole('link', { name: car.carName }).first().click();
    await page.waitForURL(`${server.url}/cars/${car.carId}`);
    await page.getByRole('heading', { level: 1, name: car.carName }).waitFor();
    expect(await page.getByTestId('car-detail-price').textContent()).toBe(formatPrice(car.sellPrice));
    await page.getByText(formatVnd(car.sellPrice)).first().waitFor();
    await page.getByRole('heading', { name: 'Thông số kỹ thuật' }).waitFor();
    await page.getByText('Số km đã đi').first().waitFor();

    // Gallery: next photo, full screen, Escape.
    await page.getByText(`1 / ${car.photos.length}`).first().waitFor();
    await page.getByRole('button', { name: 'Ảnh sau' }).click();
    await page.getByText(`2 / ${car.photos.length}`).first().waitFor();
    await page.getByRole('button', { name: 'Toàn màn hình', exact: true }).click();
    const full = page.getByRole('dialog', { name: /toàn màn hình/ });
    await full.waitFor();
    await full.getByText(`2 / ${car.photos.length}`).waitFor();
    await page.keyboard.press('Escape');
    await full.waitFor({ state: 'hidden' });

    // On-road price of this used car: every line with its basis, labelled as a reference price; what the
    // car's papers show still valid is not charged.
    const { papers } = await get<CarHistory>(`cars/${car.carId}/history`);
    const road = onRoadCost(settings, {
      price: car.sellPrice,
      seats: car.size,
      year: car.year,
      brand: car.brand,
      model: car.model,
      version: car.version,
      papers,
    });
    // Below the fold, its code comes when the visitor scrolls near.
    await page.getByRole('region', { name: 'Dự tính chi phí' }).scrollIntoViewIfNeeded();
    await page.getByText('Giá tham khảo', { exact: true }).waitFor();
    for (const line of road.lines) {
      const row = page.locator(`[data-line="${line.key}"]`);
      expect(await row.locator('th').textContent()).toBe(line.label);
      expect(await row.locator(`[data-basis="${line.key}"]`).textContent()).toBe(line.basis);
      expect(await row.locator('[data-amount]').textContent()).toBe(
        line.validUntil ? validUntilText(line.validUntil) : formatVnd(line.amount),
      );
    }
    await page.getByTestId('on-road-total').getByText(formatVnd(road.total)).waitFor();

    // Instalment: the largest share and the longest term.
    await page.getByRole('tab', { name: 'Trả góp' }).click();
    await page.getByLabel('Tỷ lệ vay').press('End');
    await page.getByLabel('Thời hạn vay').press('End');
    const ratios = Math.round(settings.maxLoanRatio * 10) / 10;
    const plan = instalment(settings, {
      price: car.sellPrice,
      loanRatio: ratios,
      termMonths: settings.maxTermMonths,
    });
    await page.getByTestId('first-payment').getByText(formatVnd(plan.firstMonthPayment)).waitFor();
    expect(await page.getByTestId('total-interest').textContent()).toBe(formatVnd(plan.totalInterest));

    // Test drive with the car chosen.
    expect(
      await page.getByRole('main').getByRole('link', { name: 'Đăng ký lái thử' }).getAttribute('href'),
    ).toBe(`/testdrive?carId=${car.carId}`);

    // 'Tư vấn với AI' writes sessionStorage, then raises chat:handoff for the chat widget (which may
    // consume and clear the key at once, so the write itself is recorded).
    await page.evaluate(() => {
      const w = window as unknown as { handed: unknown; stored: string | null };
      const setItem = Storage.prototype.setItem;
      Storage.prototype.setItem = function (key: string, value: string) {
        if (key === 'chat-car-handoff') w.stored = value;
        return setItem.call(this, key, value);
      };
      window.addEventListener('chat:handoff', (e) => {
        w.handed = (e as CustomEvent).detail;
      });
    });
    await page.getByRole('button', { name: 'Tư vấn với AI' }).click();
    const handed = await page.evaluate(() => {
      const w = window as unknown as { handed: unknown; stored: string | null };
      return { stored: w.stored, event: w.handed };
    });
    const info = {
      carId: car.carId,
      carName: car.carName,
      brand: car.brand,
      sellPrice: car.sellPrice,
      odo: car.odo,
      year: car.year,
    };
    expect(handed.event).toEqual(info);
    expect(JSON.parse(handed.stored ?? 'null')).toEqual(info);

    // Similar cars.
    await page.getByRole('heading', { name: 'Xe tương tự' }).waitFor();
  });

  it('compares three cars side by side and keeps the choice in the URL', async () => {
    type Pick = { carId: number; carName: string; year: number; odo: number };
    const toyota = await get<Pick[]>('car-compare/Toyota');
    const mazda = await get<Pick[]>('car-compare/Mazda');
    const second = toyota.find((c) => c.carName !== toyota[0].carName)!;
    const picks = [toyota[0], second, mazda[0]];
    const addLabel = (p: Pick) => `Thêm ${p.carName}, đời ${p.year}, ${formatKm(p.odo)}`;

    const page = await browser.newPage();
    await page.goto(`${server.url}/compare`);
    await page.getByText('Chưa chọn xe nào').waitFor();
    const brand = page.getByLabel('Hãng xe');
    await brand.selectOption('Toyota');
    await page.getByRole('button', { name: addLabel(picks[0]), exact: true }).click();
    await page.getByRole('button', { name: addLabel(picks[1]), exact: true }).click();
    await brand.selectOption('Mazda');
    await page.getByRole('button', { name: addLabel(picks[2]), exact: true }).click();
    const ids = picks.map((p) => p.carId).join(',');
    await page.waitForURL((u) => u.searchParams.get('carIds') === ids);

    const table = page.getByRole('table');
    for (const p of picks) await table.getByRole('link', { name: p.carName }).first().waitFor();
    const priceRow = table.getByRole('row', { name: /^Giá bán/ });
    expect(await priceRow.locator('td').count()).toBe(3);
    // What a buyer weighs besides the specification: the inspection, its pledges, the registration date.
    const details = await Promise.all(picks.map((p) => get<CarDetail>(`cars/${p.carId}`)));
    const inspectionRow = table.getByRole('row', { name: /^Kiểm định/ });
    for (const d of details)
      await inspectionRow
        .getByText(d.inspection ? summaryLine(d.inspection) : 'Chưa kiểm định', { exact: false })
        .first()
        .waitFor();
    expect(
      await table
        .getByRole('row', { name: /^Cam kết/ })
        .locator('td')
        .count(),
    ).toBe(3);
    const history = await get<CarHistory>(`cars/${picks[0].carId}/history`);
    const registration = table
      .getByRole('row', { name: /^Hạn đăng kiểm/ })
      .locator('td')
      .first();
    await registration
      .getByText(
        history.papers.registrationUntil
          ? history.papers.registrationUntil.split('-').reverse().join('/')
          : 'Chưa có thông tin',
      )
      .waitFor();
    // Differences are highlighted and can be shown alone.
    const diffRows = await table.locator('tr[data-diff]').count();
    expect(diffRows).toBeGreaterThan(0);
    const allRows = await table.locator('tbody tr').count();
    await page.getByLabel('Chỉ hiện điểm khác nhau').check();
    expect(await table.locator('tbody tr').count()).toBeLessThan(allRows);

    // Reloading the address shows the same three cars; removing one updates the URL.
    await page.reload();
    for (const p of picks)
      await page.getByRole('table').getByRole('link', { name: p.carName }).first().waitFor();
    await page.getByRole('button', { name: `Bỏ ${picks[0].carName} khỏi so sánh` }).click();
    await page.waitForURL((u) => u.searchParams.get('carIds') === `${picks[1].carId},${picks[2].carId}`);
  });
});

describe('staff inventory', () => {
  const carName = `Kia Seltos 1.4 Turbo Thử ${Date.now().toString(36)}`;
  let carId = 0;

  it('adds a car with two photos, reorders them and finds it on the public list', async () => {
    const red = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#c81e1e' } })
      .png()
      .toBuffer();
    const blue = await sharp({ create: { width: 330, height: 220, channels: 3, background: '#1e40af' } })
      .png()
      .toBuffer();

    const page = await browser.newPage();
    await signIn(page, server.url, server.adminUsername, server.adminPassword);
    await page.goto(`${server.url}/dashboard/carManagement`);
    await page.getByRole('link', { name: 'Thêm xe' }).click();
    await page.getByRole('heading', { level: 1, name: 'Thêm xe' }).waitFor();

    // The contract's messages on an empty form.
    await page.getByRole('button', { name: 'Thêm xe', exact: true }).click();
    await page.getByText('Vui lòng nhập tên xe').waitFor();
    await page.getByText('Vui lòng nhập giá bán').waitFor();

    await page.getByLabel('Tên xe').fill(carName);
    await page.getByLabel('Hãng xe').fill('Kia');
    await page.getByLabel('Dòng xe').fill('Seltos');
    await page.getByLabel('Phiên bản').fill('1.4 Turbo Luxury');
    await page.getByLabel('Năm sản xuất').selectOption('2022');
    await page.getByLabel('Kiểu dáng').selectOption('CROSSOVER');
    await page.getByLabel('Nhiên liệu').selectOption('PETROL');
    await page.getByLabel('Hộp số').selectOption('AUTOMATIC');
    await page.getByLabel('Xuất xứ').selectOption('DOMESTIC');
    const price = page.getByLabel('Giá bán');
    await price.fill('615000000');
    expect(await price.inputValue()).toBe('615.000.000');
    await page.getByText('Hiển thị: 615 triệu').waitFor();
    await page.getByLabel('Số km đã đi').fill('32000');
    await page.getByLabel('Màu ngoại thất').fill('Đỏ');
    await page.getByLabel('Màu nội thất').fill('Đen');
    await page.getByLabel('Tiện nghi', { exact: true }).fill('Cửa sổ trời');
    await page.getByLabel('Tiện nghi', { exact: true }).press('Enter');
    await page.getByRole('button', { name: 'Bỏ Cửa sổ trời' }).waitFor();
    // A new car starts "Chuẩn bị bán"; this one is listed at once.
    expect(await page.locator('#car-status').inputValue()).toBe('preparing');
    await page.locator('#car-status').selectOption('available');

    // Photos have their own tab; a new car's go with it when it is saved.
    await page.getByRole('tab', { name: 'Ảnh' }).click();
    await page.getByLabel('Chọn ảnh xe').setInputFiles([
      { name: 'do.png', mimeType: 'image/png', buffer: red },
      { name: 'xanh.png', mimeType: 'image/png', buffer: blue },
    ]);
    const photos = page.getByTestId('photo-item');
    await expect.poll(() => photos.count()).toBe(2);
    await photos.first().getByText('Ảnh bìa').waitFor();
    // The blue photo becomes the cover.
    await page.getByRole('button', { name: 'Đưa ảnh 2 lên trước' }).click();

    await page.getByRole('button', { name: 'Thêm xe', exact: true }).click();
    // Saved: back on the list (a toast 'Đã thêm xe ...' says so for 3 s).
    await page.waitForURL(`${server.url}/dashboard/carManagement`, { timeout: 30_000 });
    await page.locator('tbody tr', { hasText: carName }).getByText('Đang bán').waitFor();

    const found = await get<ListPage<{ carId: number }>>('cars/admin', { search: carName }, adminToken);
    carId = found.content[0].carId;
    const saved = await get<CarAdminDetail>(`cars/admin/${carId}`, undefined, adminToken);
    expect(saved.sellPrice).toBe(615_000_000);
    expect(saved.features).toEqual(['Cửa sổ trời']);
    expect(saved.photos.map((p) => p.width)).toEqual([330, 300]);

    // On the public list, and its page shows both photos. The search leaves the brand out: "Kia ..."
    // would be read as the Kia filter plus the model, which finds every Seltos.
    const visitor = await phonePage();
    const typed = carName.replace(/^Kia /, '');
    await visitor.goto(`${server.url}/cars?carName=${encodeURIComponent(typed)}`);
    await visitor.getByTestId('result-count').getByText('1', { exact: true }).waitFor();
    await visitor.getByRole('link', { name: carName }).click();
    await visitor.getByRole('heading', { level: 1, name: carName }).waitFor();
    await visitor.getByText('1 / 2').first().waitFor();
    expect(await visitor.getByTestId('car-detail-price').textContent()).toBe('615 triệu');
  });

  it('edits the car: photos are saved at once (upload, reorder, remove), the form with its button', async () => {
    expect(carId).toBeGreaterThan(0);
    const green = await sharp({ create: { width: 360, height: 240, channels: 3, background: '#15803d' } })
      .png()
      .toBuffer();
    const page = await browser.newPage();
    await signIn(page, server.url, server.adminUsername, server.adminPassword);
    await page.goto(`${server.url}/dashboard/carManagement?search=${encodeURIComponent(carName)}`);
    await page
      .locator('tbody tr', { hasText: carName })
      .getByRole('link', { name: `Sửa ${carName}` })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Sửa thông tin xe' }).waitFor();
    await expect.poll(() => page.getByLabel('Tên xe').inputValue()).toBe(carName);
    expect(await page.getByRole('button', { name: 'Lưu thay đổi' }).isDisabled()).toBe(true);

    await page.getByRole('tab', { name: 'Ảnh' }).click();
    await page.waitForURL(/\?tab=anh$/);
    const photos = page.getByTestId('photo-item');
    await expect.poll(() => photos.count()).toBe(2);
    await page
      .getByLabel('Chọn ảnh xe')
      .setInputFiles([{ name: 'xanh-la.png', mimeType: 'image/png', buffer: green }]);
    await expect.poll(() => photos.count(), { timeout: 30_000 }).toBe(3);
    await page.getByRole('button', { name: 'Đưa ảnh 3 lên trước' }).click();
    await page.getByRole('button', { name: 'Đưa ảnh 2 lên trước' }).click();
    const widths = async () =>
      (await get<CarAdminDetail>(`cars/admin/${carId}`, undefined, adminToken)).photos.map((p) => p.width);
    await expect.poll(widths).toEqual([360, 330, 300]);

    await page.getByRole('button', { name: 'Xóa ảnh 3' }).click();
    const confirm = page.getByRole('dialog', { name: 'Xóa ảnh này?' });
    await confirm.getByRole('button', { name: 'Xóa ảnh' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await expect.poll(widths).toEqual([360, 330]);

    await page.getByRole('tab', { name: 'Thông tin' }).click();
    await page.getByLabel('Giá bán').fill('599000000');
    await page.getByRole('button', { name: 'Lưu thay đổi' }).click();
    await expect
      .poll(async () => (await get<CarAdminDetail>(`cars/admin/${carId}`, undefined, adminToken)).sellPrice)
      .toBe(599_000_000);
    const visible = await get<CarDetail>(`cars/${carId}`);
    expect(visible.cover?.width).toBe(360);
    expect(visible.features).toEqual(['Cửa sổ trời']);
  });

  it('records a sale from the car list, sees it in sold history, then cancels it', async () => {
    expect(carId).toBeGreaterThan(0);
    const page = await browser.newPage();
    await signIn(page, server.url, server.adminUsername, server.adminPassword);
    await page.goto(`${server.url}/dashboard/carManagement?search=${encodeURIComponent(carName)}`);
    const row = page.locator('tbody tr', { hasText: carName });
    await row.getByRole('button', { name: `Ghi nhận bán ${carName}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Ghi nhận bán xe' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Giá bán').inputValue()).toBe('599.000.000');

    await dialog.getByRole('button', { name: 'Ghi nhận bán' }).click();
    await dialog.getByText('Vui lòng nhập tên người mua').waitFor();
    await dialog.getByText('Vui lòng nhập số điện thoại').waitFor();
    await dialog.getByText('Vui lòng chọn hình thức thanh toán').waitFor();

    await dialog.getByLabel('Tên người mua').fill('Trương Minh Khoa');
    await dialog.getByLabel('Số điện thoại').fill('0912 345 678');
    await dialog.getByLabel('Email').fill('khoa.truong@example.com');
    await dialog.getByLabel('Giá bán').fill('600000000');
    await dialog.getByLabel('Ngày bán').fill('');
    await dialog.getByLabel('Ngày bán').pressSequentially('05012025');
    expect(await dialog.getByLabel('Ngày bán').inputValue()).toBe('05/01/2025');
    await dialog.getByLabel('Hình thức thanh toán').selectOption('TRANSFER');
    await dialog.getByLabel('Ghi chú').fill('Khách chuyển khoản đủ');
    // Two clicks in the same instant save once, and the dialog closes on the success.
    await dialog.getByRole('button', { name: 'Ghi nhận bán' }).dblclick();
    await dialog.waitFor({ state: 'hidden', timeout: 30_000 });
    await page.getByText(`Đã ghi nhận bán xe ${carName}`).waitFor();
    expect(await page.getByText('Xe này đã được bán').count()).toBe(0);
    await row.getByText('Đã bán').waitFor();

    // A sold car leaves the public list.
    const publicList = await get<CarPage>('cars', { carName });
    expect(publicList.totalElements).toBe(0);

    // Sold history: searched by the buyer, then the detail page.
    await page.goto(`${server.url}/dashboard/soldhistory`);
    await page.getByRole('heading', { level: 1, name: 'Lịch sử bán hàng' }).waitFor();
    await page.getByLabel('Tìm giao dịch').fill('Trương Minh Khoa');
    const saleRow = page.locator('tbody tr', { hasText: carName });
    await saleRow.getByText('600 triệu').waitFor();
    await saleRow.getByText('05/01/2025').waitFor();
    await saleRow.getByText('Chuyển khoản').waitFor();
    // The date range keeps it in or leaves it out.
    await page.getByLabel('Từ', { exact: true }).pressSequentially('06012025');
    await page.getByText('Không có giao dịch phù hợp').last().waitFor();
    await page.getByLabel('Từ', { exact: true }).fill('');
    await page.getByLabel('Từ', { exact: true }).pressSequentially('01012025');
    // An end date typed right after the start keeps both in the address.
    await page.getByLabel('Đến', { exact: true }).pressSequentially('31122025');
    await page.waitForURL((u) => u.searchParams.get('to') === '2025-12-31');
    expect(new URL(page.url()).searchParams.get('from')).toBe('2025-01-01');
    await saleRow.waitFor();

    await saleRow.getByRole('link', { name: /^Xem giao dịch/ }).click();
    await page.waitForURL(/\/dashboard\/soldhistory\/\d+$/);
    const transactionId = Number(page.url().split('/').pop());
    await page.getByRole('heading', { level: 1, name: `Giao dịch #${transactionId}` }).waitFor();
    await page.getByText('khoa.truong@example.com').waitFor();
    await page.getByText('Khách chuyển khoản đủ').waitFor();

    // Cancel, with a confirmation and a reason: the car is back on sale.
    await page.getByRole('button', { name: 'Hủy giao dịch' }).click();
    const confirm = page.getByRole('dialog', { name: 'Hủy giao dịch bán xe?' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Hủy giao dịch' }).click();
    await confirm.getByText('Vui lòng nhập lý do hủy').waitFor();
    await confirm.getByLabel('Lý do hủy').fill('Khách đổi ý');
    await confirm.getByRole('button', { name: 'Hủy giao dịch' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await page.getByText('Giao dịch đã bị hủy').waitFor();

    const sale = await get<SaleView>(`soldhistory/${transactionId}`, undefined, adminToken);
    expect(sale.status).toBe('cancelled');
    expect(sale.cancelReason).toBe('Khách đổi ý');
    const car = await get<CarAdminDetail>(`cars/admin/${carId}`, undefined, adminToken);
    expect(car.status).toBe('available');
    expect((await get<CarPage>('cars', { carName })).totalElements).toBe(1);
  });
});
