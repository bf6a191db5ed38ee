import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TemplateItem } from '../../src/contract/inspections';
import { auditLog } from '../../src/server/db/schema';
import { startTestApp, type TestApp } from '../helpers/app';
import { carBody, multipart, smallJpeg } from './cars-fixtures';
import { newPurchase, offer } from './purchases-fixtures';
import { openDeposits } from './reservations-fixtures';

/**
 * A car is prepared before it is sold: a new car starts "Chuẩn bị bán", invisible to visitors
 * everywhere, and is listed only through the listing gate (docs/reconditioning.md).
 */

let t: TestApp;
let manager: string;
let workshop: string;
let items: TemplateItem[];

async function addCar(over: Record<string, unknown> = {}) {
  const body = carBody(over);
  if (!('status' in over)) delete (body as { status?: string }).status;
  const res = await t.call('POST', '/api/cars/admin/add', { token: manager, body });
  expect(res.status, res.body).toBe(201);
  return res.json as { carId: number; status: string };
}

async function addPhotos(carId: number, n: number) {
  const parts = [];
  for (let i = 0; i < n; i++)
    parts.push({
      name: 'images',
      filename: `p${i}.jpg`,
      type: 'image/jpeg',
      data: await smallJpeg(`#3${i}6699`),
    });
  const m = multipart(parts);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/cars/admin/${carId}/photos`,
    payload: m.payload,
    headers: { ...m.headers, authorization: `Bearer ${manager}` },
  });
  expect(res.statusCode, res.body).toBe(201);
}

async function inspect(carId: number, attention = false) {
  const results = items
    .filter((i) => !i.retired)
    .map((i, n) => ({ itemId: i.itemId, result: attention && n === 0 ? 'ATTENTION' : 'PASS' }));
  const res = await t.call('PUT', `/api/cars/${carId}/inspection`, {
    token: manager,
    body: { inspectorName: 'Nguyễn Văn Kiểm', inspectedOn: '10/11/2026', odometerKm: 32_000, results },
  });
  expect(res.status, res.body).toBe(200);
}

const list = (carId: number, body: Record<string, unknown> = {}, token = manager) =>
  t.call('PUT', `/api/cars/admin/${carId}/status`, { token, body: { status: 'available', ...body } });

beforeAll(async () => {
  t = await startTestApp();
  manager = (await t.createStaff(['MANAGE_CAR'])).token;
  workshop = (await t.createStaff([])).token;
  items = (await t.call('GET', '/api/inspection-template', { token: manager })).json.items;
});
afterAll(() => t.close());

describe('a new car starts "Chuẩn bị bán"', () => {
  it('is preparing when staff add it without a status, on sale when they list it at once', async () => {
    const prepared = await addCar({ carName: 'Kia Seltos Chuẩn Bị' });
    expect(prepared.status).toBe('preparing');
    const listed = await addCar({ carName: 'Kia Seltos Đăng Ngay', status: 'available' });
    expect(listed.status).toBe('available');
  });

  it('is preparing when bought from the public, and waits on the board in "Nhận xe"', async () => {
    const both = await t.createStaff(['MANAGE_CAR', 'MANAGE_SERVICE']);
    const id = await newPurchase(t, both.token, {}, 1);
    expect((await offer(t, both.token, id, { amount: 400_000_000 })).status).toBe(200);
    const body = carBody({ carName: 'Toyota Vios Thu Mua' });
    delete (body as { status?: string }).status;
    const form = multipart([{ name: 'car', value: JSON.stringify(body) }]);
    const bought = await t.call('POST', `/api/purchases/admin/${id}/buy`, {
      token: both.token,
      body: form.payload,
      headers: form.headers,
    });
    expect(bought.status, bought.body).toBe(201);
    const carId = bought.json.carId as number;
    expect((await t.call('GET', `/api/cars/admin/${carId}`, { token: manager })).json.status).toBe(
      'preparing',
    );
    expect((await t.call('GET', `/api/cars/${carId}`)).status).toBe(404);
    const board = await t.call('GET', '/api/recon/board', { token: workshop });
    expect(board.json.cards.find((c: { carId: number }) => c.carId === carId)).toMatchObject({
      stage: 'RECEIVED',
      carName: 'Toyota Vios Thu Mua',
    });
  });

  it('is invisible to visitors everywhere and seen by staff with its badge', async () => {
    const hidden = await addCar({ carName: 'Hyundai Tucson Ẩn Danh', brand: 'Hyundai', model: 'Tucson' });
    const shown = await addCar({
      carName: 'Hyundai Accent Hiện',
      brand: 'Hyundai',
      model: 'Accent',
      status: 'available',
    });
    const id = hidden.carId;
    expect((await t.call('GET', `/api/cars/${id}`)).status).toBe(404);
    expect((await t.call('GET', `/api/cars/${id}/price-history`)).status).toBe(404);
    expect((await t.call('GET', `/api/cars/${id}/similar`)).status).toBe(404);
    expect((await t.call('GET', `/api/cars/${id}/history`)).status).toBe(404);
    await inspect(id);
    expect((await t.call('GET', `/api/cars/${id}/inspection`)).status).toBe(404);
    const staffReport = await t.call('GET', `/api/cars/${id}/inspection`, {
      token: manager,
      query: { staff: 'true' },
    });
    expect(staffReport.status).toBe(200);
    const page = await t.call('GET', '/api/cars', { query: { pageSize: 60 } });
    const ids = page.json.content.map((c: { carId: number }) => c.carId);
    expect(ids).toContain(shown.carId);
    expect(ids).not.toContain(id);
    const similar = await t.call('GET', `/api/cars/${shown.carId}/similar`);
    expect(similar.json.map((c: { carId: number }) => c.carId)).not.toContain(id);
    const compare = await t.call('GET', '/api/car-compare/compare', {
      query: { carIds: `${shown.carId},${id}` },
    });
    expect(compare.status).toBe(404);
    for (const kind of ['newest', 'cheapest', 'most-expensive']) {
      const home = await t.call('GET', `/api/homepage/${kind}`);
      expect(home.status).toBe(200);
      expect(home.json.map((c: { carId: number }) => c.carId)).not.toContain(id);
    }
    const brands = await t.call('GET', '/api/car-compare/brands');
    expect(JSON.stringify(brands.json)).not.toContain('Tucson');
    const sitemap = await t.call('GET', '/sitemap.xml');
    expect(sitemap.body).not.toContain(`/cars/${id}`);
    expect(sitemap.body).toContain(`/cars/${shown.carId}`);
    const favourites = await t.call('GET', '/api/favorites/cars', { query: { ids: `${id},${shown.carId}` } });
    expect(favourites.json.map((c: { carId: number }) => c.carId)).toEqual([shown.carId]);
    // The advisor never offers it, by name or by id.
    for (const content of ['Có xe Hyundai Tucson không?', `Cho tôi xem xe mã ${id}`]) {
      const chat = await t.call('POST', '/api/chatbot/history', { body: [{ role: 'user', content }] });
      expect(chat.status, chat.body).toBe(200);
      expect(chat.body).not.toContain('Ẩn Danh');
    }
    // Staff see it, labelled.
    const staffList = await t.call('GET', '/api/cars/admin', {
      token: manager,
      query: { status: 'preparing', size: 50 },
    });
    const row = staffList.json.content.find((c: { carId: number }) => c.carId === id);
    expect(row.status).toBe('preparing');
    expect((await t.call('GET', `/api/cars/admin/${id}`, { token: manager })).json.status).toBe('preparing');
    // A visitor cannot hold it with a deposit either.
    await openDeposits(t);
    const hold = await t.call('POST', '/api/reservations', {
      body: { carId: id, fullName: 'Lê Khách', phone: '0912345678', email: 'khach@example.com' },
    });
    expect(hold.status, hold.body).toBe(404);
    expect(hold.json.message).toBe('Không tìm thấy xe');
  });
});

describe('the listing gate: PUT /api/cars/admin/{carId}/status to available', () => {
  it('names everything missing in one Vietnamese 409 and lists nothing', async () => {
    const { carId } = await addCar({ carName: 'Toyota Innova Thiếu Đủ Thứ' });
    const res = await list(carId);
    expect(res.status).toBe(409);
    expect(res.json.message).toContain('chưa có báo cáo kiểm định');
    expect(res.json.message).toContain('mới có 0/6 ảnh');
    expect((await t.call('GET', `/api/cars/${carId}`)).status).toBe(404);
  });

  it('asks for the configured number of photos', async () => {
    const { carId } = await addCar({ carName: 'Toyota Innova Ít Ảnh' });
    await inspect(carId);
    await addPhotos(carId, 5);
    const res = await list(carId);
    expect(res.status).toBe(409);
    expect(res.json.message).toContain('mới có 5/6 ảnh');
    expect(res.json.message).not.toContain('kiểm định');
    // A showroom that asks for fewer photos lets it through.
    const settings = (await t.call('GET', '/api/recon/settings', { token: manager })).json;
    const saved = await t.call('PUT', '/api/recon/settings', {
      token: manager,
      body: { ...settings, minListingPhotos: 5 },
    });
    expect(saved.status, saved.body).toBe(200);
    expect((await list(carId)).status).toBe(200);
    await t.call('PUT', '/api/recon/settings', {
      token: manager,
      body: { ...settings, minListingPhotos: 6 },
    });
  });

  it('refuses while an approved work item is not done, lists once it is', async () => {
    const { carId } = await addCar({ carName: 'Mazda 3 Còn Việc' });
    await inspect(carId);
    await addPhotos(carId, 6);
    const item = await t.call('POST', `/api/cars/admin/${carId}/recon/items`, {
      token: workshop,
      body: { title: 'Thay má phanh trước', group: 'gầm', estimate: { parts: 1_200_000, labour: 300_000 } },
    });
    expect(item.status, item.body).toBe(201);
    // Awaiting approval does not block: nobody has committed to it yet.
    const approve = await t.call('PUT', `/api/recon/items/${item.json.itemId}`, {
      token: manager,
      body: { status: 'APPROVED' },
    });
    expect(approve.status, approve.body).toBe(200);
    const refused = await list(carId);
    expect(refused.status).toBe(409);
    expect(refused.json.message).toContain('còn 1 hạng mục sửa chữa đã duyệt chưa hoàn thành');
    await t.call('PUT', `/api/recon/items/${item.json.itemId}`, {
      token: workshop,
      body: { status: 'DONE', actualCost: 1_450_000 },
    });
    const listed = await list(carId);
    expect(listed.status, listed.body).toBe(200);
    expect(listed.json.status).toBe('available');
    expect((await t.call('GET', `/api/cars/${carId}`)).status).toBe(200);
  });

  it('lets a manager list anyway with a stated reason, written to the audit log', async () => {
    const { carId } = await addCar({ carName: 'Honda CR-V Đăng Gấp' });
    const forced = await list(carId, { overrideReason: 'Khách quen đặt trước, kiểm định bổ sung sau' });
    expect(forced.status, forced.body).toBe(200);
    expect(forced.json.status).toBe('available');
    const rows = (await t.ctx.db.select().from(auditLog)).filter(
      (r) => r.entity === 'car' && r.entityId === String(carId) && r.action === 'set-status',
    );
    expect(rows.at(-1)?.after).toMatchObject({
      status: 'available',
      overrideReason: 'Khách quen đặt trước, kiểm định bổ sung sau',
    });
    expect(JSON.stringify(rows.at(-1)?.after)).toContain('chưa có báo cáo kiểm định');
  });

  it('cannot be dodged through the edit form or by going to "Đang giao dịch"', async () => {
    const { carId } = await addCar({ carName: 'Ford Everest Lách Luật' });
    const edit = await t.call('PUT', `/api/cars/admin/${carId}`, {
      token: manager,
      body: carBody({ carName: 'Ford Everest Lách Luật', status: 'available' }),
    });
    expect(edit.status).toBe(409);
    expect((await list(carId, { status: 'pending' })).status).toBe(409);
    expect((await t.call('GET', `/api/cars/admin/${carId}`, { token: manager })).json.status).toBe(
      'preparing',
    );
  });

  it('does not stand between a listed car and its return from a deal', async () => {
    const { carId } = await addCar({ carName: 'VinFast VF8 Đã Bán Trước', status: 'pending' });
    expect((await list(carId)).status).toBe(200);
  });

  it('is staff only: 401 signed out, 403 without MANAGE_CAR', async () => {
    const { carId } = await addCar({ carName: 'Kia Carnival Quyền' });
    expect(
      (await t.call('PUT', `/api/cars/admin/${carId}/status`, { body: { status: 'available' } })).status,
    ).toBe(401);
    expect((await list(carId, {}, workshop)).status).toBe(403);
    expect((await list(carId, { overrideReason: 'Tôi muốn' }, workshop)).status).toBe(403);
  });
});
