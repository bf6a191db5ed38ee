import { z } from 'zod';
import { optionalBlank, positiveId, requiredText, text } from './common';
import { parseVnDate, vnDayKey } from './format';
import { imageViewSchema } from './images';
import {
  INSPECTION_GROUPS,
  INSPECTION_LIMITS,
  INSPECTION_RESULTS,
  type InspectionSummary,
  PLEDGES,
} from './inspections-labels';

/**
 * The inspection report of a car: a template of items in seven groups, one result per item, defect
 * markers on the car's photos, and three pledges derived from named items (never ticked by hand).
 *
 * Routes (server/modules/inspections):
 *   GET  /api/cars/{carId}/inspection             public; ?staff=true with MANAGE_CAR adds the staff notes
 *   PUT  /api/cars/{carId}/inspection             MANAGE_CAR, audited; body `inspectionInput`
 *   POST /api/cars/{carId}/inspection/photos      MANAGE_CAR; multipart `file` -> `inspectionPhotoSchema`
 *   GET  /api/inspection-template                 MANAGE_CAR; ?all=true includes retired items
 *   POST /api/inspection-template/items           MANAGE_CAR; body `templateItemInput`
 *   PATCH /api/inspection-template/items/{itemId} MANAGE_CAR; body `templateItemPatch` (rename, move, retire)
 *   PUT  /api/inspection-template/order           MANAGE_CAR; body `templateOrderInput` (one group's order)
 *
 * A report keeps each item's label, group and pledges as they were when it was saved (a snapshot), so
 * renaming or retiring an item never changes an old report.
 */

export * from './inspections-labels';

// ---------------------------------------------------------------------------------------------------
// Template
// ---------------------------------------------------------------------------------------------------

export const templateItemSchema = z.object({
  itemId: z.number(),
  group: z.enum(INSPECTION_GROUPS),
  label: z.string(),
  /** Order within its group, 0 first. */
  position: z.number(),
  retired: z.boolean(),
  /** The pledges this item backs: every such item must be PASS or FIXED for the pledge to hold. */
  pledges: z.array(z.enum(PLEDGES)),
});
export type TemplateItem = z.infer<typeof templateItemSchema>;

export const inspectionTemplateSchema = z.object({ items: z.array(templateItemSchema) });
export type InspectionTemplate = z.infer<typeof inspectionTemplateSchema>;

const pledgeList = z
  .array(z.enum(PLEDGES, { message: 'Cam kết không hợp lệ' }), { message: 'Danh sách cam kết không hợp lệ' })
  .max(PLEDGES.length, { message: 'Danh sách cam kết không hợp lệ' })
  .transform((list) => [...new Set(list)]);

export const templateItemInput = z.object({
  group: z.enum(INSPECTION_GROUPS, { message: 'Nhóm hạng mục không hợp lệ' }),
  label: requiredText('Tên hạng mục', INSPECTION_LIMITS.itemLabel),
  pledges: pledgeList.default([]),
});
export type TemplateItemInput = z.input<typeof templateItemInput>;

export const templateItemPatch = z
  .object({
    label: requiredText('Tên hạng mục', INSPECTION_LIMITS.itemLabel).optional(),
    group: z.enum(INSPECTION_GROUPS, { message: 'Nhóm hạng mục không hợp lệ' }).optional(),
    pledges: pledgeList.optional(),
    retired: z.boolean({ message: 'Trạng thái ngừng dùng không hợp lệ' }).optional(),
  })
  .refine((p) => Object.values(p).some((v) => v !== undefined), { message: 'Không có gì để cập nhật' });
export type TemplateItemPatch = z.input<typeof templateItemPatch>;

/** The new order of one group's items (every item of the group, retired ones included). */
export const templateOrderInput = z.object({
  group: z.enum(INSPECTION_GROUPS, { message: 'Nhóm hạng mục không hợp lệ' }),
  itemIds: z
    .array(positiveId('Mã hạng mục không hợp lệ'), { message: 'Danh sách hạng mục không hợp lệ' })
    .min(1, { message: 'Danh sách hạng mục không hợp lệ' })
    .max(INSPECTION_LIMITS.items, { message: 'Danh sách hạng mục không hợp lệ' }),
});

export const templateItemParam = z.object({ itemId: positiveId('Mã hạng mục không hợp lệ') });

// ---------------------------------------------------------------------------------------------------
// The report as staff send it (PUT /api/cars/{carId}/inspection)
// ---------------------------------------------------------------------------------------------------

/** A calendar day typed dd/mm/yyyy or yyyy-mm-dd, not in the future; read as yyyy-mm-dd (Vietnam). */
const inspectionDay = z
  .string({ message: 'Vui lòng nhập ngày kiểm định' })
  .trim()
  .min(1, { message: 'Vui lòng nhập ngày kiểm định' })
  .transform((v, ctx) => {
    const date = parseVnDate(v);
    if (!date) {
      ctx.addIssue({ code: 'custom', message: 'Ngày kiểm định không hợp lệ (dd/mm/yyyy)' });
      return z.NEVER;
    }
    if (date.getTime() > Date.now()) {
      ctx.addIssue({ code: 'custom', message: 'Ngày kiểm định không được ở tương lai' });
      return z.NEVER;
    }
    return vnDayKey(date);
  });

const wholeKm = z.coerce
  .number({ message: 'Số km lúc kiểm định không hợp lệ' })
  .int({ message: 'Số km lúc kiểm định phải là số nguyên' })
  .min(0, { message: 'Số km lúc kiểm định không được âm' })
  .max(2_000_000, { message: 'Số km lúc kiểm định quá lớn' });

const percent = (axis: string) =>
  z
    .number({ message: `Vị trí ${axis} của điểm đánh dấu không hợp lệ` })
    .min(0, { message: `Vị trí ${axis} phải từ 0 đến 100%` })
    .max(100, { message: `Vị trí ${axis} phải từ 0 đến 100%` })
    .transform((v) => Math.round(v * 100) / 100);

export const inspectionResultInput = z.object({
  itemId: positiveId('Mã hạng mục không hợp lệ'),
  result: z.enum(INSPECTION_RESULTS, { message: 'Kết quả hạng mục không hợp lệ' }),
  note: text('Ghi chú hạng mục', INSPECTION_LIMITS.note).default(''),
  /** An id from POST /api/cars/{carId}/inspection/photos, or null. */
  photoId: positiveId('Mã ảnh hạng mục không hợp lệ').nullable().default(null),
});

export const inspectionMarkerInput = z.object({
  /** 1, 2, 3...: the number drawn on the photo. */
  number: z.coerce
    .number({ message: 'Số thứ tự điểm đánh dấu không hợp lệ' })
    .int({ message: 'Số thứ tự điểm đánh dấu không hợp lệ' })
    .min(1, { message: 'Số thứ tự điểm đánh dấu không hợp lệ' })
    .max(99, { message: 'Số thứ tự điểm đánh dấu không hợp lệ' }),
  x: percent('ngang'),
  y: percent('dọc'),
  label: requiredText('Nhãn điểm đánh dấu', INSPECTION_LIMITS.markerLabel),
  /** One of the car's photos (CarPhoto.photoId). */
  photoId: positiveId('Ảnh của điểm đánh dấu không hợp lệ'),
});

export const inspectionInput = z
  .object({
    inspectorName: requiredText('Tên người kiểm định', INSPECTION_LIMITS.inspector),
    inspectedOn: inspectionDay,
    odometerKm: wholeKm,
    conclusion: text('Kết luận', INSPECTION_LIMITS.conclusion).default(''),
    /** Seen by staff only (never in the public answer). */
    staffNote: optionalBlank(text('Ghi chú nội bộ', INSPECTION_LIMITS.staffNote)).transform((v) => v ?? ''),
    results: z
      .array(inspectionResultInput, { message: 'Danh sách kết quả không hợp lệ' })
      .max(INSPECTION_LIMITS.items, { message: 'Quá nhiều hạng mục' }),
    markers: z
      .array(inspectionMarkerInput, { message: 'Danh sách điểm đánh dấu không hợp lệ' })
      .max(INSPECTION_LIMITS.markers, { message: `Tối đa ${INSPECTION_LIMITS.markers} điểm đánh dấu` })
      .default([]),
  })
  .superRefine((r, ctx) => {
    const seen = new Set<number>();
    r.results.forEach((x, i) => {
      if (seen.has(x.itemId))
        ctx.addIssue({ code: 'custom', path: ['results', i], message: 'Một hạng mục được nhập hai lần' });
      seen.add(x.itemId);
    });
    const numbers = new Set<number>();
    r.markers.forEach((m, i) => {
      if (numbers.has(m.number))
        ctx.addIssue({ code: 'custom', path: ['markers', i], message: 'Số thứ tự điểm đánh dấu bị trùng' });
      numbers.add(m.number);
    });
  });
export type InspectionInput = z.input<typeof inspectionInput>;
export type InspectionData = z.output<typeof inspectionInput>;

export const inspectionQuery = z.object({
  /** "true" with MANAGE_CAR: the answer carries the staff notes; without the permission, 403. */
  staff: z
    .enum(['true', 'false'], { message: 'Tham số staff không hợp lệ' })
    .optional()
    .transform((v) => v === 'true'),
});

// ---------------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------------

/** A staff photo of a noted item (POST /api/cars/{carId}/inspection/photos answers it). */
export const inspectionPhotoSchema = imageViewSchema.extend({ photoId: z.number() });
export type InspectionPhoto = z.infer<typeof inspectionPhotoSchema>;

export const inspectionSummarySchema = z.object({
  /** Items judged: the template's items at save time (a retired one counts only if it has a result). */
  total: z.number(),
  passed: z.number(),
  fixed: z.number(),
  attention: z.number(),
  na: z.number(),
  /** The pledges that hold, in PLEDGES order. */
  pledges: z.array(z.enum(PLEDGES)),
  /** The inspection day, yyyy-mm-dd (show it dd/mm/yyyy). */
  inspectedAt: z.string(),
}) satisfies z.ZodType<InspectionSummary>;

export const inspectionItemResultSchema = z.object({
  itemId: z.number(),
  group: z.enum(INSPECTION_GROUPS),
  /** The label the item had when the report was saved. */
  label: z.string(),
  position: z.number(),
  pledges: z.array(z.enum(PLEDGES)),
  /** null: not checked in this report (breaks any pledge it backs). */
  result: z.enum(INSPECTION_RESULTS).nullable(),
  note: z.string(),
  photo: inspectionPhotoSchema.nullable(),
});
export type InspectionItemResult = z.infer<typeof inspectionItemResultSchema>;

export const inspectionMarkerSchema = z.object({
  number: z.number(),
  x: z.number(),
  y: z.number(),
  label: z.string(),
  photoId: z.number(),
});
export type InspectionMarker = z.infer<typeof inspectionMarkerSchema>;

export const inspectionReportSchema = z.object({
  carId: z.number(),
  inspectorName: z.string(),
  inspectedAt: z.string(),
  odometerKm: z.number(),
  conclusion: z.string(),
  /** Present only in the staff answer. */
  staffNote: z.string().optional(),
  /** Every item of the report, by group (INSPECTION_GROUPS order) then position. */
  results: z.array(inspectionItemResultSchema),
  markers: z.array(inspectionMarkerSchema),
  summary: inspectionSummarySchema,
  /** false when the car's odometer history goes backwards (then NO_ODO_ROLLBACK does not hold). */
  odometerConsistent: z.boolean(),
  updatedAt: z.string(),
});
export type InspectionReport = z.infer<typeof inspectionReportSchema>;
