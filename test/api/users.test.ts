import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTHERS_PASSWORD_REFUSED } from '../../src/contract/users';
import { ACCOUNT_DISABLED } from '../../src/server/modules/auth/service';
import { ADMIN_ONLY } from '../../src/server/modules/users/service';
import { STAFF_PASSWORD, startTestApp, type TestApp } from '../helpers/app';
import { userRow } from './foundation-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

let seq = 0;
async function addUser(body: Record<string, unknown>, token = t.adminToken) {
  seq++;
  return t.call('POST', '/api/users/addUser', {
    token,
    body: { email: `u${seq}@example.com`, ...body },
  });
}

describe('access to the users endpoints', () => {
  const endpoints: [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown][] = [
    ['GET', '/api/users'],
    ['GET', '/api/users/1'],
    ['GET', '/api/users/generateUsername?fullname=Nguyen%20Van%20An'],
    ['POST', '/api/users/addUser', { fullName: 'A B', email: 'ab@example.com' }],
    ['POST', '/api/users/1/reset-password'],
    ['PUT', '/api/users/1', { fullName: 'A', email: 'a@example.com', role: 'ADMIN' }],
    ['PUT', '/api/users/activate/1'],
    ['DELETE', '/api/users/1'],
  ];

  it('answers 401 to an anonymous caller and 403 to staff without MANAGE_USER', async () => {
    const staff = await t.createStaff(['MANAGE_BLOG', 'MANAGE_CAR', 'MANAGE_RECRUITMENT', 'WEB_CONFIG']);
    for (const [method, url, body] of endpoints) {
      const anonymous = await t.call(method, url, { body });
      expect(anonymous.status, `${method} ${url}`).toBe(401);
      expect(anonymous.json.message).toBe('Vui lòng đăng nhập để tiếp tục');
      const denied = await t.call(method, url, { body, token: staff.token });
      expect(denied.status, `${method} ${url}`).toBe(403);
      expect(denied.json.message).toBe('Bạn không có quyền thực hiện thao tác này');
    }
  });

  it('lets staff holding MANAGE_USER in', async () => {
    const manager = await t.createStaff(['MANAGE_USER']);
    expect((await t.call('GET', '/api/users', { token: manager.token })).status).toBe(200);
    expect((await t.call('GET', `/api/users/${manager.id}`, { token: manager.token })).status).toBe(200);
  });

  it('stops answering a deactivated manager at once (revoked token)', async () => {
    const manager = await t.createStaff(['MANAGE_USER']);
    expect((await t.call('DELETE', `/api/users/${manager.id}`, { token: t.adminToken })).status).toBe(200);
    expect((await t.call('GET', '/api/users', { token: manager.token })).status).toBe(401);
  });
});

describe('GET /api/users', () => {
  it('pages from 1 with 5 rows by default, newest first', async () => {
    for (let i = 0; i < 6; i++) expect((await addUser({ fullName: `Phân Trang ${i}` })).status).toBe(201);
    const res = await t.call('GET', '/api/users', { token: t.adminToken });
    expect(res.status).toBe(200);
    const { content, page, size, totalElements, totalPages } = res.json;
    expect(page).toBe(1);
    expect(size).toBe(5);
    expect(content).toHaveLength(5);
    expect(totalPages).toBe(Math.ceil(totalElements / 5));
    expect(content[0].fullName).toBe('Phân Trang 5');
    expect(content[0]).not.toHaveProperty('passwordHash');
    expect(content[0]).not.toHaveProperty('password');

    const second = await t.call('GET', '/api/users', { token: t.adminToken, query: { page: 2, size: 3 } });
    expect(second.json).toMatchObject({ page: 2, size: 3, totalElements });
    expect(second.json.content.map((u: { fullName: string }) => u.fullName)).toEqual([
      'Phân Trang 2',
      'Phân Trang 1',
      'Phân Trang 0',
    ]);
    const beyond = await t.call('GET', '/api/users', { token: t.adminToken, query: { page: 999 } });
    expect(beyond.status).toBe(200);
    expect(beyond.json.content).toEqual([]);
  });

  it('refuses bad paging with 400 in Vietnamese', async () => {
    for (const [query, message] of [
      [{ page: 0 }, 'Số trang không hợp lệ'],
      [{ page: 'abc' }, 'Số trang không hợp lệ'],
      [{ page: 1.5 }, 'Số trang không hợp lệ'],
      [{ size: 0 }, 'Kích thước trang phải từ 1 đến 100'],
      [{ size: 101 }, 'Kích thước trang phải từ 1 đến 100'],
      [{ search: 'x'.repeat(201) }, 'Từ khóa tìm kiếm quá dài'],
    ] as const) {
      const res = await t.call('GET', '/api/users', { token: t.adminToken, query });
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.json.message).toBe(message);
    }
  });

  it('searches name, username, e-mail and phone without accents or case', async () => {
    const a = (
      await addUser({ fullName: 'Nguyễn Văn Tìm', email: 'tim.kiem@autoviet.vn', phone: '0987000111' })
    ).json;
    const b = (await addUser({ fullName: 'Đặng Thị Ánh Tìm', email: 'anh@autoviet.vn' })).json;
    await addUser({ fullName: 'Trần Khác', email: 'khac@autoviet.vn' });
    const search = async (term: string) =>
      (
        await t.call('GET', '/api/users', { token: t.adminToken, query: { search: term, size: 100 } })
      ).json.content.map((u: { userId: number }) => u.userId);
    expect(await search('nguyen van')).toEqual([a.userId]);
    expect(await search('NGUYỄN VĂN')).toEqual([a.userId]);
    expect(await search('  nguyen   van ')).toEqual([a.userId]);
    expect(await search('dang thi anh')).toEqual([b.userId]);
    expect(await search('Đặng')).toEqual([b.userId]);
    expect(await search('tim')).toEqual(expect.arrayContaining([a.userId, b.userId]));
    expect(await search('TIM.KIEM@')).toEqual([a.userId]);
    expect(await search('0987000')).toEqual([a.userId]);
    expect(await search(a.username)).toContain(a.userId);
    expect(await search('%')).toEqual([]);
    const empty = await t.call('GET', '/api/users', { token: t.adminToken, query: { search: '' } });
    expect(empty.json.totalElements).toBeGreaterThan(3);
  });
});

describe('GET /api/users/{id}', () => {
  it('answers the user, 404 for an unknown one and 400 for a bad id', async () => {
    const created = (
      await addUser({ fullName: 'Chi Tiết', phone: '0912000111', permissions: ['MANAGE_CAR'] })
    ).json;
    const res = await t.call('GET', `/api/users/${created.userId}`, { token: t.adminToken });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      userId: created.userId,
      fullName: 'Chi Tiết',
      username: 'tietc',
      email: expect.stringMatching(/@example\.com$/),
      // Typed by the admin; confirmed once its owner uses the invitation.
      emailConfirmed: false,
      phone: '0912000111',
      role: 'STAFF',
      active: true,
      permissions: ['MANAGE_CAR'],
      receivesLeads: false,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    const missing = await t.call('GET', '/api/users/999999', { token: t.adminToken });
    expect(missing.status).toBe(404);
    expect(missing.json.message).toBe('Không tìm thấy tài khoản');
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999']) {
      const res = await t.call('GET', `/api/users/${bad}`, { token: t.adminToken });
      expect(res.status, bad).toBe(400);
      expect(res.json.message).toBe('Mã không hợp lệ');
    }
  });
});

describe('POST /api/users/addUser', () => {
  it('creates an account (201) whose owner sets its password from the mailed code, with a generated username when none is given', async () => {
    const res = await addUser({
      fullName: 'Lê Hoàng Thêm',
      phone: '+84 977 123 456',
      permissions: ['MANAGE_BLOG'],
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      fullName: 'Lê Hoàng Thêm',
      username: 'themlh',
      phone: '0977123456',
      role: 'STAFF',
      active: true,
      permissions: ['MANAGE_BLOG'],
    });
    expect(JSON.stringify(res.json)).not.toMatch(/password|argon/i);
    // Nobody knows a password yet: the stored hash is of random bytes, and the owner is mailed a code.
    const row = await userRow(t, 'themlh');
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    const mail = await t.mailContaining('Tên đăng nhập: themlh\n');
    expect(mail).toMatch(/^To: u\d+@example\.com$/m);
    expect(mail).toMatch(/Mã có hiệu lực trong 72 giờ/);
    expect(mail).toContain('/reset-password#username=themlh&code=');
    await t.setOwnPassword('themlh', 'Kiemtra2024');
    expect((await t.login('themlh', 'Kiemtra2024')).length).toBeGreaterThan(20);
  });

  it('takes an explicit username and refuses a taken one with 409', async () => {
    expect((await addUser({ fullName: 'Ai Đó', username: 'aido.1' })).status).toBe(201);
    const again = await addUser({ fullName: 'Ai Đó Khác', username: 'aido.1' });
    expect(again.status).toBe(409);
    expect(again.json.message).toBe('Tên đăng nhập đã tồn tại');
  });

  it('validates every field with Vietnamese messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ fullName: '' }, 'Vui lòng nhập họ và tên'],
      [{ fullName: '   ' }, 'Vui lòng nhập họ và tên'],
      [{ fullName: 'x'.repeat(101) }, 'Họ và tên tối đa 100 ký tự'],
      [{ fullName: 'A', email: 'sai' }, 'Email không hợp lệ'],
      [{ fullName: 'A', phone: '12345' }, 'Số điện thoại không hợp lệ'],
      [{ fullName: 'A', password: 'Matkhau123' }, OTHERS_PASSWORD_REFUSED],
      [{ fullName: 'A', role: 'BOSS' }, 'Vai trò không hợp lệ'],
      [{ fullName: 'A', permissions: ['FLY'] }, 'Quyền không hợp lệ'],
      [{ fullName: 'A', permissions: 'MANAGE_CAR' }, 'Danh sách quyền không hợp lệ'],
      [
        { fullName: 'A', username: 'Có Dấu' },
        'Tên đăng nhập chỉ gồm chữ thường không dấu, số, dấu chấm (3-40 ký tự)',
      ],
      [
        { fullName: 'A', username: 'ab' },
        'Tên đăng nhập chỉ gồm chữ thường không dấu, số, dấu chấm (3-40 ký tự)',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await addUser(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.message, JSON.stringify(body)).toBe(message);
    }
    const noEmail = await t.call('POST', '/api/users/addUser', {
      token: t.adminToken,
      body: { fullName: 'A' },
    });
    expect(noEmail.status).toBe(400);
    expect(noEmail.json.message).toBe('Vui lòng nhập email');
  });

  it('gives a one-word name a valid username', async () => {
    const res = await addUser({ fullName: 'An' });
    expect(res.status).toBe(201);
    expect(res.json.username).toMatch(/^[a-z0-9._]{3,40}$/);
    expect(res.json.username).toBe('an1');
  });
});

describe('PUT /api/users/{userId}', () => {
  it('updates name, contact and role, and keeps the username', async () => {
    const created = (await addUser({ fullName: 'Sửa Tôi', permissions: ['MANAGE_CAR'] })).json;
    const res = await t.call('PUT', `/api/users/${created.userId}`, {
      token: t.adminToken,
      body: { fullName: 'Đã Sửa Xong', email: 'DaSua@Example.com', phone: '0388111222', role: 'STAFF' },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      userId: created.userId,
      username: created.username,
      fullName: 'Đã Sửa Xong',
      email: 'dasua@example.com',
      phone: '0388111222',
      permissions: ['MANAGE_CAR'],
    });
    // The search column follows the new name.
    const found = await t.call('GET', '/api/users', {
      token: t.adminToken,
      query: { search: 'da sua xong' },
    });
    expect(found.json.content.map((u: { userId: number }) => u.userId)).toEqual([created.userId]);
  });

  it("refuses to set the account's password (400), even for an admin", async () => {
    const staff = await t.createStaff();
    const res = await t.call('PUT', `/api/users/${staff.id}`, {
      token: t.adminToken,
      body: { fullName: 'Đổi Mật Khẩu', email: 'doi@example.com', role: 'STAFF', password: 'Moi2024Moi' },
    });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(OTHERS_PASSWORD_REFUSED);
    expect((await t.call('GET', '/api/auth/my-info', { token: staff.token })).status).toBe(200);
    const moved = await t.call('POST', '/api/auth/login', {
      body: { username: staff.username, password: 'Moi2024Moi' },
    });
    expect(moved.status).toBe(401);
    // An empty password field (an old form) is no password at all: the rest is saved.
    const keep = await t.call('PUT', `/api/users/${staff.id}`, {
      token: t.adminToken,
      body: { fullName: 'Đổi Mật Khẩu', email: 'doi@example.com', role: 'STAFF', password: '' },
    });
    expect(keep.status).toBe(200);
    expect((await t.login(staff.username, STAFF_PASSWORD)).length).toBeGreaterThan(20);
  });

  it('answers 400 for bad input and 404 for an unknown user', async () => {
    const staff = await t.createStaff();
    const bad = await t.call('PUT', `/api/users/${staff.id}`, {
      token: t.adminToken,
      body: { fullName: 'X', email: 'sai', role: 'STAFF' },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe('Email không hợp lệ');
    const noRole = await t.call('PUT', `/api/users/${staff.id}`, {
      token: t.adminToken,
      body: { fullName: 'X', email: 'x@example.com' },
    });
    expect(noRole.status).toBe(400);
    expect(noRole.json.message).toBe('Vai trò không hợp lệ');
    const missing = await t.call('PUT', '/api/users/999999', {
      token: t.adminToken,
      body: { fullName: 'X', email: 'x@example.com', role: 'STAFF' },
    });
    expect(missing.status).toBe(404);
  });

  it('never demotes the last active admin', async () => {
    const admin = await userRow(t, 'admin');
    const res = await t.call('PUT', `/api/users/${admin.id}`, {
      token: t.adminToken,
      body: { fullName: 'Quản trị viên', email: admin.email!, role: 'STAFF' },
    });
    expect(res.status).toBe(409);
    expect(res.json.message).toBe('Không thể bỏ quyền hoặc vô hiệu hóa quản trị viên cuối cùng');
    expect((await t.call('GET', '/api/auth/my-info', { token: t.adminToken })).json.role).toBe('ADMIN');
  });
});

describe('activate and deactivate', () => {
  it('deactivates (sign-in refused, tokens revoked) and activates again', async () => {
    const staff = await t.createStaff();
    const off = await t.call('DELETE', `/api/users/${staff.id}`, { token: t.adminToken });
    expect(off.status).toBe(200);
    expect(off.headers['content-type']).toMatch(/^text\/plain/);
    expect(off.body).toBe('Đã vô hiệu hóa tài khoản');
    expect((await t.call('GET', `/api/users/${staff.id}`, { token: t.adminToken })).json.active).toBe(false);
    expect((await t.call('GET', '/api/auth/my-info', { token: staff.token })).status).toBe(401);
    const login = await t.call('POST', '/api/auth/login', {
      body: { username: staff.username, password: STAFF_PASSWORD },
    });
    expect(login.status).toBe(403);
    expect(login.json.message).toBe(ACCOUNT_DISABLED);

    const on = await t.call('PUT', `/api/users/activate/${staff.id}`, { token: t.adminToken });
    expect(on.status).toBe(200);
    expect(on.body).toBe('Đã kích hoạt tài khoản');
    expect((await t.login(staff.username, STAFF_PASSWORD)).length).toBeGreaterThan(20);
    // The token revoked by the deactivation stays revoked.
    expect((await t.call('GET', '/api/auth/my-info', { token: staff.token })).status).toBe(401);
  });

  it('refuses to deactivate oneself (400) or, for a non-admin, an admin (403)', async () => {
    const admin = await userRow(t, 'admin');
    const self = await t.call('DELETE', `/api/users/${admin.id}`, { token: t.adminToken });
    expect(self.status).toBe(400);
    expect(self.json.message).toBe('Bạn không thể tự vô hiệu hóa tài khoản của mình');
    const manager = await t.createStaff(['MANAGE_USER']);
    const own = await t.call('DELETE', `/api/users/${manager.id}`, { token: manager.token });
    expect(own.status).toBe(400);
    const res = await t.call('DELETE', `/api/users/${admin.id}`, { token: manager.token });
    expect(res.status).toBe(403);
    expect(res.json.message).toBe(ADMIN_ONLY);
    expect((await t.call('GET', '/api/auth/my-info', { token: t.adminToken })).status).toBe(200);
  });

  it('lets one admin deactivate another while another admin stays active', async () => {
    const second = await t.createStaff([], 'ADMIN');
    const res = await t.call('DELETE', `/api/users/${second.id}`, { token: t.adminToken });
    expect(res.status).toBe(200);
    expect((await t.call('GET', '/api/users', { token: second.token })).status).toBe(401);
  });

  it('answers 404 for an unknown user', async () => {
    expect((await t.call('DELETE', '/api/users/999999', { token: t.adminToken })).status).toBe(404);
    expect((await t.call('PUT', '/api/users/activate/999999', { token: t.adminToken })).status).toBe(404);
  });
});

describe('GET /api/users/generateUsername', () => {
  it('follows the Vietnamese convention and numbers collisions', async () => {
    const gen = async (fullname: string) => {
      const res = await t.call('GET', '/api/users/generateUsername', {
        token: t.adminToken,
        query: { fullname },
      });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      return res.body;
    };
    expect(await gen('Đặng Thị Ánh')).toBe('anhdt');
    expect(await gen('Nguyễn Văn Sinh')).toBe('sinhnv');
    expect((await addUser({ fullName: 'Nguyễn Văn Sinh' })).json.username).toBe('sinhnv');
    expect(await gen('Nguyễn Văn Sinh')).toBe('sinhnv1');
    expect((await addUser({ fullName: 'Ngô Văn Sinh' })).json.username).toBe('sinhnv1');
    expect(await gen('  nguyễn   văn  sinh ')).toBe('sinhnv2');
  });

  it('refuses an empty name or one without letters', async () => {
    const empty = await t.call('GET', '/api/users/generateUsername', {
      token: t.adminToken,
      query: { fullname: '' },
    });
    expect(empty.status).toBe(400);
    expect(empty.json.message).toBe('Vui lòng nhập họ và tên');
    const missing = await t.call('GET', '/api/users/generateUsername', { token: t.adminToken });
    expect(missing.status).toBe(400);
    const noLetters = await t.call('GET', '/api/users/generateUsername', {
      token: t.adminToken,
      query: { fullname: '123 - !!' },
    });
    expect(noLetters.status).toBe(400);
    expect(noLetters.json.message).toBe('Họ và tên phải có ít nhất một chữ cái');
  });
});
