import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Permission } from '../../src/contract/permissions';
import { OTHERS_PASSWORD_REFUSED } from '../../src/contract/users';
import {
  ADMIN_ONLY,
  GRANT_OWN_ONLY,
  OWN_EMAIL_IN_PROFILE,
  SUBSET_ONLY,
} from '../../src/server/modules/users/service';
import { ADMIN_PASSWORD, STAFF_PASSWORD, startTestApp, type TestApp } from '../helpers/app';
import { codeOf } from '../helpers/mail';
import { userRow } from './foundation-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const body = (fullName: string, email: string) => ({ fullName, email, role: 'STAFF' });

describe('a MANAGE_USER holder cannot take over a colleague holding more', () => {
  it('the reported path: setting the colleague’s password, then signing in as them', async () => {
    const manager = await t.createStaff(['MANAGE_USER', 'MANAGE_RECRUITMENT']);
    const colleague = await t.createStaff(['MANAGE_CAR', 'MANAGE_SERVICE']);
    const put = await t.call('PUT', `/api/users/${colleague.id}`, {
      token: manager.token,
      body: { ...body('Đồng Nghiệp', 'dong@example.com'), password: 'Chiemquyen1' },
    });
    expect(put.status).toBe(400);
    expect(put.json.message).toBe(OTHERS_PASSWORD_REFUSED);
    const plain = await t.call('PUT', `/api/users/${colleague.id}`, {
      token: manager.token,
      body: body('Đồng Nghiệp', 'attacker@example.com'),
    });
    expect(plain.status).toBe(403);
    expect(plain.json.message).toBe(SUBSET_ONLY);
    const login = await t.call('POST', '/api/auth/login', {
      body: { username: colleague.username, password: 'Chiemquyen1' },
    });
    expect(login.status).toBe(401);
    const row = await userRow(t, colleague.username);
    expect(row.email).not.toBe('attacker@example.com');
  });

  it('view, edit, activate, deactivate, reset and permissions only for accounts within my permissions', async () => {
    const manager = await t.createStaff(['MANAGE_USER', 'MANAGE_BLOG']);
    const above = await t.createStaff(['MANAGE_BLOG', 'WEB_CONFIG']);
    const within = await t.createStaff(['MANAGE_BLOG']);
    const emails = new Map<number, string>();
    for (const u of [above, within]) emails.set(u.id, (await userRow(t, u.username)).email!);
    // The e-mail stays: only an admin changes another person's (test/api/users-takeover.test.ts).
    const calls = (id: number): [string, string, unknown?][] => [
      ['GET', `/api/users/${id}`],
      ['GET', `/api/permissions/${id}`],
      ['PUT', `/api/users/${id}`, body('Tên Mới', emails.get(id)!)],
      ['PUT', `/api/permissions/${id}`, ['MANAGE_BLOG']],
      ['DELETE', `/api/users/${id}`],
      ['PUT', `/api/users/activate/${id}`],
      ['POST', `/api/users/${id}/reset-password`],
    ];
    for (const [method, url, b] of calls(above.id)) {
      const res = await t.call(method as never, url, { token: manager.token, body: b });
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(res.json.message).toBe(SUBSET_ONLY);
    }
    expect((await t.call('GET', '/api/auth/my-info', { token: above.token })).status).toBe(200);
    for (const [method, url, b] of calls(within.id)) {
      const res = await t.call(method as never, url, { token: manager.token, body: b });
      expect(res.status, `${method} ${url}`).toBe(200);
    }
    // The admin may do everything, to anyone.
    for (const [method, url, b] of calls(above.id)) {
      const res = await t.call(method as never, url, { token: t.adminToken, body: b });
      expect(res.status, `${method} ${url}`).toBe(200);
    }
  });

  it('lists only the accounts I may manage', async () => {
    const manager = await t.createStaff(['MANAGE_USER', 'MANAGE_CAR']);
    const above = await t.createStaff(['MANAGE_CAR', 'MANAGE_SERVICE']);
    const within = await t.createStaff(['MANAGE_CAR']);
    const ids = async (token: string) =>
      (await t.call('GET', '/api/users', { token, query: { size: 100 } })).json.content.map(
        (u: { userId: number }) => u.userId,
      );
    const mine = await ids(manager.token);
    expect(mine).toContain(within.id);
    expect(mine).toContain(manager.id);
    expect(mine).not.toContain(above.id);
    expect(mine).not.toContain((await userRow(t, 'admin')).id);
    expect(await ids(t.adminToken)).toEqual(expect.arrayContaining([above.id, within.id, manager.id]));
  });

  it('grants only what I hold, never the ADMIN role', async () => {
    const manager = await t.createStaff(['MANAGE_USER', 'MANAGE_BLOG']);
    const add = (permissions: Permission[], role = 'STAFF') =>
      t.call('POST', '/api/users/addUser', {
        token: manager.token,
        body: { fullName: 'Người Mới', email: 'moi@example.com', role, permissions },
      });
    const admin = await add([], 'ADMIN');
    expect(admin.status).toBe(403);
    expect(admin.json.message).toBe(ADMIN_ONLY);
    const more = await add(['WEB_CONFIG']);
    expect(more.status).toBe(403);
    expect(more.json.message).toBe(GRANT_OWN_ONLY);
    expect((await add(['MANAGE_BLOG'])).status).toBe(201);
    const self = await t.call('PUT', `/api/permissions/${manager.id}`, {
      token: manager.token,
      body: ['MANAGE_USER', 'MANAGE_BLOG', 'WEB_CONFIG'],
    });
    expect(self.status).toBe(403);
    const promote = await t.call('PUT', `/api/users/${manager.id}`, {
      token: manager.token,
      body: { fullName: 'Tự Thăng', email: (await userRow(t, manager.username)).email, role: 'ADMIN' },
    });
    expect(promote.status).toBe(403);
    expect((await t.login('admin', ADMIN_PASSWORD)).length).toBeGreaterThan(20);
  });
});

describe('a reset by a manager', () => {
  it('mails the owner a code and changes nothing until the owner uses it', async () => {
    const manager = await t.createStaff(['MANAGE_USER', 'MANAGE_SERVICE']);
    const staff = await t.createStaff(['MANAGE_SERVICE']);
    const res = await t.call('POST', `/api/users/${staff.id}/reset-password`, { token: manager.token });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toMatch(/^Đã gửi email đặt lại mật khẩu đến s\*\*\*@example\.com$/);
    // The password and the sessions are untouched.
    expect((await t.call('GET', '/api/auth/my-info', { token: staff.token })).status).toBe(200);
    expect((await t.login(staff.username, STAFF_PASSWORD)).length).toBeGreaterThan(20);
    const mail = await t.mailContaining(`(tên đăng nhập: ${staff.username})`);
    const code = codeOf(mail);
    const set = await t.call('POST', '/api/auth/reset-password/confirm', {
      query: { username: staff.username, token: code, newPassword: 'Chontoi2026' },
    });
    expect(set.status).toBe(200);
    expect((await t.login(staff.username, 'Chontoi2026')).length).toBeGreaterThan(20);
    expect((await t.call('GET', '/api/auth/my-info', { token: staff.token })).status).toBe(401);
  });

  it('answers 404 for an unknown account and 400 for a bad id', async () => {
    expect((await t.call('POST', '/api/users/999999/reset-password', { token: t.adminToken })).status).toBe(
      404,
    );
    expect((await t.call('POST', '/api/users/abc/reset-password', { token: t.adminToken })).status).toBe(400);
  });
});

describe('e-mail changes through account management', () => {
  it('my own e-mail changes only in the profile (with my password)', async () => {
    const admin = await userRow(t, 'admin');
    const res = await t.call('PUT', `/api/users/${admin.id}`, {
      token: t.adminToken,
      body: { fullName: admin.fullName, email: 'khac@example.com', role: 'ADMIN' },
    });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(OWN_EMAIL_IN_PROFILE);
  });

  it("a colleague's new e-mail is told to the old one, whose report link undoes it", async () => {
    const staff = await t.createStaff(['MANAGE_CAR']);
    const old = (await userRow(t, staff.username)).email!;
    const res = await t.call('PUT', `/api/users/${staff.id}`, {
      token: t.adminToken,
      body: body('Nhân Viên Đổi Email', 'moi.hon@example.com'),
    });
    expect(res.status).toBe(200);
    const notice = await t.mailContaining('sang moi.hon@example.com');
    expect(notice).toContain(`To: ${old}`);
    expect(notice).toContain('Người thực hiện: admin');
    const token = /\/reset-password#report=(\S+)/.exec(notice)![1];
    const report = await t.call('POST', '/api/auth/report-change', { query: { token } });
    expect(report.status).toBe(200);
    expect((await userRow(t, staff.username)).email).toBe(old);
    expect((await t.call('GET', '/api/auth/my-info', { token: staff.token })).status).toBe(401);
    const bell = await t.call('GET', '/api/notifications/unread/1', { token: t.adminToken });
    expect(JSON.stringify(bell.json)).toContain(staff.username);
    const forged = await t.call('POST', '/api/auth/report-change', {
      query: { token: `${token.slice(0, -4)}AAAA` },
    });
    expect(forged.status).toBe(400);
  });
});
