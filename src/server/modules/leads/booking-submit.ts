import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { BOOKING_TYPES, type BookingType } from '../../../contract/leads';
import type { Tx } from '../../db/client';
import { byVisitor } from '../../platform/visitor-mail';
import { tellCustomer } from './booking-mail';
import { findRepeat, lockRepeat, type RepeatProbe, repeatProbe, repeatSince } from './idempotency';
import { planReminder } from './reminders';
import { leads } from './schema';
import {
  assertSlotFree,
  assertSlotOpen,
  lockKeys,
  type SlotRules,
  slotLockKey,
  slotRules,
  type TrapSlot,
} from './slots';
import type { LeadInput, LeadRow, LeadsDeps, NewLead } from './types';
import { zaloAbout } from './zalo';

/**
 * What a public submission adds around the insert of submit.ts: the request key, the repeat rule for
 * keyless clients, the slot's lock and capacity, the reminder job in the same transaction, and the
 * customer's confirmation after the commit.
 */
export interface SubmitGuard {
  /** The client sent a key (body or header): its retries find the lead by that key. */
  keyed: boolean;
  /** The key the lead is stored under (made here for a keyless client). */
  key: string;
  probe: RepeatProbe;
  since: Date;
  /** The slot rules of a lead that books a day; null for consulting. */
  rules: SlotRules | null;
}

const isBooking = (type: string): type is BookingType => (BOOKING_TYPES as readonly string[]).includes(type);

/** Before the transaction: the key, and the settings the slot is judged by. */
export async function prepareSubmission(deps: LeadsDeps, input: LeadInput): Promise<SubmitGuard> {
  const probe = repeatProbe(input);
  const rules = isBooking(input.type) ? await slotRules(deps, input.type) : null;
  return {
    keyed: input.body.clientRequestId !== undefined,
    key: input.body.clientRequestId ?? randomUUID(),
    probe,
    since: repeatSince(deps.clock.now()),
    rules,
  };
}

/**
 * Once no lead answers the key: the earlier lead a keyless submission repeats (before the rate limit
 * counts it), otherwise the day and slot checked against the clock (400 when closed or past).
 */
export async function earlierRepeat(deps: LeadsDeps, guard: SubmitGuard): Promise<LeadRow | undefined> {
  if (!guard.keyed) {
    const repeat = await findRepeat(deps.db, guard.probe, guard.since);
    if (repeat) return repeat;
  }
  const { rules, probe } = guard;
  if (rules && probe.preferredDate) assertSlotOpen(rules, probe.preferredDate, probe.timeSlot);
  return undefined;
}

/** An earlier lead the submission turned out to be, and whether its sender proved it made it (its key). */
export interface Earlier {
  row: LeadRow;
  owner: boolean;
}

/**
 * Inside the transaction, before the insert: a keyless repeat answers the lead it repeats (under a lock,
 * so two copies sent at once make one); a slot that is full is refused with 409 and the nearest free slots,
 * unless the lead holding it is this very request (the same key sent twice at once: the second waited
 * for the slot's lock while the first committed).
 */
export async function guardSubmission(
  tx: Tx,
  guard: SubmitGuard,
  values: NewLead,
): Promise<Earlier | undefined> {
  if (!guard.keyed) {
    await lockRepeat(tx, guard.probe);
    const repeat = await findRepeat(tx, guard.probe, guard.since);
    if (repeat) return { row: repeat, owner: false };
  }
  if (!guard.rules || !values.preferredDate || !values.timeSlot) return undefined;
  const target = {
    type: values.type as BookingType,
    carId: values.carId ?? null,
    date: values.preferredDate,
    slot: values.timeSlot,
  };
  await lockKeys(tx, [slotLockKey(target)]);
  if (guard.keyed) {
    // The caller's replay() judges the body: the same one is the owner's retry, another is refused.
    const [same] = await tx.select().from(leads).where(eq(leads.clientRequestId, guard.key));
    if (same) return { row: same, owner: true };
  }
  await assertSlotFree(tx, target, guard.rules);
  return undefined;
}

/**
 * The slot check alone, without lock or write: a robot caught by the honeypot meets the same 409 as a
 * person, its own earlier catches (`extra`) counting as bookings.
 */
export async function checkSlot(
  deps: LeadsDeps,
  guard: SubmitGuard,
  values: NewLead,
  extra: TrapSlot[] = [],
): Promise<void> {
  if (!guard.rules || !values.preferredDate || !values.timeSlot) return;
  const target = {
    type: values.type as BookingType,
    carId: values.carId ?? null,
    date: values.preferredDate,
    extra,
  };
  await assertSlotFree(deps.db, { ...target, slot: values.timeSlot }, guard.rules);
}

/** In the transaction of the insert: the reminder of the day before. */
export async function afterInsert(deps: LeadsDeps, tx: Tx, row: LeadRow): Promise<void> {
  if (isBooking(row.type)) await planReminder(deps, tx, row);
}

/** After the commit: the customer's confirmation with its invitation (not awaited). */
export function afterCommit(deps: LeadsDeps, row: LeadRow): void {
  if (!isBooking(row.type)) return;
  void tellCustomer(deps, row, 'created', byVisitor('booking-created', row.sourceIp));
  void zaloAbout(deps, 'BOOKING_CONFIRMED', row, 'created');
}
