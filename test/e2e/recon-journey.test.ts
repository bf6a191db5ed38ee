import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CarCosts } from '../../src/contract/car-cost-ledger';
import { formatDate } from '../../src/contract/format';
import type { InspectionTemplate } from '../../src/contract/inspections';
import {
  axeScan,
  DESKTOP,
  journeyFixture,
  PHONE,
  type RunningBrowser,
  type RunningServer,
  signIn,
  TOASTS,
} from './helpers';

// From bought to front line: a car a seller sent through the public buy-in walks the reconditioning board
// stage by stage, its work quoted, approved and done with real costs (which the ledger counts), the
// listing gate refuses it for want of photos, then lists it, and visitors find it on /cars. The buy-in,
// the inspection report and the photos are set up through the API (their own journeys drive their
// pages); the board and the work-item editor are driven in the browser, at 360 and at 1366 px.

const journey = journeyFixture(import.meta.url);
let server: RunningServer;
let browser: RunningBrowser;
const SHOTS = '/tmp/shots-recon-journey';

beforeAll(() => {
  ({ server, browser } = journey);
  mkdirSync(SHOTS, { recursive: true });
});

const jpeg = (color: string) =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: color } })
    .jpeg()
    .toBuffer();

/** A multipart call (the e2e API client speaks JSON only). */
async function upload(path: string, parts: Record<string, string | Buffer[]>, token?: string) {
  const form = new FormData();
  for (const [name, value] of Object.entries(parts)) {
    if (typeof value === 'string') form.append(name, value);
    else
      for (const [i, b] of value.entries())
        form.append(name, new Blob([new Uint8Array(b)], { type: 'image/jpeg' }), `${name}-${i}.jpg`);
  }
  const res = await fetch(`${server.url}/api/${path}`, {
    method: 'POST',
    body: form,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const body = await res.text();
  expect(res.status, body).toBeLessThan(300);
  return JSON.parse(body);
}

interface BoughtCar {
  carId: number;
  carName: string;
  /** The name on the board's card: "<carName> <year>". */
  name: string;
}

/** The public buy-in, through its API: the seller's form with two photos, the offer, "Đã mua". */
async function buyFromSeller(car: { brand: string; model: string; version: string }): Promise<BoughtCar> {
  const { api, adminToken: token } = journey;
  const year = new Date().getFullYear() - 4;
  const receipt = await upload('purchases', {
    purchase: JSON.stringify({
      fullName: 'Phạm Thị Bán',
      phone: '0912 345 678',
      email: 'ban.xe.recon@example.com',
      ...car,
      year,
      odometer: '58.000',
      transmission: 'AUTOMATIC',
      fuel: 'PETROL',
      accident: false,
      flood: false,
      preferredDate: formatDate(new Date(Date.now() + 2 * 86_400_000)),
      website: '',
      clientRequestId: randomUUID(),
    }),
    photos: [await jpeg('#336699'), await jpeg('#993322')],
  });
  const leads = (await api.call('GET', 'purchases/admin', { token, query: { search: receipt.reference } }))
    .json as { content: { leadId: number }[] };
  const leadId = leads.content[0].leadId;
  const offer = await api.call('POST', `purchases/admin/${leadId}/offer`, {
    token,
    body: { amount: 480_000_000 },
  });
  expect(offer.status, offer.body).toBe(200);
  const carName = `${car.brand} ${car.model} ${car.version}`;
  // No status: a bought car starts "Chuẩn bị bán" (docs/reconditioning.md).
  const bought = await api.call('POST', `purchases/admin/${leadId}/buy`, {
    token,
    body: {
      carName,
      brand: car.brand,
      model: car.model,
      version: car.version,
      year,
      sellPrice: 559_000_000,
      odo: 58_000,
      bodyType: 'SUV',
      size: 5,
      fuel: 'PETROL',
      transmission: 'AUTOMATIC',
      drivetrain: 'FWD',
      engine: '2.0L',
      exteriorColor: 'Đỏ',
      interiorColor: 'Đen',
      origin: 'DOMESTIC',
      licensePlateRegion: 'TP.HCM',
      previousOwners: 1,
      description: 'Xe gia đình, một chủ từ đầu.',
      features: ['Camera lùi'],
    },
  });
  expect(bought.status, bought.body).toBe(201);
  const carId = (bought.json as { carId: number }).carId;
  // Hidden from visitors while it is prepared.
  expect((await api.call('GET', `cars/${carId}`)).status).toBe(404);
  return { carId, carName, name: `${carName} ${year}` };
}

/** The inspector's report, through its API: everything passes but two findings "Cần lưu ý". */
async function inspect(carId: number): Promise<string[]> {
  const { api, adminToken: token } = journey;
  const template = (await api.call('GET', 'inspection-template', { token })).json as InspectionTemplate;
  const live = template.items.filter((i) => !i.retired);
  const attention = [
    { item: live.find((i) => i.group === 'EXTERIOR')!, note: 'Trầy cản sau' },
    { item: live.find((i) => i.group === 'ENGINE')!, note: 'Rò rỉ dầu nhẹ' },
  ];
  const results = live.map((i) => {
    const found = attention.find((a) => a.item === i);
    return { itemId: i.itemId, result: found ? 'ATTENTION' : 'PASS', note: found?.note ?? '' };
  });
  const saved = await api.call('PUT', `cars/${carId}/inspection`, {
    token,
    body: {
      inspectorName: 'Trần Văn Kiểm',
      inspectedOn: formatDate(new Date()),
      odometerKm: 58_000,
      results,
    },
  });
  expect(saved.status, saved.body).toBe(200);
  return attention.map((a) => `${a.item.label}: ${a.note}`);
}

const column = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** Moves the car's card one stage on by its arrow, and waits for it in the next column. */
async function nextStage(page: Page, car: BoughtCar, stage: string) {
  await page.getByRole('button', { name: `Chuyển ${car.name} sang "${stage}"` }).click();
  await page.getByText(`Đã chuyển ${car.carName} sang "${stage}"`).first().waitFor();
  await column(page, stage).getByRole('link', { name: car.name }).waitFor();
}

async function openItems(page: Page, car: BoughtCar) {
  await page.getByRole('button', { name: `Hạng mục sửa chữa của ${car.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Sửa chữa: ${car.name}` });
  await dialog.getByRole('heading', { name: 'Hạng mục sửa chữa' }).waitFor();
  return dialog;
}

const closeDialog = (page: Page) => page.keyboard.press('Escape');

async function staffPage(viewport: typeof PHONE, user: { username: string; password: string }) {
  const page = await browser.newPage({
    viewport,
    hasTouch: viewport === PHONE,
    isMobile: viewport === PHONE,
  });
  await signIn(page, server.url, user.username, user.password);
  await page.goto(`${server.url}/dashboard/recon`);
  await page.getByRole('heading', { level: 1, name: 'Chuẩn bị xe' }).waitFor();
  return page;
}

describe.each([
  { device: 'phone', viewport: PHONE, car: { brand: 'Mazda', model: 'CX-5', version: '2.0 Premium' } },
  { device: 'desktop', viewport: DESKTOP, car: { brand: 'Honda', model: 'CR-V', version: '1.5 L' } },
])('a bought car on the board to "Đang bán" ($device)', ({ viewport, car: model }) => {
  const px = viewport.width;
  it(`is received, inspected, quoted, approved, repaired, refused then listed, at ${px} px`, {
    timeout: 240_000,
  }, async () => {
    const car = await buyFromSeller(model);
    const admin = { username: server.adminUsername, password: server.adminPassword };
    const page = await staffPage(viewport, admin);
    await column(page, 'Nhận xe').getByRole('link', { name: car.name }).waitFor();

    // Kiểm tra: the inspector's report comes in (its own journey drives the inspection editor).
    await nextStage(page, car, 'Kiểm tra');
    const findings = await inspect(car.carId);

    // Báo giá sửa chữa: the findings "Cần lưu ý" become items in one click, and one more is quoted by hand.
    await nextStage(page, car, 'Báo giá sửa chữa');
    let items: Locator = await openItems(page, car);
    await items.getByText('Chưa có hạng mục sửa chữa nào.', { exact: false }).waitFor();
    await items.getByRole('button', { name: 'Tạo từ mục Cần lưu ý' }).click();
    await page.getByText('Đã tạo 2 hạng mục từ báo cáo kiểm định').waitFor();
    for (const title of findings)
      await items.getByRole('listitem').filter({ hasText: title }).getByText('Chờ duyệt').waitFor();
    // A finding has no price yet: it is not shown as a 0 đ estimate.
    await items
      .getByRole('listitem')
      .filter({ hasText: findings[0] })
      .getByText('Đồng sơn · Chưa có dự toán')
      .waitFor();
    // The garage quotes it before the manager looks: its estimate is corrected in place.
    await items.getByRole('button', { name: `Sửa dự toán "${findings[0]}"` }).click();
    const quote = items.getByRole('form', { name: `Sửa dự toán "${findings[0]}"` });
    await quote.getByLabel('Phụ tùng').fill('1000000');
    await quote.getByLabel('Tiền công').fill('1500000');
    await page.screenshot({ path: `${SHOTS}/editor-estimate-${px}.png` });
    await quote.getByRole('button', { name: 'Lưu dự toán' }).click();
    await page.getByText(`Đã lưu dự toán "${findings[0]}"`).waitFor();
    await items
      .getByRole('listitem')
      .filter({ hasText: findings[0] })
      .getByText('Đồng sơn · Dự toán 2,5 triệu')
      .waitFor();
    const form = items.getByRole('form', { name: 'Thêm hạng mục sửa chữa' });
    // Bad input is refused in Vietnamese before anything is sent.
    await form.getByRole('button', { name: 'Thêm hạng mục' }).click();
    await form.getByText('Vui lòng nhập tên hạng mục').waitFor();
    await form.getByLabel('Tên hạng mục').fill('Đánh bóng, phủ ceramic');
    await form.getByLabel('Nhóm').selectOption({ label: 'Làm đẹp' });
    await form.getByLabel('Phụ tùng').fill('1500000');
    await form.getByLabel('Tiền công').fill('2000000');
    await form.getByLabel('Nơi sửa chữa').fill('Detailing Sài Gòn');
    await form.getByText('Dự toán 3,5 triệu').waitFor();
    await form.getByRole('button', { name: 'Thêm hạng mục' }).click();
    await page.getByText('Đã thêm hạng mục sửa chữa').waitFor();
    const polish = items.getByRole('listitem').filter({ hasText: 'Đánh bóng, phủ ceramic' });
    await polish.getByText('Làm đẹp · Dự toán 3,5 triệu').waitFor();
    await polish.getByText(`Detailing Sài Gòn · Thêm ngày ${formatDate(new Date())}`).waitFor();
    expect(await axeScan(page, { exclude: [TOASTS] })).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/editor-quote-${px}.png` });
    await closeDialog(page);

    // Chờ duyệt: the manager approves the body work and the polish, and refuses the engine finding.
    await nextStage(page, car, 'Chờ duyệt');
    items = await openItems(page, car);
    for (const title of [findings[0], 'Đánh bóng, phủ ceramic']) {
      await items.getByRole('button', { name: `Duyệt "${title}"` }).click();
      await page.getByText(`Đã duyệt "${title}"`).waitFor();
    }
    await items.getByRole('button', { name: `Từ chối "${findings[1]}"` }).click();
    const refuse = page.getByRole('dialog', { name: 'Từ chối hạng mục này?' });
    await refuse.getByRole('button', { name: 'Từ chối' }).click();
    await page.getByText(`Đã từ chối "${findings[1]}"`).waitFor();
    await items
      .getByRole('listitem')
      .filter({ hasText: findings[1] })
      .getByText('Từ chối', { exact: true })
      .waitFor();
    await page.screenshot({ path: `${SHOTS}/editor-approved-${px}.png` });
    await closeDialog(page);

    // Sửa chữa: the work is done and its real cost written down.
    await nextStage(page, car, 'Sửa chữa');
    const costs = [
      { title: findings[0], actual: '2800000' },
      { title: 'Đánh bóng, phủ ceramic', actual: '3700000' },
    ];
    if (viewport === PHONE) {
      // On the phone, from the car form's "Sửa chữa" tab.
      await page.goto(`${server.url}/dashboard/car/edit/${car.carId}?tab=sua-chua`);
      items = page.getByRole('region', { name: 'Hạng mục sửa chữa' });
    } else {
      // At the desk, a workshop hand without the right to approve: no approval buttons, but the work is theirs.
      const hand = await journey.api.createStaff(journey.adminToken, [], { fullName: 'Võ Thợ Máy' });
      const workshop = await staffPage(viewport, hand);
      items = await openItems(workshop, car);
      await items.getByRole('listitem').filter({ hasText: findings[1] }).waitFor();
      await expect.poll(() => items.getByRole('button', { name: /^(Duyệt|Từ chối) / }).count()).toBe(0);
      await completeAll(workshop, items, costs);
      await workshop.close();
    }
    if (viewport === PHONE) await completeAll(page, items, costs);
    const ledger = (
      await journey.api.call('GET', `cars/admin/${car.carId}/costs`, { token: journey.adminToken })
    ).json as CarCosts;
    expect(ledger.reconCost).toBe(6_500_000);

    // The ledger counts it: "Chi phí" shows the reconditioning figure.
    await page.goto(`${server.url}/dashboard/car/edit/${car.carId}?tab=chi-phi`);
    const costsTab = page.getByRole('region', { name: 'Chi phí thực của xe' });
    await costsTab
      .locator('dl > div')
      .filter({ hasText: 'Tân trang, sửa chữa' })
      .getByText('6.500.000 VNĐ')
      .waitFor();
    await costsTab.getByText('Từ các hạng mục sửa chữa').waitFor();
    await page.screenshot({ path: `${SHOTS}/costs-${px}.png`, fullPage: true });

    // Làm đẹp, Chụp ảnh, Sẵn sàng bán.
    await page.goto(`${server.url}/dashboard/recon`);
    for (const stage of ['Làm đẹp', 'Chụp ảnh', 'Sẵn sàng bán']) await nextStage(page, car, stage);

    // The gate refuses two photos, saying so; the manager waits rather than overriding.
    await page.getByRole('button', { name: `Đăng bán ${car.name}` }).click();
    const gate = page.getByRole('dialog', { name: 'Chưa thể đăng bán' });
    await gate
      .getByText('Chưa thể đăng bán xe: mới có 2/6 ảnh. Người có quyền quản lý xe có thể đăng bán kèm lý do.')
      .waitFor();
    await gate.getByRole('button', { name: 'Để sau' }).click();
    await upload(
      `cars/admin/${car.carId}/photos`,
      { images: await Promise.all(['#111111', '#444444', '#777777', '#aaaaaa'].map(jpeg)) },
      journey.adminToken,
    );
    await page.getByRole('button', { name: `Đăng bán ${car.name}` }).click();
    await page.getByText(`Đã đăng bán ${car.carName}`).waitFor();
    await expect
      .poll(() => column(page, 'Sẵn sàng bán').getByRole('link', { name: car.name }).count())
      .toBe(0);

    // "Đang bán" on the car form, and on the public list.
    await page.goto(`${server.url}/dashboard/car/edit/${car.carId}`);
    await page
      .locator('span', { hasText: `Mã xe #${car.carId}` })
      .getByText('Đang bán', { exact: true })
      .waitFor();
    await page.goto(`${server.url}/cars?carName=${encodeURIComponent(car.carName)}`);
    // The demo stocks cars of the same name: this one by its address.
    await page.locator(`a[href="/cars/${car.carId}"]`, { hasText: car.carName }).first().waitFor();
    await page.close();
  });
});

/** "Hoàn thành" on each item with its actual cost, as typed in the item's own small form. */
async function completeAll(page: Page, items: Locator, costs: { title: string; actual: string }[]) {
  for (const { title, actual } of costs) {
    await items.getByRole('button', { name: `Hoàn thành "${title}"` }).click();
    const done = items.getByRole('form', { name: `Hoàn thành "${title}"` });
    await done.getByLabel('Chi phí thực tế').fill(actual);
    await done.getByRole('button', { name: 'Lưu hoàn thành' }).click();
    await page.getByText(`Đã hoàn thành "${title}"`).waitFor();
    const item = items.getByRole('listitem').filter({ hasText: title });
    await item.getByText('Thực tế', { exact: false }).waitFor();
    expect(await item.getByRole('button').count()).toBe(0);
  }
  // Estimate accuracy: 2,8 triệu against 2,5 and 3,7 against 3,5.
  await items.getByText('Các hạng mục đã xong vượt dự toán 500.000 đ.').waitFor();
  await items.getByRole('listitem').first().scrollIntoViewIfNeeded();
  expect(await axeScan(page, { exclude: [TOASTS] })).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/editor-done-${page.viewportSize()?.width}.png` });
}
