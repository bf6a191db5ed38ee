import { and, eq, isNull, lte } from 'drizzle-orm';
import {
  formatMinutes,
  LEAD_TYPE_LABELS,
  type LeadType,
  type OpeningWindow,
  openingMinutesBetween,
} from '../../../contract/leads';
import type { JobPayload } from '../../platform/jobs/queue';
import { plainLine } from '../../platform/visitor-mail-text';
import { leads } from './schema';
import type { LeadRow, LeadsDeps } from './types';
import { leadLink } from './wording';

/**
 * Speed to lead: each new lead must be contacted within the target (settings, counted in opening
 * hours). A stored job scheduled at the lead's deadline, in the transaction that created it, alerts the
 * assignee and the service managers once; the first contact (the lead leaving "Mới") stops the clock
 * and cancels the job.
 */

export const RESPONSE_ALERT_JOB = 'lead.response-alert';
export const responseAlertKey = (leadId: number) => `lead-response:${leadId}`;

/** "Yêu cầu lái thử LT-1A2B3C4D của khách hàng Nguyễn Văn A đã chờ quá 15 phút mà chưa được liên hệ" */
export function lateMessage(row: LeadRow, targetMinutes: number | null): string {
  const kind = LEAD_TYPE_LABELS[row.type as LeadType].toLowerCase();
  const target = targetMinutes ? ` quá ${formatMinutes(targetMinutes)}` : ' quá thời gian phản hồi';
  return `Yêu cầu ${kind} ${row.reference} của khách hàng ${row.fullName} đã chờ${target} mà chưa được liên hệ`;
}

/**
 * The job: marks the lead alerted and stores the notifications in one transaction, so a second run (a
 * retry, a process that died after the commit) finds the mark and notifies nobody again. A lead already
 * contacted, or whose deadline is still ahead, is left alone.
 */
export async function alertLateLead(deps: LeadsDeps, payload: JobPayload): Promise<boolean> {
  const leadId = Number(payload.leadId);
  if (!Number.isInteger(leadId)) return false;
  const now = deps.clock.now();
  // Read before the transaction: PGlite runs one statement at a time, a read on another handle would wait on it.
  const managers = await deps.users.idsWithPermission('MANAGE_SERVICE');
  let push: (() => Promise<void>) | null = null;
  let late: { row: LeadRow; message: string } | null = null;
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(leads)
      .set({ slaAlertedAt: now })
      .where(
        and(
          eq(leads.id, leadId),
          eq(leads.status, 'NEW'),
          isNull(leads.slaAlertedAt),
          lte(leads.responseDueAt, now),
        ),
      )
      .returning();
    if (!row) return;
    const to = row.assigneeId ? [...managers, row.assigneeId] : managers;
    const target = typeof payload.targetMinutes === 'number' ? payload.targetMinutes : null;
    const message = lateMessage(row, target);
    late = { row, message };
    push = await deps.notifications.notifyWithin(tx, to, message, leadLink(row));
  });
  if (!push || !late) return false;
  await (push as () => Promise<void>)();
  await mailLateLead(deps, late as { row: LeadRow; message: string }, managers);
  return true;
}

/**
 * The e-mail beside the bell, to the lead's owner: its assignee, or every manager while it has none (they
 * are the ones to hand it on). After the commit, so a retry never sends it twice; a failure is only logged.
 */
async function mailLateLead(deps: LeadsDeps, late: { row: LeadRow; message: string }, managers: number[]) {
  const { row, message } = late;
  const ids = row.assigneeId ? [row.assigneeId] : managers;
  const kind = LEAD_TYPE_LABELS[row.type as LeadType].toLowerCase();
  for (const id of ids) {
    const user = await deps.users.findRow(deps.db, id);
    if (!user?.email || !user.active) continue;
    const lines = [
      `Xin chào ${user.fullName},`,
      '',
      `${message}.`,
      row.assigneeId
        ? 'Bạn đang phụ trách yêu cầu này: hãy liên hệ khách ngay.'
        : 'Yêu cầu này chưa được giao cho ai: hãy nhận hoặc giao cho một nhân viên để liên hệ khách ngay.',
      `- Mã yêu cầu: ${row.reference}`,
      `- Khách hàng: ${plainLine(row.fullName, 100)}, điện thoại ${row.phone}${row.email ? `, email ${row.email}` : ''}`,
      '',
      `Xem chi tiết: ${deps.config.publicUrl}${leadLink(row)}`,
    ];
    await deps.mailer
      .send({
        to: user.email,
        subject: `Yêu cầu ${kind} ${row.reference} chưa được liên hệ`,
        text: lines.join('\n'),
      })
      .catch((err) => deps.log.error({ err }, 'late lead mail failed'));
  }
}

/** The response fields of a lead's view, at `now`. */
export function responseFields(row: LeadRow, now: Date, w: OpeningWindow) {
  const isNew = row.status === 'NEW';
  const until = isNew ? now : row.firstResponseAt;
  return {
    responseDueAt: row.responseDueAt?.toISOString() ?? null,
    waitingMinutes: until ? openingMinutesBetween(row.createdAt, until, w) : null,
    responseLate: isNew && row.responseDueAt !== null && row.responseDueAt.getTime() <= now.getTime(),
    firstResponseAt: row.firstResponseAt?.toISOString() ?? null,
  };
}
