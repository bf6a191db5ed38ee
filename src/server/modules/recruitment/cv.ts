import { join } from 'node:path';
import { stripVietnameseMarks } from '../../../contract/text';
import type { Config } from '../../config';
import { ApiError } from '../../platform/errors';
import { LocalStorage, S3Storage, type Storage } from '../../platform/storage';

export type CvKind = 'pdf' | 'docx';

export const CV_CONTENT_TYPES: Record<CvKind, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

export const CV_TYPE_MESSAGE = 'CV phải là tệp PDF hoặc Word (.docx)';

/** ZIP entry names from the central directory, or null when the bytes are not a readable ZIP. */
export function zipEntryNames(buf: Buffer): string[] | null {
  if (buf.length < 22 || buf.readUInt32LE(0) !== 0x04034b50) return null;
  // End of central directory: 22 bytes plus a comment of at most 65535 bytes, at the very end.
  const floor = Math.max(0, buf.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = buf.length - 22; i >= floor; i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const entries = buf.readUInt16LE(eocd + 10);
  let offset = buf.readUInt32LE(eocd + 16);
  const names: string[] = [];
  for (let n = 0; n < entries && n < 10_000; n++) {
    if (offset + 46 > buf.length || buf.readUInt32LE(offset) !== 0x02014b50) return null;
    const nameLength = buf.readUInt16LE(offset + 28);
    const extraLength = buf.readUInt16LE(offset + 30);
    const commentLength = buf.readUInt16LE(offset + 32);
    if (offset + 46 + nameLength > buf.length) return null;
    names.push(buf.toString('utf8', offset + 46, offset + 46 + nameLength));
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

/**
 * What a CV really is, by its bytes (never its name or declared type): a PDF starts with "%PDF-"; a
 * Word document is a ZIP holding word/document.xml. A macro-enabled document (word/vbaProject.bin)
 * is refused. Anything else: 415.
 */
export function detectCv(buf: Buffer): CvKind {
  if (buf.length >= 5 && buf.toString('latin1', 0, 5) === '%PDF-') return 'pdf';
  const names = zipEntryNames(buf);
  if (names?.includes('word/document.xml')) {
    if (names.some((n) => n.toLowerCase() === 'word/vbaproject.bin')) {
      throw new ApiError(415, 'Không nhận tệp Word có macro, vui lòng lưu CV dạng .docx hoặc PDF');
    }
    return 'docx';
  }
  throw new ApiError(415, CV_TYPE_MESSAGE);
}

/** The visitor's file name, cleaned for a header and given the extension of its real type. */
export function cvFileName(original: string, kind: CvKind): string {
  const base =
    original
      .split(/[\\/]/)
      .pop()!
      .replace(/[\p{Cc}"<>|:*?]/gu, '')
      .trim()
      .slice(0, 150) || 'cv';
  const stem = base.replace(/\.(pdf|docx?|zip)$/i, '') || 'cv';
  return `${stem}.${kind}`;
}

/** Content-Disposition for a download: ASCII fallback plus the UTF-8 name (RFC 6266 / 5987). */
export function attachmentHeader(fileName: string): string {
  const ascii = stripVietnameseMarks(fileName)
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\;]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * CVs go through the same Storage interface as pictures, but never where GET /api/uploads/* reads:
 * on disk in DATA_DIR/private (outside DATA_DIR/uploads); in S3 under the "_private" prefix, which
 * no upload key can name (keys start with a letter or digit). Only the staff download route reads them.
 */
export function createPrivateStorage(config: Pick<Config, 'dataDir' | 's3'>): Storage {
  if (config.s3) {
    const prefix = config.s3.prefix ? `${config.s3.prefix}/_private` : '_private';
    return new S3Storage({ ...config.s3, prefix, publicUrl: null });
  }
  return new LocalStorage(join(config.dataDir, 'private'));
}
