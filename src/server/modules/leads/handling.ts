import { desc, eq } from 'drizzle-orm';
import {
  canMoveLead,
  type LeadDetail,
  type LeadEventView,
  type LeadStatus,
  type LeadType,
  leadMoveAction,
  nextLeadStatuses,
  openingWindow,
  type StaffRef,
} from '../../../contract/leads';
import type { CurrentUser } from '../../platform/access';
import type { Actor } from '../../platform/actor';
import { writeAudit } from '../../platform/audit';
import { badRequest, conflict } from '../../platform/errors';
import { onStatusChange } from './lifecycle';
import { withPurchases } from './purchase-views';
import { afterStatusChange, bookingStatusChanged } from './schedule';
import { leadEvents, leads } from './schema';
import { tellAssignee } from './tell-assignee';
import type { LeadsDeps } from './types';
import { eventView, leadRow, leadView, staffNames } from './views';
import { LEAD_MESSAGES } from './wording';

/** One lead with its history and the statuses it may move to next. */
export async function leadDetail(deps: LeadsDeps, type: LeadType, id: number): Promise<LeadDetail> {
  const row = await leadRow(deps.db, type, id);
  const w = openingWindow((await deps.webConfig.get()).openingHours);
  const events = await deps.db
    .select()
    .from(leadEvents)
    .where(eq(leadEvents.leadId, id))
    .orderBy(desc(leadEvents.createdAt), desc(leadEvents.id));
  const staff = await staffNames(deps, [row.assigneeId]);
  const [view] = await withPurchases(deps, type, [leadView(row, staff, deps.clock.now(), w)]);
  return {
    ...view,
    events: events.map((e) => eventView(e, type)),
    nextStatuses: nextLeadStatuses(row.status as LeadStatus, type),
    // Turns stored before the mark existed are claims too: nothing shows the server wrote them.
    transcript:
      row.transcript?.map((t) => ({ role: t.role, content: t.content, fromServer: t.fromServer === true })) ??
      null,
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
    if (!canMoveLead(from, to, type)) throw conflict(LEAD_MESSAGES.badMove(from, to));
    // An offer and a purchase carry more than a status: they have their own calls (purchase-*.ts).
    const action = leadMoveAction(type, to);
    if (action) throw badRequest(LEAD_MESSAGES.needsAction(action));
    const at = deps.clock.now();
    await tx.update(leads).set({ status: to, updatedAt: at }).where(eq(leads.id, id));
    await onStatusChange(deps, tx, row, to, at);
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
    const at = deps.clock.now();
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
    // The customer's next request within 30 days goes to whoever handles this one now.
    await deps.customers?.touch(tx, 'LEAD', id, { staffId: assigneeId });
    return row;
  });
  if (changed && assignee && assignee.id !== current.id) tellAssignee(deps, changed, assignee, current);
  return leadDetail(deps, type, id);
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
    const at = deps.clock.now();
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
