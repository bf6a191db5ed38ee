import { isIP, isIPv6 } from 'node:net';
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

/**
 * The client a limit counts, from its address: an IPv4 address as it is; an IPv6 address by its /64
 * (`2001:db8:1:2::/64`), since one subscriber line or one cloud machine is given a whole /64 and could
 * take a fresh address for every attempt; an IPv4-mapped IPv6 address (`::ffff:203.0.113.1`) as its IPv4
 * address. Anything else (already a key) is returned unchanged.
 */
export function addressKey(ip: string): string {
  const bare = ip.split('%')[0];
  if (!isIPv6(bare)) return ip;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(bare);
  if (mapped) return mapped[1];
  return `${hextets(bare).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, in lower case without leading zeros. */
function hextets(ip: string): string[] {
  let text = ip.toLowerCase();
  // A trailing dotted IPv4 part (64:ff9b::192.0.2.1) is two groups.
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number);
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((g) => Number.parseInt(g, 16).toString(16));
}

/** A named limit: `limit` attempts per key per window, counted in the shared store. */
export class RateLimiter {
  constructor(
    private readonly store: CounterStore,
    readonly name: string,
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  /** A key that is a client address counts that client (an IPv6 /64 as one, see addressKey). */
  private key(key: string) {
    return `${this.name}:${isIP(key.split('%')[0]) ? addressKey(key) : key}`;
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
