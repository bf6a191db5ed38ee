import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoContent } from '../../src/server/db/seed/demo-content';
import { startTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await seedDemoContent(t.ctx, t.services);
});
afterAll(() => t.close());

describe('demo content seeder', () => {
  it('fills banners, news across categories, postings (one closed) and candidates, with local pictures', async () => {
    const sliders = (await t.call('GET', '/api/overview/sliders')).json;
    expect(sliders).toHaveLength(4);
    const banner = await t.call('GET', sliders[0].image.urls[1600]);
    expect(banner.status).toBe(200);
    expect(banner.headers['content-type']).toBe('image/webp');

    const posts = (await t.call('GET', '/api/blogs', { query: { size: 50 } })).json;
    expect(posts.totalElements).toBeGreaterThanOrEqual(10);
    const categories = (await t.call('GET', '/api/blogs/categories')).json as { count: number }[];
    expect(categories.every((c) => c.count > 0)).toBe(true);
    const post = (await t.call('GET', `/api/blogs/${posts.content[0].blogId}`)).json;
    expect(post.content).toMatch(/<h2>/);
    expect(post.image.src).toMatch(/^\/api\/uploads\/blogs\//);

    const open = (await t.call('GET', '/api/recruitments')).json;
    expect(open).toHaveLength(3);
    const all = (await t.call('GET', '/api/recruitments/admin', { token: t.adminToken, query: { size: 10 } }))
      .json;
    expect(all.totalElements).toBe(4);
    expect(all.content.filter((p: { status: string }) => p.status === 'CLOSED')).toHaveLength(1);

    const candidates = (await t.call('GET', '/api/candidates', { token: t.adminToken, query: { size: 10 } }))
      .json;
    expect(candidates.totalElements).toBe(4);
    const cv = await t.call('GET', `/api/candidates/${candidates.content[0].candidateId}/cv`, {
      token: t.adminToken,
    });
    expect(cv.status).toBe(200);
    expect(cv.body.startsWith('%PDF-1.4')).toBe(true);
    expect(cv.body).toContain('startxref');
  });
});
