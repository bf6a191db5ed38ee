import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  FOLLOW_UP_MESSAGES,
  followUpText,
  LEAD_TYPE_LABELS,
  type LeadStatus,
  type LeadType,
  MAX_FOLLOW_UP_DAYS,
  OPEN_LEAD_STATUSES,
} from '../../../contract/leads';
import type { CurrentUser } from '../../platform/access';
import type { Actor } from '../../platform/actor';
import { writeAudit } from '../../platform/audit';
import { badRequest, conflict } from '../../platform/errors';
import type { JobPayload } from '../../platform/jobs/queue';
import { leadEvents, leads } from './schema';
import type { LeadRow, LeadsDeps } from './types';
import { leadRow } from './views';
import { leadLink } from './wording';

/**
 * "Hẹn gọi lại": a moment staff promised to call a customer back. Setting it schedules a stored job in
 * the same transaction (moved when the moment changes, cancelled when it is removed or the lead closes);
 * at that moment the bell reminds the assignee, or the service managers when nobody has the lead.
 */

export const FOLLOW_UP_JOB = 'lead.follow-up';
export const followUpKey = (leadId: number) => `lead-follow-up:${leadId}`;

export async function setFollowUp(
  deps: LeadsDeps,
  type: LeadType,
  id: number,
  at: Date | null,
  note: string | undefined,
  current: CurrentUser,
  actor: Actor,
): Promise<void> {
  const now = deps.clock.now();
  if (at && at.getTime() <= now.getTime())
    throw badRequest(FOLLOW_UP_MESSAGES.past, { time: FOLLOW_UP_MESSAGES.past });
  if (at && at.getTime() > now.getTime() + MAX_FOLLOW_UP_DAYS * 86_400_000)
    throw badRequest(FOLLOW_UP_MESSAGES.tooFar, { date: FOLLOW_UP_MESSAGES.tooFar });
  await deps.db.transaction(async (tx) => {
    const row = await leadRow(tx, type, id, true);
    if (at && !OPEN_LEAD_STATUSES.includes(row.status as LeadStatus))
      throw conflict(FOLLOW_UP_MESSAGES.closed);
    if (!at && !row.followUpAt) return;
    await tx
      .update(leads)
      .set({ followUpAt: at, followUpNote: at ? (note ?? null) : null, updatedAt: now })
      .where(eq(leads.id, id));
    await tx.insert(leadEvents).values({
      leadId: id,
      kind: 'FOLLOW_UP',
      followUpAt: at,
      note: at ? (note ?? null) : null,
      userId: current.id,
      userName: current.name,
      createdAt: now,
    });
    await writeAudit(tx, actor, {
      action: 'set-follow-up',
      entity: 'lead',
      entityId: id,
      before: { followUpAt: row.followUpAt?.toISOString() ?? null },
      after: { followUpAt: at?.toISOString() ?? null, note: note ?? null },
    });
    if (at) {
      await deps.jobs.schedule(tx, {
        name: FOLLOW_UP_JOB,
        key: followUpKey(id),
        runAt: at,
        payload: { leadId: id, at: at.toISOString() },
        replace: true,
      });
    } else {
      await deps.jobs.cancel(tx, followUpKey(id));
    }
  });
}

/** "Đến giờ gọi lại khách hàng Nguyễn Văn A (0901234567), yêu cầu tư vấn TV-1A2B3C4D: khách bận, gọi chiều" */
export function reminderMessage(row: LeadRow): string {
  const kind = LEAD_TYPE_LABELS[row.type as LeadType].toLowerCase();
  const note = row.followUpNote ? `: ${row.followUpNote}` : '';
  return `Đến giờ gọi lại khách hàng ${row.fullName} (${row.phone}), yêu cầu ${kind} ${row.reference}${note}`;
}

/**
 * The job: reminds once per follow-up moment. The lead is marked with the moment it was reminded for,
 * in the transaction that stores the notifications: a repeat finds the mark, a moved follow-up (a new
 * moment) reminds again, a closed lead or a removed follow-up is not reminded.
 */
export async function remindFollowUp(deps: LeadsDeps, payload: JobPayload): Promise<boolean> {
  const leadId = Number(payload.leadId);
  const at = typeof payload.at === 'string' ? new Date(payload.at) : null;
  if (!Number.isInteger(leadId) || !at || Number.isNaN(at.getTime())) return false;
  const managers = await deps.users.idsWithPermission('MANAGE_SERVICE');
  let push: (() => Promise<void>) | null = null;
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(leads)
      .set({ followUpRemindedFor: at })
      .where(
        and(
          eq(leads.id, leadId),
          eq(leads.followUpAt, at),
          inArray(leads.status, [...OPEN_LEAD_STATUSES]),
          sql`${leads.followUpRemindedFor} is distinct from ${leads.followUpAt}`,
        ),
      )
      .returning();
    if (!row) return;
    push = await deps.notifications.notifyWithin(
      tx,
      row.assigneeId ? [row.assigneeId] : managers,
      reminderMessage(row),
      leadLink(row),
    );
  });
  if (!push) return false;
  await (push as () => Promise<void>)();
  return true;
}

/** The follow-up fields of a lead's view, at `now`. */
export function followUpFields(row: LeadRow, now: Date) {
  return {
    followUpAt: row.followUpAt?.toISOString() ?? null,
    followUpText: followUpText(row.followUpAt),
    followUpOverdue:
      row.followUpAt !== null &&
      OPEN_LEAD_STATUSES.includes(row.status as LeadStatus) &&
      row.followUpAt.getTime() <= now.getTime(),
  };
}
