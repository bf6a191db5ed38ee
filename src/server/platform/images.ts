/*
 * Usage (banners, blog covers, car photos):
 *   const files = await readMultipart(req, { json: 'blog', files: 'imageFile', maxFiles: 1, prepare: prepareImage });
 *   const stored = await storeImage(ctx.storage, 'blogs', files.files[0].prepared);  // after validation passes
 *   save stored.key (the base key) in your row; send imageView(ctx.storage, row.key, row.width, row.height) to the web
 *   and, after deleting the row (post-commit), deleteQuietly(ctx.storage, variantKeys(row.key)).
 */
import sharp, { type OutputInfo } from 'sharp';
import { IMAGE_WIDTHS, type ImageView, type ImageWidth } from '../../contract/images';
import { ApiError } from './errors';
import { deleteQuietly, newKeyBase, type Storage } from './storage';

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'heif' | 'avif';

export { IMAGE_WIDTHS, type ImageView, type ImageWidth };

/** Largest picture we decode (a decompression bomb guard): 100 megapixels. */
const MAX_PIXELS = 100_000_000;

export const UNSUPPORTED_IMAGE_MESSAGE = 'Chỉ chấp nhận ảnh JPEG, PNG, WebP hoặc HEIC';

const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);
const AVIF_BRANDS = new Set(['avif', 'avis']);

/** The format named by the file's first bytes (never by its name or declared type), or null. */
export function detectImage(buf: Buffer): ImageFormat | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (
    buf.length >= 8 &&
    buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'png';
  }
  if (
    buf.length >= 12 &&
    buf.toString('latin1', 0, 4) === 'RIFF' &&
    buf.toString('latin1', 8, 12) === 'WEBP'
  ) {
    return 'webp';
  }
  if (buf.length >= 12 && buf.toString('latin1', 4, 8) === 'ftyp') {
    const major = buf.toString('latin1', 8, 12);
    if (AVIF_BRANDS.has(major)) return 'avif';
    if (HEIF_BRANDS.has(major)) return 'heif';
    // Compatible brands follow the minor version (bytes 16..box size).
    const size = Math.min(buf.readUInt32BE(0), buf.length, 256);
    for (let i = 16; i + 4 <= size; i += 4) {
      const brand = buf.toString('latin1', i, i + 4);
      if (AVIF_BRANDS.has(brand)) return 'avif';
      if (HEIF_BRANDS.has(brand)) return 'heif';
    }
  }
  return null;
}

export interface PreparedImage {
  format: ImageFormat;
  /** Size after auto-rotation, capped at the largest width. */
  width: number;
  height: number;
  variants: { width: ImageWidth; data: Buffer }[];
}

/**
 * Checks the content, auto-rotates by EXIF orientation, and re-encodes to WebP in IMAGE_WIDTHS
 * (never enlarged). Output carries no metadata: EXIF (GPS, camera serials), XMP and ICC are dropped.
 * Throws ApiError 415 when the bytes are not an image we read.
 */
export async function prepareImage(buf: Buffer, filename = ''): Promise<PreparedImage> {
  const format = detectImage(buf);
  const name = filename ? `"${filename}" ` : '';
  if (!format) throw new ApiError(415, `Tệp ${name}không phải ảnh hợp lệ. ${UNSUPPORTED_IMAGE_MESSAGE}`);
  const largest = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];
  let base: { data: Buffer; info: OutputInfo };
  try {
    base = await sharp(buf, { limitInputPixels: MAX_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: largest, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    const hint = format === 'heif' ? ' Ảnh HEIC này chưa đọc được, vui lòng chuyển sang JPEG.' : '';
    throw new ApiError(415, `Không đọc được ảnh ${name}(tệp hỏng hoặc quá lớn).${hint}`.replace('  ', ' '));
  }
  const { width, height, channels } = base.info;
  const variants: PreparedImage['variants'] = [];
  for (const w of IMAGE_WIDTHS) {
    const previous = variants[variants.length - 1];
    if (previous && Math.min(previous.width, width) === Math.min(w, width)) {
      // A small original is not enlarged: the wider key holds the same picture.
      variants.push({ width: w, data: previous.data });
      continue;
    }
    const data = await sharp(base.data, { raw: { width, height, channels } })
      .resize({ width: Math.min(w, width) })
      .webp({ quality: w <= 480 ? 75 : 80, effort: 2 })
      .toBuffer();
    variants.push({ width: w, data });
  }
  return { format, width, height, variants };
}

export interface StoredImage {
  /** Base key, e.g. "cars/9c1e…"; each width lives at `${key}-${width}.webp`. */
  key: string;
  width: number;
  height: number;
}

export function variantKey(key: string, width: ImageWidth): string {
  return `${key}-${width}.webp`;
}

export function variantKeys(key: string): string[] {
  return IMAGE_WIDTHS.map((w) => variantKey(key, w));
}

/** Writes the widths of a prepared image under a new key in the folder ("cars", "banners", "blogs"). */
export async function storeImage(
  storage: Storage,
  folder: string,
  image: PreparedImage,
): Promise<StoredImage> {
  const key = newKeyBase(folder);
  const written: string[] = [];
  try {
    for (const v of image.variants) {
      const k = variantKey(key, v.width);
      await storage.put(k, v.data, 'image/webp');
      written.push(k);
    }
  } catch (err) {
    for (const k of written) await storage.delete(k).catch(() => {});
    throw err;
  }
  return { key, width: image.width, height: image.height };
}

type Log = { warn(obj: unknown, msg: string): void };

/**
 * A change that records new images: their files are written first, then `write` runs (its transaction
 * refers to them); when the write fails the files are removed again, so a refused change leaves none.
 */
export async function withStoredImages<T>(
  storage: Storage,
  folder: string,
  images: readonly PreparedImage[],
  write: (stored: StoredImage[]) => Promise<T>,
  log?: Log,
): Promise<T> {
  const stored: StoredImage[] = [];
  try {
    for (const image of images) stored.push(await storeImage(storage, folder, image));
    return await write(stored);
  } catch (err) {
    await discardImages(storage, stored, log);
    throw err;
  }
}

/** withStoredImages for at most one image (a banner, a cover). */
export function withStoredImage<T>(
  storage: Storage,
  folder: string,
  image: PreparedImage | null,
  write: (stored: StoredImage | null) => Promise<T>,
  log?: Log,
): Promise<T> {
  return withStoredImages(storage, folder, image ? [image] : [], (stored) => write(stored[0] ?? null), log);
}

/** Removes stored images' files (an image replaced or deleted, after the commit); failures are logged. */
export async function discardImages(
  storage: Storage,
  images: readonly (StoredImage | { key: string } | null | undefined)[],
  log?: Log,
): Promise<void> {
  for (const image of images) if (image) await deleteQuietly(storage, variantKeys(image.key), log);
}

/** prepareImage + storeImage in one step. */
export async function saveImage(
  storage: Storage,
  folder: string,
  buf: Buffer,
  filename = '',
): Promise<StoredImage> {
  return storeImage(storage, folder, await prepareImage(buf, filename));
}

/** The contract's ImageView of a stored image: widths in srcset are the real ones (no enlargement). */
export function imageView(storage: Storage, key: string, width: number, height: number): ImageView {
  // Filled from the widest width down: an object whose first integer key is 1600 keeps its keys in a
  // dictionary, while one filled upwards holds 1,600 slots that JSON.stringify walks one by one (an
  // uncached list of 12 cars took three times as long to serialise).
  const urls = {} as Record<ImageWidth, string>;
  for (let i = IMAGE_WIDTHS.length - 1; i >= 0; i--) {
    const w = IMAGE_WIDTHS[i];
    urls[w] = storage.url(variantKey(key, w));
  }
  let srcset = '';
  let previous = 0;
  for (const w of IMAGE_WIDTHS) {
    const real = Math.min(w, width);
    if (real === previous) continue;
    previous = real;
    srcset += `${srcset ? ', ' : ''}${urls[w]} ${real}w`;
  }
  return { src: urls[960], srcset, width, height, urls };
}
