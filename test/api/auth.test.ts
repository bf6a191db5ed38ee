import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_PATTERN_MESSAGE } from '../../src/contract/auth';
import { ACCOUNT_DISABLED, WRONG_CREDENTIALS } from '../../src/server/modules/auth/service';
import { TokenSigner } from '../../src/server/platform/tokens';
import { ADMIN_PASSWORD, STAFF_PASSWORD, startTestApp, type TestApp } from '../helpers/app';
import { callFrom } from './foundation-helpers';

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
      emailConfirmed: true,
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
        query: { email: ' Moi.Email@Example.COM ', phone: given, currentPassword: STAFF_PASSWORD },
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
