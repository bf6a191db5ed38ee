import { and, eq, sql } from 'drizzle-orm';
import { type LeadStatus, OPEN_LEAD_STATUSES } from '../../../contract/leads';
import { vnTime } from '../../../contract/vn-time';
import type { Executor } from '../../db/client';
import type { JobPayload } from '../../platform/jobs/queue';
import { byVisitor } from '../../platform/visitor-mail';
import { sendBookingMail } from './booking-mail';
import { type BookingMove, leadEvents, leads } from './schema';
import type { LeadRow, LeadsDeps } from './types';
import { zaloAbout } from './zalo';

/**
 * The reminder of the day before: an e-mail at 09:00 (Vietnam) on the eve of the booked day, a stored
 * job scheduled in the transaction that books or moves the lead, moved with a reschedule, cancelled
 * with the lead. A booking made after that hour (for tomorrow) gets none: its confirmation is fresh.
 */

export const REMINDER_JOB = 'lead.booking-reminder';
export const REMINDER_HOUR = '09:00';

export const reminderKey = (leadId: number) => `lead-reminder:${leadId}`;

/** 09:00 in Vietnam on the day before the booked day. */
export function reminderTime(date: string): Date {
  const eve = new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  return vnTime(eve, REMINDER_HOUR);
}

/** Schedules (or moves, or drops) the reminder of a lead as it now stands, in the caller's transaction. */
export async function planReminder(deps: LeadsDeps, exec: Executor, row: LeadRow): Promise<void> {
  const open = OPEN_LEAD_STATUSES.includes(row.status as LeadStatus);
  const runAt = row.preferredDate ? reminderTime(row.preferredDate) : null;
  if (!open || !row.email || !runAt || runAt.getTime() <= deps.clock.now().getTime()) {
    await deps.jobs.cancel(exec, reminderKey(row.id));
    return;
  }
  await deps.jobs.schedule(exec, {
    name: REMINDER_JOB,
    key: reminderKey(row.id),
    runAt,
    payload: { leadId: row.id, date: row.preferredDate, slot: row.timeSlot },
    replace: true,
  });
}

export async function dropReminder(deps: LeadsDeps, exec: Executor, leadId: number): Promise<void> {
  await deps.jobs.cancel(exec, reminderKey(leadId));
}

/**
 * The job: sends the reminder once per booked moment. The history entry is written first (in a
 * transaction holding the lead), so a second run finds it and sends nothing; a mail server that refuses
 * takes the entry back and the job is retried.
 */
export function defineReminderJob(deps: LeadsDeps): void {
  deps.jobs.define(REMINDER_JOB, async (payload: JobPayload) => {
    const leadId = Number(payload.leadId);
    const moment: BookingMove = {
      toDate: String(payload.date),
      toSlot: (payload.slot as string | null) ?? null,
    };
    // Zalo first, for every customer who agreed to it (an e-mail is not needed): once per booked moment.
    const [current] = await deps.db.select().from(leads).where(eq(leads.id, leadId));
    if (
      current &&
      OPEN_LEAD_STATUSES.includes(current.status as LeadStatus) &&
      current.preferredDate === moment.toDate &&
      (current.timeSlot ?? null) === moment.toSlot
    )
      await zaloAbout(deps, 'BOOKING_REMINDER', current, `${moment.toDate}:${moment.toSlot ?? ''}`);
    const claimed = await deps.db.transaction(async (tx) => {
      const [row] = await tx.select().from(leads).where(eq(leads.id, leadId)).for('update');
      if (!row?.email || !OPEN_LEAD_STATUSES.includes(row.status as LeadStatus)) return null;
      // Moved since the job was planned (the move plans its own).
      if (row.preferredDate !== moment.toDate || (row.timeSlot ?? null) !== moment.toSlot) return null;
      const [sent] = await tx
        .select({ id: leadEvents.id })
        .from(leadEvents)
        .where(
          and(
            eq(leadEvents.leadId, leadId),
            eq(leadEvents.kind, 'REMINDER'),
            sql`${leadEvents.detail} = ${JSON.stringify(moment)}::jsonb`,
          ),
        );
      if (sent) return null;
      const [event] = await tx
        .insert(leadEvents)
        .values({ leadId, kind: 'REMINDER', detail: moment })
        .returning({ id: leadEvents.id });
      return { row, eventId: event.id };
    });
    if (!claimed) return;
    // The clock acting on the visitor's booking: counted against the day's cap like the visitor's own
    // mail (with the address the booking came from). Skipped over the cap: the history claims no
    // reminder, and the job is over (no retry).
    let outcome: Awaited<ReturnType<typeof sendBookingMail>>;
    try {
      outcome = await sendBookingMail(
        deps,
        claimed.row,
        'reminder',
        byVisitor('booking-reminder', claimed.row.sourceIp),
      );
    } catch (err) {
      await deps.db.delete(leadEvents).where(eq(leadEvents.id, claimed.eventId));
      throw err;
    }
    if (outcome === 'skipped') await deps.db.delete(leadEvents).where(eq(leadEvents.id, claimed.eventId));
  });
}
