import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ReconStats } from '../../src/contract/recon-stats';
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

/** The overview's reconditioning and stock cards on the demo showroom, their export, at 1366 and 360 px. */

const journey = journeyFixture(import.meta.url);
let server: RunningServer;
let browser: RunningBrowser;
let api: ReturnType<typeof apiClient>;
let adminToken: string;
const SHOTS = '/tmp/shots-recon-stats';

beforeAll(() => {
  ({ server, browser, api, adminToken } = journey);
  mkdirSync(SHOTS, { recursive: true });
});

async function expected(): Promise<ReconStats> {
  const res = await api.call('GET', 'dashboard/recon', { token: adminToken });
  expect(res.status).toBe(200);
  return res.json as ReconStats;
}

async function overview(viewport: { width: number; height: number }, accept = false): Promise<Page> {
  const phone = viewport === PHONE;
  const page = await browser.newPage({ viewport, isMobile: phone, hasTouch: phone, acceptDownloads: accept });
  await signIn(page, server.url, server.adminUsername, server.adminPassword);
  await page.getByRole('heading', { level: 1, name: 'Tổng quan' }).waitFor();
  await page.getByTestId('kpi-time-to-line-value').waitFor();
  return page;
}

const text = (page: Page, id: string) => page.getByTestId(id).textContent();

describe('the reconditioning and stock cards', () => {
  it('shows the figures of GET dashboard/recon at 1366 px, and exports them', async () => {
    const s = await expected();
    // The demo tells a story: cars on the board, some late, listed cars with a purchase on record.
    expect(s.stages.preparing).toBeGreaterThan(0);
    expect(s.stages.late).toBeGreaterThan(0);
    expect(s.timeToLine.cars).toBeGreaterThan(0);
    expect(s.agedStock.total).toBeGreaterThan(0);

    const page = await overview(DESKTOP, true);
    expect(await text(page, 'kpi-time-to-line-value')).toBe(
      `${(s.timeToLine.averageDays as number).toLocaleString('vi-VN')} ngày`,
    );
    expect(await text(page, 'kpi-time-to-line')).toContain('Mục tiêu 3 ngày, chấp nhận 7 ngày');
    expect(await text(page, 'kpi-time-to-line')).toContain(s.timeToLine.verdictLabel as string);
    expect(await text(page, 'kpi-preparing-value')).toBe(String(s.stages.preparing));
    expect(await text(page, 'kpi-preparing')).toContain(`${s.stages.late} trễ hạn`);
    expect(await page.getByTestId('kpi-preparing').getAttribute('href')).toBe('/dashboard/recon');
    for (const b of s.agedStock.buckets)
      expect(await text(page, `age-${b.bucket}`), b.bucket).toContain(`${b.count} xe`);
    expect(await text(page, 'kpi-quick-sales')).toContain(
      `${s.quickSales.count}/${s.quickSales.sold} xe bán trong 30 ngày`,
    );
    const violations = await axeScan(page);
    expect(violations, JSON.stringify(violations)).toEqual([]);
    await page.getByTestId('recon-kpis').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/overview-1366.png`, fullPage: true });

    // The same figures as a spreadsheet: one row a figure.
    const dir = mkdtempSync(join(tmpdir(), 'showroom-recon-export-'));
    const section = page.getByTestId('recon-kpis');
    const [xlsx] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('button', { name: 'Xuất Excel' }).click(),
    ]);
    expect(xlsx.suggestedFilename()).toMatch(/^chi-so-chuan-bi-xe-\d{8}\.xlsx$/);
    const xlsxPath = join(dir, xlsx.suggestedFilename());
    await xlsx.saveAs(xlsxPath);
    // A ZIP archive (an Office Open XML workbook).
    expect([...readFileSync(xlsxPath).subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('button', { name: 'Xuất CSV' }).click(),
    ]);
    const csvPath = join(dir, csv.suggestedFilename());
    await csv.saveAs(csvPath);
    const lines = readFileSync(csvPath, 'utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(lines[0]).toBe('Nhóm,Chỉ số,Giá trị,Đơn vị,Ghi chú');
    expect(lines[1]).toMatch(
      new RegExp(`^Thời gian lên sàn,Trung bình \\(ngày mua → đăng bán\\),${s.timeToLine.averageDays},ngày,`),
    );
    expect(lines).toContain(
      `Xe đang chuẩn bị,Tổng số xe,${s.stages.preparing},xe,${s.stages.late} xe trễ hạn`,
    );
    await page.close();
  });

  it('fits a 360 px phone without sideways scrolling', async () => {
    const page = await overview(PHONE);
    await page.getByTestId('card-stock-age').scrollIntoViewIfNeeded();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
    await page.screenshot({ path: `${SHOTS}/overview-360.png`, fullPage: true });
    await page.close();
  });

  it('is not shown without MANAGE_CAR', async () => {
    const staff = await api.createStaff(adminToken, ['MANAGE_SERVICE'], { fullName: 'Phan Dịch Vụ' });
    const page = await browser.newPage();
    await signIn(page, server.url, staff.username, staff.password);
    await page.getByTestId('kpi-waiting-value').waitFor();
    expect(await page.getByTestId('recon-kpis').count()).toBe(0);
    expect(await page.getByTestId('card-stock-age').count()).toBe(0);
    await page.close();
  });
});
