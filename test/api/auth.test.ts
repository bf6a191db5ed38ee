import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_PATTERN_MESSAGE } from '../../src/contract/auth';
import { passwordResetCodes } from '../../src/server/db/schema';
import {
  ACCOUNT_DISABLED,
  RESET_INVALID,
  RESET_SENT,
  WRONG_CREDENTIALS,
} from '../../src/server/modules/auth/service';
import { TokenSigner } from '../../src/server/platform/tokens';
import { ADMIN_PASSWORD, STAFF_PASSWORD, startTestApp, type TestApp } from '../helpers/app';
import { callFrom, codeOf, requestCode, resetCodesOf, userRow, waitForMail } from './foundation-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const NOT_SIGNED_IN = 'Vui lòng đăng nhập để tiếp tục';
const myInfo = (token?: string) => t.call('GET', '/api/auth/my-info', { token });

describe('POST /api/auth/login', () => {
  it('answers a JWT as text/plain', async () => {
    const res = await t.call('POST', '/api/auth/login', {
      body: { username: 'admin', password: ADMIN_PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body.split('.')).toHaveLength(3);
    expect((await myInfo(res.body)).status).toBe(200);
  });

  it('ignores case and surrounding spaces in the username', async () => {
    const res = await t.call('POST', '/api/auth/login', {
      body: { username: '  ADMIN ', password: ADMIN_PASSWORD },
    });
    expect(res.status).toBe(200);
  });

  it('answers wrong credentials with 401 and the same message for an unknown user', async () => {
    const wrong = await t.call('POST', '/api/auth/login', {
      body: { username: 'admin', password: 'Sai123456' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.json).toEqual({ status: 401, message: WRONG_CREDENTIALS });
    const unknown = await t.call('POST', '/api/auth/login', {
      body: { username: 'khongco', password: 'Sai123456' },
    });
    expect(unknown.status).toBe(401);
    expect(unknown.json.message).toBe('Tên đăng nhập hoặc mật khẩu không đúng');
  });

  it('rejects bad input with 400 and Vietnamese messages', async () => {
    const noName = await t.call('POST', '/api/auth/login', { body: { password: 'x' } });
    expect(noName.status).toBe(400);
    expect(noName.json.message).toBe('Vui lòng nhập tên đăng nhập');
    const blank = await t.call('POST', '/api/auth/login', { body: { username: '   ', password: 'x' } });
    expect(blank.status).toBe(400);
    expect(blank.json.message).toBe('Vui lòng nhập tên đăng nhập');
    const noPassword = await t.call('POST', '/api/auth/login', { body: { username: 'admin', password: '' } });
    expect(noPassword.status).toBe(400);
    expect(noPassword.json.message).toBe('Vui lòng nhập mật khẩu');
    const notJson = await t.call('POST', '/api/auth/login', {
      body: '{"username":',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.status).toBe(400);
    expect(notJson.json.message).toBe('Dữ liệu JSON không hợp lệ');
    const noBody = await t.call('POST', '/api/auth/login');
    expect(noBody.status).toBeGreaterThanOrEqual(400);
    expect(noBody.status).toBeLessThan(500);
    expect(noBody.json.message).toBe('Dữ liệu gửi lên bị thiếu hoặc không đúng dạng');
    const wrongShape = await t.call('POST', '/api/auth/login', { body: { username: 42, password: ['x'] } });
    expect(wrongShape.status).toBe(400);
    expect(wrongShape.json.message).toBe('Vui lòng nhập tên đăng nhập');
    expect(wrongShape.json.errors.password).toBe('Vui lòng nhập mật khẩu');
  });

  it('refuses a deactivated account with 403 and a Vietnamese message', async () => {
    const staff = await t.createStaff();
    expect((await t.call('DELETE', `/api/users/${staff.id}`, { token: t.adminToken })).status).toBe(200);
    const res = await t.call('POST', '/api/auth/login', {
      body: { username: staff.username, password: STAFF_PASSWORD },
    });
    expect(res.status).toBe(403);
    expect(res.json.message).toBe(ACCOUNT_DISABLED);
    // Its existing token stopped working at once.
    expect((await myInfo(staff.token)).status).toBe(401);
    // A wrong password does not reveal that the account exists and is disabled.
    const wrong = await t.call('POST', '/api/auth/login', {
      body: { username: staff.username, password: 'Sai123456' },
    });
    expect(wrong.status).toBe(401);
  });

  it('locks a username for 15 minutes after 5 failures (429), without touching other accounts', async () => {
    const victim = await t.createStaff();
    const ip = '10.1.0.1';
    for (let i = 0; i < 5; i++) {
      const res = await callFrom(t, ip, 'POST', '/api/auth/login', {
        body: { username: victim.username, password: 'Sai12345' },
      });
      expect(res.status).toBe(401);
    }
    const locked = await callFrom(t, '10.1.0.2', 'POST', '/api/auth/login', {
      body: { username: victim.username, password: STAFF_PASSWORD },
    });
    expect(locked.status).toBe(429);
    expect(locked.json.message).toMatch(/Tài khoản tạm khóa/);
    const other = await callFrom(t, ip, 'POST', '/api/auth/login', {
      body: { username: 'admin', password: ADMIN_PASSWORD },
    });
    expect(other.status).toBe(200);
  });

  it('limits failed sign-ins per address (429) while other addresses still sign in', async () => {
    const ip = '10.2.0.1';
    for (let i = 0; i < 30; i++) {
      const res = await callFrom(t, ip, 'POST', '/api/auth/login', {
        body: { username: `doan${i}`, password: 'Sai12345' },
      });
      expect(res.status).toBe(401);
    }
    const blocked = await callFrom(t, ip, 'POST', '/api/auth/login', {
      body: { username: 'admin', password: ADMIN_PASSWORD },
    });
    expect(blocked.status).toBe(429);
    expect(blocked.json.message).toMatch(/địa chỉ này/);
    const elsewhere = await callFrom(t, '10.2.0.2', 'POST', '/api/auth/login', {
      body: { username: 'admin', password: ADMIN_PASSWORD },
    });
    expect(elsewhere.status).toBe(200);
  });

  it('does not count successful sign-ins against the address', async () => {
    const ip = '10.3.0.1';
    for (let i = 0; i < 35; i++) {
      const res = await callFrom(t, ip, 'POST', '/api/auth/login', {
        body: { username: 'admin', password: ADMIN_PASSWORD },
      });
      expect(res.status).toBe(200);
    }
  });
});

describe('GET /api/auth/my-info and /api/auth/login-info', () => {
  it('describes the signed-in user', async () => {
    const staff = await t.createStaff(['MANAGE_BLOG', 'MANAGE_CAR']);
    const res = await myInfo(staff.token);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      userId: staff.id,
      name: expect.any(String),
      username: staff.username,
      role: 'STAFF',
      permissions: ['MANAGE_BLOG', 'MANAGE_CAR'],
      email: expect.stringContaining('@'),
      phone: null,
    });
    const admin = await myInfo(t.adminToken);
    expect(admin.json).toMatchObject({ username: 'admin', role: 'ADMIN', permissions: [] });
  });

  it('answers 401 in Vietnamese without a valid token', async () => {
    const anonymous = await myInfo();
    expect(anonymous.status).toBe(401);
    expect(anonymous.json).toEqual({ status: 401, message: NOT_SIGNED_IN });
    expect((await myInfo('khong-phai-jwt')).status).toBe(401);
    const foreign = await new TokenSigner('another-secret-another-secret-another-secret').sign(1);
    expect((await myInfo(foreign.jwt)).status).toBe(401);
    const forged = await t.ctx.tokens.sign(1); // right key, but no session row behind it
    expect((await myInfo(forged.jwt)).status).toBe(401);
    const basic = await t.call('GET', '/api/auth/my-info', {
      headers: { authorization: 'Basic YWRtaW46YWRtaW4=' },
    });
    expect(basic.status).toBe(401);
  });

  it('login-info answers the user with a bearer and a plain "not signed in" without one', async () => {
    const withToken = await t.call('GET', '/api/auth/login-info', { token: t.adminToken });
    expect(withToken.status).toBe(200);
    expect(withToken.json).toEqual((await myInfo(t.adminToken)).json);
    const without = await t.call('GET', '/api/auth/login-info');
    expect(without.status).toBe(200);
    expect(without.json).toEqual({ authenticated: false });
    const bad = await t.call('GET', '/api/auth/login-info', { token: 'het-han' });
    expect(bad.status).toBe(200);
    expect(bad.json).toEqual({ authenticated: false });
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes only the token it was called with', async () => {
    const staff = await t.createStaff();
    const second = await t.login(staff.username, STAFF_PASSWORD);
    const res = await t.call('POST', '/api/auth/logout', { token: staff.token });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe('Đăng xuất thành công');
    expect((await myInfo(staff.token)).status).toBe(401);
    expect((await t.call('POST', '/api/auth/logout', { token: staff.token })).status).toBe(401);
    expect((await t.call('GET', '/api/auth/login-info', { token: staff.token })).json).toEqual({
      authenticated: false,
    });
    expect((await myInfo(second)).status).toBe(200);
  });

  it('answers 401 when nobody is signed in', async () => {
    const res = await t.call('POST', '/api/auth/logout');
    expect(res.status).toBe(401);
    expect(res.json.message).toBe(NOT_SIGNED_IN);
  });
});

describe('PUT /api/auth/change-password', () => {
  it('changes the password, keeps the current token and revokes the others', async () => {
    const staff = await t.createStaff();
    const other = await t.login(staff.username, STAFF_PASSWORD);
    const res = await t.call('PUT', '/api/auth/change-password', {
      token: staff.token,
      query: { oldPassword: STAFF_PASSWORD, newPassword: 'MoiMoi2024' },
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe('Đổi mật khẩu thành công');
    expect((await myInfo(staff.token)).status).toBe(200);
    expect((await myInfo(other)).status).toBe(401);
    const old = await t.call('POST', '/api/auth/login', {
      body: { username: staff.username, password: STAFF_PASSWORD },
    });
    expect(old.status).toBe(401);
    expect((await t.login(staff.username, 'MoiMoi2024')).length).toBeGreaterThan(20);
  });

  it('refuses a wrong current password with 400 in Vietnamese', async () => {
    const staff = await t.createStaff();
    const res = await t.call('PUT', '/api/auth/change-password', {
      token: staff.token,
      query: { oldPassword: 'Sai123456', newPassword: 'MoiMoi2024' },
    });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe('Mật khẩu hiện tại không đúng');
  });

  it('checks the new password against the shared pattern', async () => {
    const staff = await t.createStaff();
    for (const weak of [
      'ngan1A',
      'khongcohoa1',
      'KHONGCOTHUONG1',
      'KhongCoSo',
      'Co dau cach1',
      'Cókýtựdấu1',
    ]) {
      const res = await t.call('PUT', '/api/auth/change-password', {
        token: staff.token,
        query: { oldPassword: STAFF_PASSWORD, newPassword: weak },
      });
      expect(res.status, weak).toBe(400);
      expect(res.json.message).toBe(PASSWORD_PATTERN_MESSAGE);
    }
    const same = await t.call('PUT', '/api/auth/change-password', {
      token: staff.token,
      query: { oldPassword: STAFF_PASSWORD, newPassword: STAFF_PASSWORD },
    });
    expect(same.status).toBe(400);
    expect(same.json.message).toBe('Mật khẩu mới phải khác mật khẩu hiện tại');
    const missing = await t.call('PUT', '/api/auth/change-password', {
      token: staff.token,
      query: { newPassword: 'MoiMoi2024' },
    });
    expect(missing.status).toBe(400);
    expect(missing.json.message).toBe('Vui lòng nhập mật khẩu hiện tại');
  });

  it('limits guesses of the current password through a token (429)', async () => {
    const staff = await t.createStaff();
    for (let i = 0; i < 10; i++) {
      const res = await t.call('PUT', '/api/auth/change-password', {
        token: staff.token,
        query: { oldPassword: `Sai${i}12345`, newPassword: 'MoiMoi2024' },
      });
      expect(res.status).toBe(400);
    }
    const res = await t.call('PUT', '/api/auth/change-password', {
      token: staff.token,
      query: { oldPassword: STAFF_PASSWORD, newPassword: 'MoiMoi2024' },
    });
    expect(res.status).toBe(429);
  });

  it('answers 401 when nobody is signed in', async () => {
    const res = await t.call('PUT', '/api/auth/change-password', {
      query: { oldPassword: 'a', newPassword: 'MoiMoi2024' },
    });
    expect(res.status).toBe(401);
  });
});

describe('PUT /api/auth/change-info', () => {
  it('stores the e-mail and a Vietnamese phone number in both forms', async () => {
    const staff = await t.createStaff();
    for (const [given, stored] of [
      ['0912345678', '0912345678'],
      ['+84 912 345 679', '0912345679'],
      ['84-387-654-321', '0387654321'],
      ['0356.789.012', '0356789012'],
    ]) {
      const res = await t.call('PUT', '/api/auth/change-info', {
        token: staff.token,
        query: { email: ' Moi.Email@Example.COM ', phone: given },
      });
      expect(res.status, given).toBe(200);
      expect(res.body).toBe('Cập nhật thông tin thành công');
      const info = await myInfo(staff.token);
      expect(info.json.phone).toBe(stored);
      expect(info.json.email).toBe('moi.email@example.com');
    }
  });

  it('refuses an invalid e-mail or phone with 400 in Vietnamese', async () => {
    const staff = await t.createStaff();
    const badEmail = await t.call('PUT', '/api/auth/change-info', {
      token: staff.token,
      query: { email: 'khong-phai-email', phone: '0912345678' },
    });
    expect(badEmail.status).toBe(400);
    expect(badEmail.json.message).toBe('Email không hợp lệ');
    for (const phone of ['091234567', '09123456789', '0212345678', '+8412345678', 'abc', '+1 912345678']) {
      const res = await t.call('PUT', '/api/auth/change-info', {
        token: staff.token,
        query: { email: 'a@example.com', phone },
      });
      expect(res.status, phone).toBe(400);
      expect(res.json.message).toBe('Số điện thoại không hợp lệ');
    }
    const missing = await t.call('PUT', '/api/auth/change-info', {
      token: staff.token,
      query: { email: 'a@example.com' },
    });
    expect(missing.status).toBe(400);
    expect(missing.json.message).toBe('Vui lòng nhập số điện thoại');
  });

  it('answers 401 when nobody is signed in', async () => {
    const res = await t.call('PUT', '/api/auth/change-info', {
      query: { email: 'a@example.com', phone: '0912345678' },
    });
    expect(res.status).toBe(401);
  });
});

describe('password reset', () => {
  it('mails a 6-digit code, stores only its hash, and the code sets a new password once', async () => {
    const staff = await t.createStaff();
    const before = t.outbox().length;
    const res = await callFrom(t, '10.4.0.1', 'POST', '/api/auth/reset-password', {
      query: { username: staff.username },
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe(RESET_SENT);
    const mail = await waitForMail(t, before);
    expect(mail).toMatch(/^To: staff\d+@example\.com$/m);
    const code = codeOf(mail);
    expect(code).toMatch(/^\d{6}$/);

    const [stored] = await resetCodesOf(t, staff.id);
    expect(stored.codeHash).not.toContain(code);
    expect(stored.codeHash).toMatch(/^[0-9a-f]{64}$/);
    const dump = await t.database.db.execute(sql`select * from password_reset_codes`);
    expect(JSON.stringify(dump)).not.toContain(code);
    // Valid for exactly 15 minutes from its creation.
    const ttl = await t.database.db.execute(
      sql`select extract(epoch from (expires_at - created_at))::int as s from password_reset_codes where id = ${stored.id}`,
    );
    expect(JSON.stringify(ttl)).toMatch(/"s":(899|900|901)\b/);

    const other = await t.login(staff.username, STAFF_PASSWORD);
    const confirm = await callFrom(t, '10.4.0.1', 'POST', '/api/auth/reset-password/confirm', {
      query: { username: staff.username, token: code, newPassword: 'abc123' },
    });
    expect(confirm.status).toBe(200);
    expect(confirm.headers['content-type']).toMatch(/^text\/plain/);
    expect(confirm.body).toBe('Mật khẩu đã được thay đổi thành công');
    expect((await t.login(staff.username, 'abc123')).length).toBeGreaterThan(20);
    // Every earlier token is revoked.
    expect((await myInfo(staff.token)).status).toBe(401);
    expect((await myInfo(other)).status).toBe(401);

    const again = await callFrom(t, '10.4.0.1', 'POST', '/api/auth/reset-password/confirm', {
      query: { username: staff.username, token: code, newPassword: 'xyz789' },
    });
    expect(again.status).toBe(400);
    expect(again.json.message).toBe(RESET_INVALID);
  });

  it('answers the same for an unknown or deactivated user, and mails nothing', async () => {
    const staff = await t.createStaff();
    await t.call('DELETE', `/api/users/${staff.id}`, { token: t.adminToken });
    const before = t.outbox().length;
    const unknown = await callFrom(t, '10.4.0.2', 'POST', '/api/auth/reset-password', {
      query: { username: 'khongtontai' },
    });
    const inactive = await callFrom(t, '10.4.0.2', 'POST', '/api/auth/reset-password', {
      query: { username: staff.username },
    });
    for (const res of [unknown, inactive]) {
      expect(res.status).toBe(200);
      expect(res.body).toBe(RESET_SENT);
    }
    // A known active user's request, made after, is the next message: nothing was queued before it.
    const admin = await userRow(t, 'admin');
    await requestCode(t, 'admin', '10.4.0.2');
    const box = t.outbox();
    expect(box.length).toBe(before + 1);
    expect(box[box.length - 1]).toContain(admin.email!);
    expect(await resetCodesOf(t, staff.id)).toHaveLength(0);
    const confirm = await callFrom(t, '10.4.0.2', 'POST', '/api/auth/reset-password/confirm', {
      query: { username: 'khongtontai', token: '123456', newPassword: 'abc123' },
    });
    expect(confirm.status).toBe(400);
    expect(confirm.json.message).toBe(RESET_INVALID);
  });

  it('refuses an expired code', async () => {
    const staff = await t.createStaff();
    const code = await requestCode(t, staff.username, '10.4.0.3');
    await t.database.db
      .update(passwordResetCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResetCodes.userId, staff.id));
    const res = await callFrom(t, '10.4.0.3', 'POST', '/api/auth/reset-password/confirm', {
      query: { username: staff.username, token: code, newPassword: 'abc123' },
    });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(RESET_INVALID);
    expect((await t.login(staff.username, STAFF_PASSWORD)).length).toBeGreaterThan(20);
  });

  it('still accepts a code a moment before it expires', async () => {
    const staff = await t.createStaff();
    const code = await requestCode(t, staff.username, '10.4.0.4');
    await t.database.db
      .update(passwordResetCodes)
      .set({ expiresAt: sql`now() + interval '1 minute'`, createdAt: sql`now() - interval '14 minutes'` })
      .where(eq(passwordResetCodes.userId, staff.id));
    const res = await callFrom(t, '10.4.0.4', 'POST', '/api/auth/reset-password/confirm', {
      query: { username: staff.username, token: code, newPassword: 'abc123' },
    });
    expect(res.status).toBe(200);
  });

  it('voids a code after 5 wrong tries', async () => {
    const staff = await t.createStaff();
    const code = await requestCode(t, staff.username, '10.4.0.5');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await callFrom(t, '10.4.0.5', 'POST', '/api/auth/reset-password/confirm', {
        query: { username: staff.username, token: wrong, newPassword: 'abc123' },
      });
      expect(res.status).toBe(400);
      expect(res.json.message).toBe(RESET_INVALID);
    }
    const [entry] = await resetCodesOf(t, staff.id);
    expect(entry.attempts).toBe(5);
    const right = await callFrom(t, '10.4.0.5', 'POST', '/api/auth/reset-password/confirm', {
      query: { username: staff.username, token: code, newPassword: 'abc123' },
    });
    expect(right.status).toBe(400);
    expect(right.json.message).toBe(RESET_INVALID);
  });

  it('a new request voids the earlier code', async () => {
    const staff = await t.createStaff();
    const first = await requestCode(t, staff.username, '10.4.0.6');
    const second = await requestCode(t, staff.username, '10.4.0.6');
    if (first !== second) {
      const old = await callFrom(t, '10.4.0.6', 'POST', '/api/auth/reset-password/confirm', {
        query: { username: staff.username, token: first, newPassword: 'abc123' },
      });
      expect(old.status).toBe(400);
    }
    const res = await callFrom(t, '10.4.0.6', 'POST', '/api/auth/reset-password/confirm', {
      query: { username: staff.username, token: second, newPassword: 'abc123' },
    });
    expect(res.status).toBe(200);
  });

  it('validates its input with Vietnamese messages', async () => {
    const noName = await callFrom(t, '10.4.0.7', 'POST', '/api/auth/reset-password');
    expect(noName.status).toBe(400);
    expect(noName.json.message).toBe('Vui lòng nhập tên đăng nhập');
    const short = await callFrom(t, '10.4.0.7', 'POST', '/api/auth/reset-password/confirm', {
      query: { username: 'admin', token: '123456', newPassword: '12345' },
    });
    expect(short.status).toBe(400);
    expect(short.json.message).toBe('Mật khẩu phải có ít nhất 6 ký tự');
    const noCode = await callFrom(t, '10.4.0.7', 'POST', '/api/auth/reset-password/confirm', {
      query: { username: 'admin', newPassword: 'abc123' },
    });
    expect(noCode.status).toBe(400);
    expect(noCode.json.message).toBe('Vui lòng nhập mã xác nhận');
    const noPassword = await callFrom(t, '10.4.0.7', 'POST', '/api/auth/reset-password/confirm', {
      query: { username: 'admin', token: '123456' },
    });
    expect(noPassword.status).toBe(400);
    expect(noPassword.json.message).toBe('Vui lòng nhập mật khẩu mới');
  });

  it('limits requests per username (429) with the same answer for unknown names', async () => {
    const staff = await t.createStaff();
    for (const name of [staff.username, 'khongtontai2']) {
      for (let i = 0; i < 3; i++) {
        expect(
          (await callFrom(t, '10.4.1.1', 'POST', '/api/auth/reset-password', { query: { username: name } }))
            .status,
        ).toBe(200);
      }
      const res = await callFrom(t, '10.4.1.2', 'POST', '/api/auth/reset-password', {
        query: { username: name },
      });
      expect(res.status).toBe(429);
      expect(res.json.message).toMatch(/quá nhiều lần/);
    }
  });

  it('limits requests per address (429)', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await callFrom(t, '10.4.2.1', 'POST', '/api/auth/reset-password', {
        query: { username: `ten${i}` },
      });
      expect(res.status).toBe(200);
    }
    const res = await callFrom(t, '10.4.2.1', 'POST', '/api/auth/reset-password', {
      query: { username: 'ten99' },
    });
    expect(res.status).toBe(429);
  });
});

describe('OpenAPI document', () => {
  it('is served as JSON under /api/docs and lists the auth paths', async () => {
    const res = await t.call('GET', '/api/docs/json');
    expect(res.status).toBe(200);
    expect(res.json.openapi).toMatch(/^3\./);
    for (const path of [
      '/api/auth/login',
      '/api/auth/my-info',
      '/api/auth/login-info',
      '/api/auth/logout',
      '/api/auth/change-password',
      '/api/auth/change-info',
      '/api/auth/reset-password',
      '/api/auth/reset-password/confirm',
      '/api/users',
      '/api/permissions/all',
      '/api/web-configuration',
    ]) {
      expect(Object.keys(res.json.paths), path).toContain(path);
    }
    const ui = await t.call('GET', '/api/docs');
    expect([200, 302]).toContain(ui.status);
  });
});
