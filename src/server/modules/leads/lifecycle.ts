import { eq } from 'drizzle-orm';
import {
  addOpeningMinutes,
  LEAD_STATUS_LABELS,
  LEAD_TYPE_LABELS,
  type LeadSource,
  type LeadStatus,
  type LeadType,
  OPEN_LEAD_STATUSES,
  openingWindow,
} from '../../../contract/leads';
import type { Tx } from '../../db/client';
import type { CustomerContact } from '../customers';
import { autoAssign } from './auto-assign';
import { followUpKey } from './follow-up';
import { leads } from './schema';
import { RESPONSE_ALERT_JOB, responseAlertKey } from './sla';
import { sourceValues } from './source';
import { tellAssignee } from './tell-assignee';
import type { LeadRow, LeadsDeps, NewLead } from './types';
import { leadLink } from './wording';

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
  opts: { chat?: boolean; phone?: string; zaloConsent?: boolean; byStaff?: boolean } = {},
): Promise<LeadCreation> {
  const config = await deps.webConfig.get();
  const now = deps.clock.now();
  const target = config.leadHandling.responseTargetMinutes;
  const due = addOpeningMinutes(now, target, openingWindow(config.openingHours));
  // A lead staff enter by hand is theirs: neither the returning customer's handler nor the round robin.
  const repeatOwner = opts.byStaff ? null : await returningOwner(deps, opts.phone, now);
  const receivers =
    config.leadHandling.autoAssign[type] && !opts.byStaff ? await deps.users.leadReceivers() : [];
  const names = await deps.users.namesOf(repeatOwner ? [...receivers, repeatOwner] : receivers);
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
      const assigneeId = await autoAssign(tx, row, receivers, names, repeatOwner);
      if (assigneeId !== null) assigned = { row: { ...row, assigneeId }, assigneeId };
      // The customer record: this lead joins its customer's timeline in the same transaction.
      await deps.customers?.link(tx, leadContact({ ...row, assigneeId }, opts.zaloConsent));
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
 * The staff member who handled this phone's request within the last 30 days, when they still handle
 * leads: a returning customer's new request goes to them, not to the next in turn.
 */
async function returningOwner(deps: LeadsDeps, phone: string | undefined, now: Date): Promise<number | null> {
  if (!phone || !deps.customers) return null;
  const owner = await deps.customers.recentOwner(deps.db, phone, now);
  if (owner === null) return null;
  return (await deps.users.idsWithPermission('MANAGE_SERVICE')).includes(owner) ? owner : null;
}

/** The lead as its customer's timeline shows it. */
export function leadContact(row: LeadRow, zaloConsent?: boolean): CustomerContact {
  const what = row.carLabel ?? [row.make, row.model, row.year].filter(Boolean).join(' ');
  return {
    kind: 'LEAD',
    refId: row.id,
    subtype: row.type,
    phone: row.phone,
    fullName: row.fullName,
    email: row.email,
    zaloConsent,
    title: `${LEAD_TYPE_LABELS[row.type as LeadType]}${what ? ` ${what}` : ''} (${row.reference})`,
    status: LEAD_STATUS_LABELS[row.status as LeadStatus] ?? row.status,
    link: leadLink(row),
    staffId: row.assigneeId,
    occurredAt: row.createdAt,
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
  await deps.customers?.touch(tx, 'LEAD', row.id, { status: LEAD_STATUS_LABELS[to] });
}
