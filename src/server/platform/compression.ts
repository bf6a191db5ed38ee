import { readFile, stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Compression of the web app's files and pages (there is no compressing proxy in front of `npm start`):
 * - built files (scripts, styles, SVG, JSON) are compressed once, with Brotli (quality 9) or gzip
 *   (level 9) as the browser accepts, and kept in memory: the hashed assets never change, and the
 *   cache is keyed by path, size and modification time so a rebuild under a running server is seen;
 * - rendered pages (HTML from the SEO module) are compressed per answer (a few KB, well under 1 ms).
 * API answers are left alone. Anything below 1 KB is sent as it is.
 */

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export type Encoding = 'br' | 'gzip';

const COMPRESSIBLE = new Set([
  '.js',
  '.mjs',
  '.css',
  '.svg',
  '.json',
  '.txt',
  '.xml',
  '.map',
  '.webmanifest',
]);
const MIN_BYTES = 1024;
/** Upper bound of the in-memory cache; past it, files are compressed per request. */
const CACHE_LIMIT_BYTES = 64 * 1024 * 1024;

/** The encoding to answer with for an Accept-Encoding header: Brotli first, then gzip; q=0 refuses. */
export function pickEncoding(header: string | string[] | undefined): Encoding | null {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  const accepted = new Map<string, number>();
  for (const part of value.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const ok = (name: Encoding) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return null;
}

function compress(body: Buffer, encoding: Encoding, level: 'static' | 'dynamic'): Promise<Buffer> {
  if (encoding === 'br') {
    return brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: level === 'static' ? 9 : 5,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    });
  }
  return gzip(body, { level: level === 'static' ? 9 : 6 });
}

export function registerWebCompression(app: FastifyInstance, webDir: string) {
  const root = resolve(webDir);
  const cache = new Map<string, Promise<Buffer>>();
  let cachedBytes = 0;

  function fileOf(req: FastifyRequest): string | null {
    let path: string;
    try {
      path = decodeURIComponent(req.url.split('?')[0]);
    } catch {
      return null;
    }
    if (!COMPRESSIBLE.has(extname(path).toLowerCase())) return null;
    const file = resolve(join(root, path));
    return file.startsWith(root + sep) ? file : null;
  }

  async function compressedFile(file: string, encoding: Encoding): Promise<Buffer | null> {
    const info = await stat(file);
    if (info.size < MIN_BYTES) return null;
    const key = `${encoding}:${file}:${info.size}:${info.mtimeMs}`;
    let hit = cache.get(key);
    if (!hit) {
      hit = readFile(file).then((body) => compress(body, encoding, 'static'));
      if (cachedBytes + info.size <= CACHE_LIMIT_BYTES) {
        cache.set(key, hit);
        cachedBytes += info.size;
        hit.catch(() => {
          cache.delete(key);
          cachedBytes -= info.size;
        });
      }
    }
    return hit;
  }

  function vary(reply: FastifyReply) {
    const current = reply.getHeader('vary');
    if (!current) reply.header('vary', 'Accept-Encoding');
    else if (!/accept-encoding/i.test(String(current))) reply.header('vary', `${current}, Accept-Encoding`);
  }

  app.addHook('onSend', async (req, reply, payload) => {
    if (req.method !== 'GET' || reply.statusCode !== 200 || req.url.startsWith('/api/')) return payload;
    if (reply.getHeader('content-encoding')) return payload;
    const type = String(reply.getHeader('content-type') ?? '');

    // A rendered page.
    if (typeof payload === 'string' && type.startsWith('text/html')) {
      vary(reply);
      const encoding = pickEncoding(req.headers['accept-encoding']);
      if (!encoding || Buffer.byteLength(payload) < MIN_BYTES) return payload;
      const body = await compress(Buffer.from(payload), encoding, 'dynamic');
      reply.header('content-encoding', encoding);
      reply.removeHeader('content-length');
      return body;
    }

    // A file of the build, sent by @fastify/static as a stream.
    const stream = payload as Readable | null;
    if (!stream || typeof stream.pipe !== 'function') return payload;
    const file = fileOf(req);
    if (!file) return payload;
    vary(reply);
    const encoding = pickEncoding(req.headers['accept-encoding']);
    if (!encoding || reply.getHeader('content-range')) return payload;
    let body: Buffer | null;
    try {
      body = await compressedFile(file, encoding);
    } catch {
      return payload;
    }
    if (!body) return payload;
    stream.destroy();
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return body;
  });
}
