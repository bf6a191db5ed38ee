import { beforeAll, describe, expect, it } from 'vitest';
import { dashboardPages, type Ids, newViolations, open, pageIds } from './accessibility/pages';
import { DESKTOP, journeyFixture, signIn } from './helpers';

/** axe-core on every dashboard page at desktop width, signed in as the admin (accessibility-phone.test.ts). */

const journey = journeyFixture(import.meta.url);
let ids: Ids;
beforeAll(async () => {
  ids = await pageIds(journey);
});

describe('dashboard pages at desktop width, signed in as the admin', () => {
  it('have no axe violations', async () => {
    const page = await journey.browser.newPage({ viewport: DESKTOP });
    await signIn(page, journey.server.url, journey.server.adminUsername, journey.server.adminPassword);
    const failures: string[] = [];
    for (const path of dashboardPages(ids)) {
      await open(journey, page, path);
      failures.push(...(await newViolations(page, path, DESKTOP.width)));
    }
    expect(failures.join('\n')).toBe('');
  }, 300_000);
});
