import { z } from 'zod';
import { enumField, intField } from './cars';
import { blankToUndefined, positiveId, requiredText, text } from './common';
import { imageViewSchema } from './images';

/**
 * Reconditioning: the stages a bought car walks before it is listed, and the work done on it
 * (docs/reconditioning.md). Keys are stored and sent; labels are what people read, and are accepted
 * in their place.
 */

/** The board's stages as a new showroom starts with them; editable in the settings. */
export const DEFAULT_RECON_STAGES = [
  { key: 'RECEIVED', name: 'Nhận xe', maxHours: 4 },
  { key: 'INSPECTION', name: 'Kiểm tra', maxHours: 8 },
  { key: 'QUOTE', name: 'Báo giá sửa chữa', maxHours: 8 },
  { key: 'APPROVAL', name: 'Chờ duyệt', maxHours: 4 },
  { key: 'REPAIR', name: 'Sửa chữa', maxHours: 24 },
  { key: 'DETAILING', name: 'Làm đẹp', maxHours: 8 },
  { key: 'PHOTOS', name: 'Chụp ảnh', maxHours: 4 },
  { key: 'READY', name: 'Sẵn sàng bán', maxHours: 8 },
] as const;

/** The listing gate's photo minimum as a new showroom starts with it (setting `minListingPhotos`). */
export const DEFAULT_MIN_LISTING_PHOTOS = 6;

export const RECON_ITEM_GROUPS = [
  'ENGINE',
  'UNDERBODY',
  'ELECTRICAL',
  'BODYWORK',
  'INTERIOR',
  'DETAILING',
  'PAPERS',
  'OTHER',
] as const;
export type ReconItemGroup = (typeof RECON_ITEM_GROUPS)[number];
export const RECON_ITEM_GROUP_LABELS: Record<ReconItemGroup, string> = {
  ENGINE: 'máy',
  UNDERBODY: 'gầm',
  ELECTRICAL: 'điện',
  BODYWORK: 'đồng sơn',
  INTERIOR: 'nội thất',
  DETAILING: 'làm đẹp',
  PAPERS: 'giấy tờ',
  OTHER: 'khác',
};

/** Chờ duyệt → Đã duyệt → Hoàn thành, or Từ chối before completion. */
export const RECON_ITEM_STATUSES = ['PENDING', 'APPROVED', 'DONE', 'REJECTED'] as const;
export type ReconItemStatus = (typeof RECON_ITEM_STATUSES)[number];
export const RECON_ITEM_STATUS_LABELS: Record<ReconItemStatus, string> = {
  PENDING: 'Chờ duyệt',
  APPROVED: 'Đã duyệt',
  DONE: 'Hoàn thành',
  REJECTED: 'Từ chối',
};
/** Where an item may go from each status (approval and refusal also need MANAGE_CAR). */
export const RECON_ITEM_NEXT: Record<ReconItemStatus, readonly ReconItemStatus[]> = {
  PENDING: ['APPROVED', 'REJECTED'],
  APPROVED: ['DONE', 'REJECTED'],
  DONE: [],
  REJECTED: [],
};

const money = (label: string) => intField(label, 0, 10_000_000_000);

// ---------------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------------

/** POST /api/cars/admin/{carId}/recon/items: the estimate is parts plus labour, whole VND. */
export const reconItemBody = z.object({
  title: requiredText('Tên hạng mục', 200),
  group: enumField(RECON_ITEM_GROUPS, RECON_ITEM_GROUP_LABELS, 'Nhóm hạng mục không hợp lệ'),
  estimate: z.object(
    { parts: money('Chi phí phụ tùng').default(0), labour: money('Tiền công').default(0) },
    { message: 'Vui lòng nhập dự toán (phụ tùng và tiền công)' },
  ),
  vendor: z.preprocess(blankToUndefined, text('Nơi sửa chữa', 150).optional()),
});
export type ReconItemInput = z.input<typeof reconItemBody>;
export type ReconItemData = z.output<typeof reconItemBody>;

/** PUT /api/recon/items/{itemId}: a new status; "Hoàn thành" needs the actual cost. */
export const reconItemUpdate = z
  .object({
    status: enumField(RECON_ITEM_STATUSES, RECON_ITEM_STATUS_LABELS, 'Trạng thái hạng mục không hợp lệ'),
    actualCost: money('Chi phí thực tế').optional(),
  })
  .refine((b) => b.status !== 'DONE' || b.actualCost !== undefined, {
    message: 'Vui lòng nhập chi phí thực tế khi hoàn thành hạng mục',
    path: ['actualCost'],
  });

/**
 * PUT /api/recon/items/{itemId}/estimate: the estimate (and garage) of an item still awaiting approval;
 * approval fixes it, since the estimate accuracy figures compare the work done with what was approved.
 */
export const reconEstimateUpdate = z.object({
  parts: money('Chi phí phụ tùng').default(0),
  labour: money('Tiền công').default(0),
  vendor: z.preprocess(blankToUndefined, text('Nơi sửa chữa', 150).optional()),
});
export type ReconEstimateUpdate = z.output<typeof reconEstimateUpdate>;

/** PUT /api/cars/admin/{carId}/recon/stage: the stage's key or its name. */
export const reconStageBody = z.object({ stage: requiredText('Công đoạn', 80) });

export const reconItemParam = z.object({ itemId: positiveId('Mã hạng mục không hợp lệ') });
export const reconCarParam = z.object({ carId: positiveId('Mã xe không hợp lệ') });

/** PUT /api/recon/settings: the whole list of stages in order, and the listing gate's photo minimum. */
export const reconSettingsBody = z.object({
  minListingPhotos: intField('Số ảnh tối thiểu', 0, 20),
  stages: z
    .array(
      z.object({
        /** Absent for a new stage. */
        key: z.preprocess(blankToUndefined, text('Mã công đoạn', 40).optional()),
        name: requiredText('Tên công đoạn', 80),
        maxHours: intField('Thời gian tối đa (giờ làm việc)', 1, 1000),
        ownerId: positiveId('Người phụ trách không hợp lệ').nullable().default(null),
      }),
      { message: 'Danh sách công đoạn không hợp lệ' },
    )
    .min(2, { message: 'Cần ít nhất 2 công đoạn' })
    .max(20, { message: 'Tối đa 20 công đoạn' }),
});
export type ReconSettingsInput = z.input<typeof reconSettingsBody>;

// ---------------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------------

export const reconStageSchema = z.object({
  key: z.string(),
  name: z.string(),
  position: z.number(),
  maxHours: z.number(),
  ownerId: z.number().nullable(),
  ownerName: z.string().nullable(),
});
export type ReconStage = z.infer<typeof reconStageSchema>;

export const reconSettingsSchema = z.object({
  minListingPhotos: z.number(),
  stages: z.array(reconStageSchema),
});
export type ReconSettings = z.infer<typeof reconSettingsSchema>;

export const reconItemSchema = z.object({
  itemId: z.number(),
  carId: z.number(),
  title: z.string(),
  group: z.enum(RECON_ITEM_GROUPS),
  estimateParts: z.number(),
  estimateLabour: z.number(),
  vendor: z.string().nullable(),
  status: z.enum(RECON_ITEM_STATUSES),
  actualCost: z.number().nullable(),
  /** The inspection item it came from, when made from a "Cần lưu ý" result. */
  inspectionItemId: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ReconItem = z.infer<typeof reconItemSchema>;

/** A car on the board. */
export const reconCardSchema = z.object({
  carId: z.number(),
  carName: z.string(),
  year: z.number(),
  cover: imageViewSchema.nullable(),
  stage: z.string(),
  stageEnteredAt: z.string(),
  /** Working minutes spent in the stage so far (opening hours only). */
  minutesInStage: z.number(),
  limitMinutes: z.number(),
  late: z.boolean(),
  /** Whole days since the car entered stock (bought or added). */
  daysSincePurchase: z.number(),
  ownerId: z.number().nullable(),
  ownerName: z.string().nullable(),
  items: z.object({ pending: z.number(), approved: z.number(), done: z.number() }),
});
export type ReconCard = z.infer<typeof reconCardSchema>;

export const reconBoardSchema = z.object({
  stages: z.array(reconStageSchema),
  cards: z.array(reconCardSchema),
});
export type ReconBoard = z.infer<typeof reconBoardSchema>;

/** A car's reconditioning as its page shows it. */
export const reconCarSchema = z.object({
  carId: z.number(),
  stage: z.string(),
  stageEnteredAt: z.string(),
  items: z.array(reconItemSchema),
});
export type ReconCar = z.infer<typeof reconCarSchema>;
