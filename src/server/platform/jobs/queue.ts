import { randomUUID } from 'node:crypto';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../../db/client';
import type { Clock } from '../clock';
import { jobs } from './schema';

export type JobRow = typeof jobs.$inferSelect;
export type JobPayload = Record<string, unknown>;

export interface JobContext {
  /** 1 on the first run, 2 on the first retry, ... */
  attempt: number;
  now: Date;
  key: string;
  /** Aborted when the process stops: a long job stops at its next safe point by throwing signal.reason. */
  signal: AbortSignal;
}

export type JobHandler = (payload: JobPayload, ctx: JobContext) => Promise<void>;

export interface JobOptions {
  /** Runs before the job is marked failed for good (default 5). */
  maxAttempts?: number;
}

export interface ScheduleInput {
  name: string;
  /** One job per key: scheduling an existing key keeps the first unless `replace` is set. */
  key: string;
  runAt: Date;
  payload?: JobPayload;
  /** Move an existing pending job to this time and payload (a follow-up moved to another hour). */
  replace?: boolean;
}

export interface QueueOptions {
  /** How long a claimed job is held; a process that dies lets it go after this (default 60 s). */
  leaseMs: number;
  /** How often each process looks for due jobs (default 5 s). */
  pollMs: number;
  /** Jobs claimed at once by one process. */
  batch?: number;
}

interface Recurring {
  name: string;
  periodMs: number;
  offsetMs: number;
  lastKey?: string;
}

const MINUTE = 60_000;

/** 30 s, 1 min, 2 min, ... up to an hour between attempts of a failing job. */
export const retryDelayMs = (attempt: number) => Math.min(60 * MINUTE, 30_000 * 2 ** (attempt - 1));

/**
 * Jobs stored in the `jobs` table and run by whichever server process claims them first
 * (`FOR UPDATE SKIP LOCKED`: two processes never hold the same row). A job runs at least once and,
 * while no process dies in the middle of it, exactly once; a job cut short by a crash runs again
 * once its lease has passed, so handlers are written to be safe to repeat (docs/operations.md, "Jobs").
 */
export class JobQueue {
  readonly workerId = `${process.pid}-${randomUUID().slice(0, 8)}`;
  private readonly handlers = new Map<string, { run: JobHandler; maxAttempts: number }>();
  private readonly recurring: Recurring[] = [];
  private timer: NodeJS.Timeout | null = null;
  private tick: Promise<number> | null = null;
  private readonly stopping = new AbortController();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly opts: QueueOptions,
  ) {}

  define(name: string, run: JobHandler, options: JobOptions = {}): void {
    if (this.handlers.has(name)) throw new Error(`job ${name} defined twice`);
    this.handlers.set(name, { run, maxAttempts: options.maxAttempts ?? 5 });
  }

  /**
   * A job that runs once per period, at `offsetMs` into it (UTC): every 60,000 ms; every day at
   * 01:00 UTC (08:00 in Vietnam) with periodMs 86,400,000 and offsetMs 3,600,000. The period's key
   * makes the run unique across processes.
   */
  every(name: string, run: JobHandler, periodMs: number, offsetMs = 0, options: JobOptions = {}): void {
    this.define(name, run, options);
    this.recurring.push({ name, periodMs, offsetMs });
  }

  /** Inside the caller's transaction when `exec` is one: the job exists only if the change commits. */
  async schedule(exec: Executor, input: ScheduleInput): Promise<void> {
    const values = {
      name: input.name,
      key: input.key,
      runAt: input.runAt,
      payload: input.payload ?? {},
    };
    const insert = exec.insert(jobs).values(values);
    if (!input.replace) {
      await insert.onConflictDoNothing({ target: jobs.key });
      return;
    }
    await insert.onConflictDoUpdate({
      target: jobs.key,
      set: {
        name: input.name,
        runAt: input.runAt,
        payload: values.payload,
        state: 'pending',
        attempts: 0,
        lastError: null,
        finishedAt: null,
        lockedUntil: null,
        lockedBy: null,
      },
    });
  }

  /** A pending job that is no longer wanted (a lead closed before its reminder). */
  async cancel(exec: Executor, key: string): Promise<void> {
    await exec
      .update(jobs)
      .set({ state: 'cancelled', finishedAt: this.clock.now() })
      .where(and(eq(jobs.key, key), eq(jobs.state, 'pending')));
  }

  async find(key: string): Promise<JobRow | undefined> {
    const [row] = await this.db.select().from(jobs).where(eq(jobs.key, key));
    return row;
  }

  /** Puts this period's run of every recurring job in the table (once: the key is unique). */
  private async planRecurring(now: Date): Promise<void> {
    for (const r of this.recurring) {
      const index = Math.floor((now.getTime() - r.offsetMs) / r.periodMs);
      const key = `${r.name}@${index}`;
      if (key === r.lastKey) continue;
      await this.schedule(this.db, {
        name: r.name,
        key,
        runAt: new Date(index * r.periodMs + r.offsetMs),
      });
      r.lastKey = key;
    }
  }

  /** Claims the due jobs this process knows how to run, holding each for the lease. */
  private async claim(now: Date): Promise<JobRow[]> {
    const names = [...this.handlers.keys()];
    if (names.length === 0) return [];
    const nowSql = sql`${now.toISOString()}::timestamptz`;
    const due = this.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          eq(jobs.state, 'pending'),
          inArray(jobs.name, names),
          sql`${jobs.runAt} <= ${nowSql}`,
          sql`(${jobs.lockedUntil} is null or ${jobs.lockedUntil} <= ${nowSql})`,
        ),
      )
      .orderBy(jobs.runAt)
      .limit(this.opts.batch ?? 20)
      .for('update', { skipLocked: true });
    return this.db
      .update(jobs)
      .set({
        lockedBy: this.workerId,
        lockedUntil: new Date(now.getTime() + this.opts.leaseMs),
        attempts: sql`${jobs.attempts} + 1`,
      })
      .where(inArray(jobs.id, due))
      .returning();
  }

  private async finish(job: JobRow, error: unknown): Promise<void> {
    const now = this.clock.now();
    const mine = and(eq(jobs.id, job.id), eq(jobs.lockedBy, this.workerId));
    if (error !== undefined && error === this.stopping.signal.reason) {
      // Stopped by the shutdown, not failed: due again at once for the next process, the attempt uncounted.
      await this.db
        .update(jobs)
        .set({ lockedBy: null, lockedUntil: null, attempts: sql`${jobs.attempts} - 1` })
        .where(mine);
      return;
    }
    if (error === undefined) {
      await this.db
        .update(jobs)
        .set({ state: 'done', finishedAt: now, lockedUntil: null, lastError: null })
        .where(mine);
      return;
    }
    const handler = this.handlers.get(job.name);
    const giveUp = job.attempts >= (handler?.maxAttempts ?? 1);
    const message = error instanceof Error ? error.message : String(error);
    this.log.error({ err: error, job: job.name, key: job.key, attempt: job.attempts }, 'job failed');
    await this.db
      .update(jobs)
      .set({
        state: giveUp ? 'failed' : 'pending',
        finishedAt: giveUp ? now : null,
        runAt: giveUp ? job.runAt : new Date(now.getTime() + retryDelayMs(job.attempts)),
        lockedUntil: null,
        lastError: message.slice(0, 1000),
      })
      .where(mine);
  }

  /** One pass: plan the recurring jobs, claim what is due, run it. Answers how many jobs ran. */
  async runDue(): Promise<number> {
    const now = this.clock.now();
    await this.planRecurring(now);
    // In the order they fell due: an UPDATE's RETURNING keeps no order of its own.
    const claimed = (await this.claim(now)).sort(
      (a, b) => a.runAt.getTime() - b.runAt.getTime() || a.id - b.id,
    );
    for (const job of claimed) {
      const handler = this.handlers.get(job.name)!;
      let error: unknown;
      try {
        await handler.run(job.payload, {
          attempt: job.attempts,
          now: this.clock.now(),
          key: job.key,
          signal: this.stopping.signal,
        });
      } catch (err) {
        error = err ?? new Error('job failed');
      }
      await this.finish(job, error);
    }
    return claimed.length;
  }

  /** Runs passes until nothing is due (tests, and a catch-up after start). */
  async drain(maxPasses = 20): Promise<number> {
    let total = 0;
    for (let i = 0; i < maxPasses; i++) {
      const ran = await this.runDue();
      total += ran;
      if (ran === 0) break;
    }
    return total;
  }

  /** Polls every pollMs, and once at once: what fell due while no process ran (or was scheduled by the
   * first start, the demo showroom's photos) does not wait a poll. */
  start(): void {
    if (this.timer) return;
    const poll = () => {
      if (this.tick) return;
      this.tick = this.runDue()
        .catch((err) => {
          this.log.error({ err }, 'job poll failed');
          return 0;
        })
        .finally(() => {
          this.tick = null;
        });
    };
    this.timer = setInterval(poll, this.opts.pollMs);
    this.timer.unref();
    setImmediate(poll);
  }

  /** Stops polling and waits for the pass under way (shutdown: a job is finished, not cut). */
  async stop(): Promise<void> {
    this.stopping.abort(new Error('server stopping'));
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.tick;
  }

  /** Counts for watching: pending (and how many are late by more than a poll and a minute), failed. */
  async health(): Promise<{ pending: number; late: number; failed: number; running: number }> {
    const now = this.clock.now();
    const late = new Date(now.getTime() - this.opts.pollMs - MINUTE);
    const nowIso = now.toISOString();
    const [row] = await this.db
      .select({
        pending: sql<number>`count(*) filter (where ${jobs.state} = 'pending')::int`,
        late: sql<number>`count(*) filter (where ${jobs.state} = 'pending' and ${jobs.runAt} < ${late.toISOString()}::timestamptz)::int`,
        failed: sql<number>`count(*) filter (where ${jobs.state} = 'failed')::int`,
        running: sql<number>`count(*) filter (where ${jobs.state} = 'pending' and ${jobs.lockedUntil} > ${nowIso}::timestamptz)::int`,
      })
      .from(jobs);
    return row;
  }

  /** Finished jobs older than `days` leave the table (a recurring job of its own). */
  async prune(days = 14): Promise<number> {
    const before = new Date(this.clock.now().getTime() - days * 86_400_000);
    const gone = await this.db
      .delete(jobs)
      .where(and(inArray(jobs.state, ['done', 'cancelled', 'failed']), lt(jobs.finishedAt, before)))
      .returning({ id: jobs.id });
    return gone.length;
  }
}
