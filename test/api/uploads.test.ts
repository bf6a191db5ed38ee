import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  detectImage,
  imageView,
  prepareImage,
  saveImage,
  variantKeys,
} from '../../src/server/platform/images';
import { startTestApp, type TestApp } from '../helpers/app';
import { ON_S3 } from '../helpers/storage';
import { gpsJpeg, hasGps, multipart, noisePng, pdfBytes } from './cars-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('image pipeline (platform/images.ts)', () => {
  it('detects formats by their bytes, not by name', async () => {
    expect(detectImage(await gpsJpeg())).toBe('jpeg');
    expect(
      detectImage(
        await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
          .png()
          .toBuffer(),
      ),
    ).toBe('png');
    expect(
      detectImage(
        await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
          .webp()
          .toBuffer(),
      ),
    ).toBe('webp');
    expect(
      detectImage(
        await sharp({ create: { width: 16, height: 16, channels: 3, background: '#fff' } })
          .avif()
          .toBuffer(),
      ),
    ).toBe('avif');
    expect(detectImage(pdfBytes())).toBeNull();
    expect(detectImage(Buffer.from('GIF89a'))).toBeNull();
  });

  it('re-encodes to WebP in three widths, auto-rotated, without EXIF/GPS', async () => {
    const input = await gpsJpeg({ width: 2000, height: 1200, orientation: 6 });
    expect(hasGps((await sharp(input).metadata()).exif)).toBe(true);
    const out = await prepareImage(input, 'xe.jpg');
    expect(out.width).toBe(1200); // rotated: portrait now
    expect(out.height).toBe(2000);
    expect(out.variants.map((v) => v.width)).toEqual([480, 960, 1600]);
    for (const v of out.variants) {
      const meta = await sharp(v.data).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(meta.width).toBe(Math.min(v.width, 1200));
    }
  });

  it('refuses a PDF with 415 and a Vietnamese message', async () => {
    await expect(prepareImage(pdfBytes(), 'giay-to.jpg')).rejects.toMatchObject({ status: 415 });
  });

  it('srcset lists real widths and never enlarges', async () => {
    const small = await sharp({ create: { width: 700, height: 400, channels: 3, background: '#123' } })
      .jpeg()
      .toBuffer();
    const stored = await saveImage(t.ctx.storage, 'test', small);
    const view = imageView(t.ctx.storage, stored.key, stored.width, stored.height);
    expect(view.srcset).toBe(`${view.urls[480]} 480w, ${view.urls[960]} 700w`);
    expect(view.src).toBe(view.urls[960]);
    expect(Object.keys(view.urls)).toEqual(['480', '960', '1600']);
    expect(JSON.parse(JSON.stringify(view))).toEqual(view);
  });
});

describe('GET /api/uploads/*', () => {
  it('serves a stored image with long cache, its type, nosniff and inline disposition', async () => {
    // The api-s3 project stores in s3rver: the same assertions hold for both kinds.
    expect(t.ctx.storage.kind).toBe(ON_S3 ? 's3' : 'local');
    const stored = await saveImage(t.ctx.storage, 'test', await gpsJpeg());
    expect(await t.storedNames('test')).toEqual(
      expect.arrayContaining(variantKeys(stored.key).map((k) => k.slice(5))),
    );
    const url = imageView(t.ctx.storage, stored.key, stored.width, stored.height).urls[480];
    expect(url).toMatch(/^\/api\/uploads\/test\/[0-9a-f]{24}-480\.webp$/);
    const res = await t.call('GET', url);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe('inline');
    expect(Number(res.headers['content-length'])).toBeGreaterThan(100);
    for (const key of variantKeys(stored.key)) await t.ctx.storage.delete(key);
    expect((await t.call('GET', url)).status).toBe(404);
  });

  it('answers 404 for a missing file and for a path that tries to climb out', async () => {
    expect((await t.call('GET', '/api/uploads/cars/khong-co-480.webp')).status).toBe(404);
    expect((await t.call('GET', '/api/uploads/../secrets/jwt-secret')).status).toBe(404);
    expect((await t.call('GET', '/api/uploads/%2e%2e/secrets/jwt-secret.webp')).status).toBe(404);
    expect((await t.call('GET', '/api/uploads/a/../../x.webp')).status).toBe(404);
  });
});

describe('multipart limits', () => {
  it('the fixtures build a multipart body (used by the car tests)', () => {
    const m = multipart([
      { name: 'car', value: '{}' },
      { name: 'images', filename: 'a.png', type: 'image/png', data: Buffer.from('x') },
    ]);
    expect(m.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(m.payload.includes(Buffer.from('filename="a.png"'))).toBe(true);
  });

  it('makes an 11 MB image for the 413 test', async () => {
    const big = await noisePng(11);
    expect(big.length).toBeGreaterThan(11 * 1024 * 1024);
  });
});
