/**
 * Uploaded images' widths and limits, without zod: the public pages import these (a blog card, a banner)
 * and must not pull the schema library in with them. ./images re-exports them with the view schema.
 */

/** Widths every image is stored in (WebP). */
export const IMAGE_WIDTHS = [480, 960, 1600] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** At most 10 MB per image; accepted by content: JPEG, PNG, WebP, HEIC/AVIF where the server reads it. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_IMAGE_MB = 10;
/** For <input type="file" accept=...>; the server still checks the bytes. */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/heif,image/avif,.heic,.heif';
