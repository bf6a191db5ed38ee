import { and, eq, isNull } from 'drizzle-orm';
import { leadEvents, leads } from './schema';
import { responseAlertKey } from './sla';
import type { LeadsDeps } from './types';

/** Who made the contact, as the lead's history names them. */
export interface ContactBy {
  userId: number;
  name: string;
}

/**
 * Staff reached a lead's customer outside the lead's own workflow (a call logged, a Zalo sent from the
 * lead or customer page): the lead's history says so and, when it was still waiting, the response
 * clock stops there (speed to lead) and its late alert is called off.
 */
export async function recordContact(deps: LeadsDeps, leadId: number, what: string, at: Date, by: ContactBy) {
  await deps.db.transaction(async (tx) => {
    const [lead] = await tx.select({ id: leads.id }).from(leads).where(eq(leads.id, leadId));
    if (!lead) return;
    await tx
      .insert(leadEvents)
      .values({ leadId, kind: 'NOTE', note: what, userId: by.userId, userName: by.name, createdAt: at });
    const [first] = await tx
      .update(leads)
      .set({ firstResponseAt: at, updatedAt: at })
      .where(and(eq(leads.id, leadId), isNull(leads.firstResponseAt)))
      .returning({ id: leads.id });
    if (first) await deps.jobs.cancel(tx, responseAlertKey(leadId));
  });
}
