import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CarHistory } from '../../src/contract/car-records';
import { vnDayKey } from '../../src/contract/format';
import { carBody } from '../api/cars-fixtures';
import {
  AXE_TAGS,
  DESKTOP,
  journeyFixture,
  PHONE,
  type RunningBrowser,
  type RunningServer,
  signIn,
} from './helpers';

/** Papers and history: staff fill them in the car form's tab, a phone visitor reads them on the car page. */

const journey = journeyFixture(import.meta.url);
let server: RunningServer;
let browser: RunningBrowser;
let carId: number;

const TABLET = { width: 820, height: 1180 };
const vn = (daysAgo: number) =>
  vnDayKey(Date.now() - daysAgo * 86_400_000)
    .split('-')
    .reverse()
    .join('/');

beforeAll(async () => {
  ({ server, browser } = journey);
  const res = await journey.api.call('POST', 'cars/admin/add', {
    token: journey.adminToken,
    body: carBody({ carName: 'Honda City 1.5 RS', brand: 'Honda', model: 'City', odo: 60_000 }),
  });
  expect(res.status, res.body).toBe(201);
  carId = (res.json as { carId: number }).carId;
});

async function staffPage(viewport = TABLET): Promise<Page> {
  const page = await browser.newPage({ viewport, hasTouch: viewport !== DESKTOP });
  await signIn(page, server.url, server.adminUsername, server.adminPassword);
  return page;
}

const AXE_SOURCE: string = createRequire(import.meta.url)('axe-core').source;

/** axe-core (the tags axeScan uses) over one part of the page: what this journey built, not the toasts around it. */
async function axeWithin(page: Page, selector: string) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    async ({ sel, tags }) => {
      const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
      const result = await axe.run(
        { include: [[sel]] },
        { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] },
      );
      return result.violations.map((v) => ({
        rule: v.id,
        targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
      }));
    },
    { sel: selector, tags: AXE_TAGS },
  );
}

/** Types a dd/mm/yyyy date into the date field named `label` inside `scope`. */
async function typeDate(page: Page, label: string, value: string, scope = page.locator('body')) {
  const input = scope.getByLabel(label, { exact: true });
  await input.fill('');
  await input.pressSequentially(value.replace(/\//g, ''));
}

describe('staff: the "Giấy tờ & lịch sử" tab', () => {
  it('saves papers, adds a record, sees a backwards km refused and an imported one flagged', {
    timeout: 120_000,
  }, async () => {
    const page = await staffPage();
    await page.goto(`${server.url}/dashboard/car/edit/${carId}`);
    const tab = page.getByRole('tab', { name: 'Giấy tờ & lịch sử' });
    await tab.waitFor();
    for (const name of ['Thông tin', 'Ảnh', 'Kiểm định', 'Giấy tờ & lịch sử']) {
      const box = await page.getByRole('tab', { name }).boundingBox();
      expect(box?.height, name).toBeGreaterThanOrEqual(44);
    }
    await tab.click();
    await page.waitForURL(/\?tab=giay-to$/);

    // Papers
    await page.getByLabel('Loại chủ xe').selectOption({ label: 'Xe công ty' });
    await page.getByLabel('Hóa đơn VAT').selectOption({ label: 'Có hóa đơn VAT' });
    await page.getByLabel('Thế chấp ngân hàng').selectOption({ label: 'Đã giải chấp' });
    await typeDate(page, 'Hạn đăng kiểm', '15/06/2027');
    await typeDate(page, 'Ngày tra cứu phạt nguội', vn(2));
    await page.getByLabel('Kết quả tra cứu phạt nguội').selectOption({ label: 'Không có phạt nguội' });
    await page.getByLabel('Ghi chú nội bộ').fill('Đủ 2 chìa khóa');
    await page.getByRole('button', { name: 'Lưu giấy tờ' }).click();
    await page.locator('[data-sonner-toast]', { hasText: 'Đã lưu giấy tờ xe' }).waitFor();

    // A service record a year ago
    const add = page.getByRole('form', { name: 'Thêm bản ghi bảo dưỡng' });
    await typeDate(page, 'Ngày làm', vn(365), add);
    await add.getByLabel('Số km', { exact: true }).fill('20000');
    await add.getByLabel('Công việc', { exact: true }).fill('Bảo dưỡng cấp 20.000 km');
    await add.getByLabel('Nơi làm', { exact: true }).fill('Honda Giải Phóng');
    await add.getByRole('button', { name: 'Thêm bản ghi' }).click();
    const list = page.getByRole('list', { name: 'Lịch sử bảo dưỡng' });
    await list.getByText('Bảo dưỡng cấp 20.000 km').waitFor();

    // Six months ago with fewer km: refused, under the km field, nothing added
    await typeDate(page, 'Ngày làm', vn(180), add);
    await add.getByLabel('Số km', { exact: true }).fill('10000');
    await add.getByLabel('Công việc', { exact: true }).fill('Thay dầu');
    await add.getByRole('button', { name: 'Thêm bản ghi' }).click();
    const refusal = add.locator('#record-new-km-error');
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain('thấp hơn số km đã ghi trước đó: 20.000 km');
    expect(await refusal.textContent()).toContain('Đồng hồ km không thể lùi');
    expect(await add.getByLabel('Số km', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(await list.getByRole('listitem').count()).toBe(1);

    expect(await axeWithin(page, '#car-panel-giay-to')).toEqual([]);
    expect(await axeWithin(page, '[role=tablist]')).toEqual([]);

    // An imported history that goes backwards is kept and flags the car, above the tabs and in the list
    await page
      .getByLabel('Dán lịch sử bảo dưỡng')
      .fill(`${vn(100)};5.000;Bảo dưỡng theo sổ hãng;Honda Mỹ Đình`);
    await page.getByRole('button', { name: 'Nhập lịch sử' }).click();
    const flag = page.getByRole('alert').filter({ hasText: 'Lịch sử km bị lùi' });
    await flag.waitFor();
    expect(await flag.textContent()).toContain('5.000 km');
    await list.getByText('Nhập từ nguồn ngoài').waitFor();
    await page.getByRole('tab', { name: 'Thông tin' }).click();
    expect(await flag.isVisible()).toBe(true);
    await page.goto(`${server.url}/dashboard/carManagement?search=${carId}`);
    await page.locator('span:text-is("Lịch sử km bị lùi"):visible').first().waitFor();

    // Deleting the imported record (after a confirmation) clears the flag
    await page.goto(`${server.url}/dashboard/car/edit/${carId}?tab=giay-to`);
    await list.getByText('Bảo dưỡng theo sổ hãng').waitFor();
    await page.getByRole('button', { name: `Xóa bản ghi ngày ${vn(100)}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Xóa bản ghi bảo dưỡng?' });
    await confirm.getByRole('button', { name: 'Xóa' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await flag.waitFor({ state: 'detached' });
    expect(await list.getByRole('listitem').count()).toBe(1);

    // What the public answer now holds (and not the staff note)
    const pub = await journey.api.call('GET', `cars/${carId}/history`);
    const h = pub.json as CarHistory;
    expect(h.papers).toMatchObject({ ownerType: 'company', vatInvoice: true, loanStatus: 'released' });
    expect(h.papers.registrationUntil).toBe('2027-06-15');
    expect(h.serviceRecords.map((r) => r.km)).toEqual([20_000]);
    expect(pub.body).not.toContain('chìa khóa');

    // The tab survives a reload; a new car asks to be saved first
    await page.reload();
    await page.getByRole('heading', { name: 'Giấy tờ xe' }).waitFor();
    await page.goto(`${server.url}/dashboard/car/add?tab=giay-to`);
    await page.locator('#car-panel-giay-to').getByText('Hãy lưu xe trước').waitFor();
    await page.close();
  });
});

const WARRANTY = 'Bảo hành động cơ, hộp số 12 tháng hoặc 20.000 km.';

describe('staff: Chính sách showroom in the settings', () => {
  it('edits a policy, saved with the rest of the settings', { timeout: 60_000 }, async () => {
    const page = await staffPage(DESKTOP);
    await page.goto(`${server.url}/dashboard/setting`);
    const section = page.getByRole('region', { name: 'Chính sách showroom' });
    await section.waitFor();
    await section.getByLabel('Bảo hành', { exact: true }).fill(WARRANTY);
    await page.getByRole('button', { name: 'Lưu cấu hình' }).click();
    await page.locator('[data-sonner-toast]', { hasText: 'Đã lưu cấu hình hệ thống' }).waitFor();
    const config = await journey.api.call('GET', 'web-configuration');
    expect((config.json as { policies: { warranty: string } }).policies.warranty).toBe(WARRANTY);
    expect(await axeWithin(page, 'section[aria-labelledby=cfg-policies]')).toEqual([]);
    await page.close();
  });
});

describe('visitor on a phone', () => {
  it('reads the papers, the service timeline and the warranty on the car page', {
    timeout: 60_000,
  }, async () => {
    const page = await browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    await page.goto(`${server.url}/cars/${carId}`);
    const policies = page.getByRole('region', { name: 'Bảo hành & đổi trả' });
    await policies.waitFor();
    await policies.getByText(WARRANTY).waitFor();
    expect(await policies.textContent()).toContain('Đổi trả');
    const section = page.getByRole('region', { name: 'Giấy tờ & lịch sử' });
    await section.scrollIntoViewIfNeeded();
    await section.getByText('Xe công ty · Có hóa đơn VAT').waitFor();
    const text = (await section.textContent()) ?? '';
    expect(text).toContain('Đã giải chấp');
    expect(text).toContain('15/06/2027');
    expect(text).toContain('TP.HCM');
    expect(text).toContain('20.000 km');
    expect(text).toContain('Honda Giải Phóng');
    expect(text).not.toContain('chìa khóa');
    const box = await section.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
    expect(await axeWithin(page, 'section[aria-labelledby=car-history-title]')).toEqual([]);
    expect(await axeWithin(page, 'section[aria-label="Bảo hành & đổi trả"]')).toEqual([]);
    await page.close();
  });
});
