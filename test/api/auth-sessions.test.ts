import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/server/platform/clock';
import { ADMIN_PASSWORD, STAFF_PASSWORD, startTestApp, type TestApp } from '../helpers/app';
import { callFrom } from './foundation-helpers';

const clock = new ManualClock();
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, { clock });
});
afterAll(() => t.close());

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

async function signIn(username: string, ip: string, userAgent: string) {
  const res = await callFrom(t, ip, 'POST', '/api/auth/login', {
    body: { username, password: STAFF_PASSWORD },
    headers: { 'user-agent': userAgent },
  });
  expect(res.status).toBe(200);
  return res.body;
}

describe('my active sessions', () => {
  it('lists device, address and last use, marks the current one, and ends another', async () => {
    const staff = await t.createStaff();
    const laptop = await signIn(staff.username, '10.30.0.1', CHROME_WINDOWS);
    const phone = await signIn(staff.username, '10.30.0.2', SAFARI_IPHONE);
    const list = await t.call('GET', '/api/auth/sessions', { token: laptop });
    expect(list.status).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    const mine = list.json as {
      sessionId: string;
      device: string;
      ip: string;
      current: boolean;
      lastUsedAt: string;
    }[];
    const current = mine.find((s) => s.current)!;
    // The address of its last use: this very call.
    expect(current).toMatchObject({ device: 'Chrome trên Windows', ip: '127.0.0.1' });
    const other = mine.find((s) => s.device === 'Safari trên iOS')!;
    expect(other).toMatchObject({ ip: '10.30.0.2', current: false });
    expect(new Date(other.lastUsedAt).getTime()).toBeGreaterThan(0);

    const end = await t.call('DELETE', `/api/auth/sessions/${other.sessionId}`, { token: laptop });
    expect(end.status).toBe(200);
    expect(end.body).toBe('Đã kết thúc phiên đăng nhập');
    expect((await t.call('GET', '/api/auth/my-info', { token: phone })).status).toBe(401);
    expect((await t.call('GET', '/api/auth/my-info', { token: laptop })).status).toBe(200);
    const after = (await t.call('GET', '/api/auth/sessions', { token: laptop })).json as {
      sessionId: string;
    }[];
    expect(after.map((s) => s.sessionId)).not.toContain(other.sessionId);
  });

  it("cannot see or end another user's session (404), and refuses a bad id (400)", async () => {
    const a = await t.createStaff();
    const b = await t.createStaff();
    const theirs = (await t.call('GET', '/api/auth/sessions', { token: b.token })).json[0].sessionId;
    const res = await t.call('DELETE', `/api/auth/sessions/${theirs}`, { token: a.token });
    expect(res.status).toBe(404);
    expect((await t.call('GET', '/api/auth/my-info', { token: b.token })).status).toBe(200);
    expect((await t.call('DELETE', '/api/auth/sessions/khong-phai-uuid', { token: a.token })).status).toBe(
      400,
    );
    expect((await t.call('GET', '/api/auth/sessions')).status).toBe(401);
  });
});

describe('idle timeout', () => {
  it('signs out a session unused for longer than the setting (8 hours by default), not a used one', async () => {
    const staff = await t.createStaff();
    const idle = await t.login(staff.username, STAFF_PASSWORD);
    const busy = await t.login(staff.username, STAFF_PASSWORD);
    for (let h = 0; h < 9; h++) {
      clock.advance(60 * 60_000);
      expect((await t.call('GET', '/api/auth/my-info', { token: busy })).status).toBe(200);
    }
    expect((await t.call('GET', '/api/auth/my-info', { token: idle })).status).toBe(401);
    expect((await t.call('GET', '/api/auth/my-info', { token: busy })).status).toBe(200);
  });

  it('follows the setting (1 to 168 hours, WEB_CONFIG)', async () => {
    const admin = await t.login('admin', ADMIN_PASSWORD);
    const set = (hours: number) =>
      t.call('PUT', '/api/web-configuration', { token: admin, body: { sessionIdleHours: hours } });
    expect((await set(2)).status).toBe(200);
    const bad = await set(0);
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe('Thời gian chờ từ 1 đến 168 giờ');
    expect((await t.call('GET', '/api/web-configuration')).json).not.toHaveProperty('sessionIdleHours');
    clock.advance(60_000); // past the process's 30 s reuse of the setting
    const fresh = await t.login('admin', ADMIN_PASSWORD);
    expect((await t.call('GET', '/api/auth/my-info', { token: fresh })).status).toBe(200);
    clock.advance(2 * 60 * 60_000 + 1000);
    expect((await t.call('GET', '/api/auth/my-info', { token: fresh })).status).toBe(401);
  });
});
