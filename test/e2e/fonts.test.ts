import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { journeyFixture, PHONE, type RunningBrowser, type RunningServer } from './helpers';

// A first visit on a slow phone connection: the brand face, not the fallback, draws what is above the fold.

const journey = journeyFixture(import.meta.url);
let server: RunningServer;
let browser: RunningBrowser;
beforeAll(() => {
  ({ server, browser } = journey);
});

/** The faces Chromium actually drew an element's text with (not what the CSS asked for). */
async function drawnWith(page: Page, selector: string): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  expect(nodeId, selector).toBeGreaterThan(0);
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  await cdp.detach();
  // A weight's own name ("Be Vietnam Pro SemiBold") counts; the fallback is Arial or Liberation Sans.
  return fonts.map((f) => (f.familyName.startsWith('Be Vietnam Pro') ? 'Be Vietnam Pro' : f.familyName));
}

/** A fresh phone (empty cache) on a slow 4G-like link: 150 ms round trips, 1.6 Mbit/s down. */
async function slowPhone(): Promise<Page> {
  const page = await browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  return page;
}

describe('the brand face on a first view', () => {
  it.each([
    ['the home page', '/'],
    ['a car page', '/cars/1'],
  ])('%s draws its heading, its body text and its main button in Be Vietnam Pro', async (_name, path) => {
    const page = await slowPhone();
    await page.goto(`${server.url}${path}`, { waitUntil: 'load' });
    await page.evaluate(() => document.fonts.ready);
    for (const selector of [
      'h1',
      'main p',
      'main a[class*="font-semibold"], main button[class*="font-semibold"]',
    ]) {
      expect(await drawnWith(page, selector), `${path} ${selector}`).toContain('Be Vietnam Pro');
    }
    await page.close();
  });
});
