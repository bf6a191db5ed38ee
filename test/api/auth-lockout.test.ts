import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_LOCKED, PAIR_LOCKED, SIGN_IN_RULES } from '../../src/server/modules/auth/sign-in-throttle';
import { ManualClock } from '../../src/server/platform/clock';
import { ADMIN_PASSWORD, STAFF_PASSWORD, startTestApp, type TestApp } from '../helpers/app';
import { auditSince, callFrom, lastAuditId } from './foundation-helpers';

const clock = new ManualClock();
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, { clock });
});
afterAll(() => t.close());

const login = (username: string, password: string, ip: string) =>
  callFrom(t, ip, 'POST', '/api/auth/login', { body: { username, password } });

describe('sign-in failures cannot be used to lock anyone out', () => {
  it('five wrong passwords for admin from five addresses leave the right one working (the reported attack)', async () => {
    for (let i = 1; i <= 5; i++) expect((await login('admin', 'Sai12345', `10.20.0.${i}`)).status).toBe(401);
    expect((await login('admin', ADMIN_PASSWORD, '10.20.0.99')).status).toBe(200);
    // Even from one of the guessing addresses: one failure there is no reason to refuse.
    expect((await login('admin', ADMIN_PASSWORD, '10.20.0.1')).status).toBe(200);
  });

  it('slows a (username, address) pair down with growing waits, then locks that pair alone', async () => {
    const staff = await t.createStaff();
    const ip = '10.21.0.1';
    const waits: number[] = [];
    for (let failures = 1; failures <= SIGN_IN_RULES.pair.lockAt; failures++) {
      expect((await login(staff.username, 'Sai12345', ip)).status, `failure ${failures}`).toBe(401);
      if (failures < SIGN_IN_RULES.pair.slowFrom) continue; // no wait yet: the next attempt is judged
      // While it waits, even the right password is refused without being judged, with Retry-After.
      const next = await login(staff.username, STAFF_PASSWORD, ip);
      expect(next.status).toBe(429);
      const wait = Number(next.headers['retry-after']);
      waits.push(wait);
      if (failures < SIGN_IN_RULES.pair.lockAt) clock.advance(wait * 1000);
      else expect(next.json.message).toBe(PAIR_LOCKED);
    }
    expect(waits.slice(0, -1)).toEqual([1, 2, 4, 8, 16, 32, 60]);
    expect(waits.at(-1)).toBeGreaterThan(600); // locked for the rest of its 15-minute window
    // The owner elsewhere is not affected.
    expect((await login(staff.username, STAFF_PASSWORD, '10.21.0.2')).status).toBe(200);
    // The reset path stays open to the owner, from the locked address too.
    const reset = await callFrom(t, ip, 'POST', '/api/auth/reset-password', {
      query: { username: staff.username },
    });
    expect(reset.status).toBe(200);
    clock.advance(15 * 60_000);
    expect((await login(staff.username, STAFF_PASSWORD, ip)).status).toBe(200);
  });

  it('locks an address that fails for many usernames, while other addresses sign in', async () => {
    const ip = '10.22.0.1';
    let refused = 0;
    for (let i = 0; i < SIGN_IN_RULES.address.lockAt; i++) {
      const res = await login(`doan${i}`, 'Sai12345', ip);
      if (res.status === 429) {
        refused++;
        clock.advance(Number(res.headers['retry-after']) * 1000);
        i--;
        continue;
      }
      expect(res.status).toBe(401);
    }
    expect(refused).toBeGreaterThan(0); // the address was slowed before it was locked
    const blocked = await login('admin', ADMIN_PASSWORD, ip);
    expect(blocked.status).toBe(429);
    expect(blocked.json.message).toBe(ADDRESS_LOCKED);
    expect((await login('admin', ADMIN_PASSWORD, '10.22.0.2')).status).toBe(200);
    clock.advance(15 * 60_000);
  });

  it('writes failures, slow-downs and lock-outs to the audit log with the username and the address', async () => {
    const staff = await t.createStaff();
    const ip = '10.23.0.1';
    const since = await lastAuditId(t);
    for (let i = 0; i < SIGN_IN_RULES.pair.lockAt; i++) {
      const res = await login(staff.username, 'Sai12345', ip);
      if (res.status === 429) {
        clock.advance(Number(res.headers['retry-after']) * 1000);
        i--;
      }
    }
    const rows = await auditSince(t, since);
    const mine = rows.filter((r) => (r.after as { username?: string } | null)?.username === staff.username);
    const actions = mine.map((r) => r.action);
    expect(actions.filter((a) => a === 'login-failed')).toHaveLength(SIGN_IN_RULES.pair.lockAt);
    expect(actions).toContain('login-slowdown');
    expect(actions).toContain('login-lockout');
    for (const r of mine) {
      expect(r.ip).toBe(ip);
      expect(r.username).toBe(staff.username);
    }
    expect(mine.find((r) => r.action === 'login-lockout')?.after).toMatchObject({ scope: 'pair' });
    clock.advance(15 * 60_000);
  });
});
