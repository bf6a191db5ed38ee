import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';

/** How the server answers the favourites page and the alert e-mails' pages: served, titled, never indexed. */

const SITE = 'https://autoviet.example';
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL: SITE });
});
afterAll(() => t.close());

const robots = (html: string) => /<meta name="robots" content="([^"]*)" \/>/.exec(html)?.[1];

describe('pages of the visitors who come back', () => {
  it('/favorites has its title and canonical address, is kept out of indexes and of the sitemap', async () => {
    for (const url of ['/favorites', '/favorites?ids=1,5,9']) {
      const res = await t.call('GET', url);
      expect(res.status, url).toBe(200);
      expect(res.body).toContain('<title>Xe yêu thích | AutoViet</title>');
      expect(res.body).toContain(`<link rel="canonical" href="${SITE}/favorites" />`);
      expect(robots(res.body)).toBe('noindex');
    }
    const sitemap = await t.call('GET', '/sitemap.xml');
    expect(sitemap.body).toContain(`<loc>${SITE}/cars</loc>`);
    expect(sitemap.body).not.toContain('/favorites');
  });

  it('the confirm, unsubscribe and manage pages load the app under a plain title, never indexed nor crawled', async () => {
    for (const path of ['/alerts/confirm', '/alerts/unsubscribe', '/alerts/manage']) {
      const res = await t.call('GET', `${path}?token=m.abc.xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx`);
      expect(res.status, path).toBe(200);
      expect(res.body).toContain('<title>Thông báo xe | AutoViet</title>');
      expect(robots(res.body)).toBe('noindex, nofollow');
      expect(res.body).not.toContain('xxxxxxxxxxxxxxxx');
    }
    expect((await t.call('GET', '/robots.txt')).body).toContain('Disallow: /alerts\n');
  });
});
