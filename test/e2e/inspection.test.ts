import { beforeAll, describe, expect, it } from 'vitest';
import type { CarPage } from '../../src/contract/cars';
import type { InspectionReport } from '../../src/contract/inspections';
import { summaryLine } from '../../src/contract/inspections-labels';
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

/**
 * The inspection report in Chromium against the demo showroom: staff fill part of a report on the
 * editor page and place a marker on a photo; a visitor on a phone sees the summary near the price,
 * opens the report below the fold, shows the markers in the gallery, and asks the advisor about flooding.
 */

const journey = journeyFixture(import.meta.url);
let server: RunningServer;
let browser: RunningBrowser;
let api: ReturnType<typeof apiClient>;
let carId: number;

beforeAll(async () => {
  ({ server, browser, api } = journey);
  const list = (await api.call('GET', 'cars', { query: { inspected: 'true', pageSize: 24 } }))
    .json as CarPage;
  // A car with a full report on sale, nothing doubtful: every pledge holds before the staff edit.
  carId = list.content.find((c) => c.inspection?.pledges.length === 3 && c.status === 'available')!.carId;
});

describe('inspection report', () => {
  it('staff mark an item Cần lưu ý with a note, place a marker, and save; the pledge behind it goes', async () => {
    const page = await browser.newPage({ viewport: { width: 1024, height: 768 }, hasTouch: true });
    await signIn(page, server.url, server.adminUsername, server.adminPassword);
    // The car form's "Kiểm định" tab holds the editor (a page of its own exists for a workshop tablet too).
    await page.goto(`${server.url}/dashboard/car/edit/${carId}?tab=kiem-dinh`);
    await page.getByRole('button', { name: 'Lưu báo cáo' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Kiểm định' }).getAttribute('aria-selected')).toBe('true');
    await page.getByLabel('Người kiểm định').fill('Võ Thành Trung');

    // The first exterior item backs "Không đâm đụng": Cần lưu ý, with a note.
    const item = page.locator('[data-testid^="inspection-item-"]').first();
    await item.getByRole('button', { name: 'Cần lưu ý' }).click();
    expect(await item.getByRole('button', { name: 'Cần lưu ý' }).getAttribute('aria-pressed')).toBe('true');
    await item.getByRole('button', { name: /^Ghi chú và ảnh/ }).click();
    await item.getByPlaceholder(/Ghi chú/).fill('Cột A trái có vết hàn cũ, cần kiểm tra thêm');
    // The live preview already drops the pledge.
    const bar = page.getByText(/đã kiểm tra · /).locator('..');
    await expect.poll(() => bar.textContent()).not.toContain('Không đâm đụng');

    // A marker: tap the photo, then give it a label.
    const photo = page.getByTestId('marker-photo');
    await photo.scrollIntoViewIfNeeded();
    const box = (await photo.boundingBox())!;
    await photo.click({ position: { x: box.width * 0.25, y: box.height * 0.5 } });
    const markers = (await api.call('GET', `cars/${carId}/inspection`)).json as InspectionReport;
    const number = Math.max(0, ...markers.markers.map((m) => m.number)) + 1;
    await page.getByLabel(`Nhãn điểm đánh dấu số ${number}`).fill('Vết hàn cột A');

    const editorViolations = await axeScan(page);
    expect(editorViolations, JSON.stringify(editorViolations)).toEqual([]);
    await page.getByRole('button', { name: 'Lưu báo cáo' }).click();
    await page.getByText('Đã lưu báo cáo kiểm định').waitFor();

    const saved = (await api.call('GET', `cars/${carId}/inspection`)).json as InspectionReport;
    expect(saved.inspectorName).toBe('Võ Thành Trung');
    expect(saved.summary.pledges).not.toContain('NO_CRASH');
    expect(saved.summary.attention).toBe(1);
    expect(saved.results.find((r) => r.result === 'ATTENTION')?.note).toContain('vết hàn');
    const marker = saved.markers.find((m) => m.label === 'Vết hàn cột A')!;
    expect(marker.x).toBeGreaterThan(20);
    expect(marker.x).toBeLessThan(30);
    expect(marker.y).toBeGreaterThan(45);
    expect(marker.y).toBeLessThan(55);
    await page.close();
  });

  it('a phone visitor sees the summary near the price, opens the report and shows the markers', async () => {
    const report = (await api.call('GET', `cars/${carId}/inspection`)).json as InspectionReport;
    const page = await browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    await page.goto(`${server.url}/cars/${carId}`);
    const summary = page.getByTestId('inspection-summary');
    await summary.waitFor();
    expect(await summary.textContent()).toContain(summaryLine(report.summary));
    expect(await summary.textContent()).toContain('Không ngập nước');
    expect(await summary.textContent()).not.toContain('Không đâm đụng');
    const [y, m, d] = report.inspectedAt.split('-');
    expect(await summary.textContent()).toContain(`${d}/${m}/${y}`);

    // The report is not loaded until it comes near.
    expect(await page.locator('#inspection-report').count()).toBe(0);
    await summary.getByRole('link', { name: 'Xem báo cáo chi tiết' }).click();
    const section = page.locator('#inspection-report');
    await section.waitFor();
    // The group holding the doubtful item opens by itself; another opens on a tap.
    await section.getByText('Cột A trái có vết hàn cũ').waitFor();
    const engine = section.locator('details', { hasText: 'Khoang động cơ' });
    expect(await engine.getAttribute('open')).toBeNull();
    await engine.locator('summary').click();
    expect(await engine.getAttribute('open')).not.toBeNull();

    // The print view: the report alone, every group open (the browser's dialog is stubbed here).
    await page.evaluate(() => {
      window.print = () => {
        const w = window as unknown as { printed: unknown };
        w.printed = {
          mode: document.body.dataset.printing,
          closed: document.querySelectorAll('#inspection-report details:not([open])').length,
        };
      };
    });
    await section.getByRole('button', { name: 'In báo cáo' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: unknown }).printed)).toEqual({
      mode: 'inspection',
      closed: 0,
    });
    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
    expect(await page.evaluate(() => document.body.dataset.printing ?? null)).toBeNull();

    // The gallery shows the markers on demand.
    await page.getByRole('button', { name: 'Hiện điểm lưu ý trên ảnh' }).click();
    await page
      .getByTestId('defect-markers')
      .first()
      .getByText('Vết hàn cột A')
      .waitFor({ state: 'attached' });
    await page.getByRole('button', { name: /Ẩn điểm lưu ý/ }).click();
    expect(await page.getByTestId('defect-markers').count()).toBe(0);
    const violations = await axeScan(page);
    expect(violations, JSON.stringify(violations)).toEqual([]);

    // The advisor, asked about this car, answers from the same report: the flood pledge holds, the
    // crash pledge does not, and why.
    await page.getByRole('button', { name: 'Tư vấn với AI' }).click();
    const panel = page.getByRole('dialog', { name: 'Chat với Trợ lý AI' });
    const entries = panel.getByRole('log', { name: 'Cuộc trò chuyện' }).locator(':scope > ol > li');
    const ask = async (question: string, index: number) => {
      await entries.nth(index - 1).waitFor();
      await panel.getByTestId('chat-typing').waitFor({ state: 'detached' });
      await panel.getByPlaceholder('Nhập câu hỏi của bạn về xe, tư vấn, giá bán...').fill(question);
      await panel.getByPlaceholder('Nhập câu hỏi của bạn về xe, tư vấn, giá bán...').press('Enter');
      await entries.nth(index + 1).waitFor();
      await panel.getByTestId('chat-typing').waitFor({ state: 'detached' });
      return (await entries
        .nth(index + 1)
        .locator('p')
        .first()
        .innerText()) as string;
    };
    const flood = await ask('xe này có bị ngập nước không?', 3);
    expect(flood).toContain('showroom cam kết "Không ngập nước"');
    expect(flood).toContain(`Báo cáo kiểm định ngày ${d}/${m}/${y}`);
    expect(flood).not.toContain('đường ngập');
    const crash = await ask('có bị đâm đụng không', 5);
    expect(crash).toContain('showroom KHÔNG cam kết "Không đâm đụng"');
    expect(crash).toContain('Cột A trái có vết hàn cũ');
    await page.close();
  });

  it('staff add an item to the template and retire it again', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signIn(page, server.url, server.adminUsername, server.adminPassword);
    await page.goto(`${server.url}/dashboard/inspection-template`);
    await page.getByLabel('Nhóm').selectOption({ label: 'Nội thất' });
    await page.getByLabel('Tên hạng mục mới').fill('Dây an toàn hàng ghế thứ ba');
    await page.getByRole('button', { name: 'Thêm hạng mục' }).click();
    await page.getByText('Đã thêm hạng mục').waitFor();
    const group = page.locator('details', { hasText: 'Nội thất' }).first();
    await group.locator('summary').click();
    const row = group.locator('li', { has: page.getByLabel('Tên hạng mục: Dây an toàn hàng ghế thứ ba') });
    await row.getByRole('button', { name: 'Ngừng dùng hạng mục' }).click();
    await row.getByRole('button', { name: 'Dùng lại hạng mục' }).waitFor();
    const tpl = await api.call('GET', 'inspection-template', { token: journey.adminToken });
    const item = (tpl.json as { items: { label: string; group: string; retired: boolean }[] }).items.find(
      (i) => i.label === 'Dây an toàn hàng ghế thứ ba',
    );
    expect(item).toMatchObject({ group: 'INTERIOR', retired: true });
    await page.close();
  });

  it('the list filters "Đã kiểm định" and "1 chủ" live in the URL', async () => {
    const expected = (await api.call('GET', 'cars', { query: { inspected: 'true', oneOwner: 'true' } }))
      .json as CarPage;
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${server.url}/cars`);
    const panel = page.getByRole('complementary', { name: 'Bộ lọc xe' });
    await panel.getByRole('button', { name: 'Đã kiểm định' }).click();
    await panel.getByRole('button', { name: '1 chủ' }).click();
    await page.waitForURL(/inspected=true/);
    await page.waitForURL(/oneOwner=true/);
    await page.getByTestId('result-count').getByText(String(expected.totalElements)).waitFor();
    await page.close();
  });
});
