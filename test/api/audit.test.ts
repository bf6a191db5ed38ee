import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, STAFF_PASSWORD, startTestApp, type TestApp } from '../helpers/app';
import { auditSince, callFrom, codeOf, lastAuditId, userRow, waitForMail } from './foundation-helpers';

let t: TestApp;
let adminId: number;
beforeAll(async () => {
  t = await startTestApp();
  adminId = (await userRow(t, 'admin')).id;
});
afterAll(() => t.close());

/** Runs a call and answers the audit rows it wrote. */
async function audited(run: () => Promise<{ status: number }>) {
  const before = await lastAuditId(t);
  const res = await run();
  expect(res.status).toBeLessThan(300);
  return auditSince(t, before);
}

const NEW_USER_PASSWORD = 'Matkhau123';

describe('audit log', () => {
  it('records user creation with who, what and after, without the password or its hash', async () => {
    const rows = await audited(() =>
      t.call('POST', '/api/users/addUser', {
        token: t.adminToken,
        body: {
          fullName: 'Kiểm Toán',
          email: 'kt@example.com',
          permissions: ['MANAGE_CAR'],
        },
      }),
    );
    // The account, then the invitation mailed to its owner (no password is set by anyone else).
    expect(rows.map((r) => r.action)).toEqual(['create', 'invite']);
    const [row] = rows;
    expect(rows[1]).toMatchObject({ entity: 'user', entityId: row.entityId, userId: adminId });
    expect(row).toMatchObject({
      userId: adminId,
      username: 'admin',
      action: 'create',
      entity: 'user',
      ip: '127.0.0.1',
    });
    expect(row.after).toMatchObject({
      fullName: 'Kiểm Toán',
      username: 'toank',
      permissions: ['MANAGE_CAR'],
    });
    expect(row.entityId).toBe(String((row.after as { id: number }).id));
    expect(row.createdAt).toBeInstanceOf(Date);
  });

  it('records edits with before and after', async () => {
    const staff = await t.createStaff();
    const rows = await audited(() =>
      t.call('PUT', `/api/users/${staff.id}`, {
        token: t.adminToken,
        body: {
          fullName: 'Tên Mới',
          email: 'moi@example.com',
          phone: '0912345678',
          role: 'STAFF',
        },
      }),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'update',
      entity: 'user',
      entityId: String(staff.id),
      userId: adminId,
    });
    expect(rows[0].before).toMatchObject({ fullName: expect.stringMatching(/^Nhân Viên Thử/), phone: null });
    expect(rows[0].after).toEqual({
      fullName: 'Tên Mới',
      email: 'moi@example.com',
      phone: '0912345678',
      role: 'STAFF',
    });
  });

  it('records deactivation, activation and permission changes', async () => {
    const staff = await t.createStaff(['MANAGE_BLOG']);
    const off = await audited(() => t.call('DELETE', `/api/users/${staff.id}`, { token: t.adminToken }));
    expect(off).toMatchObject([{ action: 'deactivate', before: { active: true }, after: { active: false } }]);
    const on = await audited(() => t.call('PUT', `/api/users/activate/${staff.id}`, { token: t.adminToken }));
    expect(on).toMatchObject([{ action: 'activate', before: { active: false }, after: { active: true } }]);
    const perms = await audited(() =>
      t.call('PUT', `/api/permissions/${staff.id}`, {
        token: t.adminToken,
        body: ['WEB_CONFIG', 'MANAGE_CAR'],
      }),
    );
    expect(perms).toMatchObject([
      {
        action: 'set-permissions',
        entityId: String(staff.id),
        before: { permissions: ['MANAGE_BLOG'] },
        after: { permissions: ['MANAGE_CAR', 'WEB_CONFIG'] },
      },
    ]);
  });

  it('records the settings fields that changed', async () => {
    const rows = await audited(() =>
      t.call('PUT', '/api/web-configuration', {
        token: t.adminToken,
        body: { showroomName: 'Tên Kiểm Toán', openingHours: '8:00 - 18:00, Thứ Hai - Chủ Nhật' },
      }),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'update',
      entity: 'web_configuration',
      entityId: '1',
      userId: adminId,
    });
    expect(rows[0].before).toEqual({ showroomName: 'AutoViet' });
    expect(rows[0].after).toEqual({ showroomName: 'Tên Kiểm Toán' });
  });

  it('records sign-in, sign-out, password and contact changes', async () => {
    const staff = await t.createStaff();
    const login = await audited(() =>
      t.call('POST', '/api/auth/login', { body: { username: staff.username, password: STAFF_PASSWORD } }),
    );
    expect(login).toMatchObject([
      { action: 'login', entity: 'session', userId: staff.id, username: staff.username },
    ]);
    const info = await audited(() =>
      t.call('PUT', '/api/auth/change-info', {
        token: staff.token,
        query: { email: 'lienhe@example.com', phone: '0987654321', currentPassword: STAFF_PASSWORD },
      }),
    );
    expect(info).toMatchObject([
      {
        action: 'change-info',
        userId: staff.id,
        before: { email: expect.stringMatching(/@example\.com$/), phone: null },
        after: { email: 'lienhe@example.com', phone: '0987654321' },
      },
    ]);
    const password = await audited(() =>
      t.call('PUT', '/api/auth/change-password', {
        token: staff.token,
        query: { oldPassword: STAFF_PASSWORD, newPassword: 'Khac2024Moi' },
      }),
    );
    expect(password).toMatchObject([
      { action: 'change-password', entity: 'user', entityId: String(staff.id) },
    ]);
    const logout = await audited(() => t.call('POST', '/api/auth/logout', { token: staff.token }));
    expect(logout).toMatchObject([{ action: 'logout', entity: 'session', userId: staff.id }]);
  });

  it('records a reset by e-mailed code against the account it reset', async () => {
    const staff = await t.createStaff();
    const before = t.outbox().length;
    const request = await audited(() =>
      callFrom(t, '10.8.0.1', 'POST', '/api/auth/reset-password', { query: { username: staff.username } }),
    );
    expect(request).toMatchObject([
      { action: 'reset-request', entityId: String(staff.id), userId: null, ip: '10.8.0.1' },
    ]);
    const code = codeOf(await waitForMail(t, before));
    const confirm = await audited(() =>
      callFrom(t, '10.8.0.1', 'POST', '/api/auth/reset-password/confirm', {
        query: { username: staff.username, token: code, newPassword: 'Datlai2026' },
      }),
    );
    expect(confirm).toMatchObject([
      { action: 'reset-password', userId: staff.id, entityId: String(staff.id), ip: '10.8.0.1' },
    ]);
    expect(JSON.stringify(confirm)).not.toContain(code);
  });

  it('writes nothing for a refused change', async () => {
    const before = await lastAuditId(t);
    expect(
      (await t.call('PUT', '/api/web-configuration', { token: t.adminToken, body: { facebookUrl: 'x' } }))
        .status,
    ).toBe(400);
    expect((await t.call('DELETE', `/api/users/${adminId}`, { token: t.adminToken })).status).toBe(400);
    expect(
      (await t.call('POST', '/api/users/addUser', { token: t.adminToken, body: { fullName: 'A' } })).status,
    ).toBe(400);
    expect(await auditSince(t, before)).toEqual([]);
  });

  it('never holds a password, a password hash or a token', async () => {
    const dump = JSON.stringify(await t.database.db.execute(sql`select * from audit_log`));
    expect(dump).not.toMatch(/\$argon2/);
    for (const secret of [
      ADMIN_PASSWORD,
      STAFF_PASSWORD,
      NEW_USER_PASSWORD,
      'Doimoi2024',
      'Khac2024Moi',
      'matkhaumoi',
      t.adminToken,
    ]) {
      expect(dump).not.toContain(secret);
    }
    expect(dump).not.toMatch(/passwordHash|password_hash/);
  });
});
