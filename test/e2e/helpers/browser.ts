import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from 'playwright-core';

/** Debian's Chromium; override with CHROMIUM_PATH. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Phone first: 360 px wide; the desktop journeys use 1366. */
export const PHONE = { width: 360, height: 780 };
export const DESKTOP = { width: 1366, height: 900 };

export interface RunningBrowser {
  browser: Browser;
  /** A fresh context (own storage: nobody signed in) and page, Vietnamese locale and time zone. */
  newPage(opts?: BrowserContextOptions & { baseURL?: string }): Promise<Page>;
  close(): Promise<void>;
}

/** Launches headless Chromium through playwright-core (no browser download). */
export async function startBrowser(defaults: BrowserContextOptions = {}): Promise<RunningBrowser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
  });
  const contexts: BrowserContext[] = [];
  return {
    browser,
    async newPage(opts = {}) {
      const context = await browser.newContext({
        viewport: DESKTOP,
        locale: 'vi-VN',
        timezoneId: 'Asia/Ho_Chi_Minh',
        ...defaults,
        ...opts,
      });
      context.setDefaultTimeout(15_000);
      contexts.push(context);
      return context.newPage();
    },
    async close() {
      for (const c of contexts) await c.close().catch(() => undefined);
      await browser.close();
    },
  };
}
