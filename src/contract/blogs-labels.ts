/**
 * News categories with their labels, and list sizes, without zod: the public pages import these from
 * here; `./blogs` re-exports them.
 */
import { MAX_IMAGE_BYTES } from './image-limits';

/** The fixed news categories with the labels visitors read (category tabs on /blogs). */
export const BLOG_CATEGORIES = [
  'MARKET_NEWS',
  'BUYING_TIPS',
  'CAR_REVIEW',
  'PROMOTION',
  'SHOWROOM_NEWS',
] as const;
export type BlogCategory = (typeof BLOG_CATEGORIES)[number];
export const BLOG_CATEGORY_LABELS: Record<BlogCategory, string> = {
  MARKET_NEWS: 'Tin thị trường',
  BUYING_TIPS: 'Kinh nghiệm mua xe',
  CAR_REVIEW: 'Đánh giá xe',
  PROMOTION: 'Khuyến mãi',
  SHOWROOM_NEWS: 'Tin showroom',
};

/** Public list size; the home page asks for 4. */
export const BLOG_PAGE_SIZE = 6;
export const HOME_BLOG_COUNT = 4;
/** Cover image upload limit. */
export const BLOG_IMAGE_MAX_BYTES = MAX_IMAGE_BYTES;
