import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, freshDatabase, type ServerProcess, startServer } from './server-process';

/**
 * Two server processes on one PostgreSQL database, as behind a load balancer: the rate limits and the
 * sign-in counters are the deployment's, so the two together allow the limit, not twice it.
 * Each client address is set with X-Forwarded-For (TRUST_PROXY=1: the test is the one proxy).
 */
let db: Awaited<ReturnType<typeof freshDatabase>>;
let a: ServerProcess;
let b: ServerProcess;
const env = { TRUST_PROXY: '1', CHAT_RATE_LIMIT: '4' };

beforeAll(async () => {
  db = await freshDatabase(process.env.TEST_DATABASE_URL!);
  a = await startServer(db.url, env);
  b = await startServer(db.url, env);
});
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await db?.drop();
});

async function post(base: string, path: string, ip: string, body: unknown) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify(body),
  });
  await res.text();
  return res.status;
}

describe('limits shared by two processes', () => {
  it('the advisor allows CHAT_RATE_LIMIT questions per address per minute across both', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      statuses.push(
        await post(i % 2 ? b.base : a.base, '/api/chatbot/history', '198.51.100.1', [
          { role: 'user', content: 'Xe nào dưới 500 triệu?' },
        ]),
      );
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(4);
    expect(statuses.filter((s) => s === 429)).toHaveLength(4);
  });

  it('a public form allows its 5 per address across both', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      statuses.push(
        await post(i % 2 ? b.base : a.base, '/api/consulting', '198.51.100.2', {
          fullName: 'Hai Tiến Trình',
          phone: '0901234567',
          email: 'hai@example.com',
          topic: 'BUY',
          message: 'Tôi muốn mua xe gia đình',
          clientRequestId: randomUUID(),
        }),
      );
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(3);
  });

  it('sign-in failures counted on one process make the other one wait', async () => {
    const wrong = { username: 'admin', password: 'Sai12345' };
    // Three failures from one address, spread over both processes: the third starts a wait.
    expect(await post(a.base, '/api/auth/login', '198.51.100.3', wrong)).toBe(401);
    expect(await post(b.base, '/api/auth/login', '198.51.100.3', wrong)).toBe(401);
    expect(await post(a.base, '/api/auth/login', '198.51.100.3', wrong)).toBe(401);
    const right = { username: 'admin', password: ADMIN_PASSWORD };
    expect(await post(b.base, '/api/auth/login', '198.51.100.3', right)).toBe(429);
    expect(await post(a.base, '/api/auth/login', '198.51.100.3', right)).toBe(429);
    // The owner at another address is not affected, on either process.
    expect(await post(b.base, '/api/auth/login', '198.51.100.4', right)).toBe(200);
  });
});
