import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { fileAnswer } from '../../contract/common';
import { MAX_IMAGE_BYTES } from '../../contract/images';
import type { App } from '../context';
import { ApiError, badRequest, notFound } from './errors';
import { isValidKey, type Storage, UPLOADS_ROUTE } from './storage';

export { MAX_IMAGE_BYTES };
/** At most this many files in one request (and photos per car). */
export const MAX_FILES_PER_REQUEST = 20;
const MAX_JSON_BYTES = 1_048_576;

/** Limits handed to @fastify/multipart once in app.ts; readMultipart narrows them per route. */
export const MULTIPART_LIMITS = {
  fieldNameSize: 100,
  fieldSize: MAX_JSON_BYTES,
  fields: 20,
  fileSize: MAX_IMAGE_BYTES,
  files: MAX_FILES_PER_REQUEST + 2,
  headerPairs: 200,
  parts: MAX_FILES_PER_REQUEST + 22,
};

const MB = 1024 * 1024;

export interface MultipartOptions<T> {
  /** Name of the part holding the JSON document (a text field or a Blob of type application/json). */
  json?: string;
  /** Names of the file parts accepted (e.g. 'images'); any other file part is refused. */
  files?: string | string[];
  /** How many files at most (default 20). */
  maxFiles?: number;
  /** Size of one file at most (default 10 MB). */
  maxFileBytes?: number;
  /** Runs on each file as it arrives (e.g. prepareImage), so only the processed result is kept in memory. */
  prepare?: (buf: Buffer, filename: string) => Promise<T>;
  /** Also accept a plain JSON body (no files) instead of multipart: handy for edits without photos. */
  allowJsonBody?: boolean;
}

export interface ReceivedFile<T> {
  field: string;
  filename: string;
  size: number;
  prepared: T;
}

export interface MultipartResult<T> {
  json: unknown;
  fields: Record<string, string>;
  files: ReceivedFile<T>[];
}

function tooLarge(filename: string, max: number) {
  const mb = Math.round((max / MB) * 10) / 10;
  return new ApiError(413, `Ảnh "${filename}" vượt quá dung lượng tối đa ${mb} MB`);
}

function tooMany(max: number) {
  return new ApiError(413, `Chỉ được tải lên tối đa ${max} ảnh mỗi lần`);
}

function parseJson(raw: unknown, field: string): unknown {
  if (typeof raw !== 'string') return raw;
  try {
    return JSON.parse(raw);
  } catch {
    throw badRequest(`Phần dữ liệu "${field}" không phải JSON hợp lệ`);
  }
}

async function readBuffer(part: MultipartFile, max: number): Promise<Buffer> {
  try {
    const buf = await part.toBuffer();
    if (buf.length > max) throw tooLarge(part.filename, max);
    return buf;
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' || part.file.truncated) {
      throw tooLarge(part.filename || part.fieldname, max);
    }
    throw err;
  }
}

/**
 * Reads a multipart request: one JSON part and file parts, with limits. Files are identified by their
 * content later (prepare), never by name or declared type. Errors: 413 (too large, too many),
 * 415 (not multipart, or prepare refused the content), 400 (bad JSON, unknown file part).
 */
export async function readMultipart<T = Buffer>(
  req: FastifyRequest,
  opts: MultipartOptions<T> = {},
): Promise<MultipartResult<T>> {
  const maxFiles = opts.maxFiles ?? MAX_FILES_PER_REQUEST;
  const maxBytes = opts.maxFileBytes ?? MAX_IMAGE_BYTES;
  const fileFields = new Set([opts.files ?? []].flat());
  const prepare = opts.prepare ?? (async (buf: Buffer) => buf as unknown as T);

  if (!req.isMultipart()) {
    if (opts.allowJsonBody && req.body !== undefined && /json/i.test(req.headers['content-type'] ?? '')) {
      return { json: req.body, fields: {}, files: [] };
    }
    throw new ApiError(415, 'Yêu cầu phải ở dạng multipart/form-data');
  }

  const result: MultipartResult<T> = { json: undefined, fields: {}, files: [] };
  const parts = req.parts({
    limits: {
      ...MULTIPART_LIMITS,
      fileSize: maxBytes,
      files: Math.min(maxFiles, MULTIPART_LIMITS.files - 2) + 2,
    },
  });
  try {
    for await (const part of parts) {
      if (part.type === 'file') {
        if (opts.json && part.fieldname === opts.json) {
          const buf = await readBuffer(part, MAX_JSON_BYTES);
          result.json = parseJson(buf.toString('utf8'), opts.json);
          continue;
        }
        if (!fileFields.has(part.fieldname)) {
          await part.toBuffer().catch(() => {});
          throw badRequest(`Trường tệp "${part.fieldname}" không được hỗ trợ`);
        }
        if (result.files.length >= maxFiles) throw tooMany(maxFiles);
        const buf = await readBuffer(part, maxBytes);
        if (buf.length === 0) continue; // an empty file input submits an empty part
        const filename = part.filename || part.fieldname;
        result.files.push({
          field: part.fieldname,
          filename,
          size: buf.length,
          prepared: await prepare(buf, filename),
        });
      } else if (opts.json && part.fieldname === opts.json) {
        if (part.valueTruncated) throw new ApiError(413, `Phần dữ liệu "${opts.json}" quá lớn`);
        result.json = parseJson(part.value, opts.json);
      } else if (typeof part.value === 'string') {
        result.fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') throw tooMany(maxFiles);
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      const part = (err as { part?: MultipartFile }).part;
      throw tooLarge(part?.filename || 'tải lên', maxBytes);
    }
    // The multipart parser's own errors (a form cut short, a missing boundary) are the client's fault.
    if (!code && !(err instanceof ApiError) && /multipart|boundary/i.test((err as Error)?.message ?? '')) {
      throw badRequest('Dữ liệu multipart/form-data không hợp lệ hoặc bị cắt ngang');
    }
    throw err;
  }
  return result;
}

/** Parses the JSON part with a contract schema; 400 with the first Vietnamese message and a field map. */
export function parseJsonPart<S extends z.ZodType>(schema: S, value: unknown, field: string): z.output<S> {
  if (value === undefined) throw badRequest(`Thiếu phần dữ liệu "${field}"`);
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.') || '_';
    if (!errors[key]) errors[key] = issue.message;
  }
  throw badRequest(Object.values(errors)[0] ?? 'Dữ liệu không hợp lệ', errors);
}

/**
 * GET /api/uploads/* : serves stored files. Keys are content-addressed by a random name and never
 * rewritten, so the answer is cached for a year; nosniff and inline disposition keep a browser from
 * treating an image as anything else.
 */
export function uploadRoutes(storage: Storage) {
  return async (app: App) => {
    app.get(
      `${UPLOADS_ROUTE.replace(/^\/api/, '')}/*`,
      {
        config: { access: 'public' },
        schema: {
          response: { 200: fileAnswer('Ảnh đã lưu (WebP)', 'image/webp') },
          tags: ['Tệp tải lên'],
          summary: 'Tệp đã tải lên (ảnh xe, banner, ảnh bài viết)',
        },
      },
      async (req, reply) => {
        const key = (req.params as { '*': string })['*'];
        if (!isValidKey(key)) throw notFound('Không tìm thấy tệp');
        const object = await storage.get(key);
        if (!object) throw notFound('Không tìm thấy tệp');
        reply
          .header('content-type', object.contentType)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          .header('content-disposition', 'inline')
          // Public pictures, embedded by other sites' pages: the alert e-mails a webmail shows, share previews.
          .header('cross-origin-resource-policy', 'cross-origin');
        if (object.size !== null) reply.header('content-length', object.size);
        return reply.send(object.body);
      },
    );
  };
}
