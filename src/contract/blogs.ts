import { z } from 'zod';
import { BLOG_CATEGORIES, BLOG_PAGE_SIZE } from './blogs-labels';
import { pageQuery, requiredText, text } from './common';
import { imageViewSchema } from './images';

// Categories, labels and sizes live in ./blogs-labels.ts (no zod): re-exported here.
export * from './blogs-labels';

/** In a path or query: the code in any case, or with dashes (market-news). */
export const blogCategorySchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toUpperCase().replace(/-/g, '_') : v),
  z.enum(BLOG_CATEGORIES, { message: 'Chuyên mục không hợp lệ' }),
);

/** The `blog` JSON part of the add and edit forms. `content` is TipTap's HTML; the server sanitises it. */
export const blogBody = z.object({
  title: requiredText('Tiêu đề', 200),
  summary: text('Tóm tắt', 500).optional().default(''),
  content: z
    .string({ message: 'Vui lòng nhập nội dung' })
    .max(200_000, { message: 'Nội dung quá dài (tối đa 200.000 ký tự)' })
    .refine((v) => v.replace(/<[^>]*>/g, '').trim().length > 0 || /<img\s/i.test(v), {
      message: 'Vui lòng nhập nội dung',
    }),
  category: blogCategorySchema,
  active: z.boolean({ message: 'Trạng thái không hợp lệ' }).optional().default(true),
});
export type BlogBody = z.input<typeof blogBody>;

/** PUT blogs/admin/{blogId}: the whole post again; `active` left out keeps the current state. */
export const blogUpdateBody = blogBody.extend({
  active: z.boolean({ message: 'Trạng thái không hợp lệ' }).optional(),
});
export type BlogUpdateBody = z.input<typeof blogUpdateBody>;
export type BlogInput = z.output<typeof blogBody>;

export const blogPublicQuery = z.object({
  page: pageQuery(BLOG_PAGE_SIZE, 50).shape.page,
  size: pageQuery(BLOG_PAGE_SIZE, 50).shape.size,
});
export const blogAdminQuery = pageQuery(5).extend({
  category: blogCategorySchema.optional(),
  active: z
    .enum(['true', 'false'], { message: 'Trạng thái không hợp lệ' })
    .transform((v) => v === 'true')
    .optional(),
});
export const blogCategoryParam = z.object({ category: blogCategorySchema });
export const blogIdParam = z.object({
  blogId: z.coerce
    .number({ message: 'Mã không hợp lệ' })
    .int({ message: 'Mã không hợp lệ' })
    .positive({ message: 'Mã không hợp lệ' })
    .max(2_147_483_647, { message: 'Mã không hợp lệ' }),
});

export const blogCategoryInfoSchema = z.object({
  value: z.enum(BLOG_CATEGORIES),
  label: z.string(),
  /** Active posts in the category. */
  count: z.number(),
});
export type BlogCategoryInfo = z.infer<typeof blogCategoryInfoSchema>;

/** A post in a list: everything but the body. */
export const blogSummarySchema = z.object({
  blogId: z.number(),
  title: z.string(),
  slug: z.string(),
  summary: z.string(),
  category: z.enum(BLOG_CATEGORIES),
  categoryLabel: z.string(),
  image: imageViewSchema.nullable(),
  authorName: z.string().nullable(),
  publishedAt: z.string().nullable(),
  viewCount: z.number(),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BlogSummary = z.infer<typeof blogSummarySchema>;

/** A whole post: `content` is sanitised HTML, safe to render as it is. */
export const blogViewSchema = blogSummarySchema.extend({
  content: z.string(),
  authorId: z.number().nullable(),
});
export type BlogView = z.infer<typeof blogViewSchema>;
