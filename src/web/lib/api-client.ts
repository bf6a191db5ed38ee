import { getToken } from './token';

/**
 * One thin layer over fetch for every call to /api. Public calls send no token;
 * `auth: true` adds the bearer. State-changing calls echo the XSRF-TOKEN cookie.
 */
export type ApiErrorKind = 'network' | 'timeout' | 'parse' | 'http';

export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly status = 0,
    readonly data: unknown = undefined,
  ) {
    super(message);
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  auth?: boolean;
  query?: Record<string, string | number | boolean | null | undefined | readonly (string | number)[]>;
  body?: unknown;
  signal?: AbortSignal;
  onUploadProgress?: (fraction: number) => void;
  /** The answer's headers, for the calls that read one (the advisor's signature). */
  onHeaders?: (headers: Headers) => void;
}

/**
 * Where requests go: the browser's fetch, or, while the server renders a page (ssr/entry-server.tsx), the
 * application itself in-process. Relative /api addresses work in both.
 */
type Transport = (url: string, init: RequestInit) => Promise<Response>;
let transport: Transport = (url, init) => fetch(url, init);

export function setTransport(next: Transport) {
  transport = next;
}

function readCookie(name: string): string | null {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
}

export function buildUrl(path: string, query?: RequestOptions['query']): string {
  const url = `/api/${path.replace(/^\/+/, '')}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined || value === '') continue;
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

function headersFor(opts: RequestOptions): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json, text/plain' };
  if (opts.auth) {
    const jwt = getToken();
    if (jwt) headers.authorization = `Bearer ${jwt}`;
  }
  const method = opts.method ?? 'GET';
  if (method !== 'GET') {
    const xsrf = readCookie('XSRF-TOKEN');
    if (xsrf) headers['x-xsrf-token'] = xsrf;
  }
  if (opts.body !== undefined && !(opts.body instanceof FormData))
    headers['content-type'] = 'application/json';
  return headers;
}

/** The Vietnamese message of a failed call: the server's own message when it sent one. */
export function errorMessage(err: unknown, fallback = 'Có lỗi xảy ra, vui lòng thử lại!'): string {
  if (err instanceof ApiError) {
    const data = err.data as { message?: unknown } | string | undefined;
    if (typeof data === 'string' && data.trim()) return data;
    if (data && typeof data === 'object' && typeof data.message === 'string') return data.message;
    if (err.kind === 'network') return 'Không kết nối được máy chủ, vui lòng kiểm tra mạng';
  }
  return fallback;
}

async function parse(res: Response): Promise<unknown> {
  const type = res.headers.get('content-type') ?? '';
  const text = await res.text();
  if (!text) return undefined;
  if (type.includes('application/json')) {
    try {
      return JSON.parse(text);
    } catch {
      throw new ApiError('parse', 'Phản hồi không đúng định dạng', res.status);
    }
  }
  return text;
}

export async function api<T = unknown>(path: string, opts: RequestOptions = {}): Promise<T> {
  const url = buildUrl(path, opts.query);
  if (opts.onUploadProgress && opts.body instanceof FormData) return upload<T>(url, opts);
  let res: Response;
  try {
    res = await transport(url, {
      method: opts.method ?? 'GET',
      headers: headersFor(opts),
      body:
        opts.body === undefined
          ? undefined
          : opts.body instanceof FormData
            ? opts.body
            : JSON.stringify(opts.body),
      signal: opts.signal,
      credentials: 'same-origin',
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError('network', 'Lỗi mạng');
  }
  const data = await parse(res);
  if (res.status < 200 || res.status > 299) {
    throw new ApiError('http', `HTTP ${res.status}`, res.status, data);
  }
  opts.onHeaders?.(res.headers);
  return data as T;
}

/** XMLHttpRequest for uploads: fetch cannot report upload progress. */
function upload<T>(url: string, opts: RequestOptions): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(opts.method ?? 'POST', url);
    for (const [k, v] of Object.entries(headersFor(opts))) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) opts.onUploadProgress?.(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new ApiError('network', 'Lỗi mạng'));
    xhr.onload = () => {
      const type = xhr.getResponseHeader('content-type') ?? '';
      let data: unknown = xhr.responseText;
      if (type.includes('application/json') && xhr.responseText) {
        try {
          data = JSON.parse(xhr.responseText);
        } catch {
          reject(new ApiError('parse', 'Phản hồi không đúng định dạng', xhr.status));
          return;
        }
      }
      if (xhr.status < 200 || xhr.status > 299)
        reject(new ApiError('http', `HTTP ${xhr.status}`, xhr.status, data));
      else resolve(data as T);
    };
    xhr.send(opts.body as FormData);
  });
}
