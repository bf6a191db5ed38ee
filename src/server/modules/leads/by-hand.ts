import { randomUUID } from 'node:crypto';
import type { LeadByHandBody, LeadDetail } from '../../../contract/leads';
import type { CurrentUser } from '../../platform/access';
import type { Actor } from '../../platform/actor';
import { writeAudit } from '../../platform/audit';
import { leadDetail } from './handling';
import { prepareCreation } from './lifecycle';
import { leadEvents, leads } from './schema';
import { responseAlertKey } from './sla';
import type { LeadsDeps, NewLead } from './types';
import { leadReference, leadSearchText } from './wording';

/**
 * A consulting request staff enter by hand while talking to the customer: theirs to handle (no round
 * robin), already answered (the conversation is the first response, so no late alert), attached to the
 * customer the phone belongs to like any other lead.
 */
export async function createByHand(
  deps: LeadsDeps,
  body: LeadByHandBody,
  current: CurrentUser,
  actor: Actor,
): Promise<LeadDetail> {
  const creation = await prepareCreation(deps, 'CONSULTING', undefined, { phone: body.phone, byStaff: true });
  const values: NewLead = {
    type: 'CONSULTING',
    reference: leadReference('CONSULTING'),
    clientRequestId: randomUUID(),
    fullName: body.fullName,
    phone: body.phone,
    email: body.email ?? null,
    topic: body.topic,
    message: body.message,
    sourceIp: actor.ip,
    assigneeId: current.id,
    ...creation.values,
  };
  values.firstResponseAt = values.createdAt;
  values.searchText = leadSearchText(values);
  const id = await deps.db.transaction(async (tx) => {
    const [row] = await tx.insert(leads).values(values).returning();
    await tx.insert(leadEvents).values({
      leadId: row.id,
      kind: 'CREATED',
      toStatus: 'NEW',
      note: 'Nhân viên nhập yêu cầu',
      userId: current.id,
      userName: current.name,
      createdAt: row.createdAt,
    });
    await creation.inTx(tx, row);
    await deps.jobs.cancel(tx, responseAlertKey(row.id));
    await writeAudit(tx, actor, {
      action: 'create',
      entity: 'lead',
      entityId: row.id,
      after: { type: 'CONSULTING', reference: row.reference, assigneeId: current.id, byHand: true },
    });
    return row.id;
  });
  return leadDetail(deps, 'CONSULTING', id);
}
