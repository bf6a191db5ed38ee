import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_LABELS, PERMISSIONS } from '../../src/contract/permissions';
import { startTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('GET /api/permissions/all', () => {
  it('lists the seven permissions with their Vietnamese labels', async () => {
    const res = await t.call('GET', '/api/permissions/all', { token: t.adminToken });
    expect(res.status).toBe(200);
    expect(res.json).toHaveLength(7);
    expect(res.json).toEqual(PERMISSIONS.map((name) => ({ name, label: PERMISSION_LABELS[name] })));
    expect(res.json).toContainEqual({ name: 'MANAGE_USER', label: 'Quản lý tài khoản' });
    expect(res.json).toContainEqual({ name: 'WEB_CONFIG', label: 'Cấu hình hệ thống' });
  });

  it('answers 401 anonymously and 403 without MANAGE_USER', async () => {
    expect((await t.call('GET', '/api/permissions/all')).status).toBe(401);
    const staff = await t.createStaff(['MANAGE_RECRUITMENT']);
    const res = await t.call('GET', '/api/permissions/all', { token: staff.token });
    expect(res.status).toBe(403);
    expect(res.json.message).toBe('Bạn không có quyền thực hiện thao tác này');
  });
});

describe('GET and PUT /api/permissions/{userId}', () => {
  it('reads and replaces a user’s permissions, which take effect on the next call', async () => {
    const staff = await t.createStaff(['MANAGE_BLOG']);
    const read = await t.call('GET', `/api/permissions/${staff.id}`, { token: t.adminToken });
    expect(read.status).toBe(200);
    expect(read.json).toEqual(['MANAGE_BLOG']);
    expect(
      (await t.call('PUT', '/api/web-configuration', { token: staff.token, body: { openingHours: 'x' } }))
        .status,
    ).toBe(403);

    const put = await t.call('PUT', `/api/permissions/${staff.id}`, {
      token: t.adminToken,
      body: ['WEB_CONFIG', 'MANAGE_CAR', 'WEB_CONFIG'],
    });
    expect(put.status).toBe(200);
    expect(put.json).toEqual(['MANAGE_CAR', 'WEB_CONFIG']);
    expect((await t.call('GET', `/api/permissions/${staff.id}`, { token: t.adminToken })).json).toEqual([
      'MANAGE_CAR',
      'WEB_CONFIG',
    ]);
    // The same token now carries the new permissions: no need to sign in again.
    expect((await t.call('GET', '/api/auth/my-info', { token: staff.token })).json.permissions).toEqual([
      'MANAGE_CAR',
      'WEB_CONFIG',
    ]);
    expect(
      (
        await t.call('PUT', '/api/web-configuration', {
          token: staff.token,
          body: { openingHours: '8:00 - 17:00' },
        })
      ).status,
    ).toBe(200);

    const cleared = await t.call('PUT', `/api/permissions/${staff.id}`, { token: t.adminToken, body: [] });
    expect(cleared.status).toBe(200);
    expect(cleared.json).toEqual([]);
    expect(
      (await t.call('PUT', '/api/web-configuration', { token: staff.token, body: { openingHours: 'y' } }))
        .status,
    ).toBe(403);
  });

  it('refuses an unknown permission name or a body that is not a list with 400', async () => {
    const staff = await t.createStaff(['MANAGE_BLOG']);
    for (const [body, message] of [
      [['MANAGE_EVERYTHING'], 'Quyền không hợp lệ'],
      [['manage_blog'], 'Quyền không hợp lệ'],
      [[42], 'Quyền không hợp lệ'],
      [{ permissions: ['MANAGE_BLOG'] }, 'Danh sách quyền không hợp lệ'],
      ['"MANAGE_BLOG"', 'Danh sách quyền không hợp lệ'],
    ] as const) {
      const res = await t.call('PUT', `/api/permissions/${staff.id}`, {
        token: t.adminToken,
        body: typeof body === 'string' ? body : JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.message, JSON.stringify(body)).toBe(message);
    }
    const plain = await t.call('PUT', `/api/permissions/${staff.id}`, {
      token: t.adminToken,
      body: 'MANAGE_BLOG',
    });
    expect(plain.status).toBe(415);
    expect(plain.json.message).toBe('Định dạng dữ liệu gửi lên không được hỗ trợ');
    // Nothing changed.
    expect((await t.call('GET', `/api/permissions/${staff.id}`, { token: t.adminToken })).json).toEqual([
      'MANAGE_BLOG',
    ]);
  });

  it('answers 404 for an unknown user and 400 for a bad id', async () => {
    const get = await t.call('GET', '/api/permissions/999999', { token: t.adminToken });
    expect(get.status).toBe(404);
    expect(get.json.message).toBe('Không tìm thấy tài khoản');
    const put = await t.call('PUT', '/api/permissions/999999', { token: t.adminToken, body: [] });
    expect(put.status).toBe(404);
    expect((await t.call('GET', '/api/permissions/abc', { token: t.adminToken })).status).toBe(400);
  });

  it('answers 401 anonymously, 403 without MANAGE_USER, and 401 with a revoked token', async () => {
    const staff = await t.createStaff(['WEB_CONFIG']);
    expect((await t.call('GET', `/api/permissions/${staff.id}`)).status).toBe(401);
    expect((await t.call('PUT', `/api/permissions/${staff.id}`, { body: [] })).status).toBe(401);
    expect((await t.call('GET', `/api/permissions/${staff.id}`, { token: staff.token })).status).toBe(403);
    expect(
      (await t.call('PUT', `/api/permissions/${staff.id}`, { token: staff.token, body: ['WEB_CONFIG'] }))
        .status,
    ).toBe(403);
    const manager = await t.createStaff(['MANAGE_USER']);
    expect((await t.call('POST', '/api/auth/logout', { token: manager.token })).status).toBe(200);
    expect((await t.call('GET', `/api/permissions/${staff.id}`, { token: manager.token })).status).toBe(401);
  });

  it('an ADMIN holds every permission without any being granted', async () => {
    const admin = await t.createStaff([], 'ADMIN');
    expect((await t.call('GET', `/api/permissions/${admin.id}`, { token: t.adminToken })).json).toEqual([]);
    expect((await t.call('GET', '/api/users', { token: admin.token })).status).toBe(200);
    expect(
      (await t.call('PUT', '/api/web-configuration', { token: admin.token, body: { openingHours: 'z' } }))
        .status,
    ).toBe(200);
  });
});
