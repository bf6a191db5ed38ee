import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type apiClient,
  DESKTOP,
  journeyFixture,
  PHONE,
  type RunningBrowser,
  type RunningServer,
  signIn,
  subscriptionConfirmed,
} from './helpers';

/** The staff dashboard's rough edges: live lead lists, unsaved forms, permission names, page sizes, layout. */

const journey = journeyFixture(import.meta.url);
let server: RunningServer;
let browser: RunningBrowser;
let api: ReturnType<typeof apiClient>;

beforeAll(() => {
  ({ server, browser, api } = journey);
});

async function adminPage(viewport = DESKTOP): Promise<Page> {
  const page = await browser.newPage({ viewport });
  await signIn(page, server.url, server.adminUsername, server.adminPassword);
  return page;
}

/** A visitor's consulting request, as the public form sends it. */
async function consultingLead(fullName: string): Promise<number> {
  const res = await api.call('POST', 'consulting', {
    body: {
      fullName,
      phone: '0912345678',
      email: 'khach@example.com',
      topic: 'BUY',
      message: 'Tôi cần tư vấn mua xe gia đình.',
      clientRequestId: randomUUID(),
    },
  });
  expect(res.status, res.body).toBeLessThan(300);
  return (res.json as { leadId?: number; id?: number }).leadId ?? 0;
}

describe('the lead lists', () => {
  it('show a new lead at once, highlighted, and its toast stays past 8 s', { timeout: 120_000 }, async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const listening = subscriptionConfirmed(page, '/dashboard/consultantManagement');
    await signIn(page, server.url, server.adminUsername, server.adminPassword);
    await page.goto(`${server.url}/dashboard/consultantManagement`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await listening;
    await page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });

    await consultingLead('Trịnh Quốc Bảo');
    const row = page.locator('tbody tr', { hasText: 'Trịnh Quốc Bảo' });
    await row.waitFor({ timeout: 10_000 });
    expect(await row.getAttribute('data-highlighted')).toBe('true');
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(
      true,
    );

    const toast = page.locator('[data-sonner-toast]', { hasText: 'Trịnh Quốc Bảo' }).first();
    await toast.waitFor();
    await page.waitForTimeout(8_500);
    expect(await toast.isVisible()).toBe(true);
    await page.close();
  });

  it('keep the action column in view beside a long unbroken name', { timeout: 60_000 }, async () => {
    const name = `Nguyễn${'A'.repeat(90)}`;
    await consultingLead(name);
    const page = await adminPage({ width: 1280, height: 900 });
    await page.goto(`${server.url}/dashboard/consultantManagement`);
    const row = page.locator('tbody tr', { hasText: 'AAAAAAAAAA' });
    await row.waitFor();
    const wrap = page.locator('table').locator('xpath=..');
    const box = await wrap.boundingBox();
    const view = await row.getByRole('button', { name: /^Xem yêu cầu/ }).boundingBox();
    expect(box && view).toBeTruthy();
    expect((view?.x ?? 0) + (view?.width ?? 0)).toBeLessThanOrEqual((box?.x ?? 0) + (box?.width ?? 0));
    expect(await wrap.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
    await page.close();
  });
});

describe('forms with unsaved changes', () => {
  it('ask before an in-app navigation and before the tab closes', { timeout: 60_000 }, async () => {
    const page = await adminPage();
    await page.goto(`${server.url}/dashboard/sliders/add`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    // Untouched: leaving asks nothing.
    await page.getByRole('link', { name: 'Quản lý tin tức' }).first().click();
    await page.waitForURL(`${server.url}/dashboard/blogs`);

    await page.goto(`${server.url}/dashboard/sliders/add`);
    await page.getByLabel('Tiêu đề', { exact: true }).fill('Banner chưa lưu');
    await page.getByRole('link', { name: 'Quản lý tin tức' }).first().click();
    const ask = page.getByRole('dialog', { name: 'Rời trang khi chưa lưu?' });
    await ask.waitFor();
    await ask.getByRole('button', { name: 'Ở lại' }).click();
    await ask.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/dashboard/sliders/add');
    expect(await page.getByLabel('Tiêu đề', { exact: true }).inputValue()).toBe('Banner chưa lưu');

    // Closing the tab raises the browser's own question.
    const asked = new Promise<string>((resolve) => page.once('dialog', (d) => resolve(d.type())));
    await page.close({ runBeforeUnload: true });
    expect(await asked).toBe('beforeunload');
  });

  it('lets the person leave once they confirm', { timeout: 60_000 }, async () => {
    const page = await adminPage();
    await page.goto(`${server.url}/dashboard/users/add`);
    await page.getByLabel('Họ và tên').fill('Người Chưa Lưu');
    await page.getByRole('link', { name: 'Quản lý banner' }).first().click();
    const ask = page.getByRole('dialog', { name: 'Rời trang khi chưa lưu?' });
    await ask.getByRole('button', { name: 'Rời trang' }).click();
    await page.waitForURL(`${server.url}/dashboard/sliders`);
    await page.close();
  });
});

describe('the user form', () => {
  it('names each permission in Vietnamese, says what it allows, and shows the code as small print', {
    timeout: 60_000,
  }, async () => {
    const page = await adminPage();
    await page.goto(`${server.url}/dashboard/users/add`);
    const banner = page.getByRole('checkbox', { name: 'Quản lý banner', exact: true });
    await banner.waitFor();
    const described = await banner.evaluate((el) =>
      (el.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' '),
    );
    expect(described).toMatch(/banner trên trang chủ/);
    expect(described).not.toContain('MANAGE_OVERVIEW');
    await page.getByText('MANAGE_OVERVIEW', { exact: true }).waitFor();
    await page.close();
  });
});

describe('dashboard tables', () => {
  it('start at the spec size 5 and remember the chosen page size per table', {
    timeout: 60_000,
  }, async () => {
    // The demo showroom has a dozen posts.
    const page = await adminPage();
    await page.goto(`${server.url}/dashboard/blogs`);
    const size = page.getByLabel('Mỗi trang');
    await size.waitFor();
    expect(await size.inputValue()).toBe('5');
    expect(await page.locator('tbody tr').count()).toBeLessThanOrEqual(5);
    expect(await size.locator('option').allTextContents()).toEqual(['5', '10', '20', '50']);
    await size.selectOption('10');
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length > 5);

    // Another visit to the list keeps the choice; another list keeps its own default.
    await page.goto(`${server.url}/dashboard/blogs`);
    expect(await page.getByLabel('Mỗi trang').inputValue()).toBe('10');
    await page.goto(`${server.url}/dashboard/users`);
    expect(await page.getByLabel('Mỗi trang').inputValue()).toBe('5');
    await page.close();
  });
});

describe('sold history on a phone', () => {
  it('lines up the Từ and Đến date boxes at 360 px', { timeout: 60_000 }, async () => {
    const page = await adminPage(PHONE);
    await page.goto(`${server.url}/dashboard/soldhistory`);
    const from = await page.locator('#sales-from').boundingBox();
    const to = await page.locator('#sales-to').boundingBox();
    expect(from && to).toBeTruthy();
    expect(Math.abs((from?.x ?? 0) - (to?.x ?? 1))).toBeLessThanOrEqual(1);
    expect(Math.abs((from?.width ?? 0) - (to?.width ?? 1))).toBeLessThanOrEqual(1);
    await page.close();
  });
});
