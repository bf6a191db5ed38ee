import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Ids, pageIds, scanPublicPages } from './accessibility/pages';
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
    const failures = await scanPublicPages(journey, page, ids, viewport.width);
    expect(failures.join('\n')).toBe('');
  }, 240_000);
});
