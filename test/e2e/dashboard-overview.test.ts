import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '../../src/contract/audit';
import { vnDayKey } from '../../src/contract/format';
import type { DashboardSummary } from '../../src/contract/stats';
import {
  type apiClient,
  journeyFixture,
  PHONE,
  type RunningBrowser,
  type RunningServer,
  signIn,
} from './helpers';

/** The statistics overview of the demo showroom, its date range, an export download and the audit page. */

const journey = journeyFixture(import.meta.url);
let server: RunningServer;
let browser: RunningBrowser;
let api: ReturnType<typeof apiClient>;
let adminToken: string;

beforeAll(() => {
  ({ server, browser, api, adminToken } = journey);
});

const value = (page: Page, card: string) => page.getByTestId(`${card}-value`).textContent();

async function summary(query: Record<string, string> = {}): Promise<DashboardSummary> {
  const res = await api.call('GET', 'dashboard/summary', { token: adminToken, query });
  expect(res.status).toBe(200);
  return res.json as DashboardSummary;
}

/** Types a day into a dd/mm/yyyy field. */
async function typeDay(page: Page, label: string, day: string) {
  const input = page.getByRole('textbox', { name: label, exact: true });
  await input.fill('');
  await input.pressSequentially(`${day.slice(8, 10)}${day.slice(5, 7)}${day.slice(0, 4)}`);
}

describe('the overview', () => {
  it('shows the KPI cards and draws every chart for the demo showroom', async () => {
    const page = await browser.newPage();
    await signIn(page, server.url, server.adminUsername, server.adminPassword);
    await page.getByRole('heading', { level: 1, name: 'Tổng quan' }).waitFor();
    const expected = await summary();
    await page.getByTestId('kpi-for-sale-value').waitFor();
    expect(await value(page, 'kpi-for-sale')).toBe(String(expected.carsForSale));
    expect(await value(page, 'kpi-sold')).toBe(String(expected.soldCount));
    expect(await value(page, 'kpi-waiting')).toBe(String(expected.leadsWaiting));
    // The pending card says what it counts: the demo's pending cars are held by staff, none paid online.
    expect(await value(page, 'kpi-pending')).toBe(String(expected.pendingCars));
    const held = expected.pendingHolds;
    expect(held.paidDeposit + held.awaitingPayment + held.heldByStaff).toBe(expected.pendingCars);
    const pendingText = await page.getByTestId('kpi-pending').textContent();
    expect(pendingText).not.toContain('Đã đặt cọc, chờ hoàn tất');
    expect(pendingText).toContain(`${held.heldByStaff} do nhân viên giữ`);
    for (const chart of ['chart-sales-by-month', 'chart-brands', 'chart-leads-status', 'chart-leads-week']) {
      const svg = page.getByTestId(chart).locator('svg.recharts-surface[role="application"]');
      await svg.first().waitFor();
      expect(await svg.count(), chart).toBe(1);
    }
    // Bars were drawn, not only axes.
    await page.getByTestId('chart-brands').locator('.recharts-bar-rectangle path').first().waitFor();
    expect(await page.getByTestId('chart-brands').locator('.recharts-bar-rectangle').count()).toBeGreaterThan(
      4,
    );
    // VND on the revenue axis.
    await expect
      .poll(() => page.getByTestId('chart-sales-by-month').textContent())
      .toMatch(/\d+(,\d+)? (tỷ|triệu)/);
    // Cards link to the filtered lists behind them.
    expect(await page.getByTestId('kpi-for-sale').getAttribute('href')).toBe(
      '/dashboard/carManagement?status=available',
    );
    expect(await page.getByTestId('kpi-waiting').getAttribute('href')).toBe(
      '/dashboard/testdriveManagement?status=NEW',
    );
  });

  it('follows the date range on every card and chart', async () => {
    const page = await browser.newPage();
    await signIn(page, server.url, server.adminUsername, server.adminPassword);
    await page.getByTestId('kpi-sold-value').waitFor();
    const before = await value(page, 'kpi-sold');
    // The demo's sales spread over two years: the whole of them.
    const today = vnDayKey(new Date());
    const from = `${Number(today.slice(0, 4)) - 3}-01-01`;
    await typeDay(page, 'Từ ngày', from);
    await typeDay(page, 'Đến ngày', today);
    await page.waitForURL(/from=.*to=/);
    const expected = await summary({ from, to: today });
    expect(expected.soldCount).toBeGreaterThan(Number(before));
    await page.getByText('Xe bán trong kỳ').waitFor();
    await expect.poll(() => value(page, 'kpi-sold')).toBe(String(expected.soldCount));
    expect(await page.getByTestId('kpi-sold').getAttribute('href')).toBe(
      `/dashboard/soldhistory?status=active&from=${from}&to=${today}`,
    );
    // The monthly chart now spans the range: many months.
    await expect
      .poll(() =>
        page
          .getByTestId('chart-sales-by-month')
          .getByText(/^Từ \d{2}\/\d{2}\/\d{4} đến/)
          .count(),
      )
      .toBe(1);

    // A quick choice: last month.
    await page.getByRole('button', { name: 'Tháng trước' }).click();
    await page.waitForURL((url) => url.searchParams.get('to') !== today);
    const url = new URL(page.url());
    const lastMonth = await summary({ from: url.searchParams.get('from')!, to: url.searchParams.get('to')! });
    await expect.poll(() => value(page, 'kpi-sold')).toBe(String(lastMonth.soldCount));
    await page.getByRole('button', { name: 'Tất cả' }).click();
    await page.getByText('Xe bán tháng này').waitFor();
  });

  it('hides what the permissions do not cover', async () => {
    const staff = await api.createStaff(adminToken, ['MANAGE_SERVICE'], { fullName: 'Hồ Dịch Vụ' });
    const page = await browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    await signIn(page, server.url, staff.username, staff.password);
    await page.getByTestId('kpi-waiting-value').waitFor();
    await page
      .getByTestId('chart-leads-status')
      .locator('svg.recharts-surface[role="application"]')
      .waitFor();
    for (const hidden of [
      'kpi-sold',
      'kpi-revenue',
      'kpi-for-sale',
      'chart-sales-by-month',
      'chart-brands',
    ]) {
      expect(await page.getByTestId(hidden).count(), hidden).toBe(0);
    }
  });
});

describe('exports and the audit log', () => {
  it('downloads the sold history as XLSX and CSV, then finds the export in the audit log', async () => {
    const page = await browser.newPage({ acceptDownloads: true });
    await signIn(page, server.url, server.adminUsername, server.adminPassword);
    await page.goto(`${server.url}/dashboard/soldhistory`);
    await page.getByRole('heading', { level: 1, name: 'Lịch sử bán hàng' }).waitFor();
    const dir = mkdtempSync(join(tmpdir(), 'showroom-export-'));

    const [xlsx] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Xuất Excel' }).click(),
    ]);
    expect(xlsx.suggestedFilename()).toMatch(/^lich-su-ban-hang-\d{8}\.xlsx$/);
    const xlsxPath = join(dir, xlsx.suggestedFilename());
    await xlsx.saveAs(xlsxPath);
    // A ZIP archive (an Office Open XML workbook).
    expect([...readFileSync(xlsxPath).subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);

    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Xuất CSV' }).click(),
    ]);
    const csvPath = join(dir, csv.suggestedFilename());
    await csv.saveAs(csvPath);
    const bytes = readFileSync(csvPath);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8').split('\r\n')[0]).toMatch(/^Mã giao dịch,Ngày bán,Xe,/);

    const log = await api.call('GET', 'audit', { token: adminToken, query: { action: 'export' } });
    expect((log.json as AuditPage).totalElements).toBeGreaterThanOrEqual(2);

    // The audit page under system settings.
    await page
      .getByRole('navigation', { name: 'Menu quản trị' })
      .getByRole('link', { name: 'Nhật ký hoạt động' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Nhật ký hoạt động' }).waitFor();
    await page.getByLabel('Lọc theo thao tác').selectOption('export');
    await page.waitForURL(/action=export/);
    await page.locator('tbody').getByText('Xuất dữ liệu').first().waitFor();
    await page.locator('tbody').getByText('Giao dịch bán').first().waitFor();
    await expect.poll(() => page.locator('tbody tr').count()).toBe((log.json as AuditPage).totalElements);
    await page
      .locator('tbody')
      .getByText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)
      .first()
      .waitFor();
  });
});
