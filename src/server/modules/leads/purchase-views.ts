import { asc, inArray } from 'drizzle-orm';
import { offerStart } from '../../../contract/car-cost-ledger';
import type { Fuel, Transmission } from '../../../contract/cars-labels';
import { vnDayKey } from '../../../contract/format';
import type { LeadType, LeadView, PurchaseDetails, PurchaseOfferView } from '../../../contract/leads';
import type { ValuationConfidence } from '../../../contract/valuations';
import type { Executor } from '../../db/client';
import { imageView } from '../../platform/images';
import type { Storage } from '../../platform/storage';
import { purchaseLeads, purchasePhotos } from './schema';
import type { LeadsDeps } from './types';
import { dmy } from './wording';

export type PurchaseRow = typeof purchaseLeads.$inferSelect;
export type PurchasePhotoRow = typeof purchasePhotos.$inferSelect;

/** An offer holds through its last day, Vietnam time; from the next day it shows as expired. */
export function offerView(row: PurchaseRow, now: Date): PurchaseOfferView | null {
  if (row.offerAmount === null || !row.offerValidUntil || !row.offeredAt) return null;
  return {
    amount: row.offerAmount,
    validUntil: row.offerValidUntil,
    validUntilText: dmy(row.offerValidUntil),
    expired: vnDayKey(now) > row.offerValidUntil,
    offeredAt: row.offeredAt.toISOString(),
    emailed: row.offerEmailed,
  };
}

export function purchaseDetails(
  row: PurchaseRow,
  photos: PurchasePhotoRow[],
  storage: Storage,
  now: Date,
  costs: { targetMarginRate: number; reconEstimate: number },
): PurchaseDetails {
  const valued = row.estimate !== null && row.estimateLow !== null && row.estimateHigh !== null;
  return {
    version: row.version,
    transmission: (row.transmission as Transmission | null) ?? null,
    fuel: (row.fuel as Fuel | null) ?? null,
    province: row.province,
    owners: row.owners,
    accident: row.accident,
    flood: row.flood,
    serviceHistory: row.serviceHistory,
    valuation: valued
      ? {
          estimate: row.estimate!,
          low: row.estimateLow!,
          high: row.estimateHigh!,
          confidence: (row.confidence ?? 'thấp') as ValuationConfidence,
        }
      : null,
    tradeIn: row.tradeIn,
    offerStart:
      row.estimate === null ? null : offerStart(row.estimate, costs.reconEstimate, costs.targetMarginRate),
    offer: offerView(row, now),
    photos: photos.map((p) => ({ photoId: p.id, image: imageView(storage, p.key, p.width, p.height) })),
    boughtCarId: row.boughtCarId,
  };
}

/** Buy-in rows and their photos for some leads. */
export async function purchaseRows(exec: Executor, ids: number[]) {
  if (ids.length === 0)
    return { rows: new Map<number, PurchaseRow>(), photos: new Map<number, PurchasePhotoRow[]>() };
  const [rows, photos] = [
    await exec.select().from(purchaseLeads).where(inArray(purchaseLeads.leadId, ids)),
    await exec
      .select()
      .from(purchasePhotos)
      .where(inArray(purchasePhotos.leadId, ids))
      .orderBy(asc(purchasePhotos.leadId), asc(purchasePhotos.position), asc(purchasePhotos.id)),
  ];
  const byLead = new Map<number, PurchasePhotoRow[]>();
  for (const p of photos) byLead.set(p.leadId, [...(byLead.get(p.leadId) ?? []), p]);
  return { rows: new Map(rows.map((r) => [r.leadId, r])), photos: byLead };
}

/** Adds the buy-in details to views of PURCHASE leads; other types pass unchanged. */
export async function withPurchases<V extends LeadView>(
  deps: LeadsDeps,
  type: LeadType,
  views: V[],
  now = deps.clock.now(),
): Promise<V[]> {
  if (type !== 'PURCHASE' || views.length === 0) return views;
  const { rows, photos } = await purchaseRows(
    deps.db,
    views.map((v) => v.leadId),
  );
  const { stockCosts } = await deps.webConfig.get();
  return views.map((v) => {
    const row = rows.get(v.leadId);
    return row
      ? { ...v, purchase: purchaseDetails(row, photos.get(v.leadId) ?? [], deps.storage, now, stockCosts) }
      : v;
  });
}
