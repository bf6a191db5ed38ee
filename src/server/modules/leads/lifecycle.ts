import { eq } from 'drizzle-orm';
import {
  addOpeningMinutes,
  type LeadSource,
  type LeadStatus,
  type LeadType,
  OPEN_LEAD_STATUSES,
  openingWindow,
} from '../../../contract/leads';
import type { Tx } from '../../db/client';
import { autoAssign } from './auto-assign';
import { followUpKey } from './follow-up';
import { leads } from './schema';
import { RESPONSE_ALERT_JOB, responseAlertKey } from './sla';
import { sourceValues } from './source';
import { tellAssignee } from './tell-assignee';
import type { LeadRow, LeadsDeps, NewLead } from './types';

/**
 * What happens around a lead's creation besides the row itself: its arrival time from the clock, its
 * response deadline and the alert job, its source, and the automatic hand-out. Prepared before the
 * transaction (settings and staff are read there: PGlite runs one statement at a time), applied inside
 * it, announced after it.
 */
export interface LeadCreation {
  values: Partial<NewLead>;
  inTx(tx: Tx, row: LeadRow): Promise<void>;
  afterCommit(): Promise<void>;
}

export async function prepareCreation(
  deps: LeadsDeps,
  type: LeadType,
  source: LeadSource | undefined,
  opts: { chat?: boolean } = {},
): Promise<LeadCreation> {
  const config = await deps.webConfig.get();
  const now = deps.clock.now();
  const target = config.leadHandling.responseTargetMinutes;
  const due = addOpeningMinutes(now, target, openingWindow(config.openingHours));
  const receivers = config.leadHandling.autoAssign[type] ? await deps.users.leadReceivers() : [];
  const names = receivers.length ? await deps.users.namesOf(receivers) : new Map<number, string>();
  let assigned: { row: LeadRow; assigneeId: number } | null = null;
  return {
    values: { createdAt: now, updatedAt: now, responseDueAt: due, ...sourceValues(source, opts.chat) },
    async inTx(tx, row) {
      await deps.jobs.schedule(tx, {
        name: RESPONSE_ALERT_JOB,
        key: responseAlertKey(row.id),
        runAt: due,
        payload: { leadId: row.id, targetMinutes: target },
      });
      const assigneeId = await autoAssign(tx, row, receivers, names);
      if (assigneeId !== null) assigned = { row: { ...row, assigneeId }, assigneeId };
    },
    async afterCommit() {
      if (!assigned) return;
      const { row, assigneeId } = assigned;
      const user = await deps.users.findRow(deps.db, assigneeId);
      if (user) tellAssignee(deps, row, user, { name: 'Hệ thống tự động' });
    },
  };
}

/**
 * Inside a status change's transaction: the first contact (leaving "Mới") stops the response clock
 * and cancels its alert; a closed lead needs no follow-up reminder.
 */
export async function onStatusChange(deps: LeadsDeps, tx: Tx, row: LeadRow, to: LeadStatus, at: Date) {
  if (row.status === 'NEW' && to !== 'NEW') {
    await tx.update(leads).set({ firstResponseAt: at }).where(eq(leads.id, row.id));
    await deps.jobs.cancel(tx, responseAlertKey(row.id));
  }
  if (!OPEN_LEAD_STATUSES.includes(to)) await deps.jobs.cancel(tx, followUpKey(row.id));
}
