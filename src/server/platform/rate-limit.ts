import { and, eq, isNull, like, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { Clock } from './clock';
import { rateLimits } from './rate-limit-schema';

export interface Counter {
  /** Attempts counted in the current window. */
  count: number;
  windowEnds: Date;
  /** Before this time the key is refused without counting (a slow-down or a lock-out). */
  blockedUntil: Date | null;
}

/** How often (in counted hits) a process sweeps away counters whose window and block are over. */
const PRUNE_EVERY = 500;

/**
 * Fixed-window counters in the `rate_limits` table, shared by all server processes on one database
 * (PGlite or PostgreSQL): two processes behind a load balancer together allow the limit, not twice
 * it. Each count is one atomic upsert, so concurrent hits from several processes never lose a count.
 */
export class CounterStore {
  private hitsSincePrune = 0;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  now(): Date {
    return this.clock.now();
  }

  /** Counts one attempt on `key` and answers the counter after it. */
  async increment(key: string, windowMs: number): Promise<Counter> {
    const now = this.clock.now();
    const nowSql = sql`${now.toISOString()}::timestamptz`;
    const expired = sql`${rateLimits.windowEnds} <= ${nowSql}`;
    const [row] = await this.db
      .insert(rateLimits)
      .values({ key, count: 1, windowEnds: new Date(now.getTime() + windowMs) })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
          windowEnds: sql`case when ${expired} then excluded.window_ends else ${rateLimits.windowEnds} end`,
          blockedUntil: sql`case when ${rateLimits.blockedUntil} > ${nowSql} then ${rateLimits.blockedUntil} else null end`,
        },
      })
      .returning();
    if (++this.hitsSincePrune >= PRUNE_EVERY) {
      this.hitsSincePrune = 0;
      void this.prune().catch(() => undefined);
    }
    return { count: row.count, windowEnds: row.windowEnds, blockedUntil: row.blockedUntil };
  }

  /** The counter of `key` as it stands (null when none is running), without counting. */
  async peek(key: string): Promise<Counter | null> {
    const [row] = await this.db.select().from(rateLimits).where(eq(rateLimits.key, key));
    if (!row) return null;
    const now = this.clock.now().getTime();
    const blockedUntil = row.blockedUntil && row.blockedUntil.getTime() > now ? row.blockedUntil : null;
    if (row.windowEnds.getTime() <= now)
      return blockedUntil ? { count: 0, windowEnds: row.windowEnds, blockedUntil } : null;
    return { count: row.count, windowEnds: row.windowEnds, blockedUntil };
  }

  /** Refuses `key` until `until` (a slow-down after a failure, or a lock-out). */
  async block(key: string, until: Date) {
    await this.db.update(rateLimits).set({ blockedUntil: until }).where(eq(rateLimits.key, key));
  }

  async remove(key: string) {
    await this.db.delete(rateLimits).where(eq(rateLimits.key, key));
  }

  /** Forgets every key starting with `prefix` (e.g. every address's failures for one username). */
  async removePrefix(prefix: string) {
    const escaped = prefix.replace(/[\\%_]/g, (c) => `\\${c}`);
    await this.db.delete(rateLimits).where(like(rateLimits.key, `${escaped}%`));
  }

  async prune() {
    const now = this.clock.now();
    await this.db
      .delete(rateLimits)
      .where(
        and(
          lt(rateLimits.windowEnds, now),
          or(isNull(rateLimits.blockedUntil), lt(rateLimits.blockedUntil, now)),
        ),
      );
  }
}

/** A named limit: `limit` attempts per key per window, counted in the shared store. */
export class RateLimiter {
  constructor(
    private readonly store: CounterStore,
    readonly name: string,
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  private key(key: string) {
    return `${this.name}:${key}`;
  }

  /** Counts one attempt; false when the key is over its limit for the current window. */
  async hit(key: string): Promise<boolean> {
    const counter = await this.store.increment(this.key(key), this.windowMs);
    return counter.count <= this.limit;
  }

  /** True when the key has already used its limit, without counting. */
  async blocked(key: string): Promise<boolean> {
    const counter = await this.store.peek(this.key(key));
    return !!counter && counter.count >= this.limit;
  }

  async reset(key: string) {
    await this.store.remove(this.key(key));
  }
}
