import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { multipart } from './cars-fixtures';
import { pngBytes } from './recruitment-fixtures';

let t: TestApp;
let writer: { id: number; token: string };
let outsider: string;

const HOSTILE = [
  '<h1>Tiêu đề trong bài</h1>',
  '<p style="color:red" onclick="steal()">Đoạn <strong>đậm</strong> <em>nghiêng</em> <u>gạch</u> <s>xóa</s>',
  '<a href="javascript:alert(1)">xấu</a> <a href="JaVaScRiPt&#58;alert(2)">xấu 2</a> ',
  '<a href="data:text/html;base64,PHNjcmlwdD4=">data</a> <a href="https://autoviet.vn/xe" onmouseover="x()">tốt</a> ',
  '<a href="mailto:lienhe@autoviet.vn">thư</a></p>',
  '<script>document.cookie</script><style>body{display:none}</style>',
  '<iframe src="https://evil.example/"></iframe><object data="x.swf"></object>',
  '<img src="x" onerror="alert(3)"><img src="javascript:alert(4)"><img src="data:image/png;base64,AAAA">',
  '<img src="https://cdn.example/anh.jpg" alt="Ảnh xe" onload="x()">',
  '<img src="/api/uploads/blogs/0123456789abcdef01234567-960.webp" alt="Ảnh nội bộ">',
  '<svg onload="alert(5)"><circle/></svg><form action="/x"><input name="a"></form>',
  '<ul><li>Một</li><li>Hai</li></ul><blockquote>Trích dẫn</blockquote>',
  '<table><thead><tr><th colspan="2" style="x">Bảng</th></tr></thead><tbody><tr><td>1</td><td>2</td></tr></tbody></table>',
  '<pre><code class="language-js">const a = 1;</code></pre><figure><img src="https://cdn.example/b.jpg" alt="b"><figcaption>Chú thích</figcaption></figure><hr><p>Hết<br>bài</p>',
].join('');

function blogParts(blog: Record<string, unknown>, image: Buffer | null) {
  const parts = [{ name: 'blog', value: JSON.stringify(blog) }] as Parameters<typeof multipart>[0];
  if (image) parts.push({ name: 'imageFile', filename: 'bia.png', type: 'image/png', data: image });
  return multipart(parts);
}

async function addBlog(blog: Record<string, unknown>, image: Buffer | null | 'default' = 'default') {
  const m = blogParts(
    { title: 'Bài viết', content: '<p>Nội dung</p>', category: 'MARKET_NEWS', ...blog },
    image === 'default' ? await pngBytes('#334155', 1200, 630) : image,
  );
  return t.call('POST', '/api/blogs/admin/add', { token: writer.token, body: m.payload, headers: m.headers });
}

beforeAll(async () => {
  t = await startTestApp();
  writer = await t.createStaff(['MANAGE_BLOG']);
  outsider = (await t.createStaff(['MANAGE_OVERVIEW'])).token;
});
afterAll(() => t.close());

describe('blog permissions and routing', () => {
  it('every staff route answers 401 without a token and 403 without MANAGE_BLOG', async () => {
    const routes = t.routeTable.filter((r) => r.url.startsWith('/api/blogs') && r.access !== 'public');
    expect(routes.map((r) => `${r.method} ${r.url}`).sort()).toEqual([
      'GET /api/blogs/admin',
      'GET /api/blogs/admin/:id',
      'POST /api/blogs/admin/add',
      'POST /api/blogs/admin/images',
      'PUT /api/blogs/admin/:blogId',
      'PUT /api/blogs/admin/activate/:id',
      'PUT /api/blogs/admin/inactivate/:id',
    ]);
    for (const r of routes) {
      expect(r.access).toBe('MANAGE_BLOG');
      const url = r.url.replace(/:\w+/, '1');
      expect((await t.call(r.method as 'GET', url)).status, url).toBe(401);
      expect((await t.call(r.method as 'GET', url, { token: outsider })).status, url).toBe(403);
    }
  });

  it('/blogs/admin is never read as a post id; ids are numeric', async () => {
    expect((await t.call('GET', '/api/blogs/admin')).status).toBe(401);
    expect((await t.call('GET', '/api/blogs/categories')).status).toBe(200);
    expect((await t.call('GET', '/api/blogs/abc')).status).toBe(400);
    expect((await t.call('GET', '/api/blogs/999999')).status).toBe(404);
  });
});

describe('blogs', () => {
  let hostileId: number;

  it('sanitises a hostile post to the allow-list', async () => {
    const res = await addBlog({
      title: 'Bài <b>thử</b> "độc hại"',
      content: HOSTILE,
      category: 'CAR_REVIEW',
    });
    expect(res.status, res.body).toBe(201);
    hostileId = res.json.blogId;
    const html: string = res.json.content;
    for (const bad of [
      '<script',
      'document.cookie',
      '<style',
      'display:none',
      'onclick',
      'onerror',
      'onload',
      'onmouseover',
      'javascript:',
      'data:',
      '<iframe',
      '<object',
      '<svg',
      '<form',
      '<input',
      'style=',
      '<h1',
    ]) {
      expect(html.toLowerCase(), bad).not.toContain(bad.toLowerCase());
    }
    expect(html).toContain('<h2>Tiêu đề trong bài</h2>');
    expect(html).toContain('<strong>đậm</strong>');
    expect(html).toContain(
      '<a href="https://autoviet.vn/xe" target="_blank" rel="noopener noreferrer">tốt</a>',
    );
    expect(html).toContain('<a href="mailto:lienhe@autoviet.vn">thư</a>');
    expect(html).toContain('<img src="https://cdn.example/anh.jpg" alt="Ảnh xe" loading="lazy" />');
    expect(html).toContain('src="/api/uploads/blogs/0123456789abcdef01234567-960.webp"');
    expect(html).toContain('<th colspan="2">Bảng</th>');
    expect(html).toContain('<code class="language-js">');
    expect(html).toContain('<figcaption>Chú thích</figcaption>');
    expect(html).toContain('<blockquote>Trích dẫn</blockquote>');
    expect(html).not.toContain('src="x"');
    // The title stays text (the web escapes it); the summary is derived from the clean text.
    expect(res.json.title).toBe('Bài <b>thử</b> "độc hại"');
    expect(res.json.summary).toMatch(/^Tiêu đề trong bài Đoạn đậm nghiêng/);
    expect(res.json.summary).not.toMatch(/cookie|alert/);
    expect(res.json.slug).toBe('bai-b-thu-b-doc-hai');
    expect(res.json.authorName).toMatch(/Nhân Viên Thử/);
    expect(res.json.categoryLabel).toBe('Đánh giá xe');
  });

  it('stores a picture for the body and keeps its address through the sanitiser', async () => {
    const m = multipart([
      { name: 'image', filename: 'anh.png', type: 'image/png', data: await pngBytes('#16a34a', 1000, 600) },
    ]);
    const res = await t.call('POST', '/api/blogs/admin/images', {
      token: writer.token,
      body: m.payload,
      headers: m.headers,
    });
    expect(res.status, res.body).toBe(201);
    expect(res.json.src).toMatch(/^\/api\/uploads\/blogs\/[0-9a-f]{24}-960\.webp$/);
    expect((await t.call('GET', res.json.src)).status).toBe(200);
    const post = await addBlog({ content: `<p>Ảnh:</p><img src="${res.json.src}" alt="Xe">` });
    expect(post.json.content).toContain(`<img src="${res.json.src}" alt="Xe" loading="lazy" />`);
    const empty = multipart([{ name: 'other', value: 'x' }]);
    expect(
      (
        await t.call('POST', '/api/blogs/admin/images', {
          token: writer.token,
          body: empty.payload,
          headers: empty.headers,
        })
      ).status,
    ).toBe(400);
    // Its post is counted in the lists below: remove it from the public side.
    await t.call('PUT', `/api/blogs/admin/inactivate/${post.json.blogId}`, { token: writer.token });
  });

  it('refuses a post whose content is empty once cleaned, a missing cover and a bad category', async () => {
    const empty = await addBlog({ content: '<script>alert(1)</script>' });
    expect(empty.status).toBe(400);
    const noCover = await addBlog({}, null);
    expect(noCover.status).toBe(400);
    expect(noCover.json.message).toBe('Vui lòng chọn ảnh bìa');
    const category = await addBlog({ category: 'GOSSIP' });
    expect(category.status).toBe(400);
    expect(category.json.message).toBe('Chuyên mục không hợp lệ');
    const notImage = await addBlog({}, Buffer.from('%PDF-1.4 hello'));
    expect(notImage.status).toBe(415);
  });

  it('public lists page by 6, newest first, active only; categories count active posts', async () => {
    const created: number[] = [];
    for (let i = 0; i < 7; i++) {
      const r = await addBlog({
        title: `Tin thị trường số ${i}`,
        category: i < 5 ? 'MARKET_NEWS' : 'PROMOTION',
      });
      created.push(r.json.blogId);
    }
    const hidden = await addBlog({ title: 'Bài nháp chưa đăng', active: false, category: 'PROMOTION' });
    expect(hidden.json.active).toBe(false);
    expect(hidden.json.publishedAt).toBeNull();

    const page1 = await t.call('GET', '/api/blogs');
    expect(page1.json).toMatchObject({ page: 1, size: 6, totalElements: 8, totalPages: 2 });
    expect(page1.json.content[0].title).toBe('Tin thị trường số 6');
    expect(page1.json.content[0]).not.toHaveProperty('content');
    const all = [
      ...page1.json.content,
      ...(await t.call('GET', '/api/blogs', { query: { page: 2 } })).json.content,
    ];
    expect(all.map((b: { blogId: number }) => b.blogId)).not.toContain(hidden.json.blogId);
    expect((await t.call('GET', '/api/blogs', { query: { page: 1, size: 4 } })).json.content).toHaveLength(4);

    const categories = await t.call('GET', '/api/blogs/categories');
    expect(categories.json).toEqual([
      { value: 'MARKET_NEWS', label: 'Tin thị trường', count: 5 },
      { value: 'BUYING_TIPS', label: 'Kinh nghiệm mua xe', count: 0 },
      { value: 'CAR_REVIEW', label: 'Đánh giá xe', count: 1 },
      { value: 'PROMOTION', label: 'Khuyến mãi', count: 2 },
      { value: 'SHOWROOM_NEWS', label: 'Tin showroom', count: 0 },
    ]);
    const promo = await t.call('GET', '/api/blogs/category/PROMOTION');
    expect(promo.json).toMatchObject({ page: 1, size: 6, totalElements: 2 });
    const lower = await t.call('GET', '/api/blogs/category/market-news', { query: { page: 2, size: 3 } });
    expect(lower.json).toMatchObject({ page: 2, size: 3, totalElements: 5, totalPages: 2 });
    expect((await t.call('GET', '/api/blogs/category/GOSSIP')).status).toBe(400);

    // Hiding a post removes it from the public side; staff still read it.
    const off = await t.call('PUT', `/api/blogs/admin/inactivate/${created[0]}`, { token: writer.token });
    expect(off.json.active).toBe(false);
    expect((await t.call('GET', '/api/blogs')).json.totalElements).toBe(7);
    expect((await t.call('GET', `/api/blogs/${created[0]}`)).status).toBe(404);
    expect((await t.call('GET', `/api/blogs/${created[0]}`, { token: outsider })).status).toBe(404);
    const staffRead = await t.call('GET', `/api/blogs/${created[0]}`, { token: writer.token });
    expect(staffRead.status).toBe(200);
    expect((await t.call('GET', `/api/blogs/admin/${created[0]}`, { token: writer.token })).json.active).toBe(
      false,
    );
    const on = await t.call('PUT', `/api/blogs/admin/activate/${created[0]}`, { token: writer.token });
    expect(on.json.active).toBe(true);
    expect((await t.call('GET', `/api/blogs/${created[0]}`)).status).toBe(200);
    // Publishing a draft sets its published time.
    const published = await t.call('PUT', `/api/blogs/admin/activate/${hidden.json.blogId}`, {
      token: writer.token,
    });
    expect(published.json.publishedAt).not.toBeNull();
  });

  it('a visitor read counts a view; a staff read does not', async () => {
    const first = await t.call('GET', `/api/blogs/${hostileId}`);
    expect(first.status).toBe(200);
    expect(first.json.content).toContain('<h2>');
    await t.call('GET', `/api/blogs/${hostileId}`);
    const staff = await t.call('GET', `/api/blogs/${hostileId}`, { token: writer.token });
    expect(staff.json.viewCount).toBe(2);
    expect(
      (await t.call('GET', `/api/blogs/admin/${hostileId}`, { token: writer.token })).json.viewCount,
    ).toBe(2);
  });

  it('the admin list pages with size 5 and searches without accents, inactive posts included', async () => {
    const res = await t.call('GET', '/api/blogs/admin', { token: writer.token });
    expect(res.json).toMatchObject({ page: 1, size: 5, totalElements: 10, totalPages: 2 });
    const search = await t.call('GET', '/api/blogs/admin', {
      token: writer.token,
      query: { search: 'BAI NHAP' },
    });
    expect(search.json.content.map((b: { title: string }) => b.title)).toEqual(['Bài nháp chưa đăng']);
    const byCategory = await t.call('GET', '/api/blogs/admin', {
      token: writer.token,
      query: { category: 'CAR_REVIEW' },
    });
    expect(byCategory.json.totalElements).toBe(1);
  });

  it('edits with multipart (cover optional) or JSON, sanitising again and keeping the state', async () => {
    const before = (await t.call('GET', `/api/blogs/admin/${hostileId}`, { token: writer.token })).json;
    const m = blogParts(
      {
        title: 'Đánh giá Toyota Vios 2021',
        summary: 'Sedan hạng B bền bỉ.',
        content: '<p onclick="x()">Mới <a href="javascript:void(0)">link</a></p>',
        category: 'car-review',
      },
      null,
    );
    const res = await t.call('PUT', `/api/blogs/admin/${hostileId}`, {
      token: writer.token,
      body: m.payload,
      headers: m.headers,
    });
    expect(res.status, res.body).toBe(200);
    expect(res.json).toMatchObject({
      title: 'Đánh giá Toyota Vios 2021',
      slug: 'danh-gia-toyota-vios-2021',
      summary: 'Sedan hạng B bền bỉ.',
      content: '<p>Mới <a>link</a></p>',
      active: true,
      publishedAt: before.publishedAt,
    });
    expect(res.json.image.src).toBe(before.image.src);

    const withCover = blogParts(
      {
        title: 'Đánh giá Toyota Vios 2021',
        content: '<p>Bản mới</p>',
        category: 'CAR_REVIEW',
        active: false,
      },
      await pngBytes('#ca8a04', 900, 500),
    );
    const res2 = await t.call('PUT', `/api/blogs/admin/${hostileId}`, {
      token: writer.token,
      body: withCover.payload,
      headers: withCover.headers,
    });
    expect(res2.status, res2.body).toBe(200);
    expect(res2.json.active).toBe(false);
    expect(res2.json.image.src).not.toBe(before.image.src);
    expect((await t.call('GET', before.image.src)).status).toBe(404);

    const json = await t.call('PUT', `/api/blogs/admin/${hostileId}`, {
      token: writer.token,
      body: { title: 'Đánh giá Vios', content: '<p>JSON</p>', category: 'CAR_REVIEW', active: true },
    });
    expect(json.status, json.body).toBe(200);
    expect(json.json).toMatchObject({ title: 'Đánh giá Vios', content: '<p>JSON</p>', active: true });
    const missing = await t.call('PUT', '/api/blogs/admin/999999', {
      token: writer.token,
      body: { title: 'x', content: '<p>x</p>', category: 'CAR_REVIEW' },
    });
    expect(missing.status).toBe(404);
  });
});
