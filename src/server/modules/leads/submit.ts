import { eq } from 'drizzle-orm';
import { IDEMPOTENCY_MISMATCH_MESSAGE } from '../../../contract/common';
import {
  type BookingType,
  LEAD_RATE_LIMIT_MESSAGE,
  type LeadReceipt,
  type LeadType,
  timeSlots,
} from '../../../contract/leads';
import type { Executor } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { badRequest, conflict, tooMany, unprocessable } from '../../platform/errors';
import type { RateLimiter } from '../../platform/rate-limit';
import {
  afterCommit,
  afterInsert,
  checkSlot,
  type Earlier,
  earlierRepeat,
  guardSubmission,
  prepareSubmission,
} from './booking-submit';
import { prepareCreation } from './lifecycle';
import { leadEvents, leads } from './schema';
import { earlierTrap, storeTrap, trapAsLead, trapSlots } from './traps';
import type { LeadInput, LeadRow, LeadsDeps, NewLead } from './types';
import { leadReceipt } from './views';
import { LEAD_MESSAGES, leadAnnouncement, leadLink, leadReference, leadSearchText } from './wording';

async function findByRequestId(exec: Executor, clientRequestId: string): Promise<LeadRow | undefined> {
  const [row] = await exec.select().from(leads).where(eq(leads.clientRequestId, clientRequestId));
  return row;
}

/**
 * The lead an earlier request with this key (or this very body, keyless) made. `owner`: the caller
 * proved it made the lead (its key and the same body), so it may have the lead's own link. The key
 * with another body is another request reusing it: 422, telling nothing of the first.
 */
export function replay(row: LeadRow, type: LeadType, requestHash: string, owner = true) {
  if (row.type !== type) throw conflict(LEAD_MESSAGES.reusedKey);
  if (row.requestHash !== requestHash) throw unprocessable(IDEMPOTENCY_MISMATCH_MESSAGE);
  return { receipt: leadReceipt(row), created: false, row: owner ? row : undefined };
}

async function resolveCar(
  deps: LeadsDeps,
  carId: number | undefined,
  required: boolean,
): Promise<{ carId: number; label: string } | null> {
  if (carId === undefined) {
    if (required) throw badRequest('Vui lòng chọn xe', { carId: 'Vui lòng chọn xe' });
    return null;
  }
  if (!deps.cars) return { carId, label: `Xe #${carId}` };
  const car = await deps.cars.visibleCar(carId);
  if (!car) throw badRequest(LEAD_MESSAGES.carUnavailable, { carId: LEAD_MESSAGES.carUnavailable });
  return car;
}

async function assertSlotOpen(deps: LeadsDeps, slot: string | undefined) {
  if (!slot) return;
  const config = await deps.webConfig.get();
  if (!timeSlots(config.openingHours).includes(slot)) {
    throw badRequest(LEAD_MESSAGES.slotClosed, { timeSlot: LEAD_MESSAGES.slotClosed });
  }
}

/** The columns of a new lead from a validated form (after the car and slot checks). */
async function leadValues(
  deps: LeadsDeps,
  input: LeadInput,
  ip: string | null,
  key: string,
  requestHash: string,
): Promise<NewLead> {
  const { type, body } = input;
  const base = {
    type,
    reference: leadReference(type),
    clientRequestId: key,
    requestHash,
    fullName: body.fullName,
    phone: body.phone,
    email: body.email ?? null,
    sourceIp: ip,
  };
  let row: NewLead;
  if (input.type === 'TEST_DRIVE') {
    const b = input.body;
    const car = await resolveCar(deps, b.carId, true);
    await assertSlotOpen(deps, b.timeSlot);
    row = {
      ...base,
      carId: car!.carId,
      carLabel: car!.label,
      preferredDate: b.preferredDate,
      timeSlot: b.timeSlot,
      message: b.note ?? null,
    };
  } else if (input.type === 'MAINTENANCE') {
    const b = input.body;
    await assertSlotOpen(deps, b.timeSlot);
    row = {
      ...base,
      licencePlate: b.licencePlate,
      make: b.make,
      model: b.model,
      year: b.year,
      odometer: b.odometer,
      serviceType: b.serviceType,
      preferredDate: b.preferredDate,
      timeSlot: b.timeSlot ?? null,
      message: b.note ?? null,
    };
  } else {
    const b = input.body;
    const car = await resolveCar(deps, b.carId, false);
    row = {
      ...base,
      carId: car?.carId ?? null,
      carLabel: car?.label ?? null,
      topic: b.topic,
      message: b.message,
    };
  }
  row.searchText = leadSearchText(row);
  return row;
}

/**
 * A public form submission. The same clientRequestId answers the lead it created (a double click,
 * a retry after a lost answer) without counting against the rate limit; a filled honeypot is
 * answered like a success and stored nowhere.
 */
export async function submitLead(
  deps: LeadsDeps,
  limiters: Record<LeadType, RateLimiter>,
  input: LeadInput,
  actor: Actor,
): Promise<{ receipt: LeadReceipt; created: boolean; row?: LeadRow }> {
  const { type, body } = input;
  const guard = await prepareSubmission(deps, input);
  const existing = guard.keyed ? await findByRequestId(deps.db, guard.key) : undefined;
  const hash = guard.probe.requestHash;
  if (existing) return replay(existing, type, hash);
  const caught = Boolean(body.website?.trim());
  if (caught) {
    // A robot's retry of its own submission answers what a person's retry would (traps.ts).
    const earlier = await earlierTrap(deps, guard.keyed ? guard.key : null, guard.probe, guard.since);
    if (earlier) return replay(trapAsLead(earlier), type, hash, guard.keyed);
  }
  const repeat = await earlierRepeat(deps, guard);
  if (repeat) return replay(repeat, type, hash, false);
  if (!(await limiters[type].hit(actor.ip ?? ''))) throw tooMany(LEAD_RATE_LIMIT_MESSAGE);
  const values = await leadValues(deps, input, actor.ip, guard.key, hash);
  if (caught) {
    // A robot gets what a person gets (same checks, same receipt, a link that answers), and is stored
    // apart from the leads, where no staff member and no job sees it.
    const own = guard.rules ? await trapSlots(deps, actor.ip, type as BookingType, values.carId ?? null) : [];
    await checkSlot(deps, guard, values, own);
    const trap = await storeTrap(deps, values, actor.ip, hash);
    deps.log.info({ ip: actor.ip, type }, 'lead honeypot filled: answered, kept apart from the leads');
    const row = trapAsLead(trap);
    return { receipt: leadReceipt(row), created: true, row };
  }
  // Arrival time, response deadline and its alert, source, automatic hand-out (lifecycle.ts).
  const creation = await prepareCreation(deps, type, body.source, {
    phone: body.phone,
    zaloConsent: body.zaloConsent,
  });
  let repeated: Earlier | undefined;
  const row = await deps.db.transaction(async (tx) => {
    repeated = await guardSubmission(tx, guard, values);
    if (repeated) return null;
    const [inserted] = await tx
      .insert(leads)
      .values({ ...values, ...creation.values })
      .onConflictDoNothing({ target: leads.clientRequestId })
      .returning();
    if (!inserted) return null;
    await tx
      .insert(leadEvents)
      .values({ leadId: inserted.id, kind: 'CREATED', toStatus: 'NEW', createdAt: inserted.createdAt });
    await creation.inTx(tx, inserted);
    await afterInsert(deps, tx, inserted);
    return inserted;
  });
  if (repeated) return replay(repeated.row, type, hash, repeated.owner);
  if (!row) {
    // A concurrent submission with the same key won the insert.
    const winner = await findByRequestId(deps.db, guard.key);
    if (!winner) throw conflict(LEAD_MESSAGES.reusedKey);
    return replay(winner, type, hash);
  }
  afterCommit(deps, row);
  // After commit: the staff's bells. A failure here never loses the visitor's lead.
  await deps.notifications.notifySafely(
    deps.users.idsWithPermission('MANAGE_SERVICE'),
    leadAnnouncement(row),
    leadLink(row),
  );
  await creation.afterCommit();
  return { receipt: leadReceipt(row), created: true, row };
}
