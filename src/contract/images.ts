import { z } from 'zod';
/** Uploaded images as the web receives them (car photos, banners, blog covers): see server/platform/images.ts. */

/** Widths every image is stored in (WebP). */
export const IMAGE_WIDTHS = [480, 960, 1600] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** At most 10 MB per image; accepted by content: JPEG, PNG, WebP, HEIC/AVIF where the server reads it. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_IMAGE_MB = 10;
/** For <input type="file" accept=...>; the server still checks the bytes. */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/heif,image/avif,.heic,.heif';

/**
 * What <img src srcset width height> needs: `src` is the 960 px image, `srcset` lists the real widths
 * (a small original is never enlarged), width/height give the aspect ratio so nothing jumps.
 */
export const imageViewSchema = z.object({
  src: z.string(),
  srcset: z.string(),
  width: z.number(),
  height: z.number(),
  urls: z.object({ 480: z.string(), 960: z.string(), 1600: z.string() }),
});
export type ImageView = { urls: Record<ImageWidth, string> } & Omit<z.infer<typeof imageViewSchema>, 'urls'>;

export type StoredImageView = ImageView;
