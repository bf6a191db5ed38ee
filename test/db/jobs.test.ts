import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { ManualClock } from '../../src/server/platform/clock';
import { JobQueue, retryDelayMs } from '../../src/server/platform/jobs/queue';
import { jobs } from '../../src/server/platform/jobs/schema';
import { openTestDatabase } from '../helpers/database';

/**
 * The stored job queue on one database (PGlite, and PostgreSQL in api-pg): scheduling by key, running
 * once, retries, giving up, recurring periods, and a job whose process died running again after its lease.
 */
const silent = { error() {}, warn() {}, info() {}, debug() {} } as never;
let database: Database;
const clock = new ManualClock(new Date('2026-11-26T03:00:00Z'));
const LEASE = 60_000;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

function queue() {
  return new JobQueue(database.db, clock, silent, { leaseMs: LEASE, pollMs: 1000 });
}

describe('the stored job queue', () => {
  it('runs a job once, at its time, and a second schedule of the same key keeps the first', async () => {
    const q = queue();
    const seen: unknown[] = [];
    q.define('t.once', async (payload) => void seen.push(payload.n));
    const at = new Date(clock.now().getTime() + 10 * 60_000);
    await q.schedule(database.db, { name: 't.once', key: 'once:1', runAt: at, payload: { n: 1 } });
    await q.schedule(database.db, { name: 't.once', key: 'once:1', runAt: clock.now(), payload: { n: 2 } });
    expect(await q.runDue()).toBe(0);
    clock.advance(10 * 60_000);
    expect(await q.runDue()).toBe(1);
    expect(await q.runDue()).toBe(0);
    expect(seen).toEqual([1]);
    expect((await q.find('once:1'))?.state).toBe('done');
  });

  it('moves a pending job with replace, and a cancelled one never runs', async () => {
    const q = queue();
    const seen: string[] = [];
    q.define('t.move', async (_p, ctx) => void seen.push(ctx.key));
    const later = new Date(clock.now().getTime() + 3_600_000);
    await q.schedule(database.db, { name: 't.move', key: 'move:1', runAt: clock.now() });
    await q.schedule(database.db, { name: 't.move', key: 'move:1', runAt: later, replace: true });
    await q.schedule(database.db, { name: 't.move', key: 'move:2', runAt: clock.now() });
    await q.cancel(database.db, 'move:2');
    expect(await q.runDue()).toBe(0);
    clock.advance(3_600_000);
    expect(await q.drain()).toBe(1);
    expect(seen).toEqual(['move:1']);
    expect((await q.find('move:2'))?.state).toBe('cancelled');
  });

  it('retries a failing job later and marks it failed after its attempts', async () => {
    const q = queue();
    let calls = 0;
    q.define(
      't.fail',
      async () => {
        calls++;
        throw new Error('SMTP từ chối');
      },
      { maxAttempts: 2 },
    );
    await q.schedule(database.db, { name: 't.fail', key: 'fail:1', runAt: clock.now() });
    expect(await q.runDue()).toBe(1);
    const first = await q.find('fail:1');
    expect(first?.state).toBe('pending');
    expect(first?.lastError).toBe('SMTP từ chối');
    expect(first?.runAt.getTime()).toBe(clock.now().getTime() + retryDelayMs(1));
    expect(await q.runDue()).toBe(0);
    clock.advance(retryDelayMs(1));
    expect(await q.runDue()).toBe(1);
    expect(calls).toBe(2);
    expect((await q.find('fail:1'))?.state).toBe('failed');
    expect((await q.health()).failed).toBeGreaterThanOrEqual(1);
  });

  it('runs a recurring job once per period, however many processes plan it', async () => {
    const runs: string[] = [];
    const [a, b] = [queue(), queue()];
    for (const q of [a, b]) q.every('t.minute', async (_p, ctx) => void runs.push(ctx.key), 60_000);
    await a.runDue();
    await b.runDue();
    await a.runDue();
    expect(runs).toHaveLength(1);
    clock.advance(60_000);
    await b.runDue();
    await a.runDue();
    expect(runs).toHaveLength(2);
    expect(new Set(runs).size).toBe(2);
  });

  it('runs again, after its lease, a job whose process stopped in the middle of it', async () => {
    const crashed = queue();
    // The first process claims the job and never finishes it (killed while it ran).
    crashed.define('t.crash', () => new Promise<void>(() => {}));
    await crashed.schedule(database.db, { name: 't.crash', key: 'crash:1', runAt: clock.now() });
    void crashed.runDue();
    await expect.poll(async () => (await crashed.find('crash:1'))?.lockedBy).toBe(crashed.workerId);

    const restarted = queue();
    let ran = 0;
    restarted.define('t.crash', async () => void ran++);
    expect(await restarted.runDue()).toBe(0);
    clock.advance(LEASE);
    expect(await restarted.runDue()).toBe(1);
    expect(ran).toBe(1);
    const row = await restarted.find('crash:1');
    expect(row?.state).toBe('done');
    expect(row?.attempts).toBe(2);
  });

  it('prunes finished jobs after two weeks and keeps pending ones', async () => {
    const q = queue();
    await q.schedule(database.db, { name: 't.none', key: 'keep:1', runAt: clock.now() });
    clock.advance(15 * 86_400_000);
    expect(await q.prune()).toBeGreaterThan(0);
    const left = await database.db.select({ key: jobs.key, state: jobs.state }).from(jobs);
    expect(left.every((j) => j.state === 'pending' || j.key.startsWith('t.minute'))).toBe(true);
    expect(left.some((j) => j.key === 'keep:1')).toBe(true);
  });
});
