import { existsSync } from 'node:fs';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from 'playwright-core';

/**
 * Debian's headless shell (package chromium-headless-shell): the same Blink and V8 as Chromium without a
 * browser window around the pages. Full Chromium in headless mode still builds its window: each page came
 * with a second renderer for the window's own web UI, and Debian's launcher added its extensions and
 * GPU rasterisation in software. Without the package, Debian's Chromium; CHROMIUM_PATH overrides both.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

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
  /** The Chromium itself: contexts opened on it directly are the caller's to close (or use newContext). */
  browser: Browser;
  /** A bare context (no defaults) closed with the others by close(). */
  newContext(opts?: BrowserContextOptions): Promise<BrowserContext>;
  /** A fresh context (own storage: nobody signed in) and page, Vietnamese locale and time zone. */
  newPage(opts?: BrowserContextOptions & { baseURL?: string }): Promise<Page>;
  close(): Promise<void>;
}

/**
 * A page the server rendered is on screen before its scripts run (src/web/main.tsx starts them once the
 * page has loaded); a click before the app has hydrated would hit inert HTML. Every full load (goto,
 * reload, back, forward) therefore waits for `<html data-app="ready">`, which the app sets when it runs.
 * A document without the app (a file, a JSON answer) is not waited for.
 */
function untilAppReady(page: Page): Page {
  const ready = () =>
    page.waitForFunction(
      () => !document.getElementById('root') || document.documentElement.dataset.app === 'ready',
    );
  for (const name of ['goto', 'reload', 'goBack', 'goForward'] as const) {
    const original = page[name].bind(page) as (...args: unknown[]) => Promise<unknown>;
    Object.assign(page, {
      [name]: async (...args: unknown[]) => {
        const response = await original(...args);
        await ready();
        return response;
      },
    });
  }
  return page;
}

function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

/**
 * The Chromium of this worker process: the journey files a worker runs one after another (isolate: false
 * in the e2e project) share it, each in contexts of its own (own cookies, storage and cache), closed with
 * the file. A launch cost about 1.2 s a file on two busy cores. Playwright stops it when the worker exits.
 */
let shared: Promise<Browser> | undefined;
function sharedBrowser(): Promise<Browser> {
  shared ??= launch().then((browser) => {
    // A browser that died (a crash) is replaced for the next file instead of failing every later one.
    browser.on('disconnected', () => {
      shared = undefined;
    });
    return browser;
  });
  return shared;
}

/**
 * Headless Chromium through playwright-core (no browser download): a new one, closed by close(), or with
 * `{ shared: true }` the worker's, of which close() closes only the contexts this handle opened.
 */
export async function startBrowser(
  defaults: BrowserContextOptions = {},
  opts: { shared?: boolean } = {},
): Promise<RunningBrowser> {
  const browser = opts.shared ? await sharedBrowser() : await launch();
  const contexts: BrowserContext[] = [];
  return {
    browser,
    async newContext(options = {}) {
      const context = await browser.newContext(options);
      contexts.push(context);
      return context;
    },
    async newPage(options = {}) {
      const context = await browser.newContext({
        viewport: DESKTOP,
        locale: 'vi-VN',
        timezoneId: 'Asia/Ho_Chi_Minh',
        ...defaults,
        ...options,
      });
      // Long enough for a page on two cores shared with another journey, its server and Chromium.
      context.setDefaultTimeout(30_000);
      contexts.push(context);
      return untilAppReady(await context.newPage());
    },
    async close() {
      for (const c of contexts) await c.close().catch(() => undefined);
      if (!opts.shared) await browser.close();
    },
  };
}
