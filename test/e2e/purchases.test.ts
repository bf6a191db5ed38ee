import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CarPage } from '../../src/contract/cars';
import { vnDayKey } from '../../src/contract/format';
import type { LeadDetail, LeadPage } from '../../src/contract/leads';
import {
  type apiClient,
  axeScan,
  DESKTOP,
  journeyFixture,
  PHONE,
  type RunningBrowser,
  type RunningServer,
  signIn,
  subscriptionConfirmed,
  waitForMail,
} from './helpers';

// A seller values their car on a phone and sends it with two photos; staff see it arrive live, make an
// offer, mark it bought through the car form (prefilled from the lead) and find the car in stock.

const journey = journeyFixture(import.meta.url);
let server: RunningServer;
let browser: RunningBrowser;
let api: ReturnType<typeof apiClient>;
let adminToken: string;

beforeAll(() => {
  ({ server, browser, api, adminToken } = journey);
});

const photo = (color: string) =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: color } })
    .jpeg()
    .toBuffer();

/** The bought car's cost ledger: the offer paid as its purchase price, a line added, a loss warned of. */
async function carCosts(staff: Page, carId: number) {
  await staff.goto(`${server.url}/dashboard/car/edit/${carId}?tab=chi-phi`);
  const ledger = staff.getByRole('region', { name: 'Chi phí thực của xe' });
  await ledger.getByText('Từ phiếu mua xe').waitFor();
  expect(await axeScan(staff)).toEqual([]);
  await ledger.getByLabel('Loại chi phí').selectOption('transport');
  await ledger.getByLabel('Số tiền').fill('2500000');
  await ledger.getByRole('button', { name: 'Thêm chi phí' }).click();
  await staff.getByText('Đã thêm chi phí').waitFor();
  await ledger.getByRole('listitem').filter({ hasText: 'Vận chuyển' }).waitFor();
  await staff.screenshot({ path: '/tmp/shots-costs/car-costs-1366.png', fullPage: true }).catch(() => {});
  await staff.setViewportSize(PHONE);
  await staff.screenshot({ path: '/tmp/shots-costs/car-costs-360.png', fullPage: true }).catch(() => {});
  await staff.setViewportSize(DESKTOP);

  // A price below the true cost (350 + 2,5 triệu) turns red and is saved only once confirmed.
  await staff.getByRole('tab', { name: 'Thông tin' }).click();
  await staff.getByLabel('Giá bán').fill('340000000');
  const warning = staff.getByRole('alert').filter({ hasText: 'Giá bán thấp hơn giá vốn thực của xe.' });
  await warning.waitFor();
  await warning.scrollIntoViewIfNeeded();
  await staff.screenshot({ path: '/tmp/shots-costs/car-price-below-cost-1366.png' }).catch(() => {});
  await staff.getByRole('button', { name: 'Lưu thay đổi' }).click();
  const ask = staff.getByRole('dialog', { name: 'Giá bán thấp hơn giá vốn thực' });
  await ask.waitFor();
  await ask.getByRole('button', { name: 'Hủy' }).click();
  const kept = (await api.call('GET', `cars/admin/${carId}`, { token: adminToken })).json as {
    sellPrice: number;
  };
  expect(kept.sellPrice).toBe(420_000_000);

  // The stock list: true cost and margin at the listed price beside the car.
  await staff.goto(`${server.url}/dashboard/carManagement`);
  await staff.getByRole('columnheader', { name: 'Giá vốn thực · lãi' }).waitFor();
  // The table and the phone cards are both in the page; one of them is shown.
  await staff
    .getByText(/^Lãi \+/)
    .locator('visible=true')
    .first()
    .waitFor();
  await staff.screenshot({ path: '/tmp/shots-costs/stock-list-1366.png' }).catch(() => {});
  await staff.setViewportSize(PHONE);
  await staff.screenshot({ path: '/tmp/shots-costs/stock-list-360.png' }).catch(() => {});
  await staff.goto(`${server.url}/dashboard/stock-ageing`);
  await staff.getByRole('heading', { name: 'Tuổi tồn kho', level: 1 }).waitFor();
  await staff
    .getByText(/^(Lãi|Lỗ) [+−]/)
    .locator('visible=true')
    .first()
    .waitFor();
  await staff.screenshot({ path: '/tmp/shots-costs/stock-ageing-360.png', fullPage: true }).catch(() => {});
  await staff.setViewportSize(DESKTOP);
  await staff.screenshot({ path: '/tmp/shots-costs/stock-ageing-1366.png' }).catch(() => {});
}

describe('selling a car to the showroom', () => {
  it('a phone visitor values and sends a car with two photos; staff offer, buy and find it in stock', {
    timeout: 240_000,
  }, async () => {
    const seller = `Người Bán Thử ${Date.now() % 100_000}`;

    // Staff: the buy-in list, open and listening.
    const staff = await browser.newPage();
    const listening = subscriptionConfirmed(staff);
    await signIn(staff, server.url, server.adminUsername, server.adminPassword);
    await listening;
    await staff.goto(`${server.url}/dashboard/purchaseManagement`);
    await staff.getByRole('heading', { level: 1, name: 'Quản lý thu mua xe' }).waitFor();

    // The visitor, 360 px: the catalogue's first brand and model, a year, the km.
    const visitor = await browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    await visitor.goto(`${server.url}/sell-car`);
    await visitor.getByRole('heading', { level: 1, name: 'Định giá & bán xe' }).waitFor();
    const brand = visitor.getByLabel('Hãng xe');
    await expect.poll(() => brand.locator('option').count()).toBeGreaterThan(1);
    await brand.selectOption({ index: 1 });
    await visitor.getByLabel('Dòng xe').selectOption({ index: 1 });
    await visitor.getByLabel('Năm sản xuất').selectOption(String(new Date().getFullYear() - 4));
    await visitor.getByLabel('Số km đã đi').fill('60000');
    await visitor.getByRole('radio', { name: 'Không' }).first().check();
    await visitor.getByRole('button', { name: 'Định giá xe' }).click();
    const result = visitor.getByRole('status').filter({ hasText: /Giá tham khảo|Chưa thể định giá tự động/ });
    await result.waitFor();
    const valued = (await result.textContent())?.includes('Giá tham khảo');
    if (valued) {
      await result.getByText('Cách tính giá này').click();
      await result.getByText(/xe so sánh/).waitFor();
    }

    await visitor.getByLabel('Họ và tên').fill(seller);
    await visitor.getByLabel('Số điện thoại').fill('0912 345 678');
    await visitor.getByLabel('Email').fill('nguoiban.e2e@example.com');
    const day = vnDayKey(new Date(Date.now() + 2 * 86_400_000));
    await visitor.getByLabel('Ngày hẹn kiểm tra xe').fill(day.split('-').reverse().join('/'));
    await visitor.getByLabel(/Chọn ảnh xe/).setInputFiles([
      { name: 'truoc.jpg', mimeType: 'image/jpeg', buffer: await photo('#336699') },
      { name: 'sau.jpg', mimeType: 'image/jpeg', buffer: await photo('#993322') },
    ]);
    await visitor.getByRole('img', { name: 'Ảnh 2' }).waitFor();
    // The page as it stands after the valuation: the answer, the seller's form, the chosen photos.
    expect(await axeScan(visitor)).toEqual([]);
    await visitor
      .screenshot({ path: '/tmp/shots-sourcing/sell-car-filled-360.png', fullPage: true })
      .catch(() => {});
    await visitor.getByRole('button', { name: 'Gửi thông tin bán xe' }).click();
    await visitor.getByText(/Gửi thông tin bán xe thành công/).waitFor();
    await visitor.close();

    // Staff: the lead shows up in the list without a reload.
    const row = staff.getByRole('row').filter({ hasText: seller });
    await row.waitFor({ timeout: 20_000 });
    const list = (await api.call('GET', 'purchases/admin', { token: adminToken, query: { search: seller } }))
      .json as LeadPage;
    const leadId = list.content[0].leadId;
    expect(list.content[0].purchase?.photos).toHaveLength(2);
    if (valued) expect(list.content[0].purchase?.valuation).not.toBeNull();

    await staff.goto(`${server.url}/dashboard/purchaseManagement?id=${leadId}`);
    const drawer = staff.getByRole('dialog');
    await drawer.getByRole('img', { name: 'Ảnh xe 2' }).waitFor();
    // The offer starts at the estimate less the expected reconditioning and the target margin, written out.
    if (valued) await drawer.getByText('Giá chào mua đề xuất').waitFor();
    await staff.screenshot({ path: '/tmp/shots-costs/offer-start-1366.png' }).catch(() => {});
    await staff.setViewportSize(PHONE);
    await staff.screenshot({ path: '/tmp/shots-costs/offer-start-360.png', fullPage: true }).catch(() => {});
    await staff.setViewportSize(DESKTOP);
    await drawer.getByLabel('Giá chào mua').fill('350000000');
    await drawer.getByRole('button', { name: 'Báo giá', exact: true }).click();
    // Nothing is recorded or mailed before staff confirm the figure.
    const ask = staff.getByRole('dialog', { name: 'Gửi báo giá 350 triệu cho khách?' });
    await ask.waitFor();
    await staff.screenshot({ path: '/tmp/shots-costs/offer-confirm-1366.png' }).catch(() => {});
    const unsent = (await api.call('GET', `purchases/admin/${leadId}`, { token: adminToken }))
      .json as LeadDetail;
    expect(unsent.purchase?.offer).toBeNull();
    await ask.getByRole('button', { name: 'Gửi báo giá' }).click();
    await staff.getByText('Đã ghi báo giá và gửi email cho người bán').waitFor();
    await drawer.getByText('Còn hiệu lực').waitFor();
    expect(await axeScan(staff)).toEqual([]);
    await staff.screenshot({ path: '/tmp/shots-sourcing/purchase-drawer-1366.png' }).catch(() => {});

    // "Đã mua": the car form, prefilled from the lead.
    await drawer.getByRole('link', { name: 'Đã mua: nhập xe vào kho' }).click();
    await staff.waitForURL(`${server.url}/dashboard/car/add?purchase=${leadId}`);
    await staff.getByRole('region', { name: 'Xe thu mua từ khách' }).getByText('350 triệu').waitFor();
    const lead = (await api.call('GET', `purchases/admin/${leadId}`, { token: adminToken }))
      .json as LeadDetail;
    await expect.poll(() => staff.locator('#car-brand').inputValue()).toBe(lead.make);
    expect(await staff.locator('#car-odo').inputValue()).toBe('60.000');
    await staff.getByLabel('Giá bán').fill('420000000');
    await staff.locator('#car-body').selectOption('SEDAN');
    await staff.locator('#car-origin').selectOption('DOMESTIC');
    await staff.locator('#car-ext').fill('Trắng');
    await staff.locator('#car-int').fill('Be');
    if (!(await staff.locator('#car-fuel').inputValue()))
      await staff.locator('#car-fuel').selectOption('PETROL');
    if (!(await staff.locator('#car-gearbox').inputValue()))
      await staff.locator('#car-gearbox').selectOption('AUTOMATIC');
    await staff.getByRole('button', { name: 'Thêm xe' }).click();
    await staff.waitForURL(/\/dashboard\/car\/edit\/\d+/);
    const carId = Number(new URL(staff.url()).pathname.split('/').pop());

    // In stock, with the seller's photos; the lead is bought.
    const car = (await api.call('GET', `cars/admin/${carId}`, { token: adminToken })).json as {
      status: string;
      photos: unknown[];
    };
    // Bought cars are prepared before they are sold (docs/reconditioning.md).
    expect(car.status).toBe('preparing');
    expect(car.photos).toHaveLength(2);
    const bought = (await api.call('GET', `purchases/admin/${leadId}`, { token: adminToken }))
      .json as LeadDetail;
    expect(bought.status).toBe('BOUGHT');
    expect(bought.purchase?.boughtCarId).toBe(carId);
    await carCosts(staff, carId);
    await staff.close();
  });

  it('a seller whose car is in no list types it ("Xe khác"), is told staff will value it, sends it and gets the reference by mail', {
    timeout: 120_000,
  }, async () => {
    // A name as the mail may show it: letters only.
    const seller = 'Đỗ Minh Khang';
    const email = `xe.khac.${Date.now() % 100_000}@example.com`;
    const visitor = await browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    await visitor.goto(`${server.url}/sell-car`);
    const brand = visitor.getByLabel('Hãng xe', { exact: true });
    await expect.poll(() => brand.locator('option').count()).toBeGreaterThan(2);
    // The showroom stocks a Carnival: the lists hold it, though the imported prices do not.
    await brand.selectOption('Kia');
    const models = await visitor.getByLabel('Dòng xe', { exact: true }).locator('option').allTextContents();
    expect(models).toContain('Carnival');
    expect(models.at(-1)).toBe('Dòng khác (nhập tay)');
    // An odometer far above the usual for the age: a wider range, and the answer says why.
    await visitor.getByLabel('Dòng xe', { exact: true }).selectOption({ index: 1 });
    await visitor.getByLabel('Năm sản xuất').selectOption('2020');
    await visitor.getByLabel('Số km đã đi').fill('900000');
    await visitor.getByRole('button', { name: 'Định giá xe' }).click();
    const valued = visitor.getByRole('status').filter({ hasText: 'Giá tham khảo' });
    await valued.getByText(/^Số km 900\.000 km cao bất thường so với đời xe 2020/).waitFor();
    await valued.screenshot({ path: '/tmp/shots-valuation/sell-car-far-km-360.png' });

    await brand.selectOption({ label: 'Xe khác (nhập tay)' });
    await visitor.getByLabel('Tên hãng xe').fill('Chevrolet');
    await visitor.getByLabel('Dòng xe', { exact: true }).fill('Colorado');
    await visitor.getByLabel('Phiên bản', { exact: true }).fill('LTZ 2.8 4x4 AT');
    await visitor.getByLabel('Năm sản xuất').selectOption('2019');
    await visitor.getByLabel('Số km đã đi').fill('95000');
    await visitor.getByRole('button', { name: 'Định giá xe' }).click();
    const manual = visitor.getByRole('status').filter({ hasText: 'Nhân viên sẽ định giá và gọi lại' });
    await manual.waitFor();
    await manual
      .getByText('Chưa có dữ liệu giá của Chevrolet Colorado. Chưa thể định giá tự động chiếc xe này.')
      .waitFor();
    expect(await axeScan(visitor)).toEqual([]);
    await visitor.screenshot({ path: '/tmp/shots-valuation/sell-car-other-360.png', fullPage: true });
    await visitor.setViewportSize(DESKTOP);
    await visitor.screenshot({ path: '/tmp/shots-valuation/sell-car-other-1366.png', fullPage: true });
    await visitor.setViewportSize(PHONE);

    await visitor.getByLabel('Họ và tên').fill(seller);
    await visitor.getByLabel('Số điện thoại').fill('0913 222 333');
    await visitor.getByLabel('Email').fill(email);
    const day = vnDayKey(new Date(Date.now() + 3 * 86_400_000));
    await visitor.getByLabel('Ngày hẹn kiểm tra xe').fill(day.split('-').reverse().join('/'));
    await visitor.getByRole('button', { name: 'Gửi thông tin bán xe' }).click();
    await visitor.getByText(/Gửi thông tin bán xe thành công/).waitFor();
    const reference = (
      await visitor
        .getByText(/TM-[0-9A-F]{8}/)
        .first()
        .textContent()
    )?.match(/TM-[0-9A-F]{8}/)?.[0];
    expect(reference).toBeTruthy();
    await visitor.close();

    const list = (await api.call('GET', 'purchases/admin', { token: adminToken, query: { search: seller } }))
      .json as LeadPage;
    expect(list.content[0]).toMatchObject({
      make: 'Chevrolet',
      model: 'Colorado LTZ 2.8 4x4 AT',
      year: 2019,
    });
    expect(list.content[0].purchase?.valuation).toBeNull();
    const mail = await waitForMail(server.dataDir, email);
    expect(mail.text).toContain(`mã yêu cầu ${reference}`);
    expect(mail.text).toContain(`Xin chào ${seller},`);

    // The trade-in on a car page takes a car from no list too.
    const cars = (await api.call('GET', 'cars', { query: { pageSize: 1 } })).json as CarPage;
    const onSale = cars.content[0];
    const buyer = await browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    await buyer.goto(`${server.url}/cars/${onSale.carId}`);
    await buyer.getByRole('button', { name: 'Định giá xe của tôi' }).click();
    const tradeBrand = buyer.getByLabel('Hãng xe', { exact: true });
    await tradeBrand.selectOption({ label: 'Xe khác (nhập tay)' });
    await buyer.getByLabel('Tên hãng xe').fill('Audi');
    await buyer.getByLabel('Dòng xe', { exact: true }).fill('A4');
    await buyer.getByLabel('Năm sản xuất').selectOption('2018');
    await buyer.getByLabel('Số km đã đi').fill('70000');
    await buyer.getByRole('button', { name: 'Định giá xe' }).click();
    await buyer.getByRole('status').filter({ hasText: 'Nhân viên sẽ định giá và gọi lại' }).waitFor();
    await buyer.getByRole('button', { name: 'Gửi yêu cầu đổi xe' }).waitFor();
    await buyer.close();
  });
});
