import type { Db } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { writeAudit } from '../../platform/audit';
import { tooMany } from '../../platform/errors';
import { addressKey, type Counter, type CounterStore } from '../../platform/rate-limit';

/**
 * Failed sign-ins slow the guesser down, never the account's owner elsewhere. Failures count per
 * (username, address) and per address, never per username alone: a correct password from an address
 * that has not failed is always accepted, whatever other addresses did. From the third failure of a
 * pair (the tenth of an address) each further failure makes the next attempt wait, doubling from one
 * second up to a minute (half a minute for an address); the tenth failure of a pair (the thirtieth of an address) locks it out for
 * the rest of its 15-minute window. An attempt made while waiting is refused without being judged.
 */
export const SIGN_IN_WINDOW_MS = 15 * 60_000;
export const SIGN_IN_RULES = {
  pair: { slowFrom: 3, lockAt: 10, maxDelayMs: 60_000 },
  // Shorter waits for an address, so that one failing honestly still reaches its lock within the window.
  address: { slowFrom: 10, lockAt: 30, maxDelayMs: 30_000 },
} as const;

export const PAIR_WAIT = (s: number) => `Đăng nhập sai nhiều lần, vui lòng chờ ${s} giây rồi thử lại`;
export const PAIR_LOCKED =
  'Đăng nhập sai quá nhiều lần từ địa chỉ này: tài khoản tạm khóa tại đây 15 phút, hoặc hãy đặt lại mật khẩu';
export const ADDRESS_LOCKED = 'Quá nhiều lần đăng nhập sai từ địa chỉ này, vui lòng thử lại sau 15 phút';
export const ADDRESS_WAIT = (s: number) =>
  `Quá nhiều lần đăng nhập sai từ địa chỉ này, vui lòng chờ ${s} giây rồi thử lại`;

type Rule = { slowFrom: number; lockAt: number; maxDelayMs: number };

/** How long a key must wait after its n-th failure, and whether that failure locked it. */
export function penalty(failures: number, rule: Rule): { delayMs: number; locked: boolean } {
  if (failures >= rule.lockAt) return { delayMs: SIGN_IN_WINDOW_MS, locked: true };
  if (failures < rule.slowFrom) return { delayMs: 0, locked: false };
  return { delayMs: Math.min(1000 * 2 ** (failures - rule.slowFrom), rule.maxDelayMs), locked: false };
}

const secondsLeft = (until: Date, now: Date) =>
  Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));

export class SignInThrottle {
  constructor(
    private readonly db: Db,
    private readonly counters: CounterStore,
  ) {}

  private keys(username: string, ip: string) {
    const client = addressKey(ip);
    return { pair: `login:${username}|${client}`, address: `login-ip:${client}` };
  }

  /** Refuses (429 with Retry-After) an attempt made while its pair or address must wait. */
  async check(username: string, ip: string) {
    const { pair, address } = this.keys(username, ip);
    const now = this.counters.now();
    const p = await this.counters.peek(pair);
    if (p?.blockedUntil) {
      const wait = secondsLeft(p.blockedUntil, now);
      throw tooMany(p.count >= SIGN_IN_RULES.pair.lockAt ? PAIR_LOCKED : PAIR_WAIT(wait), wait);
    }
    const a = await this.counters.peek(address);
    if (a?.blockedUntil) {
      const wait = secondsLeft(a.blockedUntil, now);
      throw tooMany(a.count >= SIGN_IN_RULES.address.lockAt ? ADDRESS_LOCKED : ADDRESS_WAIT(wait), wait);
    }
  }

  /**
   * Counts a failure for the pair and the address, sets their waits, and writes the failure (and any
   * slow-down or lock-out it caused) to the audit log with the username and the address.
   */
  async failed(username: string, ip: string, userId: number | null) {
    const { pair, address } = this.keys(username, ip);
    const now = this.counters.now();
    const results: { scope: 'pair' | 'address'; counter: Counter; delayMs: number; locked: boolean }[] = [];
    for (const [scope, key] of [
      ['pair', pair],
      ['address', address],
    ] as const) {
      const counter = await this.counters.increment(key, SIGN_IN_WINDOW_MS);
      const { delayMs, locked } = penalty(counter.count, SIGN_IN_RULES[scope]);
      if (delayMs > 0) {
        const until = locked ? counter.windowEnds : new Date(now.getTime() + delayMs);
        await this.counters.block(key, until);
      }
      results.push({ scope, counter, delayMs, locked });
    }
    const actor: Actor = { userId: null, username, ip };
    await this.db.transaction(async (tx) => {
      await writeAudit(tx, actor, {
        action: 'login-failed',
        entity: 'session',
        entityId: userId,
        after: {
          username,
          failuresFromAddressForUser: results[0].counter.count,
          failuresFromAddress: results[1].counter.count,
        },
      });
      for (const r of results) {
        if (r.locked && r.counter.count === SIGN_IN_RULES[r.scope].lockAt) {
          await writeAudit(tx, actor, {
            action: 'login-lockout',
            entity: 'session',
            entityId: userId,
            after: { username, scope: r.scope, failures: r.counter.count, until: r.counter.windowEnds },
          });
        } else if (!r.locked && r.delayMs > 0) {
          await writeAudit(tx, actor, {
            action: 'login-slowdown',
            entity: 'session',
            entityId: userId,
            after: { username, scope: r.scope, failures: r.counter.count, waitSeconds: r.delayMs / 1000 },
          });
        }
      }
    });
  }

  /** A successful sign-in clears its own pair; the address keeps its count (other names failed there). */
  async succeeded(username: string, ip: string) {
    await this.counters.remove(this.keys(username, ip).pair);
  }

  /** A new password (by reset) clears the username's failures from every address. */
  async forgive(username: string) {
    await this.counters.removePrefix(`login:${username}|`);
  }
}
