import { z } from 'zod';
import { pageQuery, requiredText, text } from './common';
import { imageViewSchema, MAX_IMAGE_BYTES } from './images';

/** Banner image upload limit (the image is re-encoded to WebP in several widths). */
export const SLIDER_IMAGE_MAX_BYTES = MAX_IMAGE_BYTES;

// The link rules live without zod (the home page's banner imports them); re-exported here.
export { isExternalLink, isInternalLink } from './links';

import { isExternalLink, isInternalLink } from './links';

/** A link on our site (/cars, /blogs/3) or a full http(s) address. */
const link = z
  .string({ message: 'Đường dẫn không hợp lệ' })
  .trim()
  .max(500, { message: 'Đường dẫn tối đa 500 ký tự' })
  .refine((v) => v === '' || isInternalLink(v) || isExternalLink(v), {
    message: 'Đường dẫn phải bắt đầu bằng / hoặc http(s)://',
  });

const order = z.coerce
  .number({ message: 'Thứ tự không hợp lệ' })
  .int({ message: 'Thứ tự phải là số nguyên' })
  .min(0, { message: 'Thứ tự không được âm' })
  .max(9999, { message: 'Thứ tự tối đa 9999' });
const active = z.boolean({ message: 'Trạng thái không hợp lệ' });

/** The `slider` JSON part of POST overview/sliders. */
export const sliderBody = z.object({
  title: requiredText('Tiêu đề', 150),
  subtitle: text('Mô tả ngắn', 300).optional().default(''),
  link: link.optional().default(''),
  buttonText: text('Chữ trên nút', 40).optional().default(''),
  order: order.optional().default(0),
  active: active.optional().default(true),
});

/** PUT overview/slider/{overviewId}: the fields given change, the others stay. */
export const sliderUpdateBody = z.object({
  title: requiredText('Tiêu đề', 150).optional(),
  subtitle: text('Mô tả ngắn', 300).optional(),
  link: link.optional(),
  buttonText: text('Chữ trên nút', 40).optional(),
  order: order.optional(),
  active: active.optional(),
});
export type SliderUpdateBody = z.input<typeof sliderUpdateBody>;
export type SliderBody = z.input<typeof sliderBody>;
export type SliderInput = z.output<typeof sliderBody>;

export const sliderAdminQuery = pageQuery(5).extend({
  active: z
    .enum(['true', 'false'], { message: 'Trạng thái không hợp lệ' })
    .transform((v) => v === 'true')
    .optional(),
});
export const overviewIdParam = z.object({
  overviewId: z.coerce
    .number({ message: 'Mã không hợp lệ' })
    .int({ message: 'Mã không hợp lệ' })
    .positive({ message: 'Mã không hợp lệ' })
    .max(2_147_483_647, { message: 'Mã không hợp lệ' }),
});

export const sliderViewSchema = z.object({
  overviewId: z.number(),
  title: z.string(),
  subtitle: z.string(),
  link: z.string(),
  buttonText: z.string(),
  order: z.number(),
  image: imageViewSchema.nullable(),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SliderView = z.infer<typeof sliderViewSchema>;
