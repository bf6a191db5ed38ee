import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Ids, newViolations, open, pageIds, publicPages } from './accessibility/pages';
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
    const failures: string[] = [];
    for (const path of publicPages(ids)) {
      await open(journey, page, path);
      failures.push(...(await newViolations(page, path, viewport.width)));
    }
    // The AI advisor's panel, opened from the floating button.
    await open(journey, page, '/cars');
    await page.getByRole('button', { name: 'Mở Chat với Trợ lý AI' }).click();
    const panel = page.getByRole('dialog', { name: 'Chat với Trợ lý AI' });
    await panel.getByRole('log', { name: 'Cuộc trò chuyện' }).locator('li').first().waitFor();
    failures.push(...(await newViolations(page, '/cars (Trợ lý AI mở)', viewport.width)));
    // "Gặp nhân viên tư vấn": the name and phone form in the panel.
    await panel.getByRole('button', { name: 'Gặp nhân viên tư vấn' }).click();
    await panel.getByTestId('chat-handoff-form').waitFor();
    failures.push(...(await newViolations(page, '/cars (Gặp nhân viên tư vấn)', viewport.width)));
    expect(failures.join('\n')).toBe('');
  }, 240_000);
});
