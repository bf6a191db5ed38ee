import { and, eq, gte, isNotNull, lte, ne, sql } from 'drizzle-orm';
import {
  appointmentMoment,
  type BookingType,
  bookingWindow,
  type DaySlots,
  SLOT_DURATION_MINUTES,
  SLOT_STATE_LABELS,
  type SlotChoice,
  type SlotState,
  type SlotView,
  timeSlots,
} from '../../../contract/leads';
import type { Executor, Tx } from '../../db/client';
import { ApiError, badRequest } from '../../platform/errors';
import { leads } from './schema';
import type { LeadsDeps } from './types';
import { dmy, LEAD_MESSAGES } from './wording';

/**
 * Availability of booking slots. A test drive holds its car for SLOT_DURATION_MINUTES (an hour) while
 * slots start every 30 minutes: a drive booked at 09:00 takes 08:30, 09:00 and 09:30 of that car. A
 * maintenance slot takes as many cars as the workshop has service bays (settings). Cancelled leads
 * hold nothing; a maintenance visit "at any time" (no slot) takes no slot.
 *
 * The guarantee under concurrency: every write that books or moves a slot first takes a transaction
 * advisory lock on the car's day (test drive) or the workshop's day (maintenance), then counts and
 * writes inside that lock; a second writer waits, then counts the first one's committed row.
 */

export interface SlotTarget {
  type: BookingType;
  /** The test drive's car; null for maintenance. */
  carId: number | null;
  date: string;
  slot: string | null;
  /** The lead being moved: its own booking does not count against it. */
  excludeId?: number;
  /** Bookings counted besides the leads: a caught robot's own, for its eyes only (traps.ts). */
  extra?: TrapSlot[];
}

/** A day and slot held by a booking that is not a lead (a honeypot's catch). */
export interface TrapSlot {
  date: string;
  slot: string;
}

const minutes = (slot: string) => Number(slot.slice(0, 2)) * 60 + Number(slot.slice(3, 5));
const WEEKDAYS = ['Chủ Nhật', 'Thứ Hai', 'Thứ Ba', 'Thứ Tư', 'Thứ Năm', 'Thứ Sáu', 'Thứ Bảy'];

/** "Thứ Tư, 25/11/2026" */
export function weekdayText(date: string): string {
  return `${WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()]}, ${dmy(date)}`;
}

function addDays(date: string, n: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

type Counts = Map<string, Map<string, number>>;

/** Active bookings per day and slot between two days (inclusive). */
async function countsBetween(exec: Executor, t: Omit<SlotTarget, 'date' | 'slot'>, from: string, to: string) {
  const conditions = [
    eq(leads.type, t.type),
    ne(leads.status, 'CANCELLED'),
    isNotNull(leads.timeSlot),
    gte(leads.preferredDate, from),
    lte(leads.preferredDate, to),
  ];
  if (t.type === 'TEST_DRIVE') conditions.push(eq(leads.carId, t.carId ?? 0));
  if (t.excludeId !== undefined) conditions.push(ne(leads.id, t.excludeId));
  const rows = await exec
    .select({ date: leads.preferredDate, slot: leads.timeSlot, count: sql<number>`count(*)::int` })
    .from(leads)
    .where(and(...conditions))
    .groupBy(leads.preferredDate, leads.timeSlot);
  const counts: Counts = new Map();
  const extra = (t.extra ?? [])
    .filter((e) => e.date >= from && e.date <= to)
    .map((e) => ({ date: e.date, slot: e.slot, count: 1 }));
  for (const r of [...rows, ...extra]) {
    if (!r.date || !r.slot) continue;
    const day = counts.get(r.date) ?? new Map<string, number>();
    day.set(r.slot, (day.get(r.slot) ?? 0) + r.count);
    counts.set(r.date, day);
  }
  return counts;
}

/** Bookings that take this slot: those starting within a drive's length of it, or exactly at it. */
function usedAt(type: BookingType, day: Map<string, number> | undefined, slot: string): number {
  if (!day) return 0;
  if (type === 'MAINTENANCE') return day.get(slot) ?? 0;
  let used = 0;
  for (const [start, n] of day)
    if (Math.abs(minutes(start) - minutes(slot)) < SLOT_DURATION_MINUTES) used += n;
  return used;
}

function slotView(
  type: BookingType,
  date: string,
  slot: string,
  day: Map<string, number> | undefined,
  capacity: number,
  now: Date,
): SlotView {
  let state: SlotState;
  let remaining = 0;
  if (appointmentMoment(date, slot).getTime() <= now.getTime()) state = 'past';
  else {
    remaining = Math.max(0, capacity - usedAt(type, day, slot));
    state = remaining > 0 ? 'free' : 'taken';
  }
  return { time: slot, state, stateLabel: SLOT_STATE_LABELS[state], remaining };
}

/**
 * What availability is judged by, read before a transaction opens (the embedded database runs one
 * statement at a time: a read of the settings inside a transaction would wait for that transaction).
 */
export interface SlotRules {
  /** The day's slots (opening hours). */
  slots: string[];
  /** Bookings one slot takes: one car's test drive, or the service bays. */
  capacity: number;
  window: { first: string; last: string };
  now: Date;
}

export async function slotRules(deps: LeadsDeps, type: BookingType): Promise<SlotRules> {
  const config = await deps.webConfig.get();
  const now = deps.clock.now();
  return {
    slots: timeSlots(config.openingHours),
    capacity: type === 'TEST_DRIVE' ? 1 : config.serviceBays,
    window: bookingWindow(now),
    now,
  };
}

function firstFree(t: SlotTarget, ctx: SlotRules, counts: Counts): string | null {
  for (let d = ctx.window.first; d <= ctx.window.last; d = addDays(d, 1)) {
    const day = counts.get(d);
    if (ctx.slots.some((s) => slotView(t.type, d, s, day, ctx.capacity, ctx.now).state === 'free')) return d;
  }
  return null;
}

/** GET {path}/slots: one day's slots with their state, and the first day that still has a free one. */
export async function daySlots(
  deps: LeadsDeps,
  type: BookingType,
  carId: number | null,
  date: string | undefined,
  excludeId?: number,
  extra?: TrapSlot[],
): Promise<DaySlots> {
  const ctx = await slotRules(deps, type);
  const target = { type, carId, excludeId, extra };
  if (date !== undefined) {
    if (date < ctx.window.first) throw badRequest('Ngày đã qua', { date: 'Ngày đã qua' });
    if (date > ctx.window.last) {
      const message = 'Chỉ nhận đặt lịch trong vòng 60 ngày tới';
      throw badRequest(message, { date: message });
    }
  }
  const counts = await countsBetween(deps.db, target, ctx.window.first, ctx.window.last);
  const firstAvailableDate = firstFree({ ...target, date: '', slot: null }, ctx, counts);
  const day = date ?? firstAvailableDate ?? ctx.window.first;
  return {
    date: day,
    dateText: dmy(day),
    carId,
    capacity: ctx.capacity,
    slots: ctx.slots.map((s) => slotView(type, day, s, counts.get(day), ctx.capacity, ctx.now)),
    firstAvailableDate,
    lastDate: ctx.window.last,
  };
}

/** Up to `limit` free slots nearest in time to the target (a few days either side), in time order. */
export async function nearestFree(
  exec: Executor,
  t: SlotTarget,
  ctx: SlotRules,
  limit = 3,
): Promise<SlotChoice[]> {
  const from = [addDays(t.date, -3), ctx.window.first].sort().at(-1)!;
  const to = [addDays(t.date, 7), ctx.window.last].sort()[0];
  if (from > to) return [];
  const counts = await countsBetween(exec, t, from, to);
  const wanted = appointmentMoment(t.date, t.slot ?? ctx.slots[0] ?? '08:00').getTime();
  const free: { date: string; slot: string; at: number }[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) {
    for (const s of ctx.slots) {
      if (slotView(t.type, d, s, counts.get(d), ctx.capacity, ctx.now).state !== 'free') continue;
      free.push({ date: d, slot: s, at: appointmentMoment(d, s).getTime() });
    }
  }
  return free
    .sort((a, b) => Math.abs(a.at - wanted) - Math.abs(b.at - wanted) || a.at - b.at)
    .slice(0, limit)
    .sort((a, b) => a.at - b.at)
    .map((f) => ({
      date: f.date,
      timeSlot: f.slot,
      dateText: dmy(f.date),
      label: `${f.slot} ${weekdayText(f.date)}`,
    }));
}

/** The lock every booking write of this car's day (test drive) or the workshop's day takes first. */
export function slotLockKey(t: Pick<SlotTarget, 'type' | 'carId' | 'date'>): string {
  return t.type === 'TEST_DRIVE' ? `lead-slot:TD:${t.carId}:${t.date}` : `lead-slot:MT:${t.date}`;
}

/** Takes the advisory locks of these keys for the transaction, in one order (no deadlock between two movers). */
export async function lockKeys(tx: Tx, keys: string[]): Promise<void> {
  for (const key of [...new Set(keys)].sort()) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
  }
}

/** The slot is one of the opening hours' slots and still ahead (400 otherwise). */
export function assertSlotOpen(rules: SlotRules, date: string, slot: string | null): void {
  if (date < rules.window.first || date > rules.window.last) {
    const message =
      date < rules.window.first
        ? 'Ngày hẹn không được ở trong quá khứ'
        : 'Chỉ nhận đặt lịch trong vòng 60 ngày tới';
    throw badRequest(message, { preferredDate: message });
  }
  if (!slot) return;
  if (!rules.slots.includes(slot)) {
    throw badRequest(LEAD_MESSAGES.slotClosed, { timeSlot: LEAD_MESSAGES.slotClosed });
  }
  if (appointmentMoment(date, slot).getTime() <= rules.now.getTime()) {
    const message = 'Khung giờ này đã qua, vui lòng chọn giờ khác';
    throw badRequest(message, { timeSlot: message });
  }
}

/** "Xe này đã có lịch lái thử lúc 09:00 ngày 25/11/2026. Khung giờ trống gần nhất: ..." */
function conflictMessage(t: SlotTarget, capacity: number, alternatives: SlotChoice[]): string {
  const when = `${t.slot} ngày ${dmy(t.date)}`;
  const head =
    t.type === 'TEST_DRIVE'
      ? `Xe này đã có người đặt lái thử vào khung giờ ${when}.`
      : `Khung giờ ${when} đã kín lịch (${capacity} khoang dịch vụ).`;
  if (alternatives.length === 0)
    return `${head} Không còn khung giờ trống trong những ngày gần đó, vui lòng chọn ngày khác.`;
  const names = alternatives.map((a) => `${a.timeSlot} ngày ${a.dateText}`);
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} hoặc ${names.at(-1)}` : names[0];
  return `${head} Khung giờ trống gần nhất: ${list}.`;
}

/**
 * Inside the caller's transaction, after the slot's lock: refuses a slot that is full with 409,
 * naming the nearest free slots (in the body's `alternatives`). A visit "at any time" always fits.
 */
export async function assertSlotFree(exec: Executor, t: SlotTarget, rules: SlotRules): Promise<void> {
  if (!t.slot) return;
  const counts = await countsBetween(exec, t, t.date, t.date);
  if (usedAt(t.type, counts.get(t.date), t.slot) < rules.capacity) return;
  const alternatives = await nearestFree(exec, t, rules);
  throw new ApiError(409, conflictMessage(t, rules.capacity, alternatives), undefined, undefined, {
    alternatives,
  });
}
