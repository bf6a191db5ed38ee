import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const XSRF_REFUSED = 'Phiên làm việc không hợp lệ, vui lòng tải lại trang và thử lại';

function cookieOf(setCookie: string | string[] | undefined): string {
  const line = [setCookie ?? []].flat().find((c) => c.startsWith('XSRF-TOKEN='));
  if (!line) throw new Error('no XSRF-TOKEN cookie');
  return line.split(';')[0].slice('XSRF-TOKEN='.length);
}

describe('XSRF double submit', () => {
  it('hands a browser the XSRF-TOKEN cookie with a page: readable by script, same-site only', async () => {
    const res = await t.call('GET', '/cars');
    const line = [res.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('XSRF-TOKEN='))!;
    expect(line).toMatch(/^XSRF-TOKEN=[A-Za-z0-9_-]{20,};/);
    expect(line).toMatch(/Path=\//);
    expect(line).toMatch(/SameSite=Strict/);
    expect(line).not.toMatch(/HttpOnly/i);
    // A browser that already has it is not handed another one.
    const again = await t.call('GET', '/', {
      headers: { cookie: `XSRF-TOKEN=${cookieOf(line)}` },
    });
    expect(again.status).toBe(200);
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('never sets a cookie on API answers, so shared caches may keep the public ones', async () => {
    for (const url of ['/api/health', '/api/cars', '/api/web-configuration', '/api/nope']) {
      const res = await t.call('GET', url);
      expect(res.headers['set-cookie'], url).toBeUndefined();
    }
  });

  it('refuses POST, PUT and DELETE that carry the cookie without the matching header (403)', async () => {
    const token = cookieOf((await t.call('GET', '/')).headers['set-cookie']);
    const cookie = `XSRF-TOKEN=${token}`;
    const staff = await t.createStaff();
    const calls = [
      ['POST', '/api/auth/login', { body: { username: 'admin', password: ADMIN_PASSWORD } }],
      ['POST', '/api/auth/logout', { token: t.adminToken }],
      ['PUT', '/api/web-configuration', { token: t.adminToken, body: { showroomName: 'Tấn công' } }],
      [
        'PUT',
        '/api/auth/change-info',
        { token: t.adminToken, query: { email: 'x@example.com', phone: '0912345678' } },
      ],
      ['DELETE', `/api/users/${staff.id}`, { token: t.adminToken }],
    ] as const;
    for (const [method, url, opts] of calls) {
      const variants: Record<string, string>[] = [
        { cookie },
        { cookie, 'x-xsrf-token': `${token}x` },
        { cookie, 'x-xsrf-token': '' },
      ];
      for (const headers of variants) {
        const res = await t.call(method, url, { ...opts, headers });
        expect(res.status, `${method} ${url} ${JSON.stringify(headers)}`).toBe(403);
        expect(res.json.message).toBe(XSRF_REFUSED);
      }
    }
    // Nothing happened.
    expect((await t.call('GET', '/api/auth/my-info', { token: t.adminToken })).status).toBe(200);
    expect((await t.call('GET', `/api/users/${staff.id}`, { token: t.adminToken })).json.active).toBe(true);
    expect((await t.call('GET', '/api/web-configuration')).json.showroomName).not.toBe('Tấn công');
  });

  it('lets the same calls through with the matching header', async () => {
    const token = cookieOf((await t.call('GET', '/')).headers['set-cookie']);
    const headers = { cookie: `XSRF-TOKEN=${token}`, 'x-xsrf-token': token };
    const login = await t.call('POST', '/api/auth/login', {
      body: { username: 'admin', password: ADMIN_PASSWORD },
      headers,
    });
    expect(login.status).toBe(200);
    const put = await t.call('PUT', '/api/web-configuration', {
      token: login.body,
      body: { openingHours: '7:30 - 18:00' },
      headers,
    });
    expect(put.status).toBe(200);
    const staff = await t.createStaff();
    expect((await t.call('DELETE', `/api/users/${staff.id}`, { token: login.body, headers })).status).toBe(
      200,
    );
    expect((await t.call('POST', '/api/auth/logout', { token: login.body, headers })).status).toBe(200);
  });

  it('lets safe methods through with the cookie alone', async () => {
    const token = cookieOf((await t.call('GET', '/')).headers['set-cookie']);
    const res = await t.call('GET', '/api/auth/my-info', {
      token: t.adminToken,
      headers: { cookie: `XSRF-TOKEN=${token}` },
    });
    expect(res.status).toBe(200);
  });

  it('lets a bearer-only client without the cookie through', async () => {
    const login = await t.call('POST', '/api/auth/login', {
      body: { username: 'admin', password: ADMIN_PASSWORD },
    });
    expect(login.status).toBe(200);
    const put = await t.call('PUT', '/api/web-configuration', {
      token: login.body,
      body: { openingHours: '8:00 - 20:00' },
    });
    expect(put.status).toBe(200);
    expect((await t.call('POST', '/api/auth/logout', { token: login.body })).status).toBe(200);
  });
});
