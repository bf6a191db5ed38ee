import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/server/platform/clock';
import { ADMIN_PASSWORD, STAFF_PASSWORD, startTestApp, type TestApp } from '../helpers/app';
import { callFrom, codeOf, decodeMail, resetCodesOf, userRow } from './foundation-helpers';

/**
 * Where an account's codes may go. Only the owner (profile, current password) and an ADMIN change an
 * account's e-mail; codes a manager triggers go only to an address the owner has confirmed; no code
 * goes to an address someone else set less than 24 hours ago.
 */
const START = new Date();
const clock = new ManualClock(START);
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, { clock });
});
// Tests move the clock a day on; back to the start, the helpers' admin session is not idle.
afterEach(() => clock.set(START));
afterAll(() => t.close());

const HOUR = 3_600_000;
const EMAIL_ADMIN_ONLY =
  'Chỉ quản trị viên mới được đổi email của tài khoản khác; chủ tài khoản tự đổi email của mình trong trang Đổi thông tin (cần mật khẩu hiện tại)';

/** Every message the outbox holds for `address` (mail goes out after the answer: settle first). */
async function mailsTo(address: string): Promise<string[]> {
  await new Promise((r) => setTimeout(r, 150));
  return t
    .outbox()
    .map(decodeMail)
    .filter((m) => new RegExp(`^To: ${address.replace(/\./g, '\\.')}\\r?$`, 'mi').test(m));
}

const edit = (fullName: string, email: string) => ({ fullName, email, role: 'STAFF' });

describe('the reported takeover: a MANAGE_USER holder redirects a colleague’s reset', () => {
  it('the whole chain: e-mail change (now 403), reset, code, sign-in as the colleague', async () => {
    const manager = await t.createStaff(['MANAGE_USER', 'MANAGE_RECRUITMENT']);
    const colleague = await t.createStaff(['MANAGE_RECRUITMENT']);
    const own = (await userRow(t, colleague.username)).email!;
    const put = await t.call('PUT', `/api/users/${colleague.id}`, {
      token: manager.token,
      body: edit('Đồng Nghiệp', 'attacker@evil.example'),
    });
    const reset = await t.call('POST', `/api/users/${colleague.id}/reset-password`, { token: manager.token });
    const stolen = await mailsTo('attacker@evil.example');
    let signedInAsColleague = false;
    if (stolen.length) {
      await callFrom(t, '10.60.0.9', 'POST', '/api/auth/reset-password/confirm', {
        query: { username: colleague.username, token: codeOf(stolen[0]), newPassword: 'Chiemquyen1' },
      });
      const login = await t.call('POST', '/api/auth/login', {
        body: { username: colleague.username, password: 'Chiemquyen1' },
      });
      signedInAsColleague = login.status === 200;
    }
    expect({ put: put.status, mailsToAttacker: stolen.length, signedInAsColleague }).toEqual({
      put: 403,
      mailsToAttacker: 0,
      signedInAsColleague: false,
    });
    expect(put.json.message).toBe(EMAIL_ADMIN_ONLY);
    expect((await userRow(t, colleague.username)).email).toBe(own);
    // The reset itself still works: its code goes to the colleague's own address.
    expect(reset.status).toBe(200);
    const mail = await t.mailContaining(`(tên đăng nhập: ${colleague.username})`);
    expect(mail).toMatch(new RegExp(`^To: ${own}`, 'm'));
    expect((await t.login(colleague.username, STAFF_PASSWORD)).length).toBeGreaterThan(20);
  });

  it('the same call without an e-mail change still edits name, phone and role', async () => {
    const manager = await t.createStaff(['MANAGE_USER', 'MANAGE_RECRUITMENT']);
    const colleague = await t.createStaff(['MANAGE_RECRUITMENT']);
    const own = (await userRow(t, colleague.username)).email!;
    const put = await t.call('PUT', `/api/users/${colleague.id}`, {
      token: manager.token,
      body: { ...edit('Tên Mới Của Đồng Nghiệp', own.toUpperCase()), phone: '0912345678' },
    });
    expect(put.status).toBe(200);
    expect(put.json.fullName).toBe('Tên Mới Của Đồng Nghiệp');
    expect(put.json.phone).toBe('0912345678');
  });

  it('a non-admin cannot change their own e-mail through account management either (403)', async () => {
    const manager = await t.createStaff(['MANAGE_USER']);
    const put = await t.call('PUT', `/api/users/${manager.id}`, {
      token: manager.token,
      body: edit('Quản Lý', 'khac@evil.example'),
    });
    expect(put.status).toBe(403);
    expect(put.json.message).toBe(EMAIL_ADMIN_ONLY);
  });
});

describe('an e-mail an ADMIN set is not the owner’s until the owner confirms it', () => {
  it('gets no manager-triggered code, and no code at all for 24 hours; the owner’s own reset after that confirms it', async () => {
    const manager = await t.createStaff(['MANAGE_USER', 'MANAGE_CAR']);
    const staff = await t.createStaff(['MANAGE_CAR']);
    const put = await t.call('PUT', `/api/users/${staff.id}`, {
      token: t.adminToken,
      body: edit('Nhân Viên', 'moi.dat@example.com'),
    });
    expect(put.status).toBe(200);
    expect(put.json.emailConfirmed).toBe(false);
    const codesBefore = (await resetCodesOf(t, staff.id)).length;

    // The manager's button and the admin's: refused while the owner has not confirmed the address.
    for (const token of [manager.token, t.adminToken]) {
      const reset = await t.call('POST', `/api/users/${staff.id}/reset-password`, { token });
      expect(reset.status).toBe(409);
      expect(reset.json.message).toMatch(/^Email của tài khoản chưa được chủ tài khoản xác nhận/);
    }
    // The public form answers as always, but sends nothing there for 24 hours.
    clock.advance(23 * HOUR);
    const early = await callFrom(t, '10.60.0.1', 'POST', '/api/auth/reset-password', {
      query: { username: staff.username },
    });
    expect(early.status).toBe(200);
    expect((await resetCodesOf(t, staff.id)).length).toBe(codesBefore);
    expect(await mailsTo('moi.dat@example.com')).toEqual([]);

    // A day later the owner's own request goes there; using its code confirms the address.
    clock.advance(2 * HOUR);
    const later = await callFrom(t, '10.60.0.2', 'POST', '/api/auth/reset-password', {
      query: { username: staff.username },
    });
    expect(later.status).toBe(200);
    const [mail] = await mailsTo('moi.dat@example.com');
    expect(mail).toBeDefined();
    const confirm = await callFrom(t, '10.60.0.2', 'POST', '/api/auth/reset-password/confirm', {
      query: { username: staff.username, token: codeOf(mail), newPassword: 'Chontoi2026' },
    });
    expect(confirm.status).toBe(200);
    // A day on, the helpers' admin session has idled out: sign in again.
    const admin = await t.login('admin', ADMIN_PASSWORD);
    expect((await t.call('GET', `/api/users/${staff.id}`, { token: admin })).json.emailConfirmed).toBe(true);
    const reset = await t.call('POST', `/api/users/${staff.id}/reset-password`, {
      token: await t.login(manager.username, STAFF_PASSWORD),
    });
    expect(reset.status).toBe(200);
  });

  it('the owner confirms it at once in the profile with the current password', async () => {
    const staff = await t.createStaff(['MANAGE_BLOG']);
    await t.call('PUT', `/api/users/${staff.id}`, {
      token: t.adminToken,
      body: edit('Nhân Viên', 'ho.so@example.com'),
    });
    const info = await t.call('GET', '/api/auth/my-info', { token: staff.token });
    expect(info.json.emailConfirmed).toBe(false);
    const wrong = await t.call('PUT', '/api/auth/change-info', {
      token: staff.token,
      query: { email: 'ho.so@example.com', phone: '0912345678', currentPassword: 'Sai12345' },
    });
    expect(wrong.status).toBe(400);
    const phoneOnly = await t.call('PUT', '/api/auth/change-info', {
      token: staff.token,
      query: { email: 'ho.so@example.com', phone: '0912345678' },
    });
    expect(phoneOnly.status).toBe(200);
    expect((await t.call('GET', '/api/auth/my-info', { token: staff.token })).json.emailConfirmed).toBe(
      false,
    );
    const ok = await t.call('PUT', '/api/auth/change-info', {
      token: staff.token,
      query: { email: 'ho.so@example.com', phone: '0912345678', currentPassword: STAFF_PASSWORD },
    });
    expect(ok.status).toBe(200);
    expect((await t.call('GET', '/api/auth/my-info', { token: staff.token })).json.emailConfirmed).toBe(true);
    const reset = await t.call('POST', `/api/users/${staff.id}/reset-password`, { token: t.adminToken });
    expect(reset.status).toBe(200);
    expect(reset.body).toBe('Đã gửi email đặt lại mật khẩu đến h***@example.com');
  });

  it('a code is good only while the account’s address is the one it was mailed to', async () => {
    const staff = await t.createStaff(['MANAGE_BLOG']);
    const reset = await t.call('POST', `/api/users/${staff.id}/reset-password`, { token: t.adminToken });
    expect(reset.status).toBe(200);
    const code = codeOf(await t.mailContaining(`(tên đăng nhập: ${staff.username})`));
    await t.call('PUT', `/api/users/${staff.id}`, {
      token: t.adminToken,
      body: edit('Nhân Viên', 'dia.chi.moi@example.com'),
    });
    const use = await callFrom(t, '10.60.0.3', 'POST', '/api/auth/reset-password/confirm', {
      query: { username: staff.username, token: code, newPassword: 'Chontoi2026' },
    });
    expect(use.status).toBe(400);
    expect((await t.login(staff.username, STAFF_PASSWORD)).length).toBeGreaterThan(20);
  });

  it('the owner’s report puts the old address back and voids codes mailed to the one it replaced', async () => {
    const staff = await t.createStaff(['MANAGE_BLOG']);
    const own = (await userRow(t, staff.username)).email!;
    await t.call('PUT', `/api/users/${staff.id}`, {
      token: t.adminToken,
      body: edit('Nhân Viên', 'ke.gian@evil.example'),
    });
    const notice = await t.mailContaining('sang ke.gian@evil.example');
    clock.advance(25 * HOUR);
    await callFrom(t, '10.60.0.4', 'POST', '/api/auth/reset-password', {
      query: { username: staff.username },
    });
    const [stolen] = await mailsTo('ke.gian@evil.example');
    expect(stolen).toContain('Mã xác nhận');
    const token = /\/reset-password#report=(\S+)/.exec(notice)![1];
    expect((await t.call('POST', '/api/auth/report-change', { query: { token } })).status).toBe(200);
    const admin = await t.login('admin', ADMIN_PASSWORD);
    expect((await userRow(t, staff.username)).email).toBe(own);
    // The address replaced hears of it (the owner may be there, and the old mailbox someone else's).
    expect(await t.mailContaining('vừa được đặt lại về', own)).toMatch(/^To: ke\.gian@evil\.example/m);
    const use = await callFrom(t, '10.60.0.4', 'POST', '/api/auth/reset-password/confirm', {
      query: { username: staff.username, token: codeOf(stolen), newPassword: 'Chiemquyen1' },
    });
    expect(use.status).toBe(400);
    // The restored address is the owner's: a manager's reset reaches it again.
    const reset = await t.call('POST', `/api/users/${staff.id}/reset-password`, { token: admin });
    expect(reset.status).toBe(200);
  });

  it('a new account’s invitation goes to the address typed at creation, and using it confirms it', async () => {
    const manager = await t.createStaff(['MANAGE_USER', 'MANAGE_BLOG']);
    const created = await t.call('POST', '/api/users/addUser', {
      token: manager.token,
      body: { fullName: 'Người Mới Vào', email: 'nguoi.moi@example.com', role: 'STAFF', permissions: [] },
    });
    expect(created.status).toBe(201);
    expect(created.json.emailConfirmed).toBe(false);
    await t.setOwnPassword(created.json.username, STAFF_PASSWORD);
    const view = await t.call('GET', `/api/users/${created.json.userId}`, { token: manager.token });
    expect(view.json.emailConfirmed).toBe(true);
  });

  it('the first admin’s address, set with its password at start, is confirmed', async () => {
    const admin = await t.call('GET', '/api/auth/my-info', { token: await t.login('admin', ADMIN_PASSWORD) });
    expect(admin.json.emailConfirmed).toBe(admin.json.email !== null);
  });
});
