import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditChanges } from '../../src/contract/audit';
import { vnDayKey } from '../../src/contract/format';
import { auditLog } from '../../src/server/db/schema';
import { startTestApp, type TestApp } from '../helpers/app';
import { carBody } from './cars-fixtures';

/** GET /api/audit: who did what, when, to which object, what changed; filters and paging. */

let t: TestApp;
let configurer: { id: number; username: string; token: string };
let carStaff: { id: number; username: string; token: string };
let carId: number;

beforeAll(async () => {
  t = await startTestApp();
  configurer = await t.createStaff(['WEB_CONFIG']);
  carStaff = await t.createStaff(['MANAGE_CAR']);
  const created = await t.call('POST', '/api/cars/admin/add', { token: carStaff.token, body: carBody() });
  carId = created.json.carId;
  const updated = await t.call('PUT', `/api/cars/admin/${carId}`, {
    token: carStaff.token,
    body: carBody({ sellPrice: 440_000_000, carName: 'Toyota Vios 1.5G CVT (giảm giá)' }),
  });
  expect(updated.status, updated.body).toBe(200);
  const status = await t.call('PUT', `/api/cars/admin/${carId}/status`, {
    token: carStaff.token,
    body: { status: 'pending' },
  });
  expect(status.status, status.body).toBe(200);
  // An entry of another day, for the date filter.
  await t.ctx.db.insert(auditLog).values({
    userId: carStaff.id,
    username: carStaff.username,
    action: 'delete',
    entity: 'car',
    entityId: '999',
    before: { carName: 'Xe cũ', sellPrice: 100_000_000 },
    createdAt: new Date('2024-01-31T23:30:00+07:00'),
  });
});
afterAll(() => t.close());

const list = (query: Record<string, string | number> = {}, token = configurer.token) =>
  t.call('GET', '/api/audit', { token, query });

describe('the audit log list', () => {
  it('lists entries newest first with who, what, when, the object and the changed fields', async () => {
    const res = await list({ entity: 'car', userId: carStaff.id });
    expect(res.status, res.body).toBe(200);
    expect(res.json).toMatchObject({ totalElements: 4, totalPages: 1, page: 1, size: 20 });
    const [status, update, create, old] = res.json.content;
    // Status keys read as their labels.
    expect(status).toMatchObject({ action: 'set-status', actionLabel: 'Đổi trạng thái' });
    expect(status.changes).toEqual([
      { field: 'status', label: 'Trạng thái', before: 'Đang bán', after: 'Đang giao dịch' },
    ]);
    expect(update).toMatchObject({
      userId: carStaff.id,
      username: carStaff.username,
      fullName: expect.stringMatching(/^Nhân Viên Thử/),
      action: 'update',
      actionLabel: 'Cập nhật',
      entity: 'car',
      entityLabel: 'Xe',
      entityId: String(carId),
      ip: '127.0.0.1',
    });
    expect(new Date(update.createdAt).getTime()).toBeGreaterThan(Date.now() - 120_000);
    // Only what changed, bookkeeping left out.
    expect(update.changes).toEqual(
      expect.arrayContaining([
        { field: 'sellPrice', label: 'Giá bán', before: 458_000_000, after: 440_000_000 },
        {
          field: 'carName',
          label: 'Tên xe',
          before: 'Toyota Vios 1.5G CVT',
          after: 'Toyota Vios 1.5G CVT (giảm giá)',
        },
      ]),
    );
    expect(update.changes.map((c: { field: string }) => c.field)).not.toContain('updatedAt');
    expect(update.changes.map((c: { field: string }) => c.field)).not.toContain('brand');
    expect(create.changes.map((c: { field: string }) => c.field)).not.toContain('id');
    expect(create).toMatchObject({ action: 'create', actionLabel: 'Tạo mới' });
    expect(create.changes).toEqual(
      expect.arrayContaining([{ field: 'brand', label: 'Hãng', before: null, after: 'Toyota' }]),
    );
    expect(old).toMatchObject({ action: 'delete', actionLabel: 'Xóa', entityId: '999' });
    expect(old.changes).toEqual([
      { field: 'carName', label: 'Tên xe', before: 'Xe cũ', after: null },
      { field: 'sellPrice', label: 'Giá bán', before: 100_000_000, after: null },
    ]);
  });

  it('filters by action and by Vietnamese days, and pages', async () => {
    const updates = await list({ action: 'update', entity: 'car' });
    expect(updates.json.content.every((e: { action: string }) => e.action === 'update')).toBe(true);
    expect(updates.json.totalElements).toBe(1);

    // 23:30 on 31/01/2024 in Vietnam is still that day.
    const jan31 = await list({ from: '31/01/2024', to: '31/01/2024' });
    expect(jan31.json.content.map((e: { entityId: string }) => e.entityId)).toEqual(['999']);
    expect((await list({ from: '01/02/2024', to: '01/02/2024' })).json.totalElements).toBe(0);
    const today = vnDayKey(new Date());
    const todays = await list({ from: today, to: today });
    expect(todays.json.totalElements).toBeGreaterThanOrEqual(5);

    const all = await list({ size: 2 });
    expect(all.json.content).toHaveLength(2);
    const page2 = await list({ size: 2, page: 2 });
    expect(page2.json.page).toBe(2);
    expect(page2.json.content[0].auditId).toBeLessThan(all.json.content[1].auditId);
  });

  it('offers the actions, objects and people found in the log', async () => {
    const res = await t.call('GET', '/api/audit/options', { token: configurer.token });
    expect(res.status).toBe(200);
    expect(res.json.actions).toEqual(expect.arrayContaining([{ value: 'update', label: 'Cập nhật' }]));
    expect(res.json.entities).toEqual(expect.arrayContaining([{ value: 'car', label: 'Xe' }]));
    expect(res.json.users).toEqual(
      expect.arrayContaining([
        { userId: carStaff.id, username: carStaff.username, fullName: expect.any(String) },
      ]),
    );
  });

  it('refuses bad filters in Vietnamese', async () => {
    const bad = await list({ from: '30/02/2024' });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe('Từ ngày không hợp lệ (dd/mm/yyyy)');
    expect((await list({ entity: 'car; drop table' })).json.message).toBe('Đối tượng không hợp lệ');
    expect((await list({ userId: 'abc' })).status).toBe(400);
    expect((await list({ size: 1000 })).status).toBe(400);
  });

  it('is for WEB_CONFIG holders and admins only', async () => {
    for (const url of ['/api/audit', '/api/audit/options']) {
      expect((await t.call('GET', url)).status).toBe(401);
      expect((await t.call('GET', url, { token: carStaff.token })).status).toBe(403);
      expect((await t.call('GET', url, { token: configurer.token })).status).toBe(200);
      expect((await t.call('GET', url, { token: t.adminToken })).status).toBe(200);
    }
  });
});

describe('auditChanges', () => {
  it('diffs objects, lists a creation or a deletion, and compares plain values', () => {
    expect(
      auditChanges({ id: 1, a: 1, b: [1, 2], updatedAt: 'x' }, { id: 1, a: 1, b: [1, 3], updatedAt: 'y' }),
    ).toEqual([{ field: 'b', label: 'b', before: [1, 2], after: [1, 3] }]);
    expect(auditChanges(null, { status: 'OPEN', empty: null })).toEqual([
      { field: 'status', label: 'Trạng thái', before: null, after: 'OPEN' },
    ]);
    expect(auditChanges('a', 'b')).toEqual([{ field: '', label: '', before: 'a', after: 'b' }]);
    expect(auditChanges(null, null)).toEqual([]);
  });
});
