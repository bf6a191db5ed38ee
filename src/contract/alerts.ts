import { z } from 'zod';
import {
  ALERT_KINDS,
  ALERT_STATUSES,
  ALERT_ZALO_NEEDS_PHONE,
  type AlertSubscriptionView,
  FAVORITES_MAX,
  normalizeFilters,
  type SavedSearchFilters,
} from './alerts-labels';
import {
  BODY_TYPES,
  CAR_STATUSES,
  carSummarySchema,
  carsQuery,
  currentYear,
  FUELS,
  MIN_CAR_YEAR,
  TRANSMISSIONS,
} from './cars';
import { emailSchema, optionalBlank, phoneSchema, zaloConsentField } from './common';

// Limits, labels and wording live in ./alerts-labels.ts (no zod): re-exported here.
export * from './alerts-labels';

/** The lowest sell price a car can have (carInput's): a maximum below it matches nothing, ever. */
const LOWEST_CAR_PRICE = 1_000_000;

/**
 * The filters of a saved search, read exactly as GET /api/cars reads them (the same names, values and
 * messages: a reversed price or km range is refused there already), without page, size and sort; and
 * refused when no car could ever match them.
 */
export const savedSearchFilters = z
  .preprocess((v) => v ?? {}, carsQuery)
  .transform((q) => normalizeFilters(q as SavedSearchFilters))
  .superRefine((f, ctx) => {
    const next = currentYear() + 1;
    if (f.year !== undefined && f.year > next)
      ctx.addIssue({
        code: 'custom',
        path: ['year'],
        message: `Chưa thể có xe đời ${f.year}: năm sản xuất tối đa là ${next}`,
      });
    if (f.year !== undefined && f.year < MIN_CAR_YEAR)
      ctx.addIssue({
        code: 'custom',
        path: ['year'],
        message: `Showroom chỉ bán xe đời từ ${MIN_CAR_YEAR} trở lên`,
      });
    if (f.maxPrice !== undefined && f.maxPrice < LOWEST_CAR_PRICE)
      ctx.addIssue({
        code: 'custom',
        path: ['maxPrice'],
        message: 'Giá tối đa quá thấp: không có xe nào dưới 1 triệu',
      });
  });

/**
 * Where an alert reaches its owner: the e-mail (required: the sign-up is confirmed, mailed and ended by
 * it) and, optionally, a Vietnamese mobile with "Nhận thông báo qua Zalo" ticked, for the same news on
 * Zalo. The tick asks for the number.
 */
const alertContact = {
  email: emailSchema,
  phone: optionalBlank(phoneSchema),
  zaloConsent: zaloConsentField,
};

const zaloNeedsPhone = (v: { phone?: string; zaloConsent?: boolean }, ctx: z.RefinementCtx) => {
  if (v.zaloConsent && !v.phone)
    ctx.addIssue({ code: 'custom', path: ['phone'], message: ALERT_ZALO_NEEDS_PHONE });
};

/** POST /api/saved-searches: the list's current filters and where to send new matching cars. */
export const savedSearchCreateBody = z
  .object({ ...alertContact, filters: savedSearchFilters })
  .superRefine(zaloNeedsPhone);
export type SavedSearchCreate = z.output<typeof savedSearchCreateBody>;

/** POST /api/cars/{carId}/price-watch: where to say that the car's price fell. */
export const priceWatchCreateBody = z.object(alertContact).superRefine(zaloNeedsPhone);
export type PriceWatchCreate = z.output<typeof priceWatchCreateBody>;

/** A signed link's token ("u.12.<signature>"): its form only; the signature is checked by the server. */
export const alertToken = z
  .string({ message: 'Thiếu mã xác thực trong đường dẫn' })
  .trim()
  .min(1, { message: 'Thiếu mã xác thực trong đường dẫn' })
  .max(600, { message: 'Liên kết không hợp lệ' })
  .regex(/^[cuam]\.[A-Za-z0-9_-]{1,500}\.[A-Za-z0-9_-]{32}$/, { message: 'Liên kết không hợp lệ' });

export const alertTokenQuery = z.object({ token: alertToken });
export const alertTokenBody = z.object({ token: alertToken });
export const manageUnsubscribeBody = z.object({
  token: alertToken,
  subscriptionId: z.coerce
    .number({ message: 'Mã thông báo không hợp lệ' })
    .int({ message: 'Mã thông báo không hợp lệ' })
    .positive({ message: 'Mã thông báo không hợp lệ' })
    .max(2_147_483_647, { message: 'Mã thông báo không hợp lệ' }),
});

/** GET /api/favorites/cars?ids=1,5,9: the cars of a favourites list, in its order. */
export const favoritesQuery = z.object({
  ids: z.string({ message: 'Vui lòng chọn xe' }).transform((v, ctx) => {
    const parts = v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const ids = parts.map(Number);
    if (ids.length === 0 || ids.some((n) => !Number.isInteger(n) || n <= 0 || n > 2_147_483_647)) {
      ctx.addIssue({ code: 'custom', message: 'Danh sách xe yêu thích không hợp lệ' });
      return z.NEVER;
    }
    const unique = [...new Set(ids)];
    if (unique.length > FAVORITES_MAX) {
      ctx.addIssue({ code: 'custom', message: `Danh sách yêu thích có tối đa ${FAVORITES_MAX} xe` });
      return z.NEVER;
    }
    return unique;
  }),
});

// ---------------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------------

const filtersSchema = z.object({
  brand: z.string().optional(),
  bodyType: z.enum(BODY_TYPES).optional(),
  minPrice: z.number().optional(),
  maxPrice: z.number().optional(),
  minOdo: z.number().optional(),
  maxOdo: z.number().optional(),
  exteriorColor: z.string().optional(),
  interiorColor: z.string().optional(),
  year: z.number().optional(),
  size: z.number().optional(),
  carName: z.string().optional(),
  fuel: z.enum(FUELS).optional(),
  transmission: z.enum(TRANSMISSIONS).optional(),
  inspected: z.literal(true).optional(),
  oneOwner: z.literal(true).optional(),
});

export const alertSubscriptionViewSchema = z.object({
  subscriptionId: z.number(),
  kind: z.enum(ALERT_KINDS),
  kindLabel: z.string(),
  status: z.enum(ALERT_STATUSES),
  statusLabel: z.string(),
  description: z.string(),
  filters: filtersSchema.nullable(),
  listPath: z.string().nullable(),
  carId: z.number().nullable(),
  carName: z.string().nullable(),
  carPrice: z.number().nullable(),
  carStatus: z.enum(CAR_STATUSES).nullable(),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
}) satisfies z.ZodType<AlertSubscriptionView>;

/** A sign-up's answer: 201 when new (a confirmation e-mail is on its way), 200 when it already existed. */
export const alertSignupAnswerSchema = z.object({
  subscription: alertSubscriptionViewSchema,
  /** A confirmation e-mail was sent by this request. */
  confirmationSent: z.boolean(),
  message: z.string(),
});
export type AlertSignupAnswer = z.infer<typeof alertSignupAnswerSchema>;

export const alertConfirmAnswerSchema = z.object({
  subscription: alertSubscriptionViewSchema,
  /** Opens the page of every subscription of this address (/alerts/manage?token=). */
  manageToken: z.string(),
});
export type AlertConfirmAnswer = z.infer<typeof alertConfirmAnswerSchema>;

/** What an unsubscribe link covers (GET) or ended (POST). */
export const alertUnsubscribeAnswerSchema = z.object({
  /** One subscription ('one') or every subscription of the address ('all'). */
  scope: z.enum(['one', 'all']),
  /** 'ng***@gmail.com' */
  email: z.string(),
  subscriptions: z.array(alertSubscriptionViewSchema),
  /** POST: how many were ended by this request (0 when they had been already). */
  ended: z.number(),
  manageToken: z.string(),
});
export type AlertUnsubscribeAnswer = z.infer<typeof alertUnsubscribeAnswerSchema>;

export const alertManageViewSchema = z.object({
  email: z.string(),
  /** Waiting and confirmed subscriptions, newest first. */
  subscriptions: z.array(alertSubscriptionViewSchema),
  limit: z.number(),
});
export type AlertManageView = z.infer<typeof alertManageViewSchema>;

export const digestRunAnswerSchema = z.object({
  /** The day (yyyy-mm-dd, Vietnam) the digest counts for. */
  day: z.string(),
  /** Addresses with something new that were mailed now. */
  sent: z.number(),
  /** Addresses already mailed that day (left alone). */
  alreadySent: z.number(),
  /** Addresses whose mail could not be sent (tried again on the job's next attempt). */
  failed: z.number(),
});
export type DigestRunAnswer = z.infer<typeof digestRunAnswerSchema>;

export const favoriteCarsSchema = z.array(carSummarySchema);
