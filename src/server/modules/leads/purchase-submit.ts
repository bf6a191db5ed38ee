import { eq } from 'drizzle-orm';
import { IDEMPOTENCY_MISMATCH_MESSAGE } from '../../../contract/common';
import { LEAD_RATE_LIMIT_MESSAGE, type LeadReceipt, type PurchaseBody } from '../../../contract/leads';
import type { Actor } from '../../platform/actor';
import { badRequest, conflict, tooMany, unprocessable } from '../../platform/errors';
import { requestFingerprint } from '../../platform/fingerprint';
import { type PreparedImage, withStoredImages } from '../../platform/images';
import type { RateLimiter } from '../../platform/rate-limit';
import { prepareCreation } from './lifecycle';
import { tellSeller } from './purchase-mail';
import type { PurchasePorts } from './purchase-ports';
import { leadEvents, leads, purchaseLeads, purchasePhotos } from './schema';
import type { LeadRow, LeadsDeps, NewLead } from './types';
import { leadReceipt } from './views';
import { LEAD_MESSAGES, leadAnnouncement, leadLink, leadReference, leadSearchText } from './wording';

export const PURCHASE_PHOTO_FOLDER = 'purchases';

async function byRequestId(deps: LeadsDeps, id: string): Promise<LeadRow | undefined> {
  const [row] = await deps.db.select().from(leads).where(eq(leads.clientRequestId, id));
  return row;
}

function replay(row: LeadRow, requestHash: string) {
  if (row.type !== 'PURCHASE') throw conflict(LEAD_MESSAGES.reusedKey);
  if (row.requestHash !== requestHash) throw unprocessable(IDEMPOTENCY_MISMATCH_MESSAGE);
  return { receipt: leadReceipt(row), created: false };
}

/**
 * A seller's car (from /sell-car, or a trade-in on a car page): a PURCHASE lead with the seller's
 * answers, the engine's figures (computed here, never taken from the visitor) and the photos. The same
 * rules as the other forms: idempotent by clientRequestId, rate limited, a filled honeypot answered and
 * dropped; photos are written before the transaction and removed again when it fails.
 */
export async function submitPurchase(
  deps: LeadsDeps,
  ports: PurchasePorts | null,
  limiter: RateLimiter,
  body: PurchaseBody,
  photos: PreparedImage[],
  actor: Actor,
): Promise<{ receipt: LeadReceipt; created: boolean }> {
  const requestHash = requestFingerprint(body);
  const existing = await byRequestId(deps, body.clientRequestId);
  if (existing) return replay(existing, requestHash);
  if (!(await limiter.hit(actor.ip ?? ''))) throw tooMany(LEAD_RATE_LIMIT_MESSAGE);
  let wanted: { carId: number; label: string } | null = null;
  if (body.carId !== undefined) {
    wanted = deps.cars
      ? await deps.cars.visibleCar(body.carId)
      : { carId: body.carId, label: `Xe #${body.carId}` };
    if (!wanted) throw badRequest(LEAD_MESSAGES.carUnavailable, { carId: LEAD_MESSAGES.carUnavailable });
  }
  const values: NewLead = {
    type: 'PURCHASE',
    reference: leadReference('PURCHASE'),
    clientRequestId: body.clientRequestId,
    requestHash,
    fullName: body.fullName,
    phone: body.phone,
    email: body.email ?? null,
    sourceIp: actor.ip,
    carId: wanted?.carId ?? null,
    carLabel: wanted?.label ?? null,
    make: body.brand,
    model: [body.model, body.version].filter(Boolean).join(' '),
    year: body.year,
    odometer: body.odometer,
    preferredDate: body.preferredDate,
    message: body.note ?? null,
  };
  values.searchText = leadSearchText(values);
  if (body.website?.trim()) {
    deps.log.info({ ip: actor.ip, type: 'PURCHASE' }, 'lead honeypot filled: answered, not stored');
    return {
      receipt: leadReceipt({
        ...values,
        carLabel: values.carLabel ?? null,
        preferredDate: values.preferredDate ?? null,
        timeSlot: null,
        status: 'NEW',
        createdAt: new Date(),
      }),
      created: true,
    };
  }
  const figures = ports
    ? await ports.value({
        brand: body.brand,
        model: body.model,
        version: body.version,
        year: body.year,
        odo: body.odometer,
        transmission: body.transmission,
        fuel: body.fuel,
        owners: body.owners,
        accident: body.accident,
        flood: body.flood,
        serviceHistory: body.serviceHistory,
        province: body.province,
      })
    : null;
  const creation = await prepareCreation(deps, 'PURCHASE', body.source, {
    phone: body.phone,
    zaloConsent: body.zaloConsent,
  });
  let won = true;
  const row = await withStoredImages(
    deps.storage,
    PURCHASE_PHOTO_FOLDER,
    photos,
    (stored) =>
      deps.db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(leads)
          .values({ ...values, ...creation.values })
          .onConflictDoNothing({ target: leads.clientRequestId })
          .returning();
        // A concurrent submission with the same key won: this one's photos are removed (thrown below).
        if (!inserted) throw conflict(LEAD_MESSAGES.reusedKey);
        await tx.insert(purchaseLeads).values({
          leadId: inserted.id,
          version: body.version ?? null,
          transmission: body.transmission ?? null,
          fuel: body.fuel ?? null,
          province: body.province ?? null,
          owners: body.owners ?? null,
          accident: body.accident ?? null,
          flood: body.flood ?? null,
          serviceHistory: body.serviceHistory ?? null,
          estimate: figures?.estimate ?? null,
          estimateLow: figures?.low ?? null,
          estimateHigh: figures?.high ?? null,
          confidence: figures?.confidence ?? null,
          tradeIn: wanted !== null,
        });
        if (stored.length) {
          await tx.insert(purchasePhotos).values(
            stored.map((s, i) => ({
              leadId: inserted.id,
              position: i,
              key: s.key,
              width: s.width,
              height: s.height,
            })),
          );
        }
        await tx
          .insert(leadEvents)
          .values({ leadId: inserted.id, kind: 'CREATED', toStatus: 'NEW', createdAt: inserted.createdAt });
        await creation.inTx(tx, inserted);
        return inserted;
      }),
    deps.log,
  ).catch(async (err) => {
    const winner = await byRequestId(deps, body.clientRequestId);
    if (!winner) throw err;
    won = false;
    return winner;
  });
  if (!won) return replay(row, requestHash);
  await deps.notifications.notifySafely(
    deps.users.idsWithPermission('MANAGE_SERVICE'),
    leadAnnouncement(row),
    leadLink(row),
  );
  await creation.afterCommit();
  void tellSeller(deps, row, actor.ip);
  return { receipt: leadReceipt(row), created: true };
}
