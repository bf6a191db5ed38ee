import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Ids, newViolations, open, pageIds, publicPages } from './accessibility/pages';
import { DESKTOP, journeyFixture } from './helpers';

/** axe-core on every public page at desktop width (accessibility-phone.test.ts says how). */

const journey = journeyFixture(import.meta.url);
let ids: Ids;
beforeAll(async () => {
  ids = await pageIds(journey);
});

describe('public pages at desktop width', () => {
  const viewport = DESKTOP;
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
