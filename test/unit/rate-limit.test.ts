import { describe, expect, it } from 'vitest';
import { RateLimiter } from '../../src/server/platform/rate-limit';

describe('RateLimiter (fixed window, time passed in)', () => {
  it('allows `limit` hits per window, then refuses until the window ends', () => {
    const limiter = new RateLimiter(3, 60_000);
    const t0 = 1_000_000;
    expect([1, 2, 3].map(() => limiter.hit('k', t0))).toEqual([true, true, true]);
    expect(limiter.hit('k', t0 + 1)).toBe(false);
    expect(limiter.hit('k', t0 + 59_999)).toBe(false);
    expect(limiter.hit('k', t0 + 60_000)).toBe(true); // a new window
  });

  it('counts keys apart', () => {
    const limiter = new RateLimiter(1, 1000);
    expect(limiter.hit('a', 0)).toBe(true);
    expect(limiter.hit('a', 1)).toBe(false);
    expect(limiter.hit('b', 1)).toBe(true);
  });

  it('blocked() looks without counting', () => {
    const limiter = new RateLimiter(2, 1000);
    expect(limiter.blocked('k', 0)).toBe(false);
    limiter.hit('k', 0);
    expect(limiter.blocked('k', 0)).toBe(false);
    limiter.hit('k', 0);
    expect(limiter.blocked('k', 0)).toBe(true);
    expect(limiter.blocked('k', 0)).toBe(true);
    expect(limiter.blocked('k', 1000)).toBe(false); // window over
  });

  it('reset() forgets a key', () => {
    const limiter = new RateLimiter(1, 1000);
    limiter.hit('k', 0);
    limiter.hit('k', 0);
    limiter.reset('k');
    expect(limiter.hit('k', 0)).toBe(true);
  });

  it('prunes finished windows when it holds many keys', () => {
    const limiter = new RateLimiter(1, 10);
    for (let i = 0; i <= 50_001; i++) limiter.hit(`k${i}`, 0);
    limiter.hit('late', 100); // all earlier windows are over: pruned
    expect((limiter as unknown as { hits: Map<string, unknown> }).hits.size).toBe(1);
  });
});
