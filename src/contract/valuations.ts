import { z } from 'zod';
import { currentYear, intField } from './cars';
import { CAR_STATUSES, FUELS, MIN_CAR_YEAR, TRANSMISSIONS } from './cars-labels';
import { optionalBlank, pageOf, pageQuery, positiveId, text } from './common';
import { imageViewSchema } from './images';

/**
 * Instant valuation: POST /api/valuations (public, rate-limited), the staff's version with every
 * comparable (POST /api/valuations/staff), the cars the engine knows (GET /api/valuations/catalogue)
 * and the stock-ageing page's list (GET /api/stock-ageing).
 */

export const CONFIDENCES = ['cao', 'trung bình', 'thấp'] as const;
export type ValuationConfidence = (typeof CONFIDENCES)[number];

export const BASES = ['version', 'model', 'segment'] as const;
export type ValuationBasis = (typeof BASES)[number];
export const BASIS_LABELS: Record<ValuationBasis, string> = {
  version: 'Xe cùng phiên bản',
  model: 'Xe cùng dòng',
  segment: 'Xe cùng phân khúc',
};

export const EVIDENCE_KINDS = ['market', 'listing', 'sale'] as const;
export type EvidenceKind = (typeof EVIDENCE_KINDS)[number];
export const EVIDENCE_LABELS: Record<EvidenceKind, string> = {
  market: 'Giá thị trường',
  listing: 'Xe đang bán tại showroom',
  sale: 'Xe showroom đã bán',
};

export const VALUATION_NOTE =
  'Giá tham khảo, tính từ giá thị trường và giao dịch của showroom; giá mua thực tế do showroom báo sau khi kiểm tra xe.';

const yesNo = (label: string) => z.boolean({ message: `${label} không hợp lệ` }).optional();

const valuationFields = z.object({
  carName: optionalBlank(text('Tên xe', 150)),
  brand: optionalBlank(text('Hãng xe', 60)),
  model: optionalBlank(text('Dòng xe', 80)),
  version: optionalBlank(text('Phiên bản', 120)),
  year: intField('Năm sản xuất', MIN_CAR_YEAR, 2100).refine((y) => y <= currentYear() + 1, {
    message: 'Năm sản xuất không được lớn hơn năm sau',
  }),
  odo: intField('Số km đã đi', 0, 2_000_000),
  transmission: optionalBlank(z.enum(TRANSMISSIONS, { message: 'Hộp số không hợp lệ' })),
  fuel: optionalBlank(z.enum(FUELS, { message: 'Nhiên liệu không hợp lệ' })),
  /** Owners so far, the present one included (1: one owner from new). */
  owners: optionalBlank(intField('Số đời chủ', 1, 20)),
  accident: yesNo('Câu trả lời về tai nạn'),
  flood: yesNo('Câu trả lời về ngập nước'),
  serviceHistory: yesNo('Câu trả lời về bảo dưỡng'),
  province: optionalBlank(text('Tỉnh/thành', 60)),
});

const needsCar = (v: { carName?: string; brand?: string; model?: string }, ctx: z.RefinementCtx) => {
  if (!v.carName && !(v.brand && v.model))
    ctx.addIssue({
      code: 'custom',
      path: ['carName'],
      message: 'Vui lòng nhập tên xe hoặc chọn hãng và dòng xe',
    });
};

/** The car to value: its name or brand, model (and version); year and km; optional answers. */
export const valuationInput = valuationFields.superRefine(needsCar);
export type ValuationInput = z.input<typeof valuationInput>;
export type ValuationData = z.output<typeof valuationInput>;

/** The staff's valuation may leave out one stock car (the car being priced). */
export const staffValuationInput = valuationFields
  .extend({ excludeCarId: optionalBlank(positiveId('Mã xe không hợp lệ')) })
  .superRefine(needsCar);
export type StaffValuationData = z.output<typeof staffValuationInput>;

const comparableExample = z.object({
  kind: z.enum(EVIDENCE_KINDS),
  kindLabel: z.string(),
  title: z.string(),
  year: z.number().int(),
  odo: z.number().int(),
  price: z.number().int(),
  province: z.string(),
  seenOn: z.string(),
});

const valuationCore = {
  car: z.object({
    brand: z.string(),
    model: z.string(),
    version: z.string(),
    year: z.number().int(),
    odo: z.number().int(),
  }),
  estimate: z.number().int(),
  low: z.number().int(),
  high: z.number().int(),
  confidence: z.enum(CONFIDENCES),
  basis: z.enum(BASES),
  basisLabel: z.string(),
  /** Why a wider group than the same version was used; null when it was not. */
  fallback: z.string().nullable(),
  /** The typical comparable the adjustments start from: price + adjustments = estimate. */
  reference: z.object({ price: z.number().int(), year: z.number().int(), odo: z.number().int() }),
  adjustments: z.array(z.object({ label: z.string(), amount: z.number().int() })),
  /** Rates fitted to the data, as fractions of the price: per year of age, per 10.000 km. */
  rates: z.object({ perYear: z.number(), per10000Km: z.number() }),
  /** Said when the odometer is far above the usual for the car's age (the range is then wider). */
  odometerNote: z.string().nullable(),
  note: z.string(),
};

/** The public answer: the comparables as a count and a few examples (never the showroom's sale prices). */
export const valuationSchema = z.object({
  ...valuationCore,
  comparables: z.object({ count: z.number().int(), examples: z.array(comparableExample) }),
});
export type ValuationView = z.infer<typeof valuationSchema>;

/** The staff's answer: every comparable with its weight and its price moved to the valued car. */
export const staffValuationSchema = z.object({
  ...valuationCore,
  comparables: z.object({
    count: z.number().int(),
    examples: z.array(comparableExample),
    items: z.array(
      comparableExample.extend({
        carId: z.number().int().nullable(),
        source: z.string(),
        adjustedPrice: z.number().int(),
        /** Its share of the evidence, 0..1. */
        share: z.number(),
      }),
    ),
  }),
});
export type StaffValuationView = z.infer<typeof staffValuationSchema>;

/** Brands, models and versions the engine can value (the seller's form offers these). */
export const valuationCatalogueSchema = z.object({
  brands: z.array(
    z.object({
      brand: z.string(),
      models: z.array(
        z.object({
          model: z.string(),
          count: z.number().int(),
          years: z.tuple([z.number().int(), z.number().int()]),
          versions: z.array(z.object({ version: z.string(), count: z.number().int() })),
        }),
      ),
    }),
  ),
});
export type ValuationCatalogue = z.infer<typeof valuationCatalogueSchema>;

// ---------------------------------------------------------------------------------------------------
// Stock ageing: cars on sale by days on the lot, against the market.
// ---------------------------------------------------------------------------------------------------

export const AGE_BUCKETS = ['0-30', '31-60', '61-90', '90+'] as const;
export type AgeBucket = (typeof AGE_BUCKETS)[number];
export const AGE_BUCKET_LABELS: Record<AgeBucket, string> = {
  '0-30': '0–30 ngày',
  '31-60': '31–60 ngày',
  '61-90': '61–90 ngày',
  '90+': 'Trên 90 ngày',
};
/** Below the market estimate a car should be priced after this long on the lot (the markdown rule). */
export const AGEING_DISCOUNT: Record<AgeBucket, number> = {
  '0-30': 0,
  '31-60': 0.02,
  '61-90': 0.04,
  '90+': 0.07,
};

export const bucketOf = (days: number): AgeBucket =>
  days <= 30 ? '0-30' : days <= 60 ? '31-60' : days <= 90 ? '61-90' : '90+';

export const stockAgeingQuery = pageQuery(20).extend({
  bucket: optionalBlank(z.enum(AGE_BUCKETS, { message: 'Nhóm tuổi tồn kho không hợp lệ' })),
});
export type StockAgeingQuery = z.output<typeof stockAgeingQuery>;

export const stockAgeingRowSchema = z.object({
  carId: z.number().int(),
  carName: z.string(),
  year: z.number().int(),
  odo: z.number().int(),
  sellPrice: z.number().int(),
  status: z.enum(CAR_STATUSES),
  cover: imageViewSchema.nullable(),
  listedAt: z.string(),
  daysOnLot: z.number().int(),
  bucket: z.enum(AGE_BUCKETS),
  estimate: z.number().int().nullable(),
  low: z.number().int().nullable(),
  high: z.number().int().nullable(),
  confidence: z.enum(CONFIDENCES).nullable(),
  /** (price − estimate) / estimate. */
  gap: z.number().nullable(),
  suggestedPrice: z.number().int().nullable(),
  markdown: z.number().int().nullable(),
  /** What to do, in words ("Giá cao hơn thị trường 8 %…", or why there is no estimate). */
  advice: z.string(),
});
export type StockAgeingRow = z.infer<typeof stockAgeingRowSchema>;

export const stockAgeingSchema = pageOf(stockAgeingRowSchema).extend({
  buckets: z.array(
    z.object({
      bucket: z.enum(AGE_BUCKETS),
      label: z.string(),
      count: z.number().int(),
      value: z.number().int(),
    }),
  ),
});
export type StockAgeing = z.infer<typeof stockAgeingSchema>;
