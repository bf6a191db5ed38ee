import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, type ServerProcess, startServer } from './server-process';

/**
 * The cap on mail a visitor can cause is the deployment's: two server processes on one PostgreSQL
 * database, as behind a load balancer, together send an address its cap, not twice it. Each process
 * logs every mail it writes to its outbox (LOG_LEVEL=info), and every one it skips.
 */
let db: Awaited<ReturnType<typeof freshDatabase>>;
let a: ServerProcess;
let b: ServerProcess;

beforeAll(async () => {
  db = await freshDatabase(process.env.TEST_DATABASE_URL!);
  const env = { TRUST_PROXY: '1', LOG_LEVEL: 'info', VISITOR_MAIL_PER_ADDRESS_PER_DAY: '3' };
  a = await startServer(db.url, env);
  b = await startServer(db.url, env);
});
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await db?.drop();
});

const lines = (text: string) =>
  [a, b].flatMap((p) => p.output().split('\n')).filter((l) => l.includes(text)).length;

describe('the visitor mail cap on two processes, one database', () => {
  it('lets five sign-ups spread over both send the address three confirmations', async () => {
    const email = 'hai.may@example.com';
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${i % 2 ? b.base : a.base}/api/saved-searches`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${20 + i}` },
        body: JSON.stringify({ email, filters: { year: 2018 + i } }),
      });
      expect(res.status, await res.text()).toBe(201);
    }
    await expect.poll(() => lines('visitor mail skipped'), { timeout: 10_000 }).toBe(2);
    await expect
      .poll(
        () =>
          [a, b]
            .flatMap((p) => p.output().split('\n'))
            .filter((l) => l.includes('mail written to outbox') && l.includes(email)).length,
      )
      .toBe(3);
  });
});
