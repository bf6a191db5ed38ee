/**
 * Server-rendered pages kept for a short while, by address: a busy page is rendered once per lifetime,
 * not once per visitor, and visitors arriving together share one render. Any change made through this
 * server empties it (app.ts), so the lifetime only bounds what other instances' changes and the clock
 * (a post's publication) take to show. Bounded by count and by size, oldest out first.
 */
export class PageCache<T extends { size: number }> {
  private readonly entries = new Map<string, { value: T; expires: number }>();
  private readonly pending = new Map<string, Promise<T | null>>();
  private bytes = 0;
  /** Bumped by clear(): a render that started before a change is not stored after it. */
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 500,
    private readonly maxBytes = 32 * 1024 * 1024,
  ) {}

  async get(key: string, make: () => Promise<T | null>): Promise<T | null> {
    if (this.ttlMs <= 0) return make();
    const hit = this.entries.get(key);
    if (hit && hit.expires > Date.now()) {
      // Most recently used last: the oldest is the first the Map iterates.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value;
    }
    if (hit) this.remove(key);
    const running = this.pending.get(key);
    if (running) return running;
    const generation = this.generation;
    const task: Promise<T | null> = make()
      .then((value) => {
        if (value && generation === this.generation) this.store(key, value);
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
    this.entries.clear();
    this.pending.clear();
    this.bytes = 0;
  }

  private store(key: string, value: T) {
    if (value.size > this.maxBytes) return;
    this.remove(key);
    this.entries.set(key, { value, expires: Date.now() + this.ttlMs });
    this.bytes += value.size;
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.remove(oldest);
    }
  }

  private remove(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.value.size;
  }
}
