import { z } from 'zod';
import { CONTROL_CHARS, VN_PHONE } from './patterns';

export { VN_PHONE } from './patterns';

/** Paged list answer of every list endpoint. */
export interface Page<T> {
  content: T[];
  totalPages: number;
  totalElements: number;
  page: number;
  size: number;
}

/** The schema of a paged list answer whose items are `item`. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    content: z.array(item),
    totalPages: z.number().int(),
    totalElements: z.number().int(),
    page: z.number().int(),
    size: z.number().int(),
  });

/** Every error answer: the HTTP status again, a Vietnamese message, and per-field messages on bad input. */
export const apiErrorSchema = z.object({
  status: z.number().int(),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
  /** A 409 on a held or sold car: cars to look at instead. */
  similar: z
    .array(
      z.object({
        carId: z.number(),
        carName: z.string(),
        sellPrice: z.number(),
        imageUrl: z.string().nullable(),
      }),
    )
    .optional(),
  /** A 422 of the valuation engine: where a person can value the car instead. */
  manualValuation: z
    .object({
      consultingPath: z.string(),
      hotline: z.string().nullable(),
      reason: z.string(),
      /** The reason in words, without the offer of a person's valuation. */
      detail: z.string().optional(),
    })
    .optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** An answer the spec marks as text: a Vietnamese sentence or a bare value. */
/**
 * 422 to a request that repeats an earlier request's key (Idempotency-Key or clientRequestId) with
 * another body: a retry carries the same body, anything else is a different request.
 */
export const IDEMPOTENCY_MISMATCH_MESSAGE =
  'Mã yêu cầu này đã được dùng cho một yêu cầu có nội dung khác. Vui lòng tải lại trang rồi gửi lại.';

export const textAnswer = { content: { 'text/plain': { schema: z.string() } } };
/** An answer without a body (101, 204, a redirect): type "null" tells the OpenAPI document so. */
export const noBody = (description: string) => z.null().meta({ type: 'null', description });
// The bytes go out as a stream or a buffer: typed as anything, documented as a binary string.
const binary = z.any().meta({ type: 'string', format: 'binary' });

/** A file answered as its bytes, in one of these media types (a download, an export, an image). */
export const fileAnswer = (description: string, ...mediaTypes: string[]) => ({
  description,
  content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: binary }])),
});

const intIn = (min: number, max: number, message: string) =>
  z.coerce.number({ message }).int({ message }).min(min, { message }).max(max, { message });

/** page is 1-based; size defaults to 5 on admin lists. */
export function pageQuery(defaultSize = 5, maxSize = 100) {
  return z.object({
    page: intIn(1, 100_000, 'Số trang không hợp lệ').default(1),
    size: intIn(1, maxSize, `Kích thước trang phải từ 1 đến ${maxSize}`).default(defaultSize),
    search: z.string().max(200, { message: 'Từ khóa tìm kiếm quá dài' }).optional(),
  });
}

export const idParam = z.object({
  id: z.coerce
    .number({ message: 'Mã không hợp lệ' })
    .int({ message: 'Mã không hợp lệ' })
    .positive({ message: 'Mã không hợp lệ' })
    .max(2_147_483_647, { message: 'Mã không hợp lệ' }),
});

export const positiveId = (message = 'Mã không hợp lệ') =>
  z.coerce.number({ message }).int({ message }).positive({ message }).max(2_147_483_647, { message });

/** '' or only spaces, as a form sends an untouched optional field: read as absent. */
export const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** An optional field whose blank value means "not given"; anything else meets the field's own message. */
export const optionalBlank = <T extends z.ZodType>(schema: T) =>
  z.preprocess(blankToUndefined, schema.optional());

export const phoneSchema = z
  .string({ message: 'Vui lòng nhập số điện thoại' })
  .trim()
  // An empty box asks for the number; only something typed can be "không hợp lệ".
  .min(1, { message: 'Vui lòng nhập số điện thoại' })
  .transform((v) => v.replace(/[\s.-]/g, ''))
  .refine((v) => VN_PHONE.test(v), { message: 'Số điện thoại không hợp lệ' })
  .transform((v) => (v.startsWith('+84') ? `0${v.slice(3)}` : v.startsWith('84') ? `0${v.slice(2)}` : v));

export const emailSchema = z
  .string({ message: 'Vui lòng nhập email' })
  .trim()
  .max(200, { message: 'Email quá dài' })
  .email({ message: 'Email không hợp lệ' })
  .transform((v) => v.toLowerCase());

/** Strings people type: trimmed, no control characters, bounded. */
export const text = (label: string, max: number) =>
  z
    .string({ message: `${label} không hợp lệ` })
    .trim()
    .max(max, { message: `${label} tối đa ${max} ký tự` })
    .refine((v) => !CONTROL_CHARS.test(v), {
      message: `${label} chứa ký tự không hợp lệ`,
    });

export const requiredText = (label: string, max: number) =>
  text(label, max).refine((v) => v.length > 0, { message: `Vui lòng nhập ${label.toLowerCase()}` });

/** The box on the public forms; ticked, the showroom's messages reach the visitor's Zalo by phone number. */
export const ZALO_CONSENT_LABEL = 'Nhận thông báo qua Zalo';

/** "Nhận thông báo qua Zalo" as a form sends it (JSON true/false, or 'true'/'on' from a multipart form). */
export const zaloConsentField = z.preprocess(
  (v) => (v === 'true' || v === 'on' ? true : v === 'false' || v === '' ? false : v),
  z.boolean({ message: 'Lựa chọn nhận thông báo qua Zalo không hợp lệ' }).optional(),
);
