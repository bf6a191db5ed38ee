import { and, count, eq, gte, isNull } from 'drizzle-orm';
import { vnMidnight } from '../../../contract/format';
import {
  appointmentMoment,
  BOOKING_MOVE_LIMITS,
  BOOKING_MOVE_MESSAGES,
  type BookingType,
  LEAD_STATUS_LABELS,
  type LeadStatus,
  OPEN_LEAD_STATUSES,
} from '../../../contract/leads';
import type { Executor } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { writeAudit } from '../../platform/audit';
import { badRequest, conflict, notFound, tooMany } from '../../platform/errors';
import { byShowroom, byVisitor } from '../../platform/visitor-mail';
import { tellCustomer } from './booking-mail';
import { dropReminder, planReminder } from './reminders';
import { leadEvents, leads } from './schema';
import { assertSlotFree, assertSlotOpen, lockKeys, slotLockKey, slotRules } from './slots';
import type { LeadRow, LeadsDeps } from './types';
import { dmy, LEAD_MESSAGES, leadLink } from './wording';

/** Moving and cancelling a booking, by staff (calendar, drawer) or by the customer (signed link). */

export const BOOKING_MESSAGES = {
  closed: (s: LeadStatus) =>
    `Lịch hẹn đang ở trạng thái "${LEAD_STATUS_LABELS[s]}": chỉ đổi hoặc hủy được lịch hẹn đang mở`,
  slotRequired: 'Vui lòng chọn khung giờ',
} as const;

/** Who moves a booking: a staff member (named in the history), or the customer through their link. */
export type Mover = { staff: { id: number; name: string }; actor: Actor } | { staff: null; actor: Actor };

export interface MoveResult {
  row: LeadRow;
  before: LeadRow;
  changed: boolean;
}

/** "09:00 25/11/2026", or the day alone. */
export const slotText = (date: string | null, slot: string | null) =>
  date ? `${slot ? `${slot} ` : ''}${dmy(date)}` : '';

/**
 * Moves an open booking to another day and slot under the same rules as a new one (opening hours,
 * not past, within the window, the slot's capacity under its lock: 409 with the nearest free slots).
 * One transaction writes the lead, its history, the audit entry and the moved reminder; the customer's
 * e-mail (a new invitation and link) follows the commit. The same day and slot again changes nothing.
 */
export async function moveBooking(
  deps: LeadsDeps,
  type: BookingType,
  id: number,
  to: { date: string; slot: string | null; note?: string },
  by: Mover,
): Promise<MoveResult> {
  if (type === 'TEST_DRIVE' && !to.slot) {
    throw badRequest(BOOKING_MESSAGES.slotRequired, { timeSlot: BOOKING_MESSAGES.slotRequired });
  }
  const rules = await slotRules(deps, type);
  assertSlotOpen(rules, to.date, to.slot);
  const result = await deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(leads).where(eq(leads.id, id)).for('update');
    if (!before || before.type !== type) throw notFound(LEAD_MESSAGES.notFound);
    const status = before.status as LeadStatus;
    if (!OPEN_LEAD_STATUSES.includes(status)) throw conflict(BOOKING_MESSAGES.closed(status));
    if (before.preferredDate === to.date && (before.timeSlot ?? null) === to.slot) {
      return { row: before, before, changed: false };
    }
    // Counted under the lead's lock, so two moves sent at once cannot both be the third.
    if (!by.staff) await assertCustomerMovesLeft(tx, id);
    const target = { type, carId: before.carId, date: to.date, slot: to.slot, excludeId: id };
    await lockKeys(tx, [slotLockKey(target)]);
    await assertSlotFree(tx, target, rules);
    // When it happened, as every other entry of the history (the clock judges rules, not records).
    const at = new Date();
    const [row] = await tx
      .update(leads)
      .set({ preferredDate: to.date, timeSlot: to.slot, updatedAt: at })
      .where(eq(leads.id, id))
      .returning();
    await tx.insert(leadEvents).values({
      leadId: id,
      kind: 'SCHEDULE',
      detail: { fromDate: before.preferredDate, fromSlot: before.timeSlot, toDate: to.date, toSlot: to.slot },
      note: to.note ?? null,
      userId: by.staff?.id ?? null,
      userName: by.staff?.name ?? null,
      createdAt: at,
    });
    await writeAudit(tx, by.actor, {
      action: 'reschedule',
      entity: 'lead',
      entityId: id,
      before: { preferredDate: before.preferredDate, timeSlot: before.timeSlot },
      after: { preferredDate: to.date, timeSlot: to.slot, note: to.note ?? null },
    });
    await planReminder(deps, tx, row);
    return { row, before, changed: true };
  });
  if (result.changed) {
    const cause = by.staff ? byShowroom('booking-moved') : byVisitor('booking-moved', by.actor.ip);
    void tellCustomer(deps, result.row, 'moved', cause);
  }
  return result;
}

/**
 * Each move of the customer mails them and rings staff: at most BOOKING_MOVE_LIMITS.perBookingPerDay
 * of them per booking in a Vietnamese calendar day (their history entries carry no staff member). The
 * day is read from the real time the entries are written with, so the count and the records agree.
 */
async function assertCustomerMovesLeft(tx: Executor, leadId: number) {
  const [{ moves }] = await tx
    .select({ moves: count() })
    .from(leadEvents)
    .where(
      and(
        eq(leadEvents.leadId, leadId),
        eq(leadEvents.kind, 'SCHEDULE'),
        isNull(leadEvents.userId),
        gte(leadEvents.createdAt, vnMidnight(new Date())),
      ),
    );
  if (moves >= BOOKING_MOVE_LIMITS.perBookingPerDay) throw tooMany(BOOKING_MOVE_MESSAGES.perBooking);
}

/** The customer cancels their own booking: the history says "Khách hàng", the reminder goes. */
export async function cancelBooking(deps: LeadsDeps, id: number, reason: string | undefined, actor: Actor) {
  const row = await deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(leads).where(eq(leads.id, id)).for('update');
    const from = before.status as LeadStatus;
    if (!OPEN_LEAD_STATUSES.includes(from)) throw conflict(BOOKING_MESSAGES.closed(from));
    const at = new Date();
    const [updated] = await tx
      .update(leads)
      .set({ status: 'CANCELLED', updatedAt: at })
      .where(eq(leads.id, id))
      .returning();
    await tx.insert(leadEvents).values({
      leadId: id,
      kind: 'STATUS',
      fromStatus: from,
      toStatus: 'CANCELLED',
      note: reason
        ? `Khách hàng hủy qua liên kết trong email: ${reason}`
        : 'Khách hàng hủy qua liên kết trong email',
      createdAt: at,
    });
    await writeAudit(tx, actor, {
      action: 'set-status',
      entity: 'lead',
      entityId: id,
      before: { status: from },
      after: { status: 'CANCELLED', note: reason ?? null },
    });
    await dropReminder(deps, tx, id);
    return updated;
  });
  void tellCustomer(deps, row, 'cancelled', byVisitor('booking-cancelled', actor.ip));
  return row;
}

/** In a staff status change's transaction: a closed booking needs no reminder. */
export async function bookingStatusChanged(deps: LeadsDeps, tx: Executor, row: LeadRow, to: LeadStatus) {
  if (row.preferredDate && !OPEN_LEAD_STATUSES.includes(to)) await dropReminder(deps, tx, row.id);
}

/** After a staff status change committed: a cancelled booking still ahead is cancelled in the customer's calendar too. */
export function afterStatusChange(deps: LeadsDeps, row: LeadRow, to: LeadStatus): void {
  if (to !== 'CANCELLED' || !row.preferredDate) return;
  if (appointmentMoment(row.preferredDate, row.timeSlot).getTime() <= deps.clock.now().getTime()) return;
  void tellCustomer(deps, { ...row, status: to }, 'cancelled', byShowroom('booking-cancelled'));
}

/** The bell of whoever handles the lead (its assignee, or everyone holding MANAGE_SERVICE when nobody does). */
export function tellStaff(deps: LeadsDeps, row: LeadRow, message: string): Promise<unknown> {
  const to = row.assigneeId
    ? Promise.resolve([row.assigneeId])
    : deps.users.idsWithPermission('MANAGE_SERVICE');
  return deps.notifications.notifySafely(to, message, leadLink(row));
}
