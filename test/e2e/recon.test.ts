import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ReconBoard } from '../../src/contract/recon';
import {
  axeScan,
  DESKTOP,
  journeyFixture,
  PHONE,
  type RunningBrowser,
  type RunningServer,
  signIn,
} from './helpers';

/** The reconditioning board of the demo showroom: cards moved by buttons on a phone, listed from the last stage. */

const journey = journeyFixture(import.meta.url);
let server: RunningServer;
let browser: RunningBrowser;
const SHOTS = '/tmp/shots-recon';

beforeAll(() => {
  ({ server, browser } = journey);
  mkdirSync(SHOTS, { recursive: true });
});

async function boardPage(viewport: { width: number; height: number }): Promise<Page> {
  const page = await browser.newPage({
    viewport,
    hasTouch: viewport === PHONE,
    isMobile: viewport === PHONE,
  });
  await signIn(page, server.url, server.adminUsername, server.adminPassword);
  await page.goto(`${server.url}/dashboard/recon`);
  await page.getByRole('heading', { level: 1, name: 'Chuẩn bị xe' }).waitFor();
  return page;
}

const column = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

describe('/dashboard/recon', () => {
  it('shows every stage with its cars, late ones in red, at 1366 px', async () => {
    const page = await boardPage(DESKTOP);
    for (const name of [
      'Nhận xe',
      'Kiểm tra',
      'Báo giá sửa chữa',
      'Chờ duyệt',
      'Sửa chữa',
      'Làm đẹp',
      'Chụp ảnh',
      'Sẵn sàng bán',
    ])
      await column(page, name).waitFor();
    await column(page, 'Nhận xe').getByRole('link', { name: 'Toyota Vios 1.5E MT 2019' }).waitFor();
    await column(page, 'Sửa chữa').getByText('Trễ hạn').waitFor();
    await column(page, 'Sửa chữa').getByText('Lê Hoàng Dũng').first().waitFor();
    const violations = await axeScan(page);
    expect(violations, JSON.stringify(violations)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/recon-1366.png`, fullPage: true });

    // A manager gives "Nhận xe" more time and another owner in the settings.
    await page.getByRole('button', { name: 'Cài đặt công đoạn' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cài đặt công đoạn' });
    await dialog.getByLabel('Thời gian tối đa (giờ làm việc) của công đoạn 1').fill('6');
    await dialog.getByLabel('Người phụ trách công đoạn 1').selectOption({ label: 'Nguyễn Văn An' });
    await page.screenshot({ path: `${SHOTS}/recon-settings-1366.png` });
    await dialog.getByRole('button', { name: 'Lưu' }).click();
    await page.getByText('Đã lưu cài đặt công đoạn').waitFor();
    await column(page, 'Nhận xe').getByText('Tối đa 6 giờ · Nguyễn Văn An').waitFor();
    await page.close();
  });

  it('moves a card by its buttons on a 360 px phone, and lists the ready car', async () => {
    const page = await boardPage(PHONE);
    // The columns scroll sideways inside the board; the page itself never does.
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
    await page.screenshot({ path: `${SHOTS}/recon-360.png`, fullPage: true });
    await page.getByRole('button', { name: 'Chuyển Toyota Vios 1.5E MT 2019 sang "Kiểm tra"' }).click();
    await page.getByText('Đã chuyển Toyota Vios 1.5E MT sang "Kiểm tra"').waitFor();
    await column(page, 'Kiểm tra').getByRole('link', { name: 'Toyota Vios 1.5E MT 2019' }).waitFor();
    // The stage list jumps several stages at once.
    await page.getByLabel('Công đoạn của Toyota Vios 1.5E MT 2019').selectOption({ label: 'Làm đẹp' });
    await column(page, 'Làm đẹp').getByRole('link', { name: 'Toyota Vios 1.5E MT 2019' }).waitFor();

    const ready = column(page, 'Sẵn sàng bán');
    await ready.getByRole('link', { name: 'Toyota Corolla Cross 1.8V 2021' }).scrollIntoViewIfNeeded();
    await ready.getByRole('button', { name: 'Đăng bán Toyota Corolla Cross 1.8V 2021' }).click();
    await page.getByText('Đã đăng bán Toyota Corolla Cross 1.8V').waitFor();
    const board = (await journey.api.call('GET', 'recon/board', { token: journey.adminToken }))
      .json as ReconBoard;
    expect(board.cards.map((c) => c.carName)).not.toContain('Toyota Corolla Cross 1.8V');
    await page.screenshot({ path: `${SHOTS}/recon-360-after.png`, fullPage: true });
    await page.close();
  });

  it("refuses to list a car the gate stops, and lists it with a manager's reason", async () => {
    const page = await boardPage(PHONE);
    await page
      .getByLabel('Công đoạn của Ford Ranger Wildtrak 2.0 Bi-Turbo 2019')
      .selectOption({ label: 'Sẵn sàng bán' });
    const ready = column(page, 'Sẵn sàng bán');
    await ready.getByRole('link', { name: 'Ford Ranger Wildtrak 2.0 Bi-Turbo 2019' }).waitFor();
    await ready.getByRole('button', { name: 'Đăng bán Ford Ranger Wildtrak 2.0 Bi-Turbo 2019' }).click();
    const dialog = page.getByRole('dialog', { name: 'Chưa thể đăng bán' });
    await dialog.getByText(/còn 2 hạng mục sửa chữa đã duyệt chưa hoàn thành/).waitFor();
    await page.screenshot({ path: `${SHOTS}/recon-360-gate.png` });
    expect(await axeScan(page)).toEqual([]);
    await dialog
      .getByLabel('Lý do đăng bán dù còn thiếu (được ghi nhật ký)')
      .fill('Khách đặt xe, sơn thùng làm sau khi giao');
    await dialog.getByRole('button', { name: 'Vẫn đăng bán' }).click();
    await page.getByText('Đã đăng bán Ford Ranger Wildtrak 2.0 Bi-Turbo').waitFor();
    await page.close();
  });
});
