import { eq } from 'drizzle-orm';
import type { LeadType } from '../../../contract/leads';
import type { Tx } from '../../db/client';
import { SYSTEM_ACTOR } from '../../platform/actor';
import { writeAudit } from '../../platform/audit';
import { leadAssignmentTurns, leadEvents, leads } from './schema';
import type { LeadRow } from './types';

/**
 * Auto-assignment (settings, per lead type): a new lead goes to the next of the staff marked "nhận
 * yêu cầu", in turn by account id. Whose turn it is lives in one row per type, locked by the
 * transaction that creates the lead: concurrent submissions, on one process or several, queue on that
 * row and each takes the next person. Manual reassignment later is unchanged.
 */

/** Shown in the lead's history as who assigned it. */
export const AUTO_ASSIGNER = 'Tự động giao (xoay vòng)';
/** A returning customer's request, given to the person who handled their last one (docs/customers.md). */
export const REPEAT_ASSIGNER = 'Tự động giao (khách quay lại)';

/** The next receiver after the last one served for this type (the first again after the last). */
export async function takeTurn(tx: Tx, type: LeadType, receivers: readonly number[]): Promise<number | null> {
  if (receivers.length === 0) return null;
  await tx.insert(leadAssignmentTurns).values({ leadType: type }).onConflictDoNothing();
  const [turn] = await tx
    .select()
    .from(leadAssignmentTurns)
    .where(eq(leadAssignmentTurns.leadType, type))
    .for('update');
  const last = turn?.lastUserId ?? 0;
  const next = receivers.find((id) => id > last) ?? receivers[0];
  await tx
    .update(leadAssignmentTurns)
    .set({ lastUserId: next, updatedAt: new Date() })
    .where(eq(leadAssignmentTurns.leadType, type));
  return next;
}

/** Gives the just-created lead to the receiver whose turn it is, with its history line and audit row. */
export async function autoAssign(
  tx: Tx,
  row: LeadRow,
  receivers: readonly number[],
  names: ReadonlyMap<number, string>,
  repeatOwner: number | null = null,
): Promise<number | null> {
  const assigneeId = repeatOwner ?? (await takeTurn(tx, row.type as LeadType, receivers));
  if (assigneeId === null) return null;
  await tx.update(leads).set({ assigneeId }).where(eq(leads.id, row.id));
  await tx.insert(leadEvents).values({
    leadId: row.id,
    kind: 'ASSIGN',
    assigneeId,
    assigneeName: names.get(assigneeId) ?? null,
    userName: repeatOwner ? REPEAT_ASSIGNER : AUTO_ASSIGNER,
    createdAt: row.createdAt,
  });
  await writeAudit(tx, SYSTEM_ACTOR, {
    action: 'assign',
    entity: 'lead',
    entityId: row.id,
    before: { assigneeId: null },
    after: { assigneeId, auto: true, ...(repeatOwner ? { repeatCustomer: true } : {}) },
  });
  return assigneeId;
}
