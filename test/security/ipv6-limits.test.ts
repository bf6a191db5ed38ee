import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFrom } from '../api/foundation-helpers';
import { startTestApp, type TestApp } from '../helpers/app';

/**
 * Every limit kept per client address counts an IPv6 client by its /64: one subscriber line or one
 * cloud machine holds a whole /64 and could otherwise take a fresh address for every attempt. IPv4
 * addresses, and IPv6 clients in other /64s, keep their own counts.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ VALUATION_RATE_LIMIT: '3' });
});
afterAll(() => t.close());

/** The n-th address of a /64 (its last hextet). */
const in64 = (prefix: string, n: number) => `${prefix}:${n.toString(16)}`;

describe('rate limits by IPv6 /64', () => {
  it('a limiter (instant valuations, 3 a minute) counts a /64 as one client', async () => {
    const value = (ip: string) => callFrom(t, ip, 'POST', '/api/valuations', { body: {} });
    for (let n = 1; n <= 3; n++) expect((await value(in64('2001:db8:aa:1:0:0:0', n))).status).not.toBe(429);
    // A fourth address of the same /64, written another way, is refused.
    const fourth = await value('2001:DB8:AA:1::ff');
    expect(fourth.status).toBe(429);
    expect(fourth.json.message).toBe('Bạn định giá quá nhiều lần, vui lòng thử lại sau ít phút');
    // The next /64, and IPv4 clients (an IPv4-mapped address too), have counts of their own.
    expect((await value('2001:db8:aa:2::1')).status).not.toBe(429);
    for (const ip of ['203.0.113.1', '203.0.113.2', '203.0.113.3', '::ffff:203.0.113.4'])
      expect((await value(ip)).status, ip).not.toBe(429);
    expect((await value('::ffff:203.0.113.1')).status).not.toBe(429);
    expect((await value('203.0.113.1')).status).not.toBe(429);
    expect((await value('203.0.113.1')).status).toBe(429);
  });

  it('reset requests (10 an hour per address) count a /64 as one address', async () => {
    const ask = (ip: string, n: number) =>
      callFrom(t, ip, 'POST', '/api/auth/reset-password', { query: { username: `khong-co-${n}` } });
    for (let n = 1; n <= 10; n++) expect((await ask(in64('2001:db8:bb:1:0:0:0', n), n)).status).toBe(200);
    expect((await ask('2001:db8:bb:1::99', 11)).status).toBe(429);
    expect((await ask('2001:db8:bb:2::1', 12)).status).toBe(200);
  });

  it('sign-in failures per address count a /64 as one address', async () => {
    const staff = await t.createStaff();
    const fail = (ip: string) =>
      callFrom(t, ip, 'POST', '/api/auth/login', {
        body: { username: staff.username, password: 'Sai12345' },
      });
    // Failures of one (username, address) pair slow it down from the 3rd: spread over a /64 they are one pair.
    for (let n = 1; n <= 3; n++) expect((await fail(in64('2001:db8:cc:1:0:0:0', n))).status).toBe(401);
    const slowed = await fail('2001:db8:cc:1::77');
    expect(slowed.status).toBe(429);
    expect(slowed.headers['retry-after']).toBeDefined();
  });
});
