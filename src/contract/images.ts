import { z } from 'zod';

/** Uploaded images as the web receives them (car photos, banners, blog covers): see server/platform/images.ts. */

// The limits live without zod (public pages import them); re-exported here for everyone else.
export * from './image-limits';

import type { ImageWidth } from './image-limits';

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
