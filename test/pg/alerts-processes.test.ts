import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlertLinks } from '../../src/server/modules/alerts/links';
import { carBody } from '../api/cars-fixtures';
import {
  ADMIN_PASSWORD,
  api,
  freshDatabase,
  JWT_SECRET,
  type ServerProcess,
  startServer,
} from './server-process';

/**
 * The daily digest on two server processes sharing one PostgreSQL database, both polling the stored
 * jobs: the day's job runs once, and however often and wherever the digest is run, an address gets one
 * e-mail that day.
 */
let db: Awaited<ReturnType<typeof freshDatabase>>;
let a: ServerProcess;
let b: ServerProcess;
let sql: pg.Client;
let token: string;
const links = new AlertLinks(JWT_SECRET, 'http://localhost');

beforeAll(async () => {
  db = await freshDatabase(process.env.TEST_DATABASE_URL!);
  // Info logs: each process says "mail written to outbox" with the subject of every mail it sends.
  const env = { JOBS_POLL_MS: '200', LOG_LEVEL: 'info' };
  a = await startServer(db.url, env);
  b = await startServer(db.url, env);
  sql = new pg.Client({ connectionString: db.url });
  await sql.connect();
  token = (
    await api(a.base, 'POST', '/api/auth/login', { body: { username: 'admin', password: ADMIN_PASSWORD } })
  ).text;
});
afterAll(async () => {
  await sql?.end();
  await Promise.all([a?.stop(), b?.stop()]);
  await db?.drop();
});

const digestsSent = (email: string) =>
  [a, b]
    .flatMap((p) => p.output().split('\n'))
    .filter(
      (line) => line.includes('mail written to outbox') && line.includes(email) && line.includes('xe mới'),
    ).length;

describe('the digest on two processes, one database', () => {
  it('runs the day’s job once and mails an address once, whichever process runs it and how often', async () => {
    // The day's run of the recurring job: planned by both processes, run by one.
    await expect
      .poll(async () => (await sql.query(`select state from jobs where name = 'alerts.digest'`)).rows, {
        timeout: 30_000,
      })
      .toEqual([{ state: 'done' }]);

    const email = 'hai.tien.trinh@example.com';
    const signup = await api(a.base, 'POST', '/api/saved-searches', {
      body: { email, filters: { brand: 'Toyota' } },
    });
    expect(signup.status, signup.text).toBe(201);
    const id = signup.json.subscription.subscriptionId as number;
    const confirmed = await api(b.base, 'POST', '/api/alerts/confirm', {
      body: { token: links.subscription('c', id) },
    });
    expect(confirmed.status, confirmed.text).toBe(200);
    const car = await api(a.base, 'POST', '/api/cars/admin/add', { token, body: carBody() });
    expect(car.status, car.text).toBe(201);

    // Administrators on both processes run today's digest at the same moment, twice each.
    const runs = await Promise.all(
      [a, b, a, b].map((p) => api(p.base, 'POST', '/api/alerts/admin/digest', { token })),
    );
    for (const r of runs) expect(r.status, r.text).toBe(200);
    expect(runs.reduce((n, r) => n + r.json.sent, 0)).toBe(1);
    const rows = await sql.query(`select status, items from alert_digests where email = $1`, [email]);
    expect(rows.rows).toHaveLength(1);
    expect(rows.rows[0].status).toBe('sent');
    expect(rows.rows[0].items.searches[String(id)]).toEqual([car.json.carId]);
    await expect.poll(() => digestsSent(email)).toBe(1);
    expect(
      (await sql.query(`select count(*)::int as n from jobs where name = 'alerts.digest'`)).rows[0].n,
    ).toBe(1);
  });
});
