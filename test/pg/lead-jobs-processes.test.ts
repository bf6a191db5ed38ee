import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, api, freshDatabase, type ServerProcess, startServer } from './server-process';

/**
 * Stored jobs on two server processes sharing one PostgreSQL database, with a real job: the alert of a
 * lead left waiting past its response target. Both processes poll every 200 ms; each alert runs once
 * (one notification row per lead and recipient), a process killed in the middle of the job leaves
 * nothing, and the job runs again once the process is back. The automatic hand-out of leads submitted
 * to both processes at once shares them evenly: its turn is a database row, not a process's memory.
 */
const ENV = { JOBS_POLL_MS: '200', JOBS_LEASE_MS: '3000', TRUST_PROXY: 'on' };
let db: Awaited<ReturnType<typeof freshDatabase>>;
let a: ServerProcess;
let b: ServerProcess;
let sql: pg.Client;
let token: string;
let adminId: number;
/** The service staff marked "nhận yêu cầu" (second test). */
const receivers: number[] = [];
let ip = 0;

beforeAll(async () => {
  db = await freshDatabase(process.env.TEST_DATABASE_URL!);
  a = await startServer(db.url, ENV);
  b = await startServer(db.url, ENV);
  sql = new pg.Client({ connectionString: db.url });
  await sql.connect();
  token = (
    await api(a.base, 'POST', '/api/auth/login', { body: { username: 'admin', password: ADMIN_PASSWORD } })
  ).text;
  adminId = (await api(a.base, 'GET', '/api/auth/my-info', { token })).json.userId;
});
afterAll(async () => {
  await sql?.end();
  await Promise.all([a?.stop(), b?.stop()]);
  await db?.drop();
});

/** A consulting lead sent to one process from its own address and phone (the forms allow 5 per address). */
async function lead(base: string, fullName = 'Khách Hai Máy'): Promise<{ id: number; reference: string }> {
  ip++;
  const res = await fetch(`${base}/api/consulting`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.${ip >> 8}.${ip & 255}` },
    body: JSON.stringify({
      fullName,
      // A phone of its own: a customer's repeat request within 30 days goes to the same handler.
      phone: `0912${String(100_000 + ip).slice(-6)}`,
      email: 'khach@example.com',
      topic: 'BUY',
      message: 'Tôi cần tư vấn xe gia đình',
      clientRequestId: randomUUID(),
    }),
  });
  const receipt = await res.json();
  expect(res.status, JSON.stringify(receipt)).toBe(201);
  const { rows } = await sql.query('select id from leads where reference = $1', [receipt.reference]);
  return { id: rows[0].id, reference: receipt.reference };
}

/** Moves a lead's response deadline and its alert job to now, as if the target had passed. */
async function makeDue(ids: number[]) {
  await sql.query(`update leads set response_due_at = now() - interval '1 second' where id = any($1)`, [ids]);
  await sql.query(`update jobs set run_at = now() where key = any($1)`, [
    ids.map((id) => `lead-response:${id}`),
  ]);
}

async function waitFor<T>(read: () => Promise<T>, done: (v: T) => boolean, what: string): Promise<T> {
  for (let i = 0; i < 300; i++) {
    const v = await read();
    if (done(v)) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const alertsOf = async (reference: string) =>
  (
    await sql.query(
      `select user_id from notifications where message like $1 and message like '%chưa được liên hệ'`,
      [`%${reference}%`],
    )
  ).rows.map((r) => r.user_id as number);

describe('two processes, one database', () => {
  it('runs the alert of each late lead exactly once', async () => {
    const leads = [];
    for (let i = 0; i < 6; i++) leads.push(await lead(i % 2 ? b.base : a.base));
    const keys = leads.map((l) => `lead-response:${l.id}`);
    await makeDue(leads.map((l) => l.id));
    const jobs = await waitFor(
      async () =>
        (await sql.query('select key, state, attempts, locked_by from jobs where key = any($1)', [keys]))
          .rows,
      (rows) => rows.length === keys.length && rows.every((r) => r.state === 'done'),
      'the alerts to run',
    );
    expect(jobs.every((j) => j.attempts === 1)).toBe(true);
    // Let both processes poll a few more times: nothing runs again.
    await new Promise((r) => setTimeout(r, 1000));
    for (const l of leads) expect(await alertsOf(l.reference)).toEqual([adminId]);
    // Both processes took part in the race for the work.
    const pids = new Set(jobs.map((j) => String(j.locked_by).split('-')[0]));
    expect([...pids].every((pid) => pid === String(a.child.pid) || pid === String(b.child.pid))).toBe(true);
  });

  it('shares leads submitted to both processes at once evenly among the receivers', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await api(a.base, 'POST', '/api/users/addUser', {
        token,
        body: {
          fullName: `Nhân Viên Nhận ${i}`,
          email: `nhan${i}@example.com`,
          permissions: ['MANAGE_SERVICE'],
          receivesLeads: true,
        },
      });
      expect(res.status, res.text).toBe(201);
      receivers.push(res.json.userId);
    }
    const config = await api(b.base, 'PUT', '/api/web-configuration', {
      token,
      body: {
        leadHandling: {
          responseTargetMinutes: 15,
          autoAssign: { TEST_DRIVE: false, MAINTENANCE: false, CONSULTING: true },
        },
      },
    });
    expect(config.status, config.text).toBe(200);
    const sent = await Promise.all(Array.from({ length: 12 }, (_, i) => lead(i % 2 ? b.base : a.base)));
    const { rows } = await sql.query('select assignee_id from leads where id = any($1)', [
      sent.map((l) => l.id),
    ]);
    const counts = new Map<number, number>();
    for (const r of rows) counts.set(r.assignee_id, (counts.get(r.assignee_id) ?? 0) + 1);
    expect(Object.fromEntries(counts)).toEqual(Object.fromEntries(receivers.map((id) => [id, 4])));
  });

  it('runs a job again after the process running it was killed, once', async () => {
    // Only process A polls from here: the job must come back to it after its restart.
    await b.stop();
    const l = await lead(a.base, 'Khách Máy Sập');
    const key = `lead-response:${l.id}`;
    // Hold the lead's row: the alert's transaction stops at its first statement, job claimed, nothing stored.
    await makeDue([l.id]);
    await sql.query('begin');
    await sql.query('select id from leads where id = $1 for update', [l.id]);
    const claimed = await waitFor(
      async () => (await sql.query('select locked_by, attempts from jobs where key = $1', [key])).rows[0],
      (row) => row.locked_by !== null,
      'process A to claim the job',
    );
    expect(String(claimed.locked_by).startsWith(`${a.child.pid}-`)).toBe(true);
    await waitFor(
      async () => {
        const probe = new pg.Client({ connectionString: db.url });
        await probe.connect();
        const { rows } = await probe.query(
          `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
        );
        await probe.end();
        return rows[0].n as number;
      },
      (n) => n > 0,
      'the alert to wait on the lead',
    );
    a.child.kill('SIGKILL');
    await new Promise((r) => a.child.once('exit', r));
    await sql.query('rollback');
    expect(await alertsOf(l.reference)).toEqual([]);
    const stuck = (await sql.query('select state, attempts from jobs where key = $1', [key])).rows[0];
    expect(stuck).toEqual({ state: 'pending', attempts: 1 });

    await a.stop();
    a = await startServer(db.url, ENV);
    const done = await waitFor(
      async () =>
        (await sql.query('select state, attempts, locked_by from jobs where key = $1', [key])).rows[0],
      (row) => row.state === 'done',
      'the restarted process to run the job',
    );
    expect(done.attempts).toBe(2);
    expect(String(done.locked_by).startsWith(`${a.child.pid}-`)).toBe(true);
    // One alert per recipient: the admin and the service staff (the receivers, its assignee among them).
    const { rows } = await sql.query('select assignee_id from leads where id = $1', [l.id]);
    expect(receivers).toContain(rows[0].assignee_id);
    const alerts = await alertsOf(l.reference);
    expect(alerts.sort((x, y) => x - y)).toEqual([adminId, ...receivers].sort((x, y) => x - y));
  });
});
