import { eq, inArray } from 'drizzle-orm';
import { CUSTOMER_MESSAGES, customerCode, displayPhone } from '../../../contract/customers';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { writeAudit } from '../../platform/audit';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { type CustomerRow, later, refreshSearch, sooner } from './link';
import { customerEntries, customerPhones, customers } from './schema';

const snapshot = (r: CustomerRow) => ({
  code: customerCode(r.id),
  fullName: r.fullName,
  phone: r.phone,
  emails: r.emails,
  ownerId: r.ownerId,
  zaloConsent: r.zaloConsent,
  zaloOptedOutAt: r.zaloOptedOutAt?.toISOString() ?? null,
  notes: r.notes,
});

const earliest = (a: Date | null, b: Date | null) => (a && b ? (a < b ? a : b) : (a ?? b));

/**
 * Two records of one person become one: the other's numbers, timeline, e-mails and notes move into the
 * kept record; the other stays, marked as merged into it, so its code still finds the person and the
 * audit log holds both as they were. A "stop" from either record stands for the merged one.
 */
export async function mergeCustomers(
  db: Db,
  keptId: number,
  otherId: number,
  actor: Actor,
  byName: string | null,
  now: Date,
): Promise<void> {
  if (keptId === otherId)
    throw badRequest(CUSTOMER_MESSAGES.mergeSelf, { otherId: CUSTOMER_MESSAGES.mergeSelf });
  await db.transaction(async (tx) => {
    // Locked in id order: two merges of the same pair at once queue instead of deadlocking.
    const rows = await tx
      .select()
      .from(customers)
      .where(inArray(customers.id, [keptId, otherId]))
      .orderBy(customers.id)
      .for('update');
    const kept = rows.find((r) => r.id === keptId);
    const other = rows.find((r) => r.id === otherId);
    if (!kept) throw notFound(CUSTOMER_MESSAGES.notFound);
    if (!other) throw badRequest(CUSTOMER_MESSAGES.notFound, { otherId: CUSTOMER_MESSAGES.notFound });
    if (kept.mergedIntoId || other.mergedIntoId) throw conflict(CUSTOMER_MESSAGES.alreadyMerged);

    await tx
      .update(customerPhones)
      .set({ customerId: kept.id })
      .where(eq(customerPhones.customerId, other.id));
    await tx
      .update(customerEntries)
      .set({ customerId: kept.id })
      .where(eq(customerEntries.customerId, other.id));
    const optedOut = earliest(kept.zaloOptedOutAt, other.zaloOptedOutAt);
    const notes = [kept.notes, other.notes && `[${customerCode(other.id)}] ${other.notes}`]
      .filter(Boolean)
      .join('\n\n');
    const merged: CustomerRow = {
      ...kept,
      fullName: kept.fullName || other.fullName,
      phone: kept.phone ?? other.phone,
      emails: [...new Set([...kept.emails, ...other.emails])],
      zaloConsent: (kept.zaloConsent || other.zaloConsent) && !optedOut,
      zaloOptedOutAt: optedOut,
      notes: notes || null,
      ownerId: kept.ownerId ?? other.ownerId,
      lastActivityAt: later(kept.lastActivityAt, other.lastActivityAt),
      createdAt: sooner(kept.createdAt, other.createdAt),
    };
    await tx
      .update(customers)
      .set({
        fullName: merged.fullName,
        phone: merged.phone,
        emails: merged.emails,
        zaloConsent: merged.zaloConsent,
        zaloOptedOutAt: merged.zaloOptedOutAt,
        notes: merged.notes,
        ownerId: merged.ownerId,
        lastActivityAt: merged.lastActivityAt,
        createdAt: merged.createdAt,
        updatedAt: now,
      })
      .where(eq(customers.id, kept.id));
    await tx
      .update(customers)
      .set({ mergedIntoId: kept.id, searchText: '', updatedAt: now })
      .where(eq(customers.id, other.id));
    await refreshSearch(tx, merged);
    const who = [other.fullName, displayPhone(other.phone)].filter(Boolean).join(', ');
    await tx.insert(customerEntries).values({
      customerId: kept.id,
      kind: 'MERGE',
      title: `Gộp hồ sơ ${customerCode(other.id)}${who ? ` (${who})` : ''} vào hồ sơ này`,
      staffId: actor.userId,
      byName,
      occurredAt: now,
    });
    await writeAudit(tx, actor, {
      action: 'merge',
      entity: 'customer',
      entityId: kept.id,
      before: { kept: snapshot(kept), other: { id: other.id, ...snapshot(other) } },
      after: snapshot(merged),
    });
  });
}
