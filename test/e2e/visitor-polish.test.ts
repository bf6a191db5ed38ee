import type { Locator } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CarDetail, CarPage } from '../../src/contract/cars';
import { PUBLIC_PAGE_SIZE } from '../../src/contract/cars-labels';
import { vnDayKey } from '../../src/contract/format';
import { carTitle, PAGE_TITLES, pageTitle } from '../../src/contract/page-titles';
import type { PublicWebConfiguration } from '../../src/contract/web-config';
import { type apiClient, journeyFixture, PHONE, type RunningBrowser, type RunningServer } from './helpers';

/**
 * What a visitor on a 360 px phone meets on the public site: the contact bar that covers nothing, with
 * a call button, and the car page's test-drive action; dd/mm/yyyy dates in any browser language; limits
 * shown while typing; one title pattern on the server and after hydration; layout details; the list's
 * scroll position after Back.
 */

const journey = journeyFixture(import.meta.url);
let server: RunningServer;
let browser: RunningBrowser;
let api: ReturnType<typeof apiClient>;
let adminToken: string;
let config: PublicWebConfiguration;

beforeAll(async () => {
  ({ server, browser, api, adminToken } = journey);
  config = (await api.call('GET', 'web-configuration')).json as PublicWebConfiguration;
});

const phonePage = (opts: { locale?: string } = {}) =>
  browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true, ...opts });

async function firstCar(query: Record<string, string | number> = {}): Promise<CarDetail> {
  const list = (await api.call('GET', 'cars', { query: { page: 1, pageSize: 1, ...query } })).json as CarPage;
  return (await api.call('GET', `cars/${list.content[0].carId}`)).json as CarDetail;
}

/**
 * Puts `target` just above the phone's bottom strip (where the old floating buttons sat) and tells
 * whether the point near its right edge is the target itself, not something drawn over it.
 */
async function uncoveredNearBottom(target: Locator): Promise<boolean> {
  await target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    window.scrollBy(0, r.bottom - (window.innerHeight - 80));
  });
  return target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.right - 6, r.top + r.height / 2);
    return !!hit && (el === hit || el.contains(hit));
  });
}

/** How many lines the element's text takes (2 when a label wraps mid-word). */
function textLines(target: Locator): Promise<number> {
  return target.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
  });
}

describe('contact bar on a phone', () => {
  it('covers no content, calls the showroom, and ends the page above it', async () => {
    const page = await phonePage();
    await page.goto(`${server.url}/`);
    const bar = page.getByTestId('chat-cluster');
    const box = (await bar.boundingBox())!;
    expect(box.width).toBe(PHONE.width);
    expect(box.y + box.height).toBe(PHONE.height);
    expect(box.height).toBeLessThanOrEqual(72);

    const call = bar.getByRole('link', { name: /^Gọi/ });
    expect(await call.getAttribute('href')).toBe(`tel:${config.showroomPhone.replace(/[^\d+]/g, '')}`);
    for (const name of ['Nhắn tin qua Messenger', 'Nhắn tin qua Zalo'])
      expect(await bar.getByRole('link', { name }).isVisible()).toBe(true);
    expect(await bar.getByRole('button', { name: 'Mở Chat với Trợ lý AI' }).isVisible()).toBe(true);

    const more = page.getByRole('link', { name: 'Xem tất cả' }).first();
    expect(await uncoveredNearBottom(more)).toBe(true);

    // At the very end the footer's last line is above the bar, not under it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const footerBottom = await page.locator('footer').evaluate((f) => f.getBoundingClientRect().bottom);
    expect(footerBottom).toBeLessThanOrEqual(box.y + 1);
    await page.close();
  });

  it('leaves the afternoon test-drive slots uncovered', async () => {
    const page = await phonePage();
    await page.goto(`${server.url}/testdrive`);
    for (const slot of ['13:30', '15:30']) {
      const chip = page.getByText(slot, { exact: true }).first();
      expect(await uncoveredNearBottom(chip), slot).toBe(true);
    }
    await page.close();
  });

  it("a car page's bar offers call, Zalo and the test drive of that car", async () => {
    const car = await firstCar({ status: 'available' });
    const page = await phonePage();
    await page.goto(`${server.url}/cars/${car.carId}`);
    const bar = page.getByTestId('chat-cluster');
    await bar.getByRole('link', { name: 'Đăng ký lái thử' }).waitFor();
    expect(await bar.getByRole('link', { name: 'Đăng ký lái thử' }).getAttribute('href')).toBe(
      `/testdrive?carId=${car.carId}`,
    );
    expect(await bar.getByRole('link', { name: /^Gọi/ }).isVisible()).toBe(true);
    expect(await bar.getByRole('link', { name: 'Nhắn tin qua Zalo' }).isVisible()).toBe(true);
    const box = (await bar.boundingBox())!;
    expect(box.y + box.height).toBe(PHONE.height);
    await page.close();
  });
});

describe('forms', () => {
  it('the test-drive date reads dd/mm/yyyy in an English browser too', async () => {
    const page = await phonePage({ locale: 'en-US' });
    await page.goto(`${server.url}/testdrive`);
    const date = page.getByLabel('Ngày lái thử');
    expect(await date.getAttribute('type')).toBe('text');
    expect(await date.getAttribute('placeholder')).toBe('dd/mm/yyyy');
    const tomorrow = vnDayKey(new Date(Date.now() + 86_400_000));
    const typed = tomorrow.split('-').reverse().join('/');
    await date.pressSequentially(typed.replace(/\//g, ''));
    expect(await date.inputValue()).toBe(typed);
    await page.getByText(/^Đã chọn: /).waitFor();
    await page.close();
  });

  it('long fields stop at the contract limit and count while typing', async () => {
    const page = await phonePage();
    await page.goto(`${server.url}/consulting`);
    const message = page.getByLabel('Nội dung');
    expect(await message.getAttribute('maxlength')).toBe('2000');
    await message.fill('x'.repeat(5_200));
    expect((await message.inputValue()).length).toBe(2000);
    await page.getByText('2000/2000 ký tự').waitFor();
    expect(await page.getByLabel('Họ và tên').getAttribute('maxlength')).toBe('100');

    await page.goto(`${server.url}/testdrive`);
    const note = page.getByLabel('Ghi chú');
    expect(await note.getAttribute('maxlength')).toBe('1000');
    await note.fill('Xin gọi sau 17h');
    await page.getByText('15/1000 ký tự').waitFor();
    await page.close();
  });
});

describe('titles', () => {
  it('the server and the hydrated app give the same title, in one pattern', async () => {
    const car = await firstCar();
    const site = config.showroomName;
    const cases: [string, string][] = [
      [`/cars/${car.carId}`, pageTitle(carTitle(car), site)],
      ['/cars', pageTitle(PAGE_TITLES['/cars'], site)],
      ['/', pageTitle(PAGE_TITLES['/'], site)],
      ['/testdrive', pageTitle(PAGE_TITLES['/testdrive'], site)],
      ['/chatbot', pageTitle(PAGE_TITLES['/chatbot'], site)],
    ];
    expect(cases[0][1]).toMatch(/^.+ \d{4} – [\d,]+ (triệu|tỷ) \| .+$/);
    const page = await browser.newPage();
    for (const [path, title] of cases) {
      const html = await (await fetch(`${server.url}${path}`)).text();
      expect(html.match(/<title>(.*?)<\/title>/)?.[1], path).toBe(title);
      await page.goto(`${server.url}${path}`);
      await page.waitForLoadState('networkidle');
      expect(await page.title(), path).toBe(title);
    }
    // Moving inside the app: the car's title, then the list's again after Back.
    await page.goto(`${server.url}/cars`);
    await page.getByTestId('car-results').getByRole('link').first().click();
    await page.waitForURL(/\/cars\/\d+$/);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expect.poll(() => page.title()).toMatch(/ – .+ \| /);
    await page.goBack();
    await expect.poll(() => page.title()).toBe(pageTitle(PAGE_TITLES['/cars'], site));
    await page.close();
  });
});

describe('layout details', () => {
  it('pills and breadcrumbs keep words whole; short pages have no band above the footer', async () => {
    const page = await phonePage();
    await page.goto(`${server.url}/recruitment`);
    const pills = page.getByRole('navigation', { name: 'Loại công việc' }).getByRole('link');
    expect(await pills.count()).toBeGreaterThan(2);
    for (const pill of await pills.all()) expect(await textLines(pill), await pill.innerText()).toBe(1);
    // Visitors only see open postings: no status badge on them.
    await page.getByRole('heading', { level: 2, name: /Vị trí đang tuyển/ }).waitFor();
    expect(await page.getByRole('main').getByText('Hoạt động', { exact: true }).count()).toBe(0);

    const car = await firstCar();
    await page.goto(`${server.url}/cars/${car.carId}`);
    const crumbs = page.getByRole('navigation', { name: 'Đường dẫn' });
    for (const name of ['Trang chủ', 'Mua xe'])
      expect(await textLines(crumbs.getByRole('link', { name })), name).toBe(1);

    for (const path of ['/compare', '/cars/99999999']) {
      await page.goto(`${server.url}${path}`);
      await page.waitForLoadState('networkidle');
      const gap = await page.evaluate(() => {
        const main = document.getElementById('main')!;
        const last = main.lastElementChild!;
        return main.getBoundingClientRect().bottom - last.getBoundingClientRect().bottom;
      });
      expect(gap, path).toBeLessThanOrEqual(1);
    }
    await page.close();
  });

  it("words: no made-up stock count, a sold car's price said right, the status badge off the name", async () => {
    const page = await phonePage();
    await page.goto(`${server.url}/`);
    expect(await page.getByText(/Hơn 100 xe/).count()).toBe(0);

    const sold = await api.call('GET', 'cars/admin', {
      query: { status: 'sold', page: 1, size: 1 },
      token: adminToken,
    });
    const soldId = (sold.json as { content: { carId: number }[] }).content[0].carId;
    await page.goto(`${server.url}/cars/${soldId}`);
    await page.getByText('Giá niêm yết khi bán').waitFor();
    expect(await page.getByText('Giá đã bán niêm yết').count()).toBe(0);

    // The demo photos carry the car's name in their top-left corner: the badge sits at the bottom.
    // The page of the public list (newest first) that holds a car being sold.
    let listPage = 1;
    for (; listPage < 20; listPage++) {
      const list = (await api.call('GET', 'cars', { query: { page: listPage, pageSize: PUBLIC_PAGE_SIZE } }))
        .json as CarPage;
      if (list.content.some((c) => c.status === 'pending')) break;
    }
    await page.goto(`${server.url}/cars?page=${listPage}`);
    const card = page.getByTestId('car-results').locator('article', { hasText: 'Đang giao dịch' }).first();
    const badge = card.getByText('Đang giao dịch');
    const photo = (await card.locator('img').first().boundingBox())!;
    const b = (await badge.boundingBox())!;
    expect(b.y).toBeGreaterThan(photo.y + photo.height / 2);
    await page.close();
  });
});

describe('Back to the list', () => {
  it('returns a phone to the exact scroll position of /cars', async () => {
    const page = await phonePage();
    await page.goto(`${server.url}/cars`);
    const cards = page.getByTestId('car-results').locator('article');
    await cards.nth(7).scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, 37));
    await page.waitForTimeout(300);
    const before = await page.evaluate(() => window.scrollY);
    expect(before).toBeGreaterThan(1000);
    await cards.nth(7).getByRole('link').click();
    await page.waitForURL(/\/cars\/\d+$/);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.goBack();
    await page.waitForURL(`${server.url}/cars`);
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(Math.round(before));

    await page.close();
  });
});
