import { and, desc, eq, gte, isNotNull, lt, ne, sql } from 'drizzle-orm';
import { vnDayKey } from '../../../contract/format';
import {
  BOOKING_MOVE_LIMITS,
  BOOKING_MOVE_MESSAGES,
  type BookingType,
  type ScheduleBodyParsed,
} from '../../../contract/leads';
import { conflict, tooMany } from '../../platform/errors';
import type { RepeatProbe } from './idempotency';
import { BOOKING_MESSAGES } from './schedule';
import { leadTraps } from './schema';
import { assertSlotFree, assertSlotOpen, slotRules, type TrapSlot } from './slots';
import type { LeadRow, LeadsDeps, NewLead } from './types';

/**
 * The honeypot's other half. A robot that filled the hidden field is answered as a person is, and what
 * it can observe afterwards stays consistent with that answer:
 * - the receipt: a server-made reference, and a link whose id comes from the leads' own sequence;
 * - the link: its page answers, a move answers with a new link (the old one is then used), a cancel
 *   answers cancelled, under the same rules and limits as a person's;
 * - the slots: its own slot is taken when the same address asks again, and a second submission for it
 *   from there is refused like a full slot. From any other address the slot is free: a robot never
 *   takes a slot from a person;
 * - a retry of its own submission (its key, or the same body within the repeat window) answers the
 *   same receipt.
 * What it cannot see is what a person would notice only later: no confirmation e-mail and no call.
 */

export type TrapRow = typeof leadTraps.$inferSelect;

/** A trap as the booking views read it (the fields a lead's views use; the rest are empty). */
export function trapAsLead(t: TrapRow): LeadRow & { trap: true } {
  return {
    ...t,
    email: null,
    odometer: null,
    topic: null,
    message: null,
    assigneeId: null,
    searchText: '',
    updatedAt: t.createdAt,
    trap: true,
  } as unknown as LeadRow & { trap: true };
}

/** Stores the caught submission under an id of the leads' sequence. */
export async function storeTrap(
  deps: LeadsDeps,
  values: NewLead,
  ip: string | null,
  requestHash: string,
): Promise<TrapRow> {
  const [row] = await deps.db
    .insert(leadTraps)
    .values({
      id: sql`nextval(pg_get_serial_sequence('leads', 'id'))`,
      type: values.type,
      reference: values.reference,
      clientRequestId: values.clientRequestId,
      requestHash,
      fullName: values.fullName,
      phone: values.phone,
      carId: values.carId ?? null,
      carLabel: values.carLabel ?? null,
      preferredDate: values.preferredDate ?? null,
      timeSlot: values.timeSlot ?? null,
      licencePlate: values.licencePlate ?? null,
      make: values.make ?? null,
      model: values.model ?? null,
      year: values.year ?? null,
      serviceType: values.serviceType ?? null,
      sourceIp: ip,
      createdAt: deps.clock.now(),
    })
    .onConflictDoNothing({ target: leadTraps.clientRequestId })
    .returning();
  if (row) return row;
  // The same key sent twice at once: the first one's trap.
  const [first] = await deps.db
    .select()
    .from(leadTraps)
    .where(eq(leadTraps.clientRequestId, values.clientRequestId));
  return first;
}

export async function trapById(deps: LeadsDeps, id: number): Promise<TrapRow | undefined> {
  const [row] = await deps.db.select().from(leadTraps).where(eq(leadTraps.id, id));
  return row;
}

/** The robot's own earlier submission: by its key, or (keyless) the same body within the repeat window. */
export async function earlierTrap(
  deps: LeadsDeps,
  key: string | null,
  probe: RepeatProbe,
  since: Date,
): Promise<TrapRow | undefined> {
  const same = <T>(column: unknown, value: T | null) => sql`${column} is not distinct from ${value}`;
  const where = key
    ? eq(leadTraps.clientRequestId, key)
    : and(
        eq(leadTraps.type, probe.type),
        eq(leadTraps.phone, probe.phone),
        eq(leadTraps.requestHash, probe.requestHash),
        ne(leadTraps.status, 'CANCELLED'),
        gte(leadTraps.createdAt, since),
        same(leadTraps.carId, probe.carId),
        same(leadTraps.preferredDate, probe.preferredDate),
        same(leadTraps.timeSlot, probe.timeSlot),
      );
  const [row] = await deps.db
    .select()
    .from(leadTraps)
    .where(where)
    .orderBy(desc(leadTraps.createdAt))
    .limit(1);
  return row;
}

/** The slots this address's caught bookings hold (for its own eyes only), between two days. */
export async function trapSlots(
  deps: LeadsDeps,
  ip: string | null,
  type: BookingType,
  carId: number | null,
  excludeId?: number,
): Promise<TrapSlot[]> {
  if (!ip) return [];
  const conditions = [
    eq(leadTraps.sourceIp, ip),
    eq(leadTraps.type, type),
    ne(leadTraps.status, 'CANCELLED'),
    isNotNull(leadTraps.timeSlot),
    isNotNull(leadTraps.preferredDate),
  ];
  if (type === 'TEST_DRIVE') conditions.push(eq(leadTraps.carId, carId ?? 0));
  if (excludeId !== undefined) conditions.push(ne(leadTraps.id, excludeId));
  const rows = await deps.db
    .select({ date: leadTraps.preferredDate, slot: leadTraps.timeSlot })
    .from(leadTraps)
    .where(and(...conditions))
    .limit(200);
  return rows.flatMap((r) => (r.date && r.slot ? [{ date: r.date, slot: r.slot }] : []));
}

/** A move through the caught booking's link: the rules and the limits of a person's move. */
export async function moveTrap(deps: LeadsDeps, trap: TrapRow, body: ScheduleBodyParsed): Promise<TrapRow> {
  const type = trap.type as BookingType;
  const to = { date: body.preferredDate, slot: body.timeSlot ?? null };
  if (trap.status === 'CANCELLED') throw conflict(BOOKING_MESSAGES.closed('CANCELLED'));
  const rules = await slotRules(deps, type);
  assertSlotOpen(rules, to.date, to.slot);
  if (trap.preferredDate === to.date && (trap.timeSlot ?? null) === to.slot) return trap;
  const today = vnDayKey(deps.clock.now());
  const moves = trap.moveDay === today ? trap.moveCount : 0;
  if (moves >= BOOKING_MOVE_LIMITS.perBookingPerDay) throw tooMany(BOOKING_MOVE_MESSAGES.perBooking);
  const extra = await trapSlots(deps, trap.sourceIp, type, trap.carId, trap.id);
  await assertSlotFree(deps.db, { type, carId: trap.carId, date: to.date, slot: to.slot, extra }, rules);
  const [moved] = await deps.db
    .update(leadTraps)
    .set({ preferredDate: to.date, timeSlot: to.slot, moveDay: today, moveCount: moves + 1 })
    .where(eq(leadTraps.id, trap.id))
    .returning();
  return moved;
}

export async function cancelTrap(deps: LeadsDeps, trap: TrapRow): Promise<TrapRow> {
  if (trap.status === 'CANCELLED') throw conflict(BOOKING_MESSAGES.closed('CANCELLED'));
  const [row] = await deps.db
    .update(leadTraps)
    .set({ status: 'CANCELLED' })
    .where(eq(leadTraps.id, trap.id))
    .returning();
  return row;
}

/** How long a caught submission is kept: past the furthest day one can book, and a month more. */
export const TRAP_KEEP_DAYS = 90;

export async function dropOldTraps(deps: LeadsDeps): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - TRAP_KEEP_DAYS * 86_400_000);
  const gone = await deps.db
    .delete(leadTraps)
    .where(lt(leadTraps.createdAt, before))
    .returning({ id: leadTraps.id });
  return gone.length;
}
