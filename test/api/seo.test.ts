import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { carBody, multipart } from './cars-fixtures';
import { pngBytes } from './recruitment-fixtures';

const PUBLIC_URL = 'https://autoviet.example';
const INDEX = `<!doctype html>
<html lang="vi">
  <head>
    <meta charset="UTF-8" />
    <title>AutoViet - Showroom ô tô đã qua sử dụng</title>
    <meta name="description" content="Mô tả mặc định" />
    <!--app-head-->
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;

let t: TestApp;
let webDir: string;
let blogId: number;
let hiddenBlogId: number;
let carId: number;
let soldCarId: number;
let coverUrl: string;

/** What a crawler sees: the tags of <head>, no JavaScript run. */
function meta(html: string, key: string): string | undefined {
  const re = new RegExp(`<meta (?:property|name)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)" />`);
  return re.exec(html)?.[1];
}
// biome-ignore lint/suspicious/noExplicitAny: JSON-LD blocks are read loosely in assertions
function jsonLd(html: string): Record<string, any>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) =>
    JSON.parse(m[1]),
  );
}
const decode = (s: string | undefined) =>
  s
    ?.replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

beforeAll(async () => {
  webDir = mkdtempSync(join(tmpdir(), 'showroom-web-'));
  mkdirSync(join(webDir, 'assets'));
  writeFileSync(join(webDir, 'index.html'), INDEX);
  writeFileSync(join(webDir, 'assets', 'index-abc123.js'), 'console.log(1)');
  t = await startTestApp({ WEB_DIR: webDir, PUBLIC_URL });
  await t.call('PUT', '/api/web-configuration', {
    token: t.adminToken,
    body: {
      showroomName: 'AutoViet',
      showroomAddress: '268 Nguyễn Văn Linh, TP. Hồ Chí Minh',
      showroomPhone: '0909 123 456',
      showroomEmail: 'lienhe@autoviet.vn',
      facebookUrl: 'https://www.facebook.com/autoviet.showroom',
    },
  });

  const blog = multipart([
    {
      name: 'blog',
      value: JSON.stringify({
        title: 'Kinh nghiệm mua xe cũ: 7 điều "phải biết" <trước> khi xuống tiền',
        summary: 'Kiểm tra giấy tờ, khung gầm & lịch sử bảo dưỡng.',
        content: '<p>Nội dung bài viết.</p>',
        category: 'BUYING_TIPS',
      }),
    },
    { name: 'imageFile', filename: 'bia.png', type: 'image/png', data: await pngBytes('#1e3a8a', 1200, 630) },
  ]);
  const created = await t.call('POST', '/api/blogs/admin/add', {
    token: t.adminToken,
    body: blog.payload,
    headers: blog.headers,
  });
  expect(created.status, created.body).toBe(201);
  blogId = created.json.blogId;
  coverUrl = created.json.image.urls[1600];
  const hidden = multipart([
    {
      name: 'blog',
      value: JSON.stringify({ title: 'Bài ẩn', content: '<p>x</p>', category: 'PROMOTION', active: false }),
    },
    { name: 'imageFile', filename: 'b.png', type: 'image/png', data: await pngBytes() },
  ]);
  hiddenBlogId = (
    await t.call('POST', '/api/blogs/admin/add', {
      token: t.adminToken,
      body: hidden.payload,
      headers: hidden.headers,
    })
  ).json.blogId;

  const car = multipart([
    { name: 'car', value: JSON.stringify(carBody({ sellPrice: 458_000_000, year: 2021 })) },
    { name: 'images', filename: 'xe.png', type: 'image/png', data: await pngBytes('#b91c1c', 1600, 1000) },
  ]);
  const carRes = await t.call('POST', '/api/cars/admin/add', {
    token: t.adminToken,
    body: car.payload,
    headers: car.headers,
  });
  expect(carRes.status, carRes.body).toBe(201);
  carId = carRes.json.carId;
  const sold = await t.call('POST', '/api/cars/admin/add', {
    token: t.adminToken,
    body: carBody({ carName: 'Kia Morning', brand: 'Kia', model: 'Morning', sellPrice: 1_250_000_000 }),
  });
  soldCarId = sold.json.carId;
  const sale = await t.call('POST', '/api/soldhistory', {
    token: t.adminToken,
    body: {
      carId: soldCarId,
      buyerName: 'Ngô Minh Khang',
      buyerPhone: '0903111222',
      salePrice: 1_200_000_000,
      paymentMethod: 'CASH',
    },
  });
  expect(sale.status, sale.body).toBe(201);
});
afterAll(async () => {
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

describe('share previews (plain HTTP, no JavaScript)', () => {
  it('a post carries its title, summary, cover and an Article with breadcrumbs', async () => {
    const res = await t.call('GET', `/blogs/${blogId}`, {
      headers: { 'user-agent': 'facebookexternalhit/1.1' },
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = res.body;
    const title = 'Kinh nghiệm mua xe cũ: 7 điều "phải biết" <trước> khi xuống tiền';
    expect(decode(meta(html, 'og:title'))).toBe(`${title} | AutoViet`);
    // Escaped: the quotes and angle brackets never open a tag or end an attribute.
    expect(html).not.toContain('<trước>');
    expect(html).toContain('&lt;trước&gt;');
    expect(decode(meta(html, 'og:description'))).toBe('Kiểm tra giấy tờ, khung gầm & lịch sử bảo dưỡng.');
    expect(meta(html, 'og:image')).toBe(`${PUBLIC_URL}${coverUrl}`);
    expect(meta(html, 'og:image:width')).toBe('1200');
    expect(meta(html, 'og:type')).toBe('article');
    expect(meta(html, 'og:url')).toBe(`${PUBLIC_URL}/blogs/${blogId}`);
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(meta(html, 'twitter:image')).toBe(`${PUBLIC_URL}${coverUrl}`);
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/blogs/${blogId}" />`);
    // The built page's own title and description are replaced, its script kept.
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).not.toContain('Mô tả mặc định');
    expect(html).not.toContain('<!--app-head-->');
    expect(html).toContain('src="/assets/index-abc123.js"');
    const blocks = jsonLd(html);
    const article = blocks.find((b) => b['@type'] === 'Article')!;
    expect(article.headline).toBe(title);
    expect(article.image).toEqual([`${PUBLIC_URL}${coverUrl}`]);
    expect(article.articleSection).toBe('Kinh nghiệm mua xe');
    expect(article.datePublished).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const crumbs = blocks.find((b) => b['@type'] === 'BreadcrumbList')!;
    expect(crumbs.itemListElement.map((i: { name: string }) => i.name)).toEqual([
      'Trang chủ',
      'Tin tức',
      title,
    ]);
    // JSON-LD cannot close its script element.
    expect(html).toContain('\\u003ctrước\\u003e');
  });

  it('a car carries name, year, price in triệu, its photo and a Car with an Offer', async () => {
    const res = await t.call('GET', `/cars/${carId}`);
    expect(res.status).toBe(200);
    const html = res.body;
    // One pattern for every title: '{car} {year} – {price} | {showroom}', the same the browser sets.
    expect(decode(meta(html, 'og:title'))).toBe('Toyota Vios 1.5G CVT 2021 – 458 triệu | AutoViet');
    expect(html).toContain('<title>Toyota Vios 1.5G CVT 2021 – 458 triệu | AutoViet</title>');
    expect(meta(html, 'og:image')).toMatch(
      new RegExp(`^${PUBLIC_URL}/api/uploads/cars/[0-9a-f]{24}-1600\\.webp$`),
    );
    expect(meta(html, 'og:type')).toBe('product');
    expect(meta(html, 'product:price:amount')).toBe('458000000');
    expect(decode(meta(html, 'og:description'))).toMatch(
      /^Toyota Vios 1\.5G CVT đời 2021, 32\.000 km, giá 458 triệu/,
    );
    const car = jsonLd(html).find((b) => b['@type'] === 'Car')!;
    expect(car).toMatchObject({
      name: 'Toyota Vios 1.5G CVT 2021',
      brand: { '@type': 'Brand', name: 'Toyota' },
      model: 'Vios',
      vehicleModelDate: '2021',
      mileageFromOdometer: { '@type': 'QuantitativeValue', value: 32000, unitCode: 'KMT' },
      numberOfPreviousOwners: 1,
      itemCondition: 'https://schema.org/UsedCondition',
      offers: {
        '@type': 'Offer',
        price: 458000000,
        priceCurrency: 'VND',
        availability: 'https://schema.org/InStock',
      },
    });
    expect(car.image[0]).toBe(meta(html, 'og:image'));
    const photo = await t.call('GET', meta(html, 'og:image')!.replace(PUBLIC_URL, ''));
    expect(photo.status).toBe(200);
  });

  it('a car with an inspection report names its day and result in the JSON-LD', async () => {
    const before = jsonLd((await t.call('GET', `/cars/${carId}`)).body).find((b) => b['@type'] === 'Car')!;
    expect(before.additionalProperty).toBeUndefined();
    const template = (await t.call('GET', '/api/inspection-template', { token: t.adminToken })).json as {
      items: { itemId: number }[];
    };
    const saved = await t.call('PUT', `/api/cars/${carId}/inspection`, {
      token: t.adminToken,
      body: {
        inspectorName: 'Lê Minh Tâm',
        inspectedOn: '02/11/2026',
        odometerKm: 32_000,
        results: template.items.map((i, n) => ({ itemId: i.itemId, result: n === 0 ? 'FIXED' : 'PASS' })),
      },
    });
    expect(saved.status, saved.body).toBe(200);
    // The rendered page is dropped when the save's response has gone out (an onResponse hook): ask again
    // until that has happened.
    const carLd = async () =>
      jsonLd((await t.call('GET', `/cars/${carId}`)).body).find((b) => b['@type'] === 'Car')!
        .additionalProperty;
    await expect.poll(carLd).toEqual([
      { '@type': 'PropertyValue', name: 'Ngày kiểm định', value: '2026-11-02' },
      {
        '@type': 'PropertyValue',
        name: 'Hạng mục kiểm định đạt',
        value: template.items.length,
        maxValue: template.items.length,
      },
    ]);
  });

  it('a sold car still previews, as sold out, with the price in tỷ', async () => {
    const res = await t.call('GET', `/cars/${soldCarId}`);
    expect(res.status).toBe(200);
    expect(decode(meta(res.body, 'og:title'))).toBe('Kia Morning 2021 – 1,25 tỷ | AutoViet');
    const car = jsonLd(res.body).find((b) => b['@type'] === 'Car')!;
    expect(car.offers.availability).toBe('https://schema.org/SoldOut');
    expect(car).toMatchObject({ vehicleModelDate: '2021', numberOfPreviousOwners: 1 });
  });

  it('missing or hidden cars and posts get the app with 404 and a not-found title', async () => {
    for (const path of [
      '/cars/999999',
      '/cars/abc',
      `/blogs/${hiddenBlogId}`,
      '/blogs/0',
      '/khong-co-trang-nay',
    ]) {
      const res = await t.call('GET', path);
      expect(res.status, path).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('<title>Không tìm thấy trang | AutoViet</title>');
      expect(meta(res.body, 'robots')).toBe('noindex');
      expect(res.body).toContain('<div id="root"></div>');
    }
  });

  it('home and every static page have their title, canonical address and the AutoDealer', async () => {
    const home = await t.call('GET', '/');
    expect(home.status).toBe(200);
    expect(home.body).toContain('<title>Showroom ô tô đã qua sử dụng uy tín | AutoViet</title>');
    const dealer = jsonLd(home.body).find((b) => b['@type'] === 'AutoDealer')!;
    expect(dealer).toMatchObject({
      name: 'AutoViet',
      url: `${PUBLIC_URL}/`,
      telephone: '0909 123 456',
      email: 'lienhe@autoviet.vn',
      address: { streetAddress: '268 Nguyễn Văn Linh, TP. Hồ Chí Minh', addressCountry: 'VN' },
      sameAs: ['https://www.facebook.com/autoviet.showroom'],
    });
    const titles: Record<string, string> = {
      '/about': 'Giới thiệu | AutoViet',
      '/cars': 'Mua xe ô tô đã qua sử dụng | AutoViet',
      '/compare': 'So sánh xe | AutoViet',
      '/services': 'Dịch vụ | AutoViet',
      '/testdrive': 'Đăng ký lái thử | AutoViet',
      '/maintenance': 'Bảo dưỡng xe | AutoViet',
      '/recruitment': 'Tuyển dụng | AutoViet',
      '/chatbot': 'Tư vấn AI | AutoViet',
      '/blogs': 'Tin tức xe | AutoViet',
      '/consulting': 'Liên hệ tư vấn | AutoViet',
      '/sell-car': 'Định giá &amp; bán xe | AutoViet',
    };
    for (const [path, title] of Object.entries(titles)) {
      const res = await t.call('GET', path, { query: path === '/cars' ? { brand: 'Toyota' } : undefined });
      expect(res.status, path).toBe(200);
      expect(res.body).toContain(`<title>${title}</title>`);
      expect(res.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}${path}" />`);
      expect(meta(res.body, 'robots')).toBeUndefined();
      const crumbs = jsonLd(res.body).find((b) => b['@type'] === 'BreadcrumbList');
      expect(crumbs?.itemListElement).toHaveLength(2);
    }
  });

  it('each dashboard page is titled by its own name, as the dashboard titles it after hydration', async () => {
    const titles: Record<string, string> = {
      '/dashboard': 'Tổng quan | AutoViet',
      '/dashboard/carManagement': 'Quản lý xe | AutoViet',
      '/dashboard/car/edit/12?tab=giay-to': 'Sửa thông tin xe | AutoViet',
      '/dashboard/soldhistory': 'Lịch sử bán hàng | AutoViet',
      '/dashboard/audit': 'Nhật ký hoạt động | AutoViet',
      '/dashboard/khong-co-trang-nay': 'Không tìm thấy trang | AutoViet',
    };
    for (const [path, title] of Object.entries(titles)) {
      const res = await t.call('GET', path);
      expect(res.status, path).toBe(200);
      expect(res.body, path).toContain(`<title>${title}</title>`);
      expect(res.body).not.toContain('Trang quản trị');
    }
  });

  it('staff pages load the app without being indexed; trailing slashes redirect; files are not pages', async () => {
    const dash = await t.call('GET', '/dashboard/blogs');
    expect(dash.status).toBe(200);
    expect(meta(dash.body, 'robots')).toBe('noindex, nofollow');
    expect((await t.call('GET', '/login')).status).toBe(200);
    const slash = await t.call('GET', '/blogs/');
    expect(slash.status).toBe(301);
    expect(slash.headers.location).toBe('/blogs');
    expect((await t.call('GET', '/index.html')).status).toBe(301);
    const asset = await t.call('GET', '/assets/index-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await t.call('GET', '/assets/old-999.js');
    expect(missing.status).toBe(404);
    expect(missing.headers['content-type']).toMatch(/^text\/plain/);
    expect((await t.call('POST', '/blogs')).status).toBe(404);
    expect((await t.call('GET', '/api/khong-co')).json.message).toMatch(/API/);
  });
});

describe('sitemap and robots', () => {
  it('the sitemap lists home, static pages, visible cars and active posts with lastmod', async () => {
    const res = await t.call('GET', '/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locs = [...res.body.matchAll(/<url><loc>([^<]+)<\/loc><lastmod>([^<]+)<\/lastmod>/g)];
    const urls = locs.map((m) => m[1]);
    for (const path of [
      '/',
      '/about',
      '/cars',
      '/compare',
      '/services',
      '/testdrive',
      '/maintenance',
      '/recruitment',
      '/chatbot',
      '/blogs',
      '/consulting',
      '/sell-car',
    ]) {
      expect(urls).toContain(`${PUBLIC_URL}${path}`);
    }
    expect(urls).toContain(`${PUBLIC_URL}/cars/${carId}`);
    expect(urls).not.toContain(`${PUBLIC_URL}/cars/${soldCarId}`);
    expect(urls).toContain(`${PUBLIC_URL}/blogs/${blogId}`);
    expect(urls).not.toContain(`${PUBLIC_URL}/blogs/${hiddenBlogId}`);
    expect(urls.some((u) => u.includes('/dashboard') || u.includes('/login'))).toBe(false);
    for (const m of locs) expect(Number.isNaN(Date.parse(m[2]))).toBe(false);
  });

  it('robots.txt keeps crawlers out of the dashboard and the API and points to the sitemap', async () => {
    const res = await t.call('GET', '/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines).toContain('Disallow: /dashboard');
    expect(lines).toContain('Disallow: /api');
    expect(lines).toContain('Allow: /api/uploads/');
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });
});
