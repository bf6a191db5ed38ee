/**
 * PostgreSQL restarted under load (docs/reliability.md). A private cluster (initdb + pg_ctl in a temp
 * directory, never the TEST_DATABASE_URL server), the real server process on it, light traffic from
 * scripts/faults/traffic.ts, then a fast restart and a stop / 2 s down / start. Required: the process
 * stays up, /api/ready answers 503 while the database is down and 200 after, every failure is a 503
 * in Vietnamese (never a 500, never a request left hanging to its timeout), and every lead that was
 * acknowledged is in the database once the failed ones were retried with their clientRequestId.
 *
 * And, in-process: a connection that dies while checked out or idle in the pool neither raises an
 * uncaught error (which stops main.ts) nor keeps its pool slot.
 */

import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPgBin, type PrivateCluster, startPrivateCluster } from '../../scripts/faults/cluster';
import { DB_DOWN_MESSAGE, downFor, RESTART_FAST, runPgFaults } from '../../scripts/faults/pg-restart';
import { openPostgres } from '../../src/server/db/client';
import { DATABASE_UNAVAILABLE_MESSAGE, toErrorBody } from '../../src/server/platform/errors';

describe('PostgreSQL restarted under load', () => {
  it('finds initdb and pg_ctl (CI machines have them: install postgresql, or set PG_BIN)', () => {
    expect(() => findPgBin()).not.toThrow();
  });

  it('the server survives, /api/ready goes 503 then 200, failures are fast 503s, no acknowledged lead is lost', async () => {
    const report = await runPgFaults({
      scenarios: [RESTART_FAST, downFor(2_000)],
      readers: 3,
      writers: 2,
      warmMs: 1_500,
      settleMs: 1_500,
      timeoutMs: 10_000,
      demoData: false,
    });
    const context = `${report.problems.join('\n')}\n${report.serverOutputTail}`;
    expect(report.serverExit, context).toBeNull();
    expect(report.scenarios).toHaveLength(2);
    for (const r of report.scenarios) {
      expect(r.serverAlive, r.scenario).toBe(true);
      expect(r.status500, `${r.scenario}: 500s`).toBe(0);
      expect(r.leaky, `${r.scenario}: internals in a 5xx`).toBe(0);
      expect(r.notFastFail, `${r.scenario}: failures other than 503`).toBe(0);
      expect(r.timedOut, `${r.scenario}: requests that hit their timeout`).toBe(0);
      expect(r.readyAfter, `${r.scenario}: /api/ready after`).toBe(200);
      for (const m of r.messages503) expect([DB_DOWN_MESSAGE, 'Cơ sở dữ liệu chưa sẵn sàng']).toContain(m);
    }
    // Down for 2 s: sampled every 250 ms, /api/ready must have said 503.
    expect(report.scenarios[1].ready503).toBeGreaterThan(0);
    expect(report.leads).toBeGreaterThan(0);
    expect(report.acknowledged).toBe(report.leads);
    expect(report.missing).toBe(0);
    expect(report.duplicates).toBe(0);
  }, 90_000);
});

describe('pool connections that die', () => {
  let cluster: PrivateCluster;
  let admin: pg.Client;
  beforeAll(async () => {
    cluster = await startPrivateCluster();
    admin = new pg.Client({ connectionString: cluster.url });
    // The last test stops the cluster under this connection too.
    admin.on('error', () => {});
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end().catch(() => {});
    await cluster?.destroy();
  });

  const terminate = (app: string) =>
    admin.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [app]);

  /** Polls `done` until it holds; throws with `what` after `limitMs` (a condition, not a fixed sleep). */
  async function until(done: () => boolean, what: string, limitMs = 10_000) {
    const started = Date.now();
    while (!done()) {
      if (Date.now() - started > limitMs) throw new Error(`still waiting: ${what}`);
      await new Promise((r) => setImmediate(r));
    }
  }

  it('a transaction on a connection terminated in the pool fails with 503 or succeeds, and its slot comes back', async () => {
    const url = new URL(cluster.url);
    url.searchParams.set('application_name', 'pool_victim');
    const database = await openPostgres(url.toString(), 3);
    const pool = database.pool!;
    try {
      const db = drizzle(pool);
      const outcomes: ('answered' | 'failed')[] = [];
      // More rounds than pool slots: a leaked slot per round would leave the pool empty.
      for (let round = 0; round < 6; round++) {
        await pool.query('select 1');
        const killed = await terminate('pool_victim');
        // Every round kills the idle connection the next transaction would take.
        expect(killed.rows.map((r) => r.pg_terminate_backend)).toContain(true);
        try {
          const rows = await db.transaction(async (tx) => tx.execute(sql`select ${round}::int as n`));
          // The pool noticed the death first and opened a new connection: a right answer.
          expect(rows.rows[0]).toEqual({ n: round });
          outcomes.push('answered');
        } catch (err) {
          expect(toErrorBody(err)).toEqual({ status: 503, message: DATABASE_UNAVAILABLE_MESSAGE });
          outcomes.push('failed');
        }
      }
      expect(outcomes).toHaveLength(6);
      console.info(`terminated connections: ${outcomes.join(', ')}`);
      await until(() => pool.totalCount <= 3 && pool.waitingCount === 0, 'the pool gives back its slots');
      // The pool still works, at once (no wait for the connection timeout).
      const started = Date.now();
      const rows = await db.transaction(async (tx) => tx.execute(sql`select 42 as n`));
      expect(rows.rows[0]).toEqual({ n: 42 });
      expect(Date.now() - started).toBeLessThan(4_000);
    } finally {
      await database.close();
    }
  });

  it('a connection terminated in the middle of a transaction: 503, no uncaught error', async () => {
    const url = new URL(cluster.url);
    url.searchParams.set('application_name', 'tx_victim');
    const database = await openPostgres(url.toString(), 2);
    // The connection the transaction gets (the pool is empty, so it opens one for it).
    let victim: pg.PoolClient | undefined;
    database.pool!.on('connect', (client) => {
      victim = client;
    });
    try {
      const db = drizzle(database.pool!);
      const err = await db
        .transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          // Not events.once: it rejects on the 'error' that comes first (57P01), and a rejection
          // before the await below is an unhandled one. The pool's own listener takes the error.
          const ended = new Promise((resolve) => victim!.once('end', resolve));
          await terminate('tx_victim');
          // The FATAL message and the closed socket arrive while the client sits checked out.
          await ended;
          await tx.execute(sql`select 2`);
        })
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(err).not.toBeNull();
      expect(toErrorBody(err)).toEqual({ status: 503, message: DATABASE_UNAVAILABLE_MESSAGE });
      await database.ping();
    } finally {
      await database.close();
    }
  });

  it('the database down: every kind of failure maps to 503 in Vietnamese', async () => {
    const database = await openPostgres(cluster.url, 2);
    try {
      await cluster.stop();
      const db = drizzle(database.pool!);
      const plain = await db.execute(sql`select 1`).then(
        () => null,
        (e: unknown) => e,
      );
      const tx = await db
        .transaction(async (t) => {
          await t.execute(sql`select 1`);
        })
        .then(
          () => null,
          (e: unknown) => e,
        );
      for (const err of [plain, tx]) {
        expect(err).not.toBeNull();
        expect(toErrorBody(err)).toEqual({ status: 503, message: DATABASE_UNAVAILABLE_MESSAGE });
      }
    } finally {
      await cluster.start();
      await database.close();
    }
  });
});
