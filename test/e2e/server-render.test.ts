import { beforeAll, describe, expect, it } from 'vitest';
import type { CarPage } from '../../src/contract/cars';
import { formatPrice } from '../../src/contract/format';
import { SSR_STATE_ID } from '../../src/contract/ssr';
import {
  type apiClient,
  DESKTOP,
  journeyFixture,
  PHONE,
  type RunningBrowser,
  type RunningServer,
} from './helpers';

/**
 * Public pages rendered on the server (src/web/ssr, modules/seo/page-renderer.ts): the HTML carries the
 * page and its data; the browser shows it before any script, hydrates it without asking the API again,
 * and a change made by staff is in the next page served.
 */

const journey = journeyFixture(import.meta.url);
let server: RunningServer;
let browser: RunningBrowser;
let api: ReturnType<typeof apiClient>;
let adminToken: string;
let car: CarPage['content'][number];

beforeAll(async () => {
  ({ server, browser, api, adminToken } = journey);
  const list = await api.call('GET', 'cars', { query: { page: 1, pageSize: 1 } });
  car = (list.json as CarPage).content[0];
});

async function html(path: string): Promise<string> {
  const res = await fetch(`${server.url}${path}`);
  expect(res.status, path).toBe(200);
  return res.text();
}

/** What is inside <div id="root"> (the rendered page), without the state block. */
function rootOf(page: string): string {
  const start = page.indexOf('<div id="root">');
  const end = page.indexOf(`<script type="application/json" id="${SSR_STATE_ID}"`);
  return start >= 0 && end > start ? page.slice(start, end) : '';
}

/**
 * A page the server rendered. A server whose loop was busy most of the last second sends the page
 * unrendered on purpose (platform/pressure.ts), and on two cores shared with other journeys the
 * requests of the test before can be that second: ask again until it has caught up, never accept it
 * unrendered.
 */
async function rendered(path: string): Promise<{ page: string; root: string }> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const page = await html(path);
    const root = rootOf(page);
    if (root || Date.now() > deadline) return { page, root };
    await new Promise((r) => setTimeout(r, 1_000));
  }
}

describe('pages in the HTML', () => {
  it("a car page arrives with the car's name, price and photo, and the data it was rendered from", async () => {
    const { page, root } = await rendered(`/cars/${car.carId}`);
    expect(root).toContain(car.carName);
    expect(root).toContain(formatPrice(car.sellPrice));
    expect(root).toMatch(/<img [^>]*src="\/api\/uploads\/cars\//);
    const state = JSON.parse(page.match(new RegExp(`id="${SSR_STATE_ID}">(.*?)</script>`, 's'))![1]);
    const keys = state.queries.queries.map((q: { queryKey: unknown[] }) => JSON.stringify(q.queryKey));
    expect(keys).toContain(JSON.stringify(['web-configuration']));
    expect(keys.some((k: string) => k.includes(String(car.carId)))).toBe(true);
    // Its code and data are not preloaded (the app starts after the page has loaded); its picture is.
    expect(page).not.toMatch(/rel="modulepreload"/);
    expect(page).not.toMatch(/as="fetch"/);
    expect(page).toMatch(/<link rel="preload" as="image" fetchpriority="high"/);
  });

  it('the list keeps the filters of its address', async () => {
    const toyota = (await api.call('GET', 'cars', { query: { brand: 'Toyota', page: 1, pageSize: 12 } }))
      .json as CarPage;
    expect(toyota.content.length).toBeGreaterThan(0);
    const { root } = await rendered('/cars?brand=Toyota');
    for (const c of toyota.content) expect(root).toContain(c.carName);
    const other = (await api.call('GET', 'cars', { query: { page: 1, pageSize: 50 } })).json as CarPage;
    const notToyota = other.content.filter((c) => c.brand !== 'Toyota').map((c) => c.carName);
    expect(notToyota.length).toBeGreaterThan(0);
    for (const name of notToyota)
      if (!toyota.content.some((c) => c.carName === name)) expect(root).not.toContain(name);
  });

  it('every page preloads the regular weight of the body text (one file for Latin and Vietnamese), served as a font', async () => {
    for (const path of ['/', `/cars/${car.carId}`, '/chatbot', '/login']) {
      const page = await html(path);
      const fonts = [
        ...page.matchAll(/<link rel="preload" as="font" type="font\/woff2" href="([^"]+)" crossorigin/g),
      ];
      expect(
        fonts.map((m) => m[1].replace(/^(\/assets\/be-vietnam-pro-\d{3})-.*$/, '$1')).sort(),
        path,
      ).toEqual(['/assets/be-vietnam-pro-400']);
      for (const [, href] of fonts) {
        const font = await fetch(`${server.url}${href}`);
        expect(font.status).toBe(200);
        expect(font.headers.get('content-type')).toBe('font/woff2');
      }
    }
  });

  it('the home page carries four cards per row, each with its link, and an empty phone menu', async () => {
    const { root } = await rendered('/');
    // The phone menu's links are built when it first opens (the desktop navigation carries them).
    expect(root).toMatch(/<dialog id="public-mobile-menu"[^>]*><\/dialog>/);
    const rows = root.split(/<section aria-labelledby=/).filter((part) => part.includes('snap-x'));
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      const titles = [...row.matchAll(/<h3[^>]*><a [^>]*href="\/cars\/\d+"[^>]*>([^<]+)<\/a><\/h3>/g)];
      expect(titles).toHaveLength(4);
    }
  });

  it('the chatbot page is left to the browser: the conversation lives in the tab', async () => {
    const page = await html('/chatbot');
    expect(page).toContain('<div id="root"></div>');
    expect(page).not.toContain(SSR_STATE_ID);
  });

  it('a change made in the dashboard is in the next page served', async () => {
    const name = `Showroom Thử ${Date.now() % 100000}`;
    const before = (await rendered('/about')).root;
    expect(before).not.toBe('');
    expect(before).not.toContain(name);
    const put = await api.call('PUT', 'web-configuration', {
      token: adminToken,
      body: { showroomName: name },
    });
    expect(put.status, put.body).toBe(200);
    try {
      expect((await rendered('/about')).root).toContain(name);
    } finally {
      await api.call('PUT', 'web-configuration', { token: adminToken, body: { showroomName: 'AutoViet' } });
    }
  });
});

describe('in Chromium', () => {
  it('without JavaScript, the list and a car page are readable and their links lead on', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
    try {
      const page = await context.newPage();
      await page.goto(`${server.url}/cars`);
      const names = await page.getByTestId('car-results').locator('article h3').allTextContents();
      expect(names.length).toBeGreaterThan(1);
      await page.getByTestId('car-results').locator('article a').first().click();
      await page.waitForURL(/\/cars\/\d+$/);
      await expect.poll(() => page.locator('h1').first().textContent()).toBe(names[0]);
    } finally {
      await context.close();
    }
  });

  it('a home page row shows the rest of its cars once the visitor scrolls it', async () => {
    const newest = (await api.call('GET', 'homepage/newest')).json as { carName: string }[];
    expect(newest.length).toBeGreaterThan(4);
    const page = await browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(`${server.url}/`);
    const titles = page.getByRole('region', { name: 'Xe mới lên sàn' }).locator('h3');
    expect(await titles.count()).toBe(4);
    await titles.first().evaluate((h3) => h3.closest('ul.snap-x')!.scrollBy({ left: 300 }));
    await expect.poll(() => titles.count()).toBe(newest.length);
    expect(await titles.allTextContents()).toEqual(newest.map((c) => c.carName));
    // The other rows wait for their own visitor.
    expect(await page.getByRole('region', { name: 'Xe giá tốt' }).locator('h3').count()).toBe(4);
    expect(problems).toEqual([]);
  });

  it("on a desktop, a row's first press of the right arrow shows and scrolls to the cars after the fourth", async () => {
    const newest = (await api.call('GET', 'homepage/newest')).json as { carName: string }[];
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${server.url}/`);
    const row = page.getByRole('region', { name: 'Xe mới lên sàn' });
    expect(await row.locator('h3').count()).toBe(4);
    await row.getByRole('button', { name: 'Cuộn sang phải' }).click();
    await expect.poll(() => row.locator('h3').count()).toBe(newest.length);
    await expect.poll(() => row.locator('ul.snap-x').evaluate((ul) => ul.scrollLeft)).toBeGreaterThan(0);
  });

  it('hydrates without an error or a call to the API, then moves between pages inside the app', async () => {
    const page = await browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(e.message));
    const calls: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith('/api/') && !path.startsWith('/api/uploads/')) calls.push(path);
    });
    // goto waits for the app to be ready (helpers/browser.ts).
    await page.goto(`${server.url}/cars`);
    expect(calls).toEqual([]);
    expect(problems).toEqual([]);

    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    const first = page.getByTestId('car-results').locator('article a').first();
    const href = await first.getAttribute('href');
    const name = await first.textContent();
    await first.click();
    await page.waitForURL((u) => u.pathname === href);
    // The list stays on screen while the car page's code loads.
    await expect.poll(() => page.locator('h1').first().textContent()).toBe(name);
    // The router moved, the document stayed, and the car page asked the API for its car.
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );
    expect(calls).toContain(href!.replace('/cars/', '/api/cars/'));
    expect(problems).toEqual([]);
  });
});
