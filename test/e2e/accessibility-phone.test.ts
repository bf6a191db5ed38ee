import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Ids, open, pageIds, scanPublicPages } from './accessibility/pages';
import { journeyFixture, PHONE } from './helpers';
import { axeScan } from './helpers/axe';

/**
 * axe-core (WCAG 2.1 A/AA and best practices) on every public page at phone width, the AI advisor's
 * panel included; a page with a violation fails the run with its rule, page, width and first elements.
 * (accessibility-public: the same pages at desktop width; accessibility-dashboard: every staff page.)
 */

const journey = journeyFixture(import.meta.url);
let ids: Ids;
beforeAll(async () => {
  ids = await pageIds(journey);
});

it('reports what axe finds, so a clean scan means something', async () => {
  const page = await journey.browser.newPage();
  await open(journey, page, '/about');
  await page.evaluate(() => {
    const img = document.createElement('img');
    img.src = '/favicon.ico';
    document.querySelector('main')?.append(img);
  });
  const found = await axeScan(page);
  expect(found.map((v) => v.rule)).toContain('image-alt');
  expect(found.find((v) => v.rule === 'image-alt')?.targets[0]).toMatch(/img/);
  await page.close();
});

describe('public pages at phone width', () => {
  const viewport = PHONE;
  let page: Page;
  beforeAll(async () => {
    page = await journey.browser.newPage({ viewport });
  });
  it('have no axe violations', async () => {
    const failures = await scanPublicPages(journey, page, ids, viewport.width);
    expect(failures.join('\n')).toBe('');
  }, 240_000);
});
