import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/server/db/schema';
import { startTestApp, type TestApp } from '../helpers/app';
import {
  carBody,
  gpsJpeg,
  hasGps,
  multipart,
  noisePng,
  type Part,
  pdfBytes,
  smallJpeg,
} from './cars-fixtures';

let t: TestApp;
let staff: string;
let other: string;

beforeAll(async () => {
  t = await startTestApp();
  staff = (await t.createStaff(['MANAGE_CAR'])).token;
  other = (await t.createStaff(['MANAGE_BLOG', 'MANAGE_SERVICE'])).token;
});
afterAll(() => t.close());

async function send(method: 'POST' | 'PUT', url: string, parts: Part[], token = staff) {
  const m = multipart(parts);
  const res = await t.app.inject({
    method,
    url,
    payload: m.payload,
    headers: { ...m.headers, authorization: `Bearer ${token}` },
  });
  // biome-ignore lint/suspicious/noExplicitAny: test answers are read loosely
  let json: any;
  try {
    json = res.json();
  } catch {}
  return { status: res.statusCode, json, body: res.body };
}

const carPart = (over = {}): Part => ({
  name: 'car',
  value: JSON.stringify(carBody(over)),
  type: 'application/json',
});
const image = (data: Buffer, filename = 'xe.jpg', type = 'image/jpeg'): Part => ({
  name: 'images',
  filename,
  type,
  data,
});

/** The car photos in storage (local disk, or s3rver in the api-s3 project). */
function storedFiles(): Promise<string[]> {
  return t.storedNames('cars');
}

async function auditCount(entity: string) {
  const rows = await t.ctx.db.select().from(auditLog);
  return rows.filter((r) => r.entity === entity).length;
}

describe('POST /api/cars/admin/add (multipart)', () => {
  it('creates a car with photos; the GPS EXIF is gone from every stored width', async () => {
    const before = await auditCount('car');
    const res = await send('POST', '/api/cars/admin/add', [
      carPart(),
      image(await gpsJpeg({ width: 1800, height: 1200 }), 'truoc.jpg'),
      image(await smallJpeg('#224466'), 'sau.png', 'image/png'),
    ]);
    expect(res.status, res.body).toBe(201);
    expect(res.json.photos).toHaveLength(2);
    expect(res.json.cover.src).toBe(res.json.photos[0].src);
    expect(res.json.photos[0]).toMatchObject({ position: 0, width: 1600, height: 1067 });
    expect(res.json.photos[0].srcset).toMatch(/-480\.webp 480w, .*-960\.webp 960w, .*-1600\.webp 1600w$/);
    expect(await auditCount('car')).toBe(before + 1);
    for (const url of Object.values(res.json.photos[0].urls) as string[]) {
      const img = await t.app.inject({ method: 'GET', url });
      expect(img.statusCode).toBe(200);
      expect(img.headers['content-type']).toBe('image/webp');
      const meta = await sharp(img.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(hasGps(meta.exif)).toBe(false);
    }
    const listed = await t.call('GET', '/api/cars', { query: { carName: 'vios' } });
    expect(listed.json.content[0].cover.src).toBe(res.json.cover.src);
  });

  it('accepts a car without photos, as multipart or JSON', async () => {
    expect((await send('POST', '/api/cars/admin/add', [carPart()])).status).toBe(201);
    const json = await t.call('POST', '/api/cars/admin/add', {
      token: staff,
      body: carBody({ status: 'pending' }),
    });
    expect(json.status).toBe(201);
    expect(json.json.status).toBe('pending');
  });

  it('refuses a PDF renamed .jpg with 415, and stores nothing', async () => {
    const files = (await storedFiles()).length;
    const res = await send('POST', '/api/cars/admin/add', [
      carPart(),
      image(await smallJpeg()),
      image(pdfBytes(), 'anh.jpg'),
    ]);
    expect(res.status).toBe(415);
    expect(res.json.message).toMatch(/không phải ảnh hợp lệ/);
    expect(res.json.message).toMatch(/JPEG, PNG, WebP hoặc HEIC/);
    expect((await storedFiles()).length).toBe(files);
  });

  it('refuses an 11 MB image with 413', async () => {
    const res = await send('POST', '/api/cars/admin/add', [
      carPart(),
      image(await noisePng(11), 'lon.png', 'image/png'),
    ]);
    expect(res.status).toBe(413);
    expect(res.json.message).toMatch(/vượt quá dung lượng tối đa 10 MB/);
  });

  it('refuses more than 20 photos with 413', async () => {
    const jpeg = await smallJpeg('#777777', 64, 48);
    const parts = [carPart(), ...Array.from({ length: 21 }, (_, i) => image(jpeg, `${i}.jpg`))];
    const res = await send('POST', '/api/cars/admin/add', parts);
    expect(res.status).toBe(413);
    expect(res.json.message).toMatch(/tối đa 20 ảnh/);
  });

  it('refuses a missing or invalid car part with 400 and field messages', async () => {
    const missing = await send('POST', '/api/cars/admin/add', [image(await smallJpeg())]);
    expect(missing.status).toBe(400);
    expect(missing.json.message).toMatch(/Thiếu phần dữ liệu "car"/);
    const badJson = await send('POST', '/api/cars/admin/add', [{ name: 'car', value: '{oops' }]);
    expect(badJson.status).toBe(400);
    const invalid = await send('POST', '/api/cars/admin/add', [
      carPart({ carName: '', sellPrice: -1, bodyType: 'Tàu', year: 1900, fuel: 'Gió' }),
    ]);
    expect(invalid.status).toBe(400);
    expect(invalid.json.errors).toMatchObject({
      carName: 'Vui lòng nhập tên xe',
      sellPrice: expect.stringMatching(/Giá bán/),
      bodyType: 'Kiểu dáng không hợp lệ',
      year: expect.stringMatching(/Năm sản xuất/),
      fuel: 'Nhiên liệu không hợp lệ',
    });
    const sold = await send('POST', '/api/cars/admin/add', [carPart({ status: 'sold' })]);
    expect(sold.status).toBe(400);
    const unknownField = await send('POST', '/api/cars/admin/add', [
      carPart(),
      { name: 'virus', filename: 'a.exe', data: Buffer.from('MZ') },
    ]);
    expect(unknownField.status).toBe(400);
    const notMultipart = await t.call('POST', '/api/cars/admin/add', {
      token: staff,
      body: 'x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(notMultipart.status).toBe(415);
  });

  it('accepts labels and dotted numbers as people type them', async () => {
    const res = await t.call('POST', '/api/cars/admin/add', {
      token: staff,
      body: {
        ...carBody(),
        bodyType: 'Bán tải',
        fuel: 'Dầu',
        transmission: 'Số sàn',
        origin: 'Nhập khẩu',
        sellPrice: '650.000.000',
        odo: '12.345',
      },
    });
    expect(res.status, res.body).toBe(201);
    expect(res.json).toMatchObject({
      bodyType: 'PICKUP',
      fuel: 'DIESEL',
      transmission: 'MANUAL',
      origin: 'IMPORTED',
      sellPrice: 650_000_000,
      odo: 12_345,
    });
  });
});

describe('editing a car and its photos', () => {
  let carId: number;
  let photoIds: number[];

  beforeAll(async () => {
    const res = await send('POST', '/api/cars/admin/add', [
      carPart({ carName: 'Kia Seltos 1.4 Turbo', brand: 'Kia', model: 'Seltos' }),
      image(await smallJpeg('#aa0000')),
      image(await smallJpeg('#00aa00')),
      image(await smallJpeg('#0000aa')),
    ]);
    carId = res.json.carId;
    photoIds = res.json.photos.map((p: { photoId: number }) => p.photoId);
  });

  it('PUT replaces the data (JSON or multipart) and appends sent photos', async () => {
    // Read first, so the public answer is cached: the change must still show at once.
    expect((await t.call('GET', `/api/cars/${carId}`)).json.sellPrice).toBe(458_000_000);
    const listed = await t.call('GET', '/api/cars', { query: { brand: 'Kia' } });
    expect(listed.json.content[0].sellPrice).toBe(458_000_000);
    const json = await t.call('PUT', `/api/cars/admin/${carId}`, {
      token: staff,
      body: carBody({
        carName: 'Kia Seltos 1.4 Turbo Premium',
        brand: 'Kia',
        model: 'Seltos',
        sellPrice: 610_000_000,
      }),
    });
    expect(json.status, json.body).toBe(200);
    expect(json.json.sellPrice).toBe(610_000_000);
    expect((await t.call('GET', `/api/cars/${carId}`)).json.sellPrice).toBe(610_000_000);
    expect((await t.call('GET', '/api/cars', { query: { brand: 'Kia' } })).json.content[0].sellPrice).toBe(
      610_000_000,
    );
    expect(json.json.photos).toHaveLength(3);
    expect(
      (await t.call('GET', '/api/cars', { query: { carName: 'seltos premium' } })).json.totalElements,
    ).toBe(1);
    const multi = await send('PUT', `/api/cars/admin/${carId}`, [
      carPart({
        carName: 'Kia Seltos 1.4 Turbo Premium',
        brand: 'Kia',
        model: 'Seltos',
        sellPrice: 600_000_000,
      }),
      image(await smallJpeg('#ffff00')),
    ]);
    expect(multi.status).toBe(200);
    expect(multi.json.photos).toHaveLength(4);
    photoIds = multi.json.photos.map((p: { photoId: number }) => p.photoId);
    expect((await t.call('PUT', '/api/cars/admin/999999', { token: staff, body: carBody() })).status).toBe(
      404,
    );
    expect(
      (await t.call('PUT', `/api/cars/admin/${carId}`, { token: staff, body: { carName: 'x' } })).status,
    ).toBe(400);
  });

  it('adds photos at the end, up to 20 per car', async () => {
    const res = await send('POST', `/api/cars/admin/${carId}/photos`, [image(await smallJpeg('#00ffff'))]);
    expect(res.status).toBe(201);
    expect(res.json).toHaveLength(5);
    expect(res.json[4].position).toBe(4);
    photoIds = res.json.map((p: { photoId: number }) => p.photoId);
    const jpeg = await smallJpeg('#123456', 64, 48);
    const tooMany = await send(
      'POST',
      `/api/cars/admin/${carId}/photos`,
      Array.from({ length: 16 }, () => image(jpeg)),
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.message).toMatch(/tối đa 20 ảnh/);
    const none = await send('POST', `/api/cars/admin/${carId}/photos`, []);
    expect(none.status).toBe(400);
  });

  it('reorders photos; the first becomes the cover', async () => {
    const order = [...photoIds].reverse();
    const res = await t.call('PUT', `/api/cars/admin/${carId}/photos/order`, {
      token: staff,
      body: { photoIds: order },
    });
    expect(res.status).toBe(200);
    expect(res.json.map((p: { photoId: number }) => p.photoId)).toEqual(order);
    const detail = await t.call('GET', `/api/cars/${carId}`);
    expect(detail.json.cover.src).toBe(res.json[0].src);
    const partial = await t.call('PUT', `/api/cars/admin/${carId}/photos/order`, {
      token: staff,
      body: { photoIds: order.slice(1) },
    });
    expect(partial.status).toBe(400);
    const dup = await t.call('PUT', `/api/cars/admin/${carId}/photos/order`, {
      token: staff,
      body: { photoIds: [order[0], ...order.slice(0, -1)] },
    });
    expect(dup.status).toBe(400);
    photoIds = order;
  });

  it('removes a photo (files too), closing the gap', async () => {
    const files = (await storedFiles()).length;
    const res = await t.call('DELETE', `/api/cars/admin/${carId}/photos/${photoIds[0]}`, { token: staff });
    expect(res.status).toBe(200);
    expect(res.json.map((p: { position: number }) => p.position)).toEqual([0, 1, 2, 3]);
    expect((await storedFiles()).length).toBe(files - 3);
    const detail = await t.call('GET', `/api/cars/${carId}`);
    expect(detail.json.cover.src).toBe(res.json[0].src);
    expect(
      (await t.call('DELETE', `/api/cars/admin/${carId}/photos/${photoIds[0]}`, { token: staff })).status,
    ).toBe(404);
  });

  it('changes status between available and pending; sold only through a sale', async () => {
    const pending = await t.call('PUT', `/api/cars/admin/${carId}/status`, {
      token: staff,
      body: { status: 'pending' },
    });
    expect(pending.status).toBe(200);
    expect(pending.json.status).toBe('pending');
    const label = await t.call('PUT', `/api/cars/admin/${carId}/status`, {
      token: staff,
      body: { status: 'Đang bán' },
    });
    expect(label.json.status).toBe('available');
    const sold = await t.call('PUT', `/api/cars/admin/${carId}/status`, {
      token: staff,
      body: { status: 'sold' },
    });
    expect(sold.status).toBe(400);
    expect(sold.json.message).toMatch(/ghi nhận giao dịch bán/);
    const bad = await t.call('PUT', `/api/cars/admin/${carId}/status`, {
      token: staff,
      body: { status: 'lost' },
    });
    expect(bad.status).toBe(400);
  });

  it('lists for staff with search, status, brand and price filters; default page 1 size 5', async () => {
    const all = await t.call('GET', '/api/cars/admin', { token: staff });
    expect(all.status).toBe(200);
    expect(all.json.page).toBe(1);
    expect(all.json.size).toBe(5);
    expect(all.json.content).toHaveLength(5);
    expect(all.json.totalElements).toBe(5);
    expect(all.json.totalPages).toBe(1);
    expect(
      (await t.call('GET', '/api/cars/admin', { token: staff, query: { size: 2, page: 3 } })).json.content,
    ).toHaveLength(1);
    const seltos = await t.call('GET', '/api/cars/admin', { token: staff, query: { search: 'seltos' } });
    expect(seltos.json.content).toHaveLength(1);
    expect(seltos.json.content[0]).toMatchObject({ carId, photoCount: 4 });
    const byId = await t.call('GET', '/api/cars/admin', { token: staff, query: { search: String(carId) } });
    expect(byId.json.content.map((c: { carId: number }) => c.carId)).toContain(carId);
    const pending = await t.call('GET', '/api/cars/admin', { token: staff, query: { status: 'pending' } });
    expect(pending.json.content.every((c: { status: string }) => c.status === 'pending')).toBe(true);
    expect(pending.json.totalElements).toBe(1);
    const kia = await t.call('GET', '/api/cars/admin', {
      token: staff,
      query: { brand: 'kia', minPrice: 500_000_000, maxPrice: 700_000_000 },
    });
    expect(kia.json.totalElements).toBe(1);
    const bad = await t.call('GET', '/api/cars/admin', { token: staff, query: { minPrice: 5, maxPrice: 1 } });
    expect(bad.status).toBe(400);
    const detail = await t.call('GET', `/api/cars/admin/${carId}`, { token: staff });
    expect(detail.json).toMatchObject({ carId });
  });

  it('deletes a car without sales (photos too); 404 afterwards', async () => {
    const files = (await storedFiles()).length;
    const res = await t.call('DELETE', `/api/cars/admin/${carId}`, { token: staff });
    expect(res.status).toBe(200);
    expect(res.body).toBe('Đã xóa xe');
    expect((await storedFiles()).length).toBe(files - 12);
    expect((await t.call('GET', `/api/cars/${carId}`)).status).toBe(404);
    expect((await t.call('DELETE', `/api/cars/admin/${carId}`, { token: staff })).status).toBe(404);
  });
});

describe('permissions on staff routes', () => {
  const routes: [string, string][] = [
    ['GET', '/api/cars/admin'],
    ['GET', '/api/cars/admin/1'],
    ['POST', '/api/cars/admin/add'],
    ['PUT', '/api/cars/admin/1'],
    ['GET', '/api/cars/admin/1/photos'],
    ['POST', '/api/cars/admin/1/photos'],
    ['PUT', '/api/cars/admin/1/photos/order'],
    ['DELETE', '/api/cars/admin/1/photos/1'],
    ['PUT', '/api/cars/admin/1/status'],
    ['DELETE', '/api/cars/admin/1'],
    ['GET', '/api/soldhistory'],
    ['GET', '/api/soldhistory/1'],
    ['GET', '/api/soldhistory/salespeople'],
    ['POST', '/api/soldhistory'],
    ['PUT', '/api/soldhistory/1/cancel'],
  ];

  it('anonymous callers get 401, staff without MANAGE_CAR 403', async () => {
    for (const [method, url] of routes) {
      const anon = await t.call(method as 'GET', url, {
        body: method === 'GET' || method === 'DELETE' ? undefined : {},
      });
      expect(anon.status, `${method} ${url}`).toBe(401);
      const forbidden = await t.call(method as 'GET', url, {
        token: other,
        body: method === 'GET' || method === 'DELETE' ? undefined : {},
      });
      expect(forbidden.status, `${method} ${url}`).toBe(403);
    }
  });

  it('every car and sales route is declared in the route table with its access', () => {
    // A visitor's price alert on a car (POST /api/cars/{id}/price-watch) is the alerts module's, public;
    // a car's reconditioning (/api/cars/admin/{id}/recon...) is the workshop's too (test/api/recon.test.ts).
    const mine = t.routeTable.filter(
      (r) =>
        /^\/api\/(cars|car-compare|homepage|soldhistory|uploads)/.test(r.url) &&
        !r.url.endsWith('/price-watch') &&
        !r.url.includes('/recon'),
    );
    for (const r of mine) {
      // A car's own records (papers, service history) are changed by staff under /api/cars/{id}/...,
      // and their staff view ends in /staff; visitors only read.
      const staffRoute =
        r.url.startsWith('/api/cars/admin') ||
        r.url.startsWith('/api/soldhistory') ||
        r.url.endsWith('/staff') ||
        (r.method !== 'GET' && r.method !== 'HEAD');
      expect(r.access, `${r.method} ${r.url}`).toBe(staffRoute ? 'MANAGE_CAR' : 'public');
    }
    expect(mine.length).toBeGreaterThanOrEqual(25);
  });

  it('the admin passes every staff route', async () => {
    expect((await t.call('GET', '/api/cars/admin', { token: t.adminToken })).status).toBe(200);
    expect((await t.call('GET', '/api/soldhistory', { token: t.adminToken })).status).toBe(200);
  });
});
