import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { vnDayKey } from '../../src/contract/format';
import { DESKTOP, journeyFixture, type RunningBrowser, type RunningServer, signIn } from './helpers';

/** The staff dashboard as a new staff member meets it: dates, limits while typing, tab titles, page sizes. */

const journey = journeyFixture(import.meta.url);
let server: RunningServer;
let browser: RunningBrowser;

beforeAll(() => {
  ({ server, browser } = journey);
});

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
