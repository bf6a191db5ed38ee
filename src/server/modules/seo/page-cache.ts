import { LRUCache } from 'lru-cache';

/**
 * Server-rendered pages kept for a short while, by address: a busy page is rendered once per lifetime,
 * not once per visitor, and visitors arriving together share one render. Any change made through this
 * server empties it (app.ts), so the lifetime only bounds what other instances' changes and the clock
 * (a post's publication) take to show. An LRU bounded by count and by size (lru-cache).
 */
export class PageCache<T extends { size: number }> {
  private readonly entries: LRUCache<string, T> | null;
  private readonly pending = new Map<string, Promise<T | null>>();
  /** Bumped by clear(): a render that started before a change is not stored after it. */
  private generation = 0;

  constructor(ttlMs: number, maxEntries = 500, maxBytes = 32 * 1024 * 1024) {
    this.entries =
      ttlMs > 0
        ? new LRUCache<string, T>({
            max: maxEntries,
            maxSize: maxBytes,
            sizeCalculation: (page) => Math.max(1, page.size),
            ttl: ttlMs,
            // Lifetimes by the wall clock, which tests move.
            perf: { now: () => Date.now() },
          })
        : null;
  }

  async get(key: string, make: () => Promise<T | null>): Promise<T | null> {
    const entries = this.entries;
    if (!entries) return make();
    const hit = entries.get(key);
    if (hit) return hit;
    const running = this.pending.get(key);
    if (running) return running;
    const generation = this.generation;
    const task: Promise<T | null> = make()
      .then((value) => {
        if (value && generation === this.generation) entries.set(key, value);
        return value;
      })
      .finally(() => {
        if (this.pending.get(key) === task) this.pending.delete(key);
      });
    this.pending.set(key, task);
    return task;
  }

  clear() {
    this.generation++;
    this.entries?.clear();
    this.pending.clear();
  }
}
