import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/server/db/schema';
import { startTestApp, type TestApp } from '../helpers/app';
import { multipart, pdfBytes } from './cars-fixtures';
import { pngBytes } from './recruitment-fixtures';

let t: TestApp;
let editor: string;
let outsider: string;

async function addSlider(slider: Record<string, unknown>, image: Buffer | null = null) {
  const parts = [{ name: 'slider', value: JSON.stringify(slider) }] as Parameters<typeof multipart>[0];
  const data = image ?? (await pngBytes('#b91c1c', 1920, 800));
  parts.push({ name: 'image', filename: 'banner.png', type: 'image/png', data });
  const m = multipart(parts);
  return t.call('POST', '/api/overview/sliders', { token: editor, body: m.payload, headers: m.headers });
}

beforeAll(async () => {
  t = await startTestApp();
  editor = (await t.createStaff(['MANAGE_OVERVIEW'])).token;
  outsider = (await t.createStaff(['MANAGE_BLOG'])).token;
});
afterAll(() => t.close());

describe('slider permissions', () => {
  it('every staff route answers 401 without a token and 403 without MANAGE_OVERVIEW', async () => {
    const routes = t.routeTable.filter((r) => r.url.startsWith('/api/overview') && r.access !== 'public');
    expect(routes.map((r) => `${r.method} ${r.url}`).sort()).toEqual([
      'GET /api/overview/admin/sliders',
      'GET /api/overview/slider/:id',
      'POST /api/overview/sliders',
      'PUT /api/overview/activate/:id',
      'PUT /api/overview/inactivate/:id',
      'PUT /api/overview/slider/:overviewId',
    ]);
    for (const r of routes) {
      expect(r.access).toBe('MANAGE_OVERVIEW');
      const url = r.url.replace(/:\w+/, '1');
      expect((await t.call(r.method as 'GET', url)).status, url).toBe(401);
      expect((await t.call(r.method as 'GET', url, { token: outsider })).status, url).toBe(403);
    }
    expect((await t.call('GET', '/api/overview/sliders')).status).toBe(200);
  });
});

describe('sliders', () => {
  const ids: number[] = [];

  it('adds a banner from the `slider` JSON and `image` parts; the image is re-encoded in three widths', async () => {
    const res = await addSlider({
      title: 'Xe lướt giá tốt tháng này',
      subtitle: 'Hơn 100 xe kiểm định 176 hạng mục',
      link: '/cars',
      buttonText: 'Xem xe ngay',
      order: 2,
    });
    expect(res.status, res.body).toBe(201);
    expect(res.json).toMatchObject({
      title: 'Xe lướt giá tốt tháng này',
      order: 2,
      active: true,
      link: '/cars',
    });
    expect(res.json.image.urls[1600]).toMatch(/^\/api\/uploads\/banners\/[0-9a-f]{24}-1600\.webp$/);
    expect(res.json.image.width).toBe(1600);
    expect(res.json.image.height).toBe(667);
    const file = await t.call('GET', res.json.image.src);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    ids.push(res.json.overviewId);
    for (const [title, order] of [
      ['Trả góp lãi suất 0%', 1],
      ['Thu cũ đổi mới', 3],
      ['Lái thử tận nhà', 0],
    ] as const) {
      const r = await addSlider({ title, order });
      expect(r.status).toBe(201);
      ids.push(r.json.overviewId);
    }
  });

  it('refuses a missing image (400), a non-image (415), bad JSON (400) and a bad link (400)', async () => {
    const noImage = multipart([{ name: 'slider', value: JSON.stringify({ title: 'A' }) }]);
    const r1 = await t.call('POST', '/api/overview/sliders', {
      token: editor,
      body: noImage.payload,
      headers: noImage.headers,
    });
    expect(r1.status).toBe(400);
    expect(r1.json.message).toBe('Vui lòng chọn ảnh banner');
    expect((await addSlider({ title: 'PDF' }, pdfBytes())).status).toBe(415);
    const badJson = multipart([{ name: 'slider', value: '{title' }]);
    expect(
      (
        await t.call('POST', '/api/overview/sliders', {
          token: editor,
          body: badJson.payload,
          headers: badJson.headers,
        })
      ).status,
    ).toBe(400);
    const link = await addSlider({ title: 'Link', link: 'javascript:alert(1)' });
    expect(link.status).toBe(400);
    expect(link.json.errors.link).toMatch(/Đường dẫn/);
    // Scheme-relative tricks a browser reads as another site are not "our own" links.
    for (const trick of [
      '/\\evil.example',
      '//evil.example',
      '/\\/evil.example',
      '/\t/evil.example',
      '/x\\y',
      'https://',
      'https:///evil',
      'http://user@evil.example',
    ]) {
      const res = await addSlider({ title: 'Link', link: trick });
      expect(res.status, trick).toBe(400);
      expect(res.json.errors.link).toMatch(/Đường dẫn/);
    }
    const blank = await addSlider({ title: '' });
    expect(blank.status).toBe(400);
    const json = await t.call('POST', '/api/overview/sliders', { token: editor, body: { title: 'x' } });
    expect(json.status).toBe(415);
  });

  it('the public list has the active banners in their order', async () => {
    const res = await t.call('GET', '/api/overview/sliders');
    expect(res.json.map((s: { title: string }) => s.title)).toEqual([
      'Lái thử tận nhà',
      'Trả góp lãi suất 0%',
      'Xe lướt giá tốt tháng này',
      'Thu cũ đổi mới',
    ]);
  });

  it('inactivating hides a banner from the public list; activating brings it back', async () => {
    const off = await t.call('PUT', `/api/overview/inactivate/${ids[1]}`, { token: editor });
    expect(off.status).toBe(200);
    expect(off.json.active).toBe(false);
    const pub = await t.call('GET', '/api/overview/sliders');
    expect(pub.json.map((s: { overviewId: number }) => s.overviewId)).not.toContain(ids[1]);
    expect(pub.json.every((s: { active: boolean }) => s.active)).toBe(true);
    // Staff still see it.
    expect((await t.call('GET', `/api/overview/slider/${ids[1]}`, { token: editor })).json.active).toBe(
      false,
    );
    const on = await t.call('PUT', `/api/overview/activate/${ids[1]}`, { token: editor });
    expect(on.json.active).toBe(true);
    expect((await t.call('GET', '/api/overview/sliders')).json).toHaveLength(4);
    const audit = await t.ctx.db.select().from(auditLog).where(eq(auditLog.entity, 'slider'));
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['create', 'inactivate', 'activate']));
  });

  it('the admin list pages (default page 1, size 5) and searches without accents', async () => {
    await addSlider({ title: 'Ưu đãi bảo dưỡng', order: 9 });
    await addSlider({ title: 'Tuần lễ xe Nhật', order: 9 });
    const res = await t.call('GET', '/api/overview/admin/sliders', { token: editor });
    expect(res.json).toMatchObject({ page: 1, size: 5, totalElements: 6, totalPages: 2 });
    expect(res.json.content).toHaveLength(5);
    const two = await t.call('GET', '/api/overview/admin/sliders', { token: editor, query: { page: 2 } });
    expect(two.json.content).toHaveLength(1);
    const search = await t.call('GET', '/api/overview/admin/sliders', {
      token: editor,
      query: { search: 'tra gop' },
    });
    expect(search.json.content.map((s: { title: string }) => s.title)).toEqual(['Trả góp lãi suất 0%']);
    const inactive = await t.call('GET', '/api/overview/admin/sliders', {
      token: editor,
      query: { active: 'false' },
    });
    expect(inactive.json.totalElements).toBe(0);
  });

  it('edits with JSON (only the fields given) or multipart with a new image (old files removed)', async () => {
    const id = ids[0];
    const before = (await t.call('GET', `/api/overview/slider/${id}`, { token: editor })).json;
    const json = await t.call('PUT', `/api/overview/slider/${id}`, {
      token: editor,
      body: { title: 'Xe lướt giá tốt', order: 5 },
    });
    expect(json.status, json.body).toBe(200);
    expect(json.json).toMatchObject({
      title: 'Xe lướt giá tốt',
      order: 5,
      subtitle: before.subtitle,
      link: '/cars',
    });
    expect(json.json.image.src).toBe(before.image.src);

    const m = multipart([
      { name: 'slider', value: JSON.stringify({ buttonText: 'Khám phá' }) },
      { name: 'image', filename: 'moi.png', type: 'image/png', data: await pngBytes('#0f766e', 800, 400) },
    ]);
    const withImage = await t.call('PUT', `/api/overview/slider/${id}`, {
      token: editor,
      body: m.payload,
      headers: m.headers,
    });
    expect(withImage.status, withImage.body).toBe(200);
    expect(withImage.json).toMatchObject({ buttonText: 'Khám phá', title: 'Xe lướt giá tốt' });
    expect(withImage.json.image.src).not.toBe(before.image.src);
    expect(withImage.json.image.width).toBe(800);
    expect((await t.call('GET', before.image.src)).status).toBe(404);
    expect((await t.call('GET', withImage.json.image.src)).status).toBe(200);

    const bad = await t.call('PUT', `/api/overview/slider/${id}`, { token: editor, body: { order: -1 } });
    expect(bad.status).toBe(400);
    expect(
      (await t.call('PUT', '/api/overview/slider/999999', { token: editor, body: { title: 'x' } })).status,
    ).toBe(404);
    expect((await t.call('GET', '/api/overview/slider/999999', { token: editor })).status).toBe(404);
    expect((await t.call('PUT', '/api/overview/activate/999999', { token: editor })).status).toBe(404);
    expect((await t.call('GET', '/api/overview/slider/abc', { token: editor })).status).toBe(400);
  });
});
