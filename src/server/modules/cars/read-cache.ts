import { LRUCache } from 'lru-cache';

/**
 * A short-lived cache of the public inventory reads (lists, filters, detail, compare, home rows), an
 * LRU of `maxEntries` answers kept `ttlMs` each. Everything is dropped after any change made through
 * this process, so a visitor sees a change at once here, and within `ttlMs` on other instances.
 * Concurrent misses for one key share one database query (the promise is what is cached).
 */
export class ReadCache {
  private readonly entries: LRUCache<string, Promise<unknown>> | null;
  /** Whole answers by request URL (see answer-cache.ts), dropped with the entries. */
  private readonly answers: LRUCache<string, Buffer> | null;
  private changes = 0;

  constructor(ttlMs: number, maxEntries = 2_000) {
    this.entries = ttlMs > 0 ? new LRUCache({ max: maxEntries, ttl: ttlMs }) : null;
    this.answers = ttlMs > 0 ? new LRUCache({ max: maxEntries, ttl: ttlMs }) : null;
  }

  /** Counts the changes: an answer read before a change must not be kept after it. */
  get generation(): number {
    return this.changes;
  }

  answer(url: string): Buffer | undefined {
    return this.answers?.get(url);
  }

  keepAnswer(url: string, bytes: Buffer, readAt: number) {
    if (readAt === this.changes) this.answers?.set(url, bytes);
  }

  get enabled(): boolean {
    return this.entries !== null;
  }

  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const entries = this.entries;
    if (!entries) return load();
    const hit = entries.get(key);
    if (hit) return hit as Promise<T>;
    const generation = this.changes;
    const value = load();
    entries.set(key, value);
    const forget = () => {
      if (entries.peek(key) === value) entries.delete(key);
    };
    value.then(() => {
      // A change landed while this was loading: the answer may be stale, do not keep it.
      if (generation !== this.changes) forget();
    }, forget);
    return value;
  }

  clear() {
    this.changes++;
    this.entries?.clear();
    this.answers?.clear();
  }
}

/**
 * The JSON bytes of an answer. Bytes, not text: a string is encoded to UTF-8 again on every write.
 * A repeated answer is kept as these bytes by its URL (answer-cache.ts), so nothing is memoised here:
 * a WeakMap of every answer served made the collector's work grow with the traffic.
 */
export function jsonOf(value: object): Buffer {
  return Buffer.from(JSON.stringify(value));
}
