import { desc, eq } from 'drizzle-orm';
import {
  canMoveLead,
  LEAD_TYPE_LABELS,
  type LeadDetail,
  type LeadEventView,
  type LeadStatus,
  type LeadType,
  nextLeadStatuses,
  type StaffRef,
} from '../../../contract/leads';
import type { CurrentUser } from '../../platform/access';
import type { Actor } from '../../platform/actor';
import { writeAudit } from '../../platform/audit';
import { badRequest, conflict } from '../../platform/errors';
import { afterStatusChange, bookingStatusChanged } from './schedule';
import { leadEvents, leads } from './schema';
import type { LeadRow, LeadsDeps } from './types';
import { eventView, leadRow, leadView, staffNames } from './views';
import { dmy, LEAD_MESSAGES, leadLink } from './wording';

/** One lead with its history and the statuses it may move to next. */
export async function leadDetail(deps: LeadsDeps, type: LeadType, id: number): Promise<LeadDetail> {
  const row = await leadRow(deps.db, type, id);
  const events = await deps.db
    .select()
    .from(leadEvents)
    .where(eq(leadEvents.leadId, id))
    .orderBy(desc(leadEvents.createdAt), desc(leadEvents.id));
  const staff = await staffNames(deps, [row.assigneeId]);
  return {
    ...leadView(row, staff),
    events: events.map((e) => eventView(e)),
    nextStatuses: nextLeadStatuses(row.status as LeadStatus),
  };
}

export async function changeLeadStatus(
  deps: LeadsDeps,
  type: LeadType,
  id: number,
  to: LeadStatus,
  note: string | undefined,
  current: CurrentUser,
  actor: Actor,
): Promise<LeadDetail> {
  const changed = await deps.db.transaction(async (tx) => {
    const row = await leadRow(tx, type, id, true);
    const from = row.status as LeadStatus;
    if (from === to) throw conflict(LEAD_MESSAGES.sameStatus(to));
    if (!canMoveLead(from, to)) throw conflict(LEAD_MESSAGES.badMove(from, to));
    const at = new Date();
    await tx.update(leads).set({ status: to, updatedAt: at }).where(eq(leads.id, id));
    await tx.insert(leadEvents).values({
      leadId: id,
      kind: 'STATUS',
      fromStatus: from,
      toStatus: to,
      note: note ?? null,
      userId: current.id,
      userName: current.name,
      createdAt: at,
    });
    await writeAudit(tx, actor, {
      action: 'set-status',
      entity: 'lead',
      entityId: id,
      before: { status: from },
      after: { status: to, note: note ?? null },
    });
    await bookingStatusChanged(deps, tx, row, to);
    return row;
  });
  afterStatusChange(deps, changed, to);
  return leadDetail(deps, type, id);
}

/** Staff who may handle leads: active holders of MANAGE_SERVICE and admins, by name. */
export async function leadAssignees(deps: LeadsDeps): Promise<StaffRef[]> {
  const ids = await deps.users.idsWithPermission('MANAGE_SERVICE');
  const staff = await staffNames(deps, ids);
  return [...staff.values()].sort((a, b) => a.fullName.localeCompare(b.fullName, 'vi'));
}

export async function assignLead(
  deps: LeadsDeps,
  type: LeadType,
  id: number,
  assigneeId: number | null,
  current: CurrentUser,
  actor: Actor,
): Promise<LeadDetail> {
  let assignee: { id: number; fullName: string; email: string | null } | null = null;
  if (assigneeId !== null) {
    const user = await deps.users.findRow(deps.db, assigneeId);
    if (!user) throw badRequest(LEAD_MESSAGES.staffNotFound, { assigneeId: LEAD_MESSAGES.staffNotFound });
    if (!user.active)
      throw badRequest(LEAD_MESSAGES.staffInactive, { assigneeId: LEAD_MESSAGES.staffInactive });
    const perms = (await deps.users.permissionsOf(deps.db, [user.id])).get(user.id) ?? [];
    if (user.role !== 'ADMIN' && !perms.includes('MANAGE_SERVICE')) {
      throw badRequest(LEAD_MESSAGES.staffNoPermission, { assigneeId: LEAD_MESSAGES.staffNoPermission });
    }
    assignee = { id: user.id, fullName: user.fullName, email: user.email };
  }
  const changed = await deps.db.transaction(async (tx) => {
    const row = await leadRow(tx, type, id, true);
    if (row.assigneeId === assigneeId) return null;
    const at = new Date();
    await tx.update(leads).set({ assigneeId, updatedAt: at }).where(eq(leads.id, id));
    await tx.insert(leadEvents).values({
      leadId: id,
      kind: 'ASSIGN',
      assigneeId,
      assigneeName: assignee?.fullName ?? null,
      userId: current.id,
      userName: current.name,
      createdAt: at,
    });
    await writeAudit(tx, actor, {
      action: 'assign',
      entity: 'lead',
      entityId: id,
      before: { assigneeId: row.assigneeId },
      after: { assigneeId },
    });
    return row;
  });
  if (changed && assignee && assignee.id !== current.id) tellAssignee(deps, changed, assignee, current);
  return leadDetail(deps, type, id);
}

/** A bell notification and an e-mail for the staff member a lead was given to; failures are only logged. */
function tellAssignee(
  deps: LeadsDeps,
  row: LeadRow,
  assignee: { id: number; fullName: string; email: string | null },
  by: CurrentUser,
) {
  const kind = LEAD_TYPE_LABELS[row.type as LeadType].toLowerCase();
  const message = `${by.name} giao cho bạn yêu cầu ${kind} của khách hàng ${row.fullName} (${row.reference})`;
  const link = leadLink(row);
  void deps.notifications.notifySafely([assignee.id], message, link);
  if (!assignee.email) return;
  const lines = [
    `Xin chào ${assignee.fullName},`,
    '',
    `${by.name} vừa giao cho bạn một yêu cầu ${kind}:`,
    `- Mã yêu cầu: ${row.reference}`,
    `- Khách hàng: ${row.fullName}, điện thoại ${row.phone}${row.email ? `, email ${row.email}` : ''}`,
  ];
  if (row.carLabel) lines.push(`- Xe: ${row.carLabel}`);
  if (row.licencePlate)
    lines.push(`- Xe: ${[row.make, row.model, row.year].filter(Boolean).join(' ')} (${row.licencePlate})`);
  if (row.preferredDate) {
    lines.push(`- Ngày hẹn: ${dmy(row.preferredDate)}${row.timeSlot ? ` lúc ${row.timeSlot}` : ''}`);
  }
  if (row.message) lines.push(`- Ghi chú của khách: ${row.message}`);
  lines.push('', `Xem chi tiết: ${deps.config.publicUrl}${link}`);
  deps.mailer
    .send({
      to: assignee.email,
      subject: `Bạn được giao yêu cầu ${kind} ${row.reference}`,
      text: lines.join('\n'),
    })
    .catch((err) => deps.log.error({ err }, 'lead assignment mail failed'));
}

export async function addLeadNote(
  deps: LeadsDeps,
  type: LeadType,
  id: number,
  note: string,
  current: CurrentUser,
  actor: Actor,
): Promise<LeadEventView> {
  const event = await deps.db.transaction(async (tx) => {
    await leadRow(tx, type, id, true);
    const at = new Date();
    await tx.update(leads).set({ updatedAt: at }).where(eq(leads.id, id));
    const [inserted] = await tx
      .insert(leadEvents)
      .values({ leadId: id, kind: 'NOTE', note, userId: current.id, userName: current.name, createdAt: at })
      .returning();
    await writeAudit(tx, actor, { action: 'add-note', entity: 'lead', entityId: id, after: { note } });
    return inserted;
  });
  return eventView(event);
}
