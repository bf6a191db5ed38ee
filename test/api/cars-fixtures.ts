import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

export interface Part {
  name: string;
  value?: string;
  filename?: string;
  type?: string;
  data?: Buffer;
}

/** A multipart/form-data body for app.inject(): payload + content-type header. */
export function multipart(parts: Part[]) {
  const boundary = `----vitest${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"`;
    if (p.filename !== undefined) head += `; filename="${p.filename}"`;
    head += '\r\n';
    if (p.type) head += `Content-Type: ${p.type}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`), p.data ?? Buffer.from(p.value ?? '', 'utf8'), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A real JPEG carrying GPS coordinates (Hồ Chí Minh City) in its EXIF. */
export async function gpsJpeg(opts: { width?: number; height?: number; orientation?: number; color?: string } = {}) {
  const { width = 1200, height = 800, orientation, color = '#b22222' } = opts;
  let img = sharp({ create: { width, height, channels: 3, background: color } }).jpeg({ quality: 85 });
  img = img.withExif({
    IFD0: { Make: 'VitestCam', Model: 'GPS 1' },
    IFD3: {
      GPSLatitudeRef: 'N',
      GPSLatitude: '10/1 46/1 3000/100',
      GPSLongitudeRef: 'E',
      GPSLongitude: '106/1 42/1 1500/100',
    },
  });
  if (orientation) img = img.withMetadata({ orientation });
  return img.toBuffer();
}

/** True when an EXIF block carries a GPS IFD (tag 0x8825) */
export function hasGps(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  return exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));
}

export function pdfBytes(): Buffer {
  return Buffer.from(
    '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  );
}

/** A PNG of random pixels (incompressible) a little over `mb` megabytes. */
export async function noisePng(mb: number): Promise<Buffer> {
  const width = 2048;
  const height = Math.ceil((mb * 1024 * 1024) / (width * 3)) + 16;
  const raw = randomBytes(width * height * 3);
  return sharp(raw, { raw: { width, height, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
}

export async function smallJpeg(color = '#336699', width = 800, height = 600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } }).jpeg().toBuffer();
}
