import { afterAll, beforeAll, describe, expect } from 'vitest';
import { type Database, openPostgres } from '../../src/server/db/client';
import { ManualClock } from '../../src/server/platform/clock';
import { JobQueue } from '../../src/server/platform/jobs/queue';
import { openTestDatabase } from '../helpers/database';
import { ON_POSTGRES, raceTest } from '../helpers/race';

/**
 * Two server processes claiming the same due jobs at the same instant, each through its own pool: every
 * job runs once. This is the proof that the claim is exclusive (`FOR UPDATE SKIP LOCKED`); without it both
 * pools take the same rows and run them twice.
 */
const silent = { error() {}, warn() {}, info() {}, debug() {} } as never;
const clock = new ManualClock(new Date('2026-11-26T03:00:00Z'));
const JOBS = 200;
let first: Database;
let second: Database | undefined;

beforeAll(async () => {
  first = await openTestDatabase();
  if (ON_POSTGRES) {
    const url = (first.pool!.options as { connectionString: string }).connectionString;
    second = await openPostgres(url, 5);
  }
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});

describe('claiming stored jobs from two pools at once', () => {
  raceTest('runs each of 200 due jobs exactly once', async () => {
    const runs = new Map<string, number>();
    const ranBy = new Map<string, number>();
    const queueOn = (database: Database, name: string) => {
      const q = new JobQueue(database.db, clock, silent, { leaseMs: 60_000, pollMs: 1000, batch: 20 });
      q.define('race.job', async (_payload, ctx) => {
        runs.set(ctx.key, (runs.get(ctx.key) ?? 0) + 1);
        ranBy.set(name, (ranBy.get(name) ?? 0) + 1);
        // A job that takes a moment, as real ones do: the other pool claims meanwhile.
        await new Promise((r) => setTimeout(r, 1));
      });
      return q;
    };
    const a = queueOn(first, 'a');
    const b = queueOn(second!, 'b');
    for (let i = 0; i < JOBS; i++) {
      await a.schedule(first.db, { name: 'race.job', key: `race:${i}`, runAt: clock.now() });
    }
    // Both pools hold an open connection, so neither waits to connect when the round starts.
    await Promise.all([first.ping(), second!.ping()]);
    let ranA = 0;
    let ranB = 0;
    // Each round, both processes poll at the same instant, as two servers with the same poll period do.
    for (let round = 0; round < 50; round++) {
      const [x, y] = await Promise.all([a.runDue(), b.runDue()]);
      ranA += x;
      ranB += y;
      if (x + y === 0) break;
    }
    expect(ranA + ranB).toBe(JOBS);
    expect(runs.size).toBe(JOBS);
    expect([...runs.values()].filter((n) => n > 1)).toEqual([]);
    // Both pools took part: the claim was contended, not won by one pool before the other started.
    expect(ranBy.get('a')).toBeGreaterThan(0);
    expect(ranBy.get('b')).toBeGreaterThan(0);
  });
});
