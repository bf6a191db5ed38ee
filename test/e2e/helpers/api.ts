import type { Permission, Role } from '../../../src/contract/permissions';
import { resetCode, waitForMail } from './mail';

export interface ApiAnswer {
  status: number;
  body: string;
  json: unknown;
}

/**
 * A bearer-only API client for setting up journeys (no cookie, so no XSRF header is needed):
 * `const api = apiClient(server.url, server.dataDir); const token = await api.login('admin', pw);`
 * (the data directory is where createStaff reads the invitation mail).
 */
export function apiClient(baseUrl: string, dataDir?: string) {
  async function call(
    method: string,
    path: string,
    opts: { token?: string; query?: Record<string, string | number | undefined>; body?: unknown } = {},
  ): Promise<ApiAnswer> {
    const url = new URL(`/api/${path.replace(/^\/?(api\/)?/, '')}`, baseUrl);
    for (const [k, v] of Object.entries(opts.query ?? {}))
      if (v !== undefined) url.searchParams.set(k, String(v));
    const headers: Record<string, string> = {};
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(url, {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
    const body = await res.text();
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      json = undefined;
    }
    return { status: res.status, body, json };
  }

  async function login(username: string, password: string): Promise<string> {
    const res = await call('POST', 'auth/login', { body: { username, password } });
    if (res.status !== 200) throw new Error(`login ${username}: ${res.status} ${res.body}`);
    return res.body;
  }

  let counter = 0;
  /**
   * Creates a staff account holding exactly `permissions` as a manager does (no password), then sets
   * its password as its owner does, from the code in the invitation mail; returns id, username, password.
   */
  async function createStaff(
    adminToken: string,
    permissions: Permission[],
    opts: { fullName?: string; email?: string; role?: Role; password?: string } = {},
  ) {
    counter++;
    const stamp = `${Date.now().toString(36)}${counter}`;
    const password = opts.password ?? 'Staff12345';
    const res = await call('POST', 'users/addUser', {
      token: adminToken,
      body: {
        fullName: opts.fullName ?? `Nhân Viên Thử ${counter}`,
        username: `e2e.${stamp}`,
        email: opts.email ?? `e2e.${stamp}@example.com`,
        phone: '0901234567',
        role: opts.role ?? 'STAFF',
        permissions,
      },
    });
    if (res.status !== 201) throw new Error(`create staff: ${res.status} ${res.body}`);
    const user = res.json as { userId: number; username: string; email: string; fullName: string };
    if (!dataDir) throw new Error('apiClient(baseUrl, dataDir): createStaff reads the invitation mail');
    const mail = await waitForMail(dataDir, user.email, (m) =>
      m.text.includes(`Tên đăng nhập: ${user.username}`),
    );
    const set = await call('POST', 'auth/reset-password/confirm', {
      query: { username: user.username, token: resetCode(mail), newPassword: password },
    });
    if (set.status !== 200) throw new Error(`set password: ${set.status} ${set.body}`);
    return { ...user, password };
  }

  return { call, login, createStaff };
}
