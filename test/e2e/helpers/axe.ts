import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
/** axe-core's browser bundle, injected into each page scanned. */
const AXE_SOURCE: string = require('axe-core').source;

/** WCAG 2.1 A and AA, plus axe's best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

export interface AxeViolation {
  rule: string;
  impact: string | null;
  help: string;
  /** The first few elements it was found on, as CSS selectors. */
  targets: string[];
}

/**
 * Runs axe-core on what the page shows now and returns its violations (one per rule). `exclude` leaves
 * parts out by CSS selector, e.g. TOASTS: a toast fading out is drawn half transparent and fails the
 * contrast rule while it goes, which says nothing of the page under it.
 */
export async function axeScan(page: Page, opts: { exclude?: string[] } = {}): Promise<AxeViolation[]> {
  // Colours are measured as drawn: a panel fading in would fail contrast half-way (endless spinners aside).
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
  );
  // Evaluated through the DevTools protocol: the page's CSP (script-src 'self') refuses an inline tag.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    async ({ tags, exclude }) => {
      const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
      const context = exclude.length ? { include: [['html']], exclude: exclude.map((e) => [e]) } : document;
      const result = await axe.run(context, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      });
      return result.violations.map((v) => ({
        rule: v.id,
        impact: v.impact ?? null,
        help: v.help,
        targets: v.nodes.slice(0, 3).map((n) => n.target.map(String).join(' ')),
      }));
    },
    { tags: AXE_TAGS, exclude: opts.exclude ?? [] },
  );
}

/** The toasts' container (sonner), for `axeScan(page, { exclude: [TOASTS] })`. */
export const TOASTS = '[data-sonner-toaster]';
