import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from '../helpers/app';

/**
 * Who a request comes from, behind a reverse proxy: the address the proxy appended to X-Forwarded-For,
 * never what the client wrote there itself. Checked with a hop count and with the proxy's CIDR range;
 * the address is read back from the sessions list (the one the audit log and the limits use too).
 */
const PROXY = '10.0.0.5';
const CLIENT = '203.0.113.7';

async function seenAs(t: TestApp, remoteAddress: string, forwarded?: string): Promise<string> {
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress,
    headers: forwarded ? { 'x-forwarded-for': forwarded } : {},
    payload: { username: 'admin', password: ADMIN_PASSWORD },
  });
  expect(login.statusCode).toBe(200);
  const list = await t.app.inject({
    method: 'GET',
    url: '/api/auth/sessions',
    remoteAddress,
    headers: {
      authorization: `Bearer ${login.body}`,
      ...(forwarded ? { 'x-forwarded-for': forwarded } : {}),
    },
  });
  return (list.json() as { ip: string; current: boolean }[]).find((s) => s.current)!.ip;
}

describe.each([
  ['a hop count', '1'],
  ["the proxy's CIDR range", '10.0.0.0/8'],
])('TRUST_PROXY as %s', (_name, value) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: value });
  });
  afterAll(() => t.close());

  it('a forged X-Forwarded-For entry is ignored: the client is the address the proxy appended', async () => {
    expect(await seenAs(t, PROXY, `6.6.6.6, ${CLIENT}`)).toBe(CLIENT);
    expect(await seenAs(t, PROXY, `1.1.1.1, 2.2.2.2, ${CLIENT}`)).toBe(CLIENT);
  });

  it('forged entries cannot spread sign-in failures over invented addresses', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: PROXY,
        headers: { 'x-forwarded-for': `6.6.6.${i}, 198.51.100.20` },
        payload: { username: 'admin', password: 'Sai12345' },
      });
      expect(res.statusCode).toBe(401);
    }
    // All three counted for the one real address: its next attempt must wait.
    const next = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: PROXY,
      headers: { 'x-forwarded-for': '6.6.6.99, 198.51.100.20' },
      payload: { username: 'admin', password: ADMIN_PASSWORD },
    });
    expect(next.statusCode).toBe(429);
  });
});

describe('TRUST_PROXY with a CIDR range', () => {
  it('a client outside the range that sends X-Forwarded-For itself is taken by its own address', async () => {
    const t = await startTestApp({ TRUST_PROXY: '10.0.0.0/8' });
    try {
      expect(await seenAs(t, '198.51.100.9', '6.6.6.6')).toBe('198.51.100.9');
    } finally {
      await t.close();
    }
  });
});

describe('TRUST_PROXY off (the default)', () => {
  it('ignores X-Forwarded-For altogether', async () => {
    const t = await startTestApp();
    try {
      expect(await seenAs(t, '198.51.100.9', '6.6.6.6')).toBe('198.51.100.9');
    } finally {
      await t.close();
    }
  });
});
