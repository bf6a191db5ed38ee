import { beforeAll, describe, expect, it } from 'vitest';
import { PLEDGE_LABELS } from '../../src/contract/inspections-labels';
import { DESKTOP, journeyFixture, PHONE, type RunningBrowser, type RunningServer } from './helpers';

// A card's pledges: each whole or not shown, never cut ("· tua ODO" reads as the odometer rolled back).

const journey = journeyFixture(import.meta.url);
let server: RunningServer;
let browser: RunningBrowser;
beforeAll(() => {
  ({ server, browser } = journey);
});

interface Seen {
  text: string;
  /** Each pledge as the visitor sees it: whole inside the line, or clipped away entirely. */
  items: { text: string; inside: boolean; outside: boolean; cut: boolean }[];
}

async function pledgeLines(viewport: { width: number; height: number }): Promise<Seen[]> {
  const page = await browser.newPage({ viewport });
  await page.goto(`${server.url}/cars`);
  await page.locator('article').first().waitFor();
  await page.waitForFunction(() => document.querySelectorAll('article .sr-only').length > 0);
  return page.evaluate(() => {
    const lines: Seen[] = [];
    for (const sr of document.querySelectorAll('article .sr-only')) {
      if (!sr.textContent?.startsWith('Cam kết:')) continue;
      const shown = sr.nextElementSibling as HTMLElement | null;
      if (!shown) continue;
      const box = (sr.parentElement as HTMLElement).getBoundingClientRect();
      const parts = shown.children.length ? [...shown.children] : [shown];
      lines.push({
        text: shown.textContent ?? '',
        items: parts.map((el) => {
          const r = el.getBoundingClientRect();
          const e = el as HTMLElement;
          return {
            text: (e.textContent ?? '').replace(/^·\s*/, '').trim(),
            inside: r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5 && r.right <= box.right + 0.5,
            outside: r.top >= box.bottom - 0.5,
            cut: e.scrollWidth > e.clientWidth + 1,
          };
        }),
      });
    }
    return lines;
  });
}

describe("a card's pledges", () => {
  for (const [name, viewport] of [
    ['a 360 px phone', PHONE],
    ['a 1366 px desktop', DESKTOP],
  ] as const) {
    it(`on ${name} each pledge is whole or not shown, never cut`, async () => {
      const lines = await pledgeLines(viewport);
      expect(lines.length).toBeGreaterThan(0);
      const labels = Object.values(PLEDGE_LABELS);
      for (const line of lines) {
        // Never a shortened pledge such as "tua ODO" or "ngập nước".
        for (const part of line.text.split('·').map((p) => p.trim())) expect(labels).toContain(part);
        for (const item of line.items) {
          expect(item.cut, item.text).toBe(false);
          expect(item.inside || item.outside, `${item.text}: half shown`).toBe(true);
        }
        // At least the first pledge is always there.
        expect(line.items[0].inside).toBe(true);
      }
    });
  }
});
