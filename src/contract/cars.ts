import { z } from 'zod';
import {
  BODY_TYPE_LABELS,
  BODY_TYPES,
  type BodyType,
  CAR_SORTS,
  CAR_STATUS_LABELS,
  CAR_STATUSES,
  COMPARE_MAX,
  COMPARE_MIN,
  DRIVETRAIN_LABELS,
  DRIVETRAINS,
  FUEL_LABELS,
  FUELS,
  keyOf,
  MAX_PHOTOS_PER_CAR,
  MAX_PUBLIC_PAGE_SIZE,
  MIN_CAR_YEAR,
  ORIGIN_LABELS,
  ORIGINS,
  PUBLIC_PAGE_SIZE,
  TRANSMISSION_LABELS,
  TRANSMISSIONS,
} from './cars-labels';
import {
  blankToUndefined,
  optionalBlank,
  type Page,
  pageQuery,
  positiveId,
  requiredText,
  text,
} from './common';
import { imageViewSchema } from './images';
import { inspectionSummarySchema } from './inspections';
import { PRICE_RATING_LABELS, PRICE_RATINGS } from './price-rating';
import { compactFold, foldVietnamese } from './text';

// Enumerations, labels, sort orders and limits live in ./cars-labels.ts (no zod): re-exported here.
export * from './cars-labels';

/** An enumeration field that accepts the key or the Vietnamese label. */
export function enumField<K extends string>(keys: readonly K[], labels: Record<K, string>, message: string) {
  return z
    .string({ message })
    .trim()
    .transform((v, ctx) => {
      const key = keyOf(keys, labels, v);
      if (!key) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return key;
    });
}

// ---------------------------------------------------------------------------------------------------
// Numbers people type: "650.000.000", "650000000" or 650000000.
// ---------------------------------------------------------------------------------------------------

const digits = (v: string) => v.trim().replace(/[.\s,](?=\d{3}(\D|$))/g, '');

/** A whole number typed as 650000000, "650000000" or "650.000.000"; Vietnamese messages. */
export const intField = (label: string, min: number, max: number) =>
  z
    .union([z.number(), z.string()], { message: `${label} không hợp lệ` })
    .transform((v) => (typeof v === 'string' ? (v.trim() === '' ? Number.NaN : Number(digits(v))) : v))
    .pipe(
      z
        .number({ message: `${label} không hợp lệ` })
        .int({ message: `${label} phải là số nguyên` })
        .min(min, {
          message: min === 0 ? `${label} không được âm` : `${label} phải từ ${min.toLocaleString('vi-VN')}`,
        })
        .max(max, { message: `${label} quá lớn` }),
    );

export const currentYear = () => new Date().getFullYear();

// ---------------------------------------------------------------------------------------------------
// The car as staff enter it (the JSON part "car" of POST /cars/admin/add and PUT /cars/admin/{id}).
// ---------------------------------------------------------------------------------------------------

export const carInput = z.object({
  carName: requiredText('Tên xe', 150),
  brand: requiredText('Hãng xe', 60),
  model: requiredText('Dòng xe', 80),
  version: text('Phiên bản', 120).default(''),
  year: intField('Năm sản xuất', MIN_CAR_YEAR, 2100).refine((y) => y <= currentYear() + 1, {
    message: 'Năm sản xuất không được lớn hơn năm sau',
  }),
  sellPrice: intField('Giá bán', 1_000_000, 100_000_000_000),
  odo: intField('Số km đã đi', 0, 2_000_000),
  bodyType: enumField(BODY_TYPES, BODY_TYPE_LABELS, 'Kiểu dáng không hợp lệ'),
  size: intField('Số chỗ ngồi', 1, 60),
  fuel: enumField(FUELS, FUEL_LABELS, 'Nhiên liệu không hợp lệ'),
  transmission: enumField(TRANSMISSIONS, TRANSMISSION_LABELS, 'Hộp số không hợp lệ'),
  drivetrain: enumField(DRIVETRAINS, DRIVETRAIN_LABELS, 'Dẫn động không hợp lệ').nullable().default(null),
  engine: text('Động cơ', 60).default(''),
  exteriorColor: requiredText('Màu ngoại thất', 40),
  interiorColor: requiredText('Màu nội thất', 40),
  origin: enumField(ORIGINS, ORIGIN_LABELS, 'Xuất xứ không hợp lệ'),
  licensePlateRegion: text('Biển số (tỉnh/thành)', 60).default(''),
  previousOwners: intField('Số chủ sở hữu trước', 0, 20).default(1),
  description: text('Mô tả', 5000).default(''),
  features: z
    .array(text('Tiện nghi', 100), { message: 'Danh sách tiện nghi không hợp lệ' })
    .max(60, { message: 'Tối đa 60 tiện nghi' })
    .default([])
    .transform((list) => [...new Set(list.filter((f) => f.length > 0))]),
  /**
   * Never sold: a car becomes sold by recording a sale (POST /soldhistory). A new car without one starts
   * "Chuẩn bị bán" (preparing); "available" lists it at once.
   */
  status: z.enum(['preparing', 'available', 'pending'], { message: 'Trạng thái không hợp lệ' }).optional(),
});
export type CarInput = z.input<typeof carInput>;
export type CarData = z.output<typeof carInput>;

/** The words a car is found by, folded: name, brand, model, version, body type label, year. */
export function carSearchText(car: {
  carName: string;
  brand: string;
  model: string;
  version?: string;
  bodyType?: BodyType;
  year?: number;
}): { text: string; compact: string } {
  const words = [
    car.carName,
    car.brand,
    car.model,
    car.version ?? '',
    car.bodyType ? BODY_TYPE_LABELS[car.bodyType] : '',
    car.year ? String(car.year) : '',
  ];
  return { text: foldVietnamese(words.join(' ')), compact: compactFold(words.join(' ')) };
}

/** The search words of a query: each must be found in the folded text or, without punctuation, in the compact form. */
export function searchTokens(query: string): { text: string; compact: string }[] {
  return foldVietnamese(query)
    .split(' ')
    .filter(Boolean)
    .slice(0, 8)
    .map((w) => ({ text: w, compact: compactFold(w) }))
    .filter((t) => t.compact.length > 0 || t.text.length > 0);
}

/** The key brands and colours are matched by: "Mercedes-Benz", "mercedes benz" -> "mercedesbenz". */
export const matchKey = (value: string) => compactFold(value);

// ---------------------------------------------------------------------------------------------------
// GET /api/cars: filters, `page` (1-based), `pageSize` (not `size`: that is the seat filter), `sort`.
// ---------------------------------------------------------------------------------------------------

const opt = optionalBlank;

function minMax(q: Record<string, unknown>, ctx: z.RefinementCtx, min: string, max: string, message: string) {
  const a = q[min] as number | undefined;
  const b = q[max] as number | undefined;
  if (a !== undefined && b !== undefined && a > b) ctx.addIssue({ code: 'custom', path: [min], message });
}

/** A yes-only filter in the URL: "true" or "1" turns it on; absent, blank or "false" leaves it off. */
const flag = (message: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .union([z.boolean(), z.enum(['true', 'false', '1', '0'])], { message })
      .optional()
      .transform((v) => v === true || v === 'true' || v === '1' || undefined),
  );

export const carsQuery = z
  .object({
    brand: opt(text('Hãng xe', 60)),
    bodyType: opt(enumField(BODY_TYPES, BODY_TYPE_LABELS, 'Kiểu dáng không hợp lệ')),
    minPrice: opt(intField('Giá tối thiểu', 0, 100_000_000_000)),
    maxPrice: opt(intField('Giá tối đa', 0, 100_000_000_000)),
    minOdo: opt(intField('Số km tối thiểu', 0, 10_000_000)),
    maxOdo: opt(intField('Số km tối đa', 0, 10_000_000)),
    exteriorColor: opt(text('Màu ngoại thất', 40)),
    interiorColor: opt(text('Màu nội thất', 40)),
    year: opt(intField('Năm sản xuất', 1900, 2100)),
    size: opt(intField('Số chỗ ngồi', 1, 60)),
    carName: opt(text('Từ khóa', 100)),
    fuel: opt(enumField(FUELS, FUEL_LABELS, 'Nhiên liệu không hợp lệ')),
    transmission: opt(enumField(TRANSMISSIONS, TRANSMISSION_LABELS, 'Hộp số không hợp lệ')),
    /** "Đã kiểm định": only cars with an inspection report. */
    inspected: flag('Bộ lọc đã kiểm định không hợp lệ'),
    /** "1 chủ": only cars with exactly one previous owner. */
    oneOwner: flag('Bộ lọc 1 chủ không hợp lệ'),
    /** The deal label or better: GOOD finds great and good prices ("Giá tốt" trở lên). */
    priceRating: opt(enumField(PRICE_RATINGS, PRICE_RATING_LABELS, 'Mức giá không hợp lệ')),
    page: z.preprocess(blankToUndefined, intField('Số trang', 1, 100_000).default(1)),
    pageSize: z.preprocess(
      blankToUndefined,
      intField('Số xe mỗi trang', 1, MAX_PUBLIC_PAGE_SIZE).default(PUBLIC_PAGE_SIZE),
    ),
    sort: z.preprocess(
      blankToUndefined,
      z.enum(CAR_SORTS, { message: 'Cách sắp xếp không hợp lệ' }).default('newest'),
    ),
  })
  .superRefine((q, ctx) => {
    minMax(q, ctx, 'minPrice', 'maxPrice', 'Giá tối thiểu không được lớn hơn giá tối đa');
    minMax(q, ctx, 'minOdo', 'maxOdo', 'Số km tối thiểu không được lớn hơn số km tối đa');
  });
export type CarsQuery = z.output<typeof carsQuery>;
export type CarsQueryInput = z.input<typeof carsQuery>;

/** GET /api/cars/admin?search&status&brand&minPrice&maxPrice&page&size (size = page size, default 5). */
export const carsAdminQuery = pageQuery(5)
  .extend({
    status: opt(enumField(CAR_STATUSES, CAR_STATUS_LABELS, 'Trạng thái không hợp lệ')),
    brand: opt(text('Hãng xe', 60)),
    minPrice: opt(intField('Giá tối thiểu', 0, 100_000_000_000)),
    maxPrice: opt(intField('Giá tối đa', 0, 100_000_000_000)),
    sort: z.preprocess(
      blankToUndefined,
      z.enum([...CAR_SORTS, 'updated'], { message: 'Cách sắp xếp không hợp lệ' }).default('newest'),
    ),
  })
  .superRefine((q, ctx) =>
    minMax(q, ctx, 'minPrice', 'maxPrice', 'Giá tối thiểu không được lớn hơn giá tối đa'),
  );
export type CarsAdminQuery = z.output<typeof carsAdminQuery>;

export const carIdParam = z.object({ id: positiveId('Mã xe không hợp lệ') });
export const carPhotoParam = z.object({
  id: positiveId('Mã xe không hợp lệ'),
  photoId: positiveId('Mã ảnh không hợp lệ'),
});
export const brandParam = z.object({ brand: requiredText('Hãng xe', 60) });

/** GET /api/car-compare/compare?carIds=1,2,3: two to four different cars. */
export const compareQuery = z.object({
  carIds: z.string({ message: 'Vui lòng chọn xe để so sánh' }).transform((v, ctx) => {
    const parts = v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const ids = parts.map(Number);
    if (ids.some((n) => !Number.isInteger(n) || n <= 0 || n > 2_147_483_647)) {
      ctx.addIssue({ code: 'custom', message: 'Mã xe so sánh không hợp lệ' });
      return z.NEVER;
    }
    const unique = [...new Set(ids)];
    if (unique.length < COMPARE_MIN || unique.length > COMPARE_MAX) {
      ctx.addIssue({
        code: 'custom',
        message: `Chọn từ ${COMPARE_MIN} đến ${COMPARE_MAX} xe khác nhau để so sánh`,
      });
      return z.NEVER;
    }
    return unique;
  }),
});

export const carStatusBody = z.object({
  status: enumField(CAR_STATUSES, CAR_STATUS_LABELS, 'Trạng thái không hợp lệ'),
  /**
   * Lists a car the listing gate refuses (no inspection report, too few photos, ...): why, in the
   * manager's words; written to the audit log (docs/reconditioning.md).
   */
  overrideReason: z.preprocess(blankToUndefined, text('Lý do đăng bán', 500).optional()),
});

/** PUT /cars/admin/{id}/price: a new sell price alone (a markdown from the stock-ageing page). */
export const carPriceBody = z.object({
  sellPrice: intField('Giá bán', 1_000_000, 100_000_000_000),
});

export const photoOrderBody = z.object({
  photoIds: z
    .array(positiveId('Mã ảnh không hợp lệ'), { message: 'Danh sách ảnh không hợp lệ' })
    .min(1, { message: 'Danh sách ảnh không hợp lệ' })
    .max(MAX_PHOTOS_PER_CAR, { message: 'Danh sách ảnh không hợp lệ' }),
});

// ---------------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------------

export const carPhotoSchema = imageViewSchema.extend({
  photoId: z.number(),
  /** 0 is the cover. */
  position: z.number(),
});
export type CarPhoto = z.infer<typeof carPhotoSchema>;

/** A car in a list or a card. */
export const carSummarySchema = z.object({
  carId: z.number(),
  carName: z.string(),
  brand: z.string(),
  model: z.string(),
  version: z.string(),
  year: z.number(),
  sellPrice: z.number(),
  odo: z.number(),
  bodyType: z.enum(BODY_TYPES),
  size: z.number(),
  fuel: z.enum(FUELS),
  transmission: z.enum(TRANSMISSIONS),
  exteriorColor: z.string(),
  origin: z.enum(ORIGINS),
  status: z.enum(CAR_STATUSES),
  /** The first photo, or null. */
  cover: imageViewSchema.nullable(),
  createdAt: z.string(),
  /** How much the price fell in the last PRICE_DROP_DAYS days ("Vừa giảm X triệu"), or null. */
  priceDrop: z.number().nullable(),
  /** When the latest of those drops happened, or null. */
  priceDroppedAt: z.string().nullable(),
  /** The inspection report's summary and pledges ("Đã kiểm định"), or null without a report. */
  inspection: inspectionSummarySchema.nullable(),
  /** The deal label against the market (docs/pricing.md), or null when the evidence is too thin. */
  priceRating: z.enum(PRICE_RATINGS).nullable(),
  /** Its words: "Giá rất tốt", "Giá tốt", "Giá hợp lý", "Giá cao"; null with it. */
  priceRatingLabel: z.string().nullable(),
  /** How many similar cars on the market it was judged against ("so với N xe tương tự…"). */
  priceRatingComparables: z.number().int().nullable(),
});
export type CarSummary = z.infer<typeof carSummarySchema>;

/** GET /api/cars/{carId}/price-history: every change of the sell price, newest first. */
export const carPriceHistorySchema = z.object({
  carId: z.number(),
  changes: z.array(z.object({ changedAt: z.string(), oldPrice: z.number(), newPrice: z.number() })),
});
export type CarPriceHistory = z.infer<typeof carPriceHistorySchema>;

export const carDetailSchema = carSummarySchema.extend({
  drivetrain: z.enum(DRIVETRAINS).nullable(),
  engine: z.string(),
  interiorColor: z.string(),
  licensePlateRegion: z.string(),
  previousOwners: z.number(),
  description: z.string(),
  features: z.array(z.string()),
  photos: z.array(carPhotoSchema),
  updatedAt: z.string(),
});
export type CarDetail = z.infer<typeof carDetailSchema>;

/** A row of the staff list. */
export const carAdminRowSchema = carSummarySchema.extend({
  photoCount: z.number(),
  updatedAt: z.string(),
  /** The car's odometer history goes backwards (an imported history): the list's red "Lịch sử km bị lùi". */
  odometerRollback: z.boolean(),
});
export type CarAdminRow = z.infer<typeof carAdminRowSchema>;

/** A car as staff edit it. Its sale, once sold, is in the sales book (GET /api/sales?carId=). */
export type CarAdminDetail = CarDetail;

export type CarPage = Page<CarSummary>;

export interface Option<T extends string | number = string> {
  value: T;
  label: string;
  count: number;
}
const optionOf = <T extends z.ZodType>(value: T) => z.object({ value, label: z.string(), count: z.number() });

/** GET /api/cars/filters: what the filter panel offers, from the visible cars. */
export const carFiltersSchema = z.object({
  brands: z.array(optionOf(z.string())),
  bodyTypes: z.array(optionOf(z.enum(BODY_TYPES))),
  fuels: z.array(optionOf(z.enum(FUELS))),
  transmissions: z.array(optionOf(z.enum(TRANSMISSIONS))),
  exteriorColors: z.array(optionOf(z.string())),
  interiorColors: z.array(optionOf(z.string())),
  years: z.array(z.number()),
  sizes: z.array(z.number()),
  price: z.object({ min: z.number(), max: z.number() }),
  odo: z.object({ min: z.number(), max: z.number() }),
  sorts: z.array(z.object({ value: z.enum(CAR_SORTS), label: z.string() })),
  total: z.number(),
});
export type CarFilters = z.infer<typeof carFiltersSchema>;

export const brandCountSchema = z.object({
  brand: z.string(),
  count: z.number(),
});
export type BrandCount = z.infer<typeof brandCountSchema>;
