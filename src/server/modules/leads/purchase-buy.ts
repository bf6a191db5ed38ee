import { buffer } from 'node:stream/consumers';
import { eq } from 'drizzle-orm';
import type { CarData } from '../../../contract/cars';
import { IMAGE_WIDTHS } from '../../../contract/images';
import type { PurchaseCarDraft } from '../../../contract/leads';
import type { CurrentUser } from '../../platform/access';
import type { Actor } from '../../platform/actor';
import { writeAudit } from '../../platform/audit';
import { ApiError, conflict } from '../../platform/errors';
import {
  discardImages,
  imageView,
  type PreparedImage,
  type StoredImage,
  variantKey,
} from '../../platform/images';
import { newKeyBase } from '../../platform/storage';
import { onStatusChange } from './lifecycle';
import type { PurchasePorts } from './purchase-ports';
import { purchaseRows } from './purchase-views';
import { leadEvents, leads, purchaseLeads } from './schema';
import type { LeadsDeps } from './types';
import { leadRow } from './views';

export const BUY_MESSAGES = {
  notOffered: 'Chỉ nhập kho được xe đã báo giá (trạng thái "Đã báo giá")',
  bought: 'Xe của yêu cầu này đã được nhập kho',
  unavailable: 'Chức năng nhập kho chưa sẵn sàng',
} as const;

/** A buy-in that may become a stock car now: offered, with its offer and its photos. */
async function offeredLead(deps: LeadsDeps, id: number) {
  const lead = await leadRow(deps.db, 'PURCHASE', id);
  const { rows, photos } = await purchaseRows(deps.db, [id]);
  const purchase = rows.get(id);
  if (lead.status === 'BOUGHT' || purchase?.boughtCarId) throw conflict(BUY_MESSAGES.bought);
  if (lead.status !== 'OFFERED' || !purchase || purchase.offerAmount === null)
    throw conflict(BUY_MESSAGES.notOffered);
  return { lead, purchase, photos: photos.get(id) ?? [], offer: purchase.offerAmount };
}

/** GET {base}/{id}/car-draft: the car form's starting values, taken from the lead and its offer. */
export async function carDraft(deps: LeadsDeps, id: number): Promise<PurchaseCarDraft> {
  const { lead, purchase, photos, offer } = await offeredLead(deps, id);
  const version = purchase.version ?? '';
  const model =
    version && lead.model?.endsWith(` ${version}`) ? lead.model.slice(0, -version.length - 1) : lead.model;
  return {
    leadId: lead.id,
    reference: lead.reference,
    brand: lead.make ?? '',
    model: model ?? '',
    version,
    year: lead.year ?? 0,
    odo: lead.odometer ?? 0,
    transmission: (purchase.transmission as PurchaseCarDraft['transmission']) ?? null,
    fuel: (purchase.fuel as PurchaseCarDraft['fuel']) ?? null,
    previousOwners: purchase.owners,
    purchasePrice: offer,
    photos: photos.map((p) => ({ photoId: p.id, image: imageView(deps.storage, p.key, p.width, p.height) })),
  };
}

/** Copies the seller's photos to new car keys: the car's photos live and die apart from the lead's. */
async function copyPhotos(deps: LeadsDeps, photos: { key: string; width: number; height: number }[]) {
  const copies: StoredImage[] = [];
  try {
    for (const p of photos) {
      const key = newKeyBase('cars');
      copies.push({ key, width: p.width, height: p.height });
      for (const w of IMAGE_WIDTHS) {
        const object = await deps.storage.get(variantKey(p.key, w));
        if (!object) throw new ApiError(500, 'Không đọc được ảnh của người bán');
        await deps.storage.put(variantKey(key, w), await buffer(object.body), object.contentType);
      }
    }
  } catch (err) {
    await discardImages(deps.storage, copies, deps.log);
    throw err;
  }
  return copies;
}

/**
 * POST {base}/{id}/buy: the car form saved for a bought car. The car enters stock with the seller's
 * photos first, the offer as its purchase price and the lead as its origin; in the car's own
 * transaction the lead becomes "Đã mua", so one never happens without the other.
 */
export async function buyCar(
  deps: LeadsDeps,
  ports: PurchasePorts | null,
  id: number,
  data: CarData,
  images: PreparedImage[],
  current: CurrentUser,
  actor: Actor,
): Promise<{ carId: number; carName: string }> {
  if (!ports) throw new ApiError(503, BUY_MESSAGES.unavailable);
  const { photos, offer } = await offeredLead(deps, id);
  const copies = await copyPhotos(deps, photos);
  return ports.createCar(data, images, actor, {
    stored: copies,
    originLeadId: id,
    purchasePrice: offer,
    async inTx(tx, carId) {
      const lead = await leadRow(tx, 'PURCHASE', id, true);
      if (lead.status !== 'OFFERED') throw conflict(BUY_MESSAGES.notOffered);
      const at = deps.clock.now();
      await tx.update(leads).set({ status: 'BOUGHT', updatedAt: at }).where(eq(leads.id, id));
      await tx.update(purchaseLeads).set({ boughtCarId: carId }).where(eq(purchaseLeads.leadId, id));
      await onStatusChange(deps, tx, lead, 'BOUGHT', at);
      await tx.insert(leadEvents).values({
        leadId: id,
        kind: 'STATUS',
        fromStatus: 'OFFERED',
        toStatus: 'BOUGHT',
        note: `Nhập kho: xe #${carId} ${data.carName}`,
        userId: current.id,
        userName: current.name,
        createdAt: at,
      });
      await writeAudit(tx, actor, {
        action: 'set-status',
        entity: 'lead',
        entityId: id,
        before: { status: 'OFFERED' },
        after: { status: 'BOUGHT', carId, purchasePrice: offer },
      });
    },
  });
}
