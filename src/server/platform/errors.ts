import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError, z } from 'zod';

// Schemas give their own Vietnamese messages; whatever they leave to zod's defaults is Vietnamese too.
z.config(z.locales.vi());
const ZOD_DEFAULT = /^Đầu vào không hợp lệ/;

import type { ApiErrorBody } from '../../contract/common';

/** An answer we chose to give: its status and Vietnamese message go to the client as they are. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string>,
    /** Seconds before a refused caller may try again (429): sent as Retry-After. */
    readonly retryAfterSeconds?: number,
    /** More for the caller beside the message (a held car's similar cars). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) =>
  new ApiError(400, message, errors);
export const unauthorized = (message = 'Vui lòng đăng nhập để tiếp tục') => new ApiError(401, message);
export const forbidden = (message = 'Bạn không có quyền thực hiện thao tác này') =>
  new ApiError(403, message);
export const notFound = (message = 'Không tìm thấy dữ liệu') => new ApiError(404, message);
export const conflict = (message: string) => new ApiError(409, message);
export const unprocessable = (message: string) => new ApiError(422, message);
export const tooMany = (
  message = 'Bạn thao tác quá nhanh, vui lòng thử lại sau ít phút',
  retryAfterSeconds?: number,
) => new ApiError(429, message, undefined, retryAfterSeconds);

const PG_CODES: Record<string, [number, string]> = {
  '23505': [409, 'Dữ liệu đã tồn tại'],
  '23001': [409, 'Dữ liệu đang được sử dụng'],
  '23503': [409, 'Dữ liệu đang được sử dụng hoặc tham chiếu không tồn tại'],
  '22P02': [400, 'Dữ liệu không hợp lệ'],
  '22003': [400, 'Giá trị số quá lớn'],
  '22001': [400, 'Dữ liệu quá dài'],
  '22021': [400, 'Dữ liệu chứa ký tự không hợp lệ'],
  '54000': [400, 'Dữ liệu quá lớn'],
};

export function pgCode(err: unknown): string | undefined {
  let current: unknown = err;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const DATABASE_UNAVAILABLE_MESSAGE = 'Cơ sở dữ liệu tạm thời không sẵn sàng, vui lòng thử lại sau';
export const DATABASE_TIMEOUT_MESSAGE =
  'Máy chủ đang bận, yêu cầu mất quá nhiều thời gian. Vui lòng thử lại sau';
export const STORAGE_FULL_MESSAGE =
  'Máy chủ hết dung lượng lưu trữ, không lưu được tệp. Vui lòng báo quản trị viên và thử lại sau';

/** Marks an error raised while opening a PostgreSQL connection (db/client.ts). */
const FROM_DATABASE = Symbol.for('showroom.fromDatabase');

export function markDatabaseError<E>(err: E): E {
  if (err && typeof err === 'object') (err as Record<symbol, boolean>)[FROM_DATABASE] = true;
  return err;
}

/**
 * SQLSTATEs meaning "the database is not there right now": class 08 (connection exception),
 * 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now, 53300 too_many_connections.
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** Socket errors: the database's only when they come from the pool (marked) or a Drizzle query. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** node-postgres's own messages for a connection that died, was closed, or could not be opened in time. */
const PG_CONNECTION_MESSAGE =
  /^(Connection terminated|Client has encountered a connection error|Client was closed and is not queryable|timeout exceeded when trying to connect|Query read timeout)/;
/** The disk (or the user's quota) is full; a file larger than the file system allows. */
const STORAGE_FULL_CODES = new Set(['ENOSPC', 'EDQUOT', 'EFBIG']);

type Failure = 'database-unavailable' | 'database-timeout' | 'storage-full';

/** What an infrastructure failure anywhere in the cause chain means to the client, or null. */
export function infrastructureFailure(err: unknown): Failure | null {
  let fromDatabase = false;
  let current: unknown = err;
  for (let depth = 0; current && typeof current === 'object' && depth < 6; depth++) {
    const e = current as { code?: unknown; message?: unknown; name?: unknown; [FROM_DATABASE]?: boolean };
    if (e[FROM_DATABASE] || e.constructor?.name === 'DrizzleQueryError') fromDatabase = true;
    const code = typeof e.code === 'string' ? e.code : '';
    if (STORAGE_FULL_CODES.has(code)) return 'storage-full';
    if (/^[0-9A-Z]{5}$/.test(code)) {
      if (code.startsWith('08') || UNAVAILABLE_STATES.has(code)) return 'database-unavailable';
      if (code === '57014') return 'database-timeout';
    }
    if (typeof e.message === 'string' && PG_CONNECTION_MESSAGE.test(e.message)) {
      return e.message.startsWith('Query read timeout') ? 'database-timeout' : 'database-unavailable';
    }
    if (fromDatabase && NETWORK_CODES.has(code)) return 'database-unavailable';
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

const FAILURES: Record<Failure, [number, string]> = {
  'database-unavailable': [503, DATABASE_UNAVAILABLE_MESSAGE],
  'database-timeout': [503, DATABASE_TIMEOUT_MESSAGE],
  'storage-full': [507, STORAGE_FULL_MESSAGE],
};

/** The innermost message of an error chain, for a one-line log. */
function rootMessage(err: unknown): string {
  let current = err as { message?: unknown; code?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; current?.cause && depth < 6; depth++) current = current.cause as typeof current;
  const code = typeof current?.code === 'string' ? `${current.code} ` : '';
  return `${code}${typeof current?.message === 'string' ? current.message : String(current)}`;
}

const FASTIFY_CODES: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'Định dạng dữ liệu gửi lên không được hỗ trợ'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'Độ dài dữ liệu không hợp lệ'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'Dữ liệu gửi lên quá lớn'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'Thiếu dữ liệu gửi lên'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'Dữ liệu JSON không hợp lệ'],
  FST_ERR_CTP_INVALID_TYPE: [415, 'Định dạng dữ liệu gửi lên không được hỗ trợ'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, 'Yêu cầu phải ở dạng multipart/form-data'],
  FST_REQ_FILE_TOO_LARGE: [413, 'Tệp tải lên quá lớn'],
  FST_FILES_LIMIT_REACHED: [413, 'Quá nhiều tệp tải lên'],
  FST_FIELDS_LIMIT_REACHED: [413, 'Quá nhiều trường dữ liệu'],
  FST_PARTS_LIMIT_REACHED: [413, 'Quá nhiều phần dữ liệu'],
  FST_PROTO_VIOLATION: [400, 'Dữ liệu không hợp lệ'],
  FST_ERR_VALIDATION: [400, 'Dữ liệu không hợp lệ'],
  FST_ERR_BAD_URL: [400, 'Đường dẫn không hợp lệ'],
  FST_ERR_MAX_PARAM_LENGTH: [414, 'Đường dẫn quá dài'],
  FST_ERR_ASYNC_CONSTRAINT: [400, 'Yêu cầu không hợp lệ'],
};

interface NestedIssue {
  code?: string;
  message?: string;
}

/**
 * The message to show for a zod issue. A union ("a phone number, or an empty string") that fails
 * reports only "invalid input": the message worth showing is the one its main alternative gave (not
 * "expected the empty string"). Unknown fields of a strict object are named.
 */
function zodMessage(code: string | undefined, nested: unknown, fallback: string, keys?: unknown): string {
  if (code === 'unrecognized_keys' && Array.isArray(keys))
    return `Trường dữ liệu không được hỗ trợ: ${keys.join(', ')}`;
  if (code !== 'invalid_union' || !Array.isArray(nested)) return fallback;
  for (const option of nested as NestedIssue[][]) {
    const useful = option.find((i) => i.code !== 'invalid_value' && i.code !== 'invalid_type' && i.message);
    if (useful?.message) return useful.message;
  }
  return fallback;
}

function fieldName(path: string): string {
  return path.replace(/^\//, '').replace(/\//g, '.') || '_';
}

/** Turns every failure into {status, message, errors?} in Vietnamese; never leaks a stack or SQL. */
export function toErrorBody(err: unknown): ApiErrorBody {
  if (err instanceof ApiError) {
    return {
      ...(err.details ?? {}),
      status: err.status,
      message: err.message,
      ...(err.errors ? { errors: err.errors } : {}),
    };
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const errors: Record<string, string> = {};
    for (const issue of err.validation) {
      const key = fieldName(issue.instancePath);
      // The whole body or query has the wrong shape (missing, a string instead of an object, ...)
      // and its schema has no message of its own: zod's default would read "expected object".
      const whole = key === '_' && issue.keyword === 'invalid_type' && ZOD_DEFAULT.test(issue.message ?? '');
      const params = issue.params as { errors?: unknown; keys?: unknown } | undefined;
      const message = zodMessage(
        issue.keyword,
        params?.errors,
        issue.message ?? 'Giá trị không hợp lệ',
        params?.keys,
      );
      if (!errors[key]) errors[key] = whole ? 'Dữ liệu gửi lên bị thiếu hoặc không đúng dạng' : message;
    }
    const first = Object.values(errors)[0] ?? 'Dữ liệu không hợp lệ';
    return { status: 400, message: first, errors };
  }
  if (err instanceof ZodError) {
    // A service validating with a contract schema (a merged document, a nested payload).
    const errors: Record<string, string> = {};
    for (const issue of err.issues) {
      const key = issue.path.map(String).join('.') || '_';
      const extra = issue as { errors?: unknown; keys?: unknown };
      if (!errors[key]) errors[key] = zodMessage(issue.code, extra.errors, issue.message, extra.keys);
    }
    return { status: 400, message: Object.values(errors)[0] ?? 'Dữ liệu không hợp lệ', errors };
  }
  const fe = err as FastifyError;
  if (fe?.code && FASTIFY_CODES[fe.code]) {
    const [status, message] = FASTIFY_CODES[fe.code];
    return { status, message };
  }
  const failure = infrastructureFailure(err);
  if (failure) {
    const [status, message] = FAILURES[failure];
    return { status, message };
  }
  const code = pgCode(err);
  if (code && PG_CODES[code]) {
    const [status, message] = PG_CODES[code];
    return { status, message };
  }
  if (fe?.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
    const messages: Record<number, string> = {
      400: 'Yêu cầu không hợp lệ',
      404: 'Không tìm thấy',
      405: 'Phương thức không được hỗ trợ',
      406: 'Định dạng không được hỗ trợ',
      413: 'Dữ liệu gửi lên quá lớn',
      415: 'Định dạng dữ liệu gửi lên không được hỗ trợ',
      429: 'Bạn thao tác quá nhanh, vui lòng thử lại sau ít phút',
    };
    return { status: fe.statusCode, message: messages[fe.statusCode] ?? 'Yêu cầu không hợp lệ' };
  }
  return { status: 500, message: 'Lỗi máy chủ, vui lòng thử lại sau' };
}

/**
 * Fastify's option `frameworkErrors`: errors its router raises before any route or hook runs (an URL
 * that does not decode, a parameter too long) would otherwise answer in English with Fastify's own body.
 */
export function frameworkErrors(err: FastifyError, _req: FastifyRequest, reply: FastifyReply) {
  const body = toErrorBody(err);
  reply.status(body.status).type('application/json; charset=utf-8').send(body);
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err, req, reply) => {
    const body = toErrorBody(err);
    const failure = err instanceof ApiError ? null : infrastructureFailure(err);
    if (failure === 'database-unavailable' || failure === 'database-timeout') {
      // The database is restarting or unreachable: one line per request, not a stack with its SQL.
      req.log.warn({ reason: rootMessage(err) }, 'database unavailable');
      reply.header('retry-after', '5');
    } else if (failure === 'storage-full') req.log.error({ reason: rootMessage(err) }, 'storage full');
    else if (err instanceof ApiError && body.status === 503)
      req.log.warn(body.message); // load shed
    else if (body.status >= 500) req.log.error({ err }, 'request failed');
    else req.log.debug({ err: (err as Error).message }, 'request rejected');
    if (err instanceof ApiError && err.retryAfterSeconds)
      reply.header('retry-after', String(Math.max(1, Math.ceil(err.retryAfterSeconds))));
    reply.status(body.status).type('application/json; charset=utf-8').send(body);
  });
}
