import { LRUCache } from 'lru-cache';

/**
 * A short-lived cache of the public inventory reads (lists, filters, detail, compare, home rows), an
 * LRU of `maxEntries` answers kept `ttlMs` each. Everything is dropped after any change made through
 * this process, so a visitor sees a change at once here, and within `ttlMs` on other instances.
 * Concurrent misses for one key share one database query (the promise is what is cached).
 */
export class ReadCache {
  private readonly entries: LRUCache<string, Promise<unknown>> | null;
  private generation = 0;

  constructor(ttlMs: number, maxEntries = 2_000) {
    this.entries = ttlMs > 0 ? new LRUCache({ max: maxEntries, ttl: ttlMs }) : null;
  }

  get enabled(): boolean {
    return this.entries !== null;
  }

  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const entries = this.entries;
    if (!entries) return load();
    const hit = entries.get(key);
    if (hit) return hit as Promise<T>;
    const generation = this.generation;
    const value = load();
    entries.set(key, value);
    const forget = () => {
      if (entries.peek(key) === value) entries.delete(key);
    };
    value.then(() => {
      // A change landed while this was loading: the answer may be stale, do not keep it.
      if (generation !== this.generation) forget();
    }, forget);
    return value;
  }

  clear() {
    this.generation++;
    this.entries?.clear();
  }
}

const serialized = new WeakMap<object, string>();

/**
 * The JSON text of an answer, computed once per object: a cached answer is served many times, so its
 * text is kept beside it (and dropped with it).
 */
export function jsonOf(value: object): string {
  let text = serialized.get(value);
  if (text === undefined) {
    text = JSON.stringify(value);
    serialized.set(value, text);
  }
  return text;
}
