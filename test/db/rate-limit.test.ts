import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { ManualClock } from '../../src/server/platform/clock';
import { addressKey, CounterStore, RateLimiter } from '../../src/server/platform/rate-limit';
import { openTestDatabase } from '../helpers/database';
import { raceTest } from '../helpers/race';

let database: Database;
const clock = new ManualClock(new Date('2026-03-01T08:00:00Z'));
let store: CounterStore;
beforeAll(async () => {
  database = await openTestDatabase();
  store = new CounterStore(database.db, clock);
});
afterAll(() => database?.close());

describe('RateLimiter (fixed window in the shared rate_limits table)', () => {
  it('allows `limit` hits per window, then refuses until the window ends', async () => {
    const limiter = new RateLimiter(store, 'w', 3, 60_000);
    const hits = [];
    for (let i = 0; i < 3; i++) hits.push(await limiter.hit('k'));
    expect(hits).toEqual([true, true, true]);
    expect(await limiter.hit('k')).toBe(false);
    clock.advance(59_999);
    expect(await limiter.hit('k')).toBe(false);
    clock.advance(1);
    expect(await limiter.hit('k')).toBe(true); // a new window
  });

  it('counts keys and limiters apart', async () => {
    const a = new RateLimiter(store, 'a', 1, 1000);
    const b = new RateLimiter(store, 'b', 1, 1000);
    expect(await a.hit('x')).toBe(true);
    expect(await a.hit('x')).toBe(false);
    expect(await a.hit('y')).toBe(true);
    expect(await b.hit('x')).toBe(true);
  });

  it('blocked() looks without counting; reset() forgets', async () => {
    const limiter = new RateLimiter(store, 'p', 2, 1000);
    expect(await limiter.blocked('k')).toBe(false);
    await limiter.hit('k');
    expect(await limiter.blocked('k')).toBe(false);
    await limiter.hit('k');
    expect(await limiter.blocked('k')).toBe(true);
    expect(await limiter.blocked('k')).toBe(true);
    await limiter.reset('k');
    expect(await limiter.blocked('k')).toBe(false);
    await limiter.hit('k');
    await limiter.hit('k');
    clock.advance(1000);
    expect(await limiter.blocked('k')).toBe(false); // window over
  });

  raceTest('counts every one of many concurrent hits (one atomic upsert each)', async () => {
    const limiter = new RateLimiter(store, 'c', 10, 60_000);
    const results = await Promise.all(Array.from({ length: 25 }, () => limiter.hit('same')));
    expect(results.filter(Boolean)).toHaveLength(10);
  });

  it('keeps a block past the window, and prune() sweeps only finished counters', async () => {
    await store.increment('blocked', 1000);
    await store.block('blocked', new Date(clock.now().getTime() + 5000));
    await store.increment('done', 1000);
    clock.advance(2000);
    await store.prune();
    expect(await store.peek('done')).toBeNull();
    expect((await store.peek('blocked'))?.blockedUntil).toBeInstanceOf(Date);
    clock.advance(4000);
    await store.prune();
    expect(await store.peek('blocked')).toBeNull();
  });
});

describe('addressKey: the client a limit counts', () => {
  it('an IPv6 address by its /64, whatever its spelling; IPv4 and IPv4-mapped addresses as IPv4', () => {
    for (const ip of [
      '2001:db8:1:2::1',
      '2001:0DB8:0001:0002:ffff:ffff:ffff:ffff',
      '2001:db8:1:2:0:0:0:0',
      '2001:db8:1:2::192.0.2.1',
      '2001:db8:1:2::1%eth0',
    ])
      expect(addressKey(ip), ip).toBe('2001:db8:1:2::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('2001:db8::')).toBe('2001:db8:0:0::/64');
    expect(addressKey('64:ff9b::192.0.2.33')).toBe('64:ff9b:0:0::/64');
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('not-an-address')).toBe('not-an-address');
  });

  it('a limiter keyed by address counts a /64 as one client, other keys as they are', async () => {
    const limiter = new RateLimiter(store, 'v6', 2, 60_000);
    expect(await limiter.hit('2001:db8:5:6::1')).toBe(true);
    expect(await limiter.hit('2001:db8:5:6::2')).toBe(true);
    expect(await limiter.hit('2001:db8:5:6:ffff::3')).toBe(false);
    expect(await limiter.hit('2001:db8:5:7::1')).toBe(true);
    expect(await limiter.hit('session-2001:db8:5:6::1')).toBe(true);
  });
});
