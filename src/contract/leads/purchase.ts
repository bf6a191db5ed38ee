import { z } from 'zod';
import { FUELS, TRANSMISSIONS } from '../cars-labels';
import { emailSchema, phoneSchema, requiredText, zaloConsentField } from '../common';
import { parseVnDate, vnDayKey } from '../format';
import { imageViewSchema } from '../images';
import { CONFIDENCES } from '../valuations';
import { preferredDate } from './booking';
import {
  blankToUndefined,
  carYear,
  clientRequestId,
  fullName,
  groupedNumber,
  honeypot,
  optionalCarId,
  optionalText,
} from './forms';
import { leadSourceInput } from './source';

/**
 * Buying cars from the public ("Thu mua xe"): the seller's form on /sell-car and the trade-in on a car
 * page (POST /api/purchases, multipart), the offer staff record, and the car it becomes in stock.
 */

export const MAX_PURCHASE_PHOTOS = 10;
/** A phone's photo is 2-6 MB; more is refused before it is decoded. */
export const MAX_PURCHASE_PHOTO_BYTES = 8 * 1024 * 1024;
/** Multipart submissions with photos per address in 10 minutes (the lead limit counts stored leads). */
export const PURCHASE_UPLOAD_LIMIT = { limit: 10, windowMs: 10 * 60_000 };
export const OFFER_DEFAULT_DAYS = 7;
export const OFFER_MAX_DAYS = 60;

const yesNo = (label: string) =>
  z.preprocess(blankToUndefined, z.boolean({ message: `${label} không hợp lệ` }).optional());

/** The JSON part "purchase" of POST /api/purchases; the photos are the parts "photos". */
export const purchaseForm = z.object({
  fullName,
  phone: phoneSchema,
  zaloConsent: zaloConsentField,
  email: z.preprocess(blankToUndefined, emailSchema.optional()),
  brand: requiredText('Hãng xe', 60),
  model: requiredText('Dòng xe', 80),
  version: optionalText('Phiên bản', 120),
  year: carYear,
  odometer: groupedNumber('Số km đã đi', 0, 2_000_000, 'Vui lòng nhập số km đã đi'),
  transmission: z.preprocess(
    blankToUndefined,
    z.enum(TRANSMISSIONS, { message: 'Hộp số không hợp lệ' }).optional(),
  ),
  fuel: z.preprocess(blankToUndefined, z.enum(FUELS, { message: 'Nhiên liệu không hợp lệ' }).optional()),
  province: optionalText('Tỉnh/thành', 60),
  owners: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ message: 'Số đời chủ không hợp lệ' })
      .int({ message: 'Số đời chủ không hợp lệ' })
      .min(1, { message: 'Số đời chủ không hợp lệ' })
      .max(20, { message: 'Số đời chủ không hợp lệ' })
      .optional(),
  ),
  accident: yesNo('Câu trả lời về tai nạn'),
  flood: yesNo('Câu trả lời về ngập nước'),
  serviceHistory: yesNo('Câu trả lời về bảo dưỡng'),
  /** The day the seller would like the showroom to inspect the car. */
  preferredDate,
  note: optionalText('Ghi chú', 1000),
  /** Trade-in: the showroom's car the seller wants in exchange. */
  carId: optionalCarId,
  website: honeypot,
  clientRequestId,
  source: leadSourceInput,
});
export type PurchaseForm = z.input<typeof purchaseForm>;
export type PurchaseBody = z.output<typeof purchaseForm>;

/** yyyy-mm-dd or dd/mm/yyyy, answered as yyyy-mm-dd; blank means the default. */
const validUntil = z.preprocess(
  blankToUndefined,
  z
    .string({ message: 'Hạn báo giá không hợp lệ' })
    .trim()
    .transform((v, ctx) => {
      const day = parseVnDate(v);
      if (!day) {
        ctx.addIssue({ code: 'custom', message: 'Hạn báo giá không hợp lệ' });
        return z.NEVER;
      }
      return vnDayKey(day);
    })
    .optional(),
);

/** POST /api/purchases/admin/{id}/offer: the showroom's price, valid until a day (default 7 days). */
export const purchaseOfferBody = z.object({
  amount: z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.replace(/[.\s,]/g, '')) : v),
    z.coerce
      .number({ message: 'Vui lòng nhập giá chào mua' })
      .int({ message: 'Giá chào mua phải là số nguyên (đồng)' })
      .min(10_000_000, { message: 'Giá chào mua phải từ 10 triệu đồng' })
      .max(100_000_000_000, { message: 'Giá chào mua không được quá 100 tỷ đồng' }),
  ),
  validUntil,
  note: optionalText('Ghi chú', 1000),
});
export type PurchaseOfferInput = z.input<typeof purchaseOfferBody>;
export type PurchaseOfferBody = z.output<typeof purchaseOfferBody>;

export const purchaseOfferSchema = z.object({
  amount: z.number().int(),
  /** yyyy-mm-dd (Vietnam), the last day the offer holds. */
  validUntil: z.string(),
  validUntilText: z.string(),
  /** Its last day has passed. */
  expired: z.boolean(),
  offeredAt: z.string(),
  /** Whether it was e-mailed to the seller (no e-mail given: told by phone). */
  emailed: z.boolean(),
});
export type PurchaseOfferView = z.infer<typeof purchaseOfferSchema>;

/** What a buy-in lead adds to a lead's view. */
export const purchaseDetailsSchema = z.object({
  version: z.string().nullable(),
  transmission: z.enum(TRANSMISSIONS).nullable(),
  fuel: z.enum(FUELS).nullable(),
  province: z.string().nullable(),
  owners: z.number().int().nullable(),
  accident: z.boolean().nullable(),
  flood: z.boolean().nullable(),
  serviceHistory: z.boolean().nullable(),
  /** The engine's figures when the seller sent the form; null when it could not value the car. */
  valuation: z
    .object({
      estimate: z.number().int(),
      low: z.number().int(),
      high: z.number().int(),
      confidence: z.enum(CONFIDENCES),
    })
    .nullable(),
  /** A trade-in: the lead's carId / carLabel name the car the seller wants. */
  tradeIn: z.boolean(),
  /**
   * Where an offer starts (docs/car-costs.md): the estimate less the expected reconditioning and the
   * showroom's target margin (settings); null when the engine could not value the car.
   */
  offerStart: z
    .object({
      estimate: z.number().int(),
      reconEstimate: z.number().int(),
      marginRate: z.number(),
      margin: z.number().int(),
      amount: z.number().int(),
    })
    .nullable(),
  offer: purchaseOfferSchema.nullable(),
  photos: z.array(z.object({ photoId: z.number().int(), image: imageViewSchema })),
  /** The stock car it became once bought. */
  boughtCarId: z.number().int().nullable(),
});
export type PurchaseDetails = z.infer<typeof purchaseDetailsSchema>;

/** GET /api/purchases/admin/{id}/car-draft: the car form's starting values for a bought car. */
export const purchaseCarDraftSchema = z.object({
  leadId: z.number().int(),
  reference: z.string(),
  brand: z.string(),
  model: z.string(),
  version: z.string(),
  year: z.number().int(),
  odo: z.number().int(),
  transmission: z.enum(TRANSMISSIONS).nullable(),
  fuel: z.enum(FUELS).nullable(),
  previousOwners: z.number().int().nullable(),
  /** The offer's amount: what the showroom pays. */
  purchasePrice: z.number().int(),
  /** The seller's photos, copied into the car's photos when it is saved. */
  photos: z.array(z.object({ photoId: z.number().int(), image: imageViewSchema })),
});
export type PurchaseCarDraft = z.infer<typeof purchaseCarDraftSchema>;

/** POST /api/purchases/admin/{id}/buy answers the new car's id and the lead. */
export const purchaseBoughtSchema = z.object({ carId: z.number().int(), carName: z.string() });
