import type { CarData } from '../../../contract/cars';
import {
  type LeadDetail,
  type LeadReceipt,
  PURCHASE_UPLOAD_LIMIT,
  type PurchaseBody,
  type PurchaseCarDraft,
  type PurchaseOfferBody,
} from '../../../contract/leads';
import type { CurrentUser } from '../../platform/access';
import type { Actor } from '../../platform/actor';
import type { PreparedImage } from '../../platform/images';
import { RateLimiter } from '../../platform/rate-limit';
import { buyCar, carDraft } from './purchase-buy';
import { recordOffer } from './purchase-offer';
import type { PurchasePorts } from './purchase-ports';
import { submitPurchase } from './purchase-submit';
import type { LeadsDeps } from './types';

/**
 * Buying cars from the public ("Thu mua xe"): the seller's submission with photos, the offer, and the
 * bought car entering stock. The list, drawer, assignment, notes and follow-ups are the other leads'.
 */
export class Purchases {
  private ports: PurchasePorts | null = null;
  /** Checked before a multipart body is read: photos cost CPU to decode even when the lead is refused. */
  readonly uploadLimiter: RateLimiter;

  constructor(
    private readonly deps: LeadsDeps,
    private readonly limiter: RateLimiter,
  ) {
    this.uploadLimiter = new RateLimiter(
      deps.counters,
      'lead-purchase-upload',
      PURCHASE_UPLOAD_LIMIT.limit,
      PURCHASE_UPLOAD_LIMIT.windowMs,
    );
  }

  /** The valuation engine and the cars module, built after the leads (app.ts). */
  connect(ports: PurchasePorts) {
    this.ports = ports;
  }

  submit(
    body: PurchaseBody,
    photos: PreparedImage[],
    actor: Actor,
  ): Promise<{ receipt: LeadReceipt; created: boolean }> {
    return submitPurchase(this.deps, this.ports, this.limiter, body, photos, actor);
  }

  offer(id: number, body: PurchaseOfferBody, current: CurrentUser, actor: Actor): Promise<LeadDetail> {
    return recordOffer(this.deps, id, body, current, actor);
  }

  carDraft(id: number): Promise<PurchaseCarDraft> {
    return carDraft(this.deps, id);
  }

  buy(id: number, data: CarData, images: PreparedImage[], current: CurrentUser, actor: Actor) {
    return buyCar(this.deps, this.ports, id, data, images, current, actor);
  }
}
