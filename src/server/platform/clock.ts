/**
 * The time services reason with (holds that expire, slots that have passed, reminders that fall due).
 * Services read it instead of `new Date()` so tests can move time forward without waiting.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests set and move by hand. */
export class ManualClock implements Clock {
  private current: number;
  constructor(start: Date = new Date()) {
    this.current = start.getTime();
  }
  now(): Date {
    return new Date(this.current);
  }
  set(at: Date) {
    this.current = at.getTime();
  }
  advance(ms: number) {
    this.current += ms;
  }
}
