import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { carPapersInput } from '../../src/contract/car-records';
import { carInput } from '../../src/contract/cars';
import { dashboardTitle } from '../../src/contract/dashboard-titles';
import { vnDayKey } from '../../src/contract/format';
import { inspectionInput } from '../../src/contract/inspections';
import { maxLengths } from '../../src/contract/limits';
import { pageTitle } from '../../src/contract/page-titles';
import { saleCreateBody } from '../../src/contract/sales';
import { userCreateBody } from '../../src/contract/users';
import {
  type apiClient,
  DESKTOP,
  journeyFixture,
  type RunningBrowser,
  type RunningServer,
  signIn,
} from './helpers';

/** The staff dashboard as a new staff member meets it: dates, limits while typing, tab titles, page sizes. */

const journey = journeyFixture(import.meta.url);
let server: RunningServer;
let browser: RunningBrowser;
let api: ReturnType<typeof apiClient>;
let adminToken: string;

beforeAll(() => {
  ({ server, browser, api, adminToken } = journey);
});

/** A demo car on sale with a description, as the staff API shows it. */
async function carOnSale(): Promise<{ carId: number; description: string }> {
  const list = await api.call('GET', 'cars/admin', { token: adminToken, query: { status: 'available' } });
  expect(list.status, list.body).toBe(200);
  const carId = (list.json as { content: { carId: number }[] }).content[0].carId;
  const detail = await api.call('GET', `cars/admin/${carId}`, { token: adminToken });
  expect(detail.status, detail.body).toBe(200);
  return detail.json as { carId: number; description: string };
}

async function adminPage(opts: { locale?: string } = {}): Promise<Page> {
  const page = await browser.newPage({ viewport: DESKTOP, ...opts });
  await signIn(page, server.url, server.adminUsername, server.adminPassword);
  return page;
}

/** Date boxes a person can see and type in that are the browser's own (mm/dd/yyyy in English). */
const nativeDateBoxes = (page: Page) =>
  page.evaluate(
    () =>
      document.querySelectorAll('input[type="date"]:not([aria-hidden="true"]), input[type="datetime-local"]')
        .length,
  );

describe('dates in an English browser', () => {
  it('the lead filters and the posting deadline read and type dd/mm/yyyy', { timeout: 90_000 }, async () => {
    const page = await adminPage({ locale: 'en-US' });
    for (const path of ['testdriveManagement', 'maintenanceManagement', 'consultantManagement']) {
      await page.goto(`${server.url}/dashboard/${path}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await nativeDateBoxes(page), path).toBe(0);
    }
    const from = page.getByLabel('Ngày gửi từ');
    expect(await from.getAttribute('type')).toBe('text');
    expect(await from.getAttribute('placeholder')).toBe('dd/mm/yyyy');
    await from.pressSequentially('01112025');
    expect(await from.inputValue()).toBe('01/11/2025');
    await page.waitForURL(/from=2025-11-01/);

    await page.goto(`${server.url}/dashboard/recruitment`);
    await page.getByRole('button', { name: 'Thêm tin tuyển dụng' }).click();
    const deadline = page.getByLabel('Hạn nộp hồ sơ');
    await deadline.waitFor();
    expect(await deadline.getAttribute('type')).toBe('text');
    const inThirtyDays = vnDayKey(Date.now() + 30 * 86_400_000)
      .split('-')
      .reverse()
      .join('/');
    expect(await deadline.inputValue()).toBe(inThirtyDays);
    expect(await nativeDateBoxes(page)).toBe(0);
    await page.close();
  });
});

describe('limits while typing', () => {
  it('dashboard fields take their maxlength from the contract and long ones count', {
    timeout: 90_000,
  }, async () => {
    const car = await carOnSale();
    expect(car.description.length).toBeGreaterThan(0);
    const carLimits = maxLengths(carInput);
    const page = await adminPage();
    // Leaving the edited car form: the browser's own "leave the page?" question is answered yes.
    page.on('dialog', (d) => void d.accept());

    // A saved description is counted as soon as the form shows it, then typing stops at the limit.
    await page.goto(`${server.url}/dashboard/car/edit/${car.carId}`);
    const description = page.getByLabel('Mô tả', { exact: true });
    await description.waitFor();
    expect(await description.getAttribute('maxlength')).toBe(String(carLimits.description));
    await page.getByText(`${car.description.length}/${carLimits.description} ký tự`).waitFor();
    await description.fill('x'.repeat(carLimits.description + 200));
    expect((await description.inputValue()).length).toBe(carLimits.description);
    await page.getByText(`${carLimits.description}/${carLimits.description} ký tự`).waitFor();
    for (const [label, field] of [
      ['Tên xe', 'carName'],
      ['Hãng xe', 'brand'],
      ['Màu ngoại thất', 'exteriorColor'],
    ] as const)
      expect(await page.getByLabel(label, { exact: true }).getAttribute('maxlength'), label).toBe(
        String(carLimits[field]),
      );

    // The sale dialog's note.
    await page.getByRole('button', { name: 'Ghi nhận bán' }).first().click();
    const note = page.getByRole('dialog').getByLabel('Ghi chú', { exact: true });
    await note.waitFor();
    expect(await note.getAttribute('maxlength')).toBe(String(maxLengths(saleCreateBody).note));
    await note.fill('Khách trả đủ');
    await page.getByText(`12/${maxLengths(saleCreateBody).note} ký tự`).waitFor();
    await page.keyboard.press('Escape');

    // Papers: the staff note.
    await page.goto(`${server.url}/dashboard/car/edit/${car.carId}?tab=giay-to`);
    const staffNote = page.locator('#papers-staffNote');
    await staffNote.waitFor();
    expect(await staffNote.getAttribute('maxlength')).toBe(String(maxLengths(carPapersInput).staffNote));
    await page
      .getByText(new RegExp(`^\\d+/${maxLengths(carPapersInput).staffNote} ký tự$`))
      .first()
      .waitFor();

    // The inspection report's conclusion.
    await page.goto(`${server.url}/dashboard/car/inspection/${car.carId}`);
    const conclusion = page.locator('#insp-conclusion');
    await conclusion.waitFor();
    expect(await conclusion.getAttribute('maxlength')).toBe(String(maxLengths(inspectionInput).conclusion));
    const saved = (await conclusion.inputValue()).length;
    await page
      .getByText(`${saved}/${maxLengths(inspectionInput).conclusion} ký tự`)
      .first()
      .waitFor();

    // The account form.
    await page.goto(`${server.url}/dashboard/users/add`);
    const userLimits = maxLengths(userCreateBody);
    expect(await page.getByLabel('Họ và tên').getAttribute('maxlength')).toBe(String(userLimits.fullName));
    expect(await page.getByLabel('Email').getAttribute('maxlength')).toBe(String(userLimits.email));
    expect(await page.getByLabel('Tên đăng nhập').getAttribute('maxlength')).toBe(
      String(userLimits.username),
    );
    await page.close();
  });
});

describe('tab titles', () => {
  it('name each dashboard page, the same from the server and after the app starts', {
    timeout: 90_000,
  }, async () => {
    const car = await carOnSale();
    const site = (
      (await api.call('GET', 'web-configuration')).json as {
        showroomName: string;
      }
    ).showroomName;
    const page = await adminPage();
    const cases: [string, string][] = [
      ['/dashboard', 'Tổng quan'],
      ['/dashboard/carManagement', 'Quản lý xe'],
      [`/dashboard/car/edit/${car.carId}`, 'Sửa thông tin xe'],
      ['/dashboard/testdriveManagement', 'Quản lý lái thử'],
      ['/dashboard/users', 'Quản lý tài khoản'],
      ['/dashboard/audit', 'Nhật ký hoạt động'],
      ['/dashboard/khong-co-trang-nay', 'Không tìm thấy trang'],
    ];
    for (const [path, name] of cases) {
      const expected = pageTitle(name, site);
      expect(pageTitle(dashboardTitle(path), site)).toBe(expected);
      const served = await (await fetch(`${server.url}${path}`)).text();
      expect(served, path).toContain(`<title>${expected}</title>`);
      await page.goto(`${server.url}${path}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await page.title(), path).toBe(expected);
    }
    // Moving inside the app renames the tab too.
    await page.goto(`${server.url}/dashboard`);
    await page.getByRole('link', { name: 'Nhật ký hoạt động' }).first().click();
    await page.waitForURL(`${server.url}/dashboard/audit`);
    // The title follows once the page's code has come (a loaded machine takes over the poll's default second).
    await page.getByRole('heading', { level: 1, name: 'Nhật ký hoạt động' }).waitFor();
    await expect.poll(() => page.title(), { timeout: 10_000 }).toBe(pageTitle('Nhật ký hoạt động', site));
    await page.close();
  });
});

describe('the audit log', () => {
  it('offers the page sizes of other tables and remembers the choice', { timeout: 90_000 }, async () => {
    // Each sign-in is a row of the log: enough for more than one page of 10.
    for (let i = 0; i < 12; i++) await api.login(server.adminUsername, server.adminPassword);
    const page = await adminPage();
    await page.goto(`${server.url}/dashboard/audit`);
    const size = page.getByLabel('Mỗi trang');
    await size.waitFor();
    expect(await size.inputValue()).toBe('20');
    expect(await size.locator('option').allTextContents()).toEqual(['10', '20', '50']);
    await page.locator('tbody tr').nth(10).waitFor();
    await size.selectOption('10');
    await page.waitForURL(/size=10/);
    await expect.poll(() => page.locator('tbody tr').count()).toBe(10);

    await page.goto(`${server.url}/dashboard/audit`);
    expect(await page.getByLabel('Mỗi trang').inputValue()).toBe('10');
    await expect.poll(() => page.locator('tbody tr').count()).toBe(10);
    await page.close();
  });
});
