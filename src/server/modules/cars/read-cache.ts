/**
 * A short-lived cache of the public inventory reads (lists, filters, detail, compare, home rows).
 * Entries live `ttlMs` (a few seconds) and are all dropped after any change made through this
 * process, so a visitor sees a change at once here, and within `ttlMs` on other instances.
 * Concurrent misses for one key share one database query.
 */
export class ReadCache {
  private readonly entries = new Map<string, { expires: number; value: Promise<unknown> }>();
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 2_000,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.enabled) return load();
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value as Promise<T>;
    if (this.entries.size >= this.maxEntries) {
      // Drop the oldest tenth (Map keeps insertion order).
      let n = Math.ceil(this.maxEntries / 10);
      for (const k of this.entries.keys()) {
        this.entries.delete(k);
        if (--n <= 0) break;
      }
    }
    const generation = this.generation;
    const value = load();
    this.entries.set(key, { expires: now + this.ttlMs, value });
    value.then(
      () => {
        // A change landed while this was loading: the answer may be stale, do not keep it.
        if (generation !== this.generation) this.entries.delete(key);
      },
      () => this.entries.delete(key),
    );
    return value;
  }

  clear() {
    this.generation++;
    this.entries.clear();
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
