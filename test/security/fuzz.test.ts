import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../src/server/db/schema';
import { startTestApp, type TestApp } from '../helpers/app';

/**
 * Hostile input against every route of the route table (the same enumeration as the authorisation
 * matrix, so a new route is fuzzed without anyone listing it). Bodies and queries are derived from the
 * route's contract schema (the OpenAPI document the zod schemas produce) and then broken: wrong types,
 * missing and extra fields, huge strings, deep JSON, Unicode edge cases, injection strings, malformed
 * multipart, wrong content types, path traversal. Required of every answer: no 5xx, no stack trace or
 * SQL text, every 4xx carrying a Vietnamese message, and no row added or removed by a rejected request.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20261121);
const TOTAL = Number(process.env.FUZZ_REQUESTS ?? 10_500);

const VIETNAMESE = /[ăâđêôơưàảãáạằẳẵắặầẩẫấậèẻẽéẹềểễếệìỉĩíịòỏõóọồổỗốộờởỡớợùủũúụừửữứựỳỷỹýỵ]/i;

const INJECTIONS = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '1; delete from cars',
  "1' UNION SELECT password_hash FROM users --",
  '$$; select pg_sleep(5); $$',
  '\\x00\\x27',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '<svg onload=alert(1)>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as text
  '{{7*7}}${7*7}',
  '__proto__',
  'constructor',
  '%00',
  '%',
  '%%32%65',
  '../../../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '..\\..\\windows\\win.ini',
  '/etc/passwd\u0000.webp',
];

const UNICODE = [
  'a\u0301\u0302\u0303\u0304\u0305\u0306\u0307\u0308'.repeat(50),
  '\u202Eتجربة\u202C العربية עברית',
  'nul\u0000byte',
  'lone \uD800 high',
  'lone \uDFFF low',
  '\uFEFF\u200B\u200D\u2060',
  '🚗👨‍👩‍👧‍👦🇻🇳',
  'Nguyễn Văn A',
  'ＡＢＣ１２３',
  '\r\n\t\u000b\u000c',
  '\u0085\u2028\u2029',
  '',
  ' ',
];

const HUGE = 'x'.repeat(100 * 1024);
const HUGE_VI = 'ữ'.repeat(50 * 1024);

function deep(depth: number, kind: 'array' | 'object'): unknown {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = kind === 'array' ? [v] : { a: v };
  return v;
}
const DEEP_ARRAY = deep(1000, 'array');
const DEEP_OBJECT = deep(1000, 'object');

const NUMBERS = [
  -1,
  0,
  -0,
  1.5,
  -2147483649,
  2147483648,
  Number.MAX_SAFE_INTEGER + 2,
  9.99e307,
  -9.99e307,
  1e21,
  Number.MIN_VALUE,
];

const hostileString = fc.oneof(
  fc.constantFrom(...INJECTIONS),
  fc.constantFrom(...UNICODE),
  fc.constantFrom(HUGE, HUGE_VI),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('1', '-1', '0', '1e309', 'NaN', 'Infinity', 'true', 'null', '2026-02-30', '31/02/2026'),
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 2, arbitrary: fc.constantFrom(...NUMBERS) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 1, arbitrary: fc.constantFrom(true, false, null) },
  {
    weight: 1,
    arbitrary: fc.constantFrom<unknown>([], {}, [1, 'a', null], { a: { b: [] } }, DEEP_ARRAY, DEEP_OBJECT),
  },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 5 }) },
);

const PATH_IDS = [
  '0',
  '-1',
  '1',
  '2',
  '1.5',
  '1e3',
  'abc',
  '99999999999999999999999',
  '2147483648',
  '..%2f..%2fetc%2fpasswd',
  '..%252f..%252fetc%252fpasswd',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '%00',
  '%C0%AE%C0%AE%2F',
  '%27%20OR%201%3D1',
  '%3Cscript%3E',
  encodeURIComponent('Nguyễn'),
  encodeURIComponent('\u202E'),
  'x'.repeat(150),
];

const pathId = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...PATH_IDS) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }).map(encodeURIComponent) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }).map(encodeURIComponent) },
);

const FILE_NAMES = [
  '../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  'a.svg',
  'a.html',
  'ảnh xe.jpg',
  'x\u0000.webp',
  '.htaccess',
  'C:\\Windows\\win.ini',
  'x'.repeat(300),
];

const FILE_BODIES = [
  '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
  '<!doctype html><script>alert(1)</script>',
  'GIF89a<script>alert(1)</script>',
  '\u0089PNG\r\n\u001a\n broken',
  '%PDF-1.4 broken',
  '',
];

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  enum?: unknown[];
}

interface RouteShape {
  body?: Schema;
  query: string[];
}

/** A value of roughly the right shape for a schema (so other fields get past their own checks). */
function plausible(s: Schema | undefined, rnd: () => number): unknown {
  if (!s) return 'x';
  const alt = s.anyOf ?? s.oneOf;
  if (alt?.length) return plausible(alt[Math.floor(rnd() * alt.length)], rnd);
  if (s.enum?.length) return s.enum[Math.floor(rnd() * s.enum.length)];
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'integer':
    case 'number':
      return 1 + Math.floor(rnd() * 3);
    case 'boolean':
      return rnd() < 0.5;
    case 'array':
      return [plausible(s.items, rnd)];
    case 'object': {
      const o: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(s.properties ?? {})) o[k] = plausible(v, rnd);
      return o;
    }
    default:
      return 'Nội dung thử';
  }
}

interface Mutation {
  kind: 'wrongTypes' | 'missing' | 'extra' | 'whole' | 'proto';
  seed: number;
  values: unknown[];
  extraKey: string;
}

const mutation = fc.record({
  kind: fc.constantFrom<Mutation['kind']>('wrongTypes', 'wrongTypes', 'missing', 'extra', 'whole', 'proto'),
  seed: fc.integer({ min: 0, max: 2 ** 30 }),
  values: fc.array(hostileValue, { minLength: 8, maxLength: 8 }),
  extraKey: fc.oneof(
    fc.constantFrom('isAdmin', 'role', 'id', 'permissions', '__proto__', 'select * from users'),
    fc.string({ maxLength: 10 }),
  ),
});

function rng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
}

/** A JSON body from the schema, broken the way the mutation says. */
function mutateBody(schema: Schema | undefined, m: Mutation): unknown {
  const rnd = rng(m.seed);
  if (m.kind === 'whole' || !schema?.properties) return m.values[0];
  const base = plausible(schema, rnd) as Record<string, unknown>;
  const keys = Object.keys(base);
  if (m.kind === 'wrongTypes') {
    let i = 0;
    for (const k of keys) if (rnd() < 0.5 || i === 0) base[k] = m.values[i++ % m.values.length];
  } else if (m.kind === 'missing') {
    for (const k of keys) if (rnd() < 0.5) delete base[k];
    if (keys.length) delete base[keys[Math.floor(rnd() * keys.length)]];
  } else if (m.kind === 'extra') {
    base[m.extraKey] = m.values[1];
    if (keys.length) base[keys[0]] = m.values[2];
  } else {
    return JSON.parse(`{"__proto__":{"role":"ADMIN","isAdmin":true},"constructor":{"prototype":{"x":1}}}`);
  }
  return base;
}

function queryValue(v: unknown): string | string[] {
  if (Array.isArray(v))
    return v.map((x) => String(typeof x === 'object' ? JSON.stringify(x) : x)).slice(0, 5);
  if (typeof v === 'object' && v !== null) return JSON.stringify(v).slice(0, 2000);
  return String(v);
}

const RAW_BODIES = [
  '{"a":',
  '{',
  '[]',
  '"text"',
  '123',
  'null',
  '\u0000',
  '{"a":1}garbage',
  '{"a":1,"a":2}',
  '\uFEFF{}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  JSON.stringify(DEEP_OBJECT),
];

const CONTENT_TYPES = [
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'application/json; charset=utf-7',
  'application/json; charset=latin1',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'image/svg+xml',
  'application/octet-stream',
  '',
];

function multipart(
  boundary: string,
  parts: { name: string; filename?: string; type?: string; body: string }[],
) {
  let out = '';
  for (const p of parts) {
    out += `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}\r\n`;
    if (p.type) out += `Content-Type: ${p.type}\r\n`;
    out += `\r\n${p.body}\r\n`;
  }
  return `${out}--${boundary}--\r\n`;
}

const transport = fc.record({
  kind: fc.constantFrom('json', 'json', 'json', 'json', 'raw', 'contentType', 'multipart', 'badMultipart'),
  raw: fc.constantFrom(...RAW_BODIES),
  contentType: fc.constantFrom(...CONTENT_TYPES),
  fileName: fc.constantFrom(...FILE_NAMES),
  fileBody: fc.constantFrom(...FILE_BODIES),
  field: fc.constantFrom('images', 'image', 'file', 'cv', 'data', 'json', 'x'),
});

const requestArb = fc.record({
  mutation,
  transport,
  ids: fc.array(pathId, { minLength: 3, maxLength: 3 }),
  queryValues: fc.array(hostileValue, { minLength: 4, maxLength: 4 }),
  queryMode: fc.constantFrom('schema', 'schema', 'extra', 'none'),
});
type FuzzRequest = typeof requestArb extends fc.Arbitrary<infer T> ? T : never;

function build(method: string, url: string, shape: RouteShape, r: FuzzRequest): InjectOptions {
  let i = 0;
  const path = url.replace(/:[A-Za-z]+/g, () => r.ids[i++ % r.ids.length]).replace(/\*$/, () => r.ids[0]);
  const query: Record<string, string | string[]> = {};
  if (r.queryMode !== 'none') {
    shape.query.forEach((k, n) => {
      if (n % 2 === 0 || r.queryMode === 'schema') query[k] = queryValue(r.queryValues[n % 4]);
    });
    if (r.queryMode === 'extra') query[String(r.mutation.extraKey) || 'x'] = queryValue(r.queryValues[3]);
  }
  const opts: InjectOptions = { method: method as never, url: path, query, headers: {} };
  if (method === 'GET' || method === 'DELETE') {
    if (r.transport.kind === 'raw') opts.payload = r.transport.raw;
    return opts;
  }
  const headers = opts.headers as Record<string, string>;
  const t = r.transport;
  const body = mutateBody(shape.body, r.mutation);
  if (t.kind === 'json') {
    opts.payload = JSON.stringify(body) ?? 'null';
    headers['content-type'] = 'application/json';
  } else if (t.kind === 'raw') {
    opts.payload = t.raw;
    headers['content-type'] = 'application/json';
  } else if (t.kind === 'contentType') {
    opts.payload = typeof body === 'string' ? body : (JSON.stringify(body) ?? '');
    if (t.contentType) headers['content-type'] = t.contentType;
  } else if (t.kind === 'multipart') {
    const boundary = '----fuzz7MA4YWxkTrZu0gW';
    opts.payload = multipart(boundary, [
      { name: 'data', type: 'application/json', body: JSON.stringify(body) ?? 'null' },
      { name: t.field, filename: t.fileName, type: 'image/jpeg', body: t.fileBody },
    ]);
    headers['content-type'] = `multipart/form-data; boundary=${boundary}`;
  } else {
    // Malformed multipart: the boundary never closes, or the declared boundary is not the one used.
    const variants = [
      `--b\r\nContent-Disposition: form-data; name="data"\r\n\r\n{"a":1}`,
      `--other\r\nContent-Disposition: form-data; name="data"\r\n\r\nx\r\n--other--\r\n`,
      `--b\r\nContent-Disposition: form-data; name="${t.field}"; filename="${t.fileName}"\r\n\r\n${t.fileBody}`,
      `--b\r\nContent-Disposition: garbage\r\n\r\n\r\n--b--\r\n`,
      `--b--\r\n`,
    ];
    opts.payload = variants[r.mutation.seed % variants.length];
    headers['content-type'] = 'multipart/form-data; boundary=b';
  }
  return opts;
}

// Text a server must never show: stack frames, SQL produced by the driver or Drizzle, file paths.
const LEAKS: [RegExp, string][] = [
  [/\n\s+at\s/, 'stack frame'],
  [/\bat [\w.<>]+ \(.*:\d+:\d+\)/, 'stack frame'],
  [/node_modules/, 'node_modules path'],
  [/\/work\/|\/src\/server\//, 'source path'],
  [/syntax error/i, 'SQL error'],
  [/failed query/i, 'Drizzle query'],
  [/insert into\s+"/i, 'SQL text'],
  [/select\s+"/i, 'SQL text'],
  [/duplicate key value|violates .* constraint|relation "/i, 'database error text'],
  [/\b(TypeError|ReferenceError|RangeError|SyntaxError):/, 'exception name'],
];

let t: TestApp;
let adminToken: string;
let shapes: Map<string, RouteShape>;
let countSql: string;

let recounts = 0;
let lastCount: { changes: string; rows: string } | undefined;

/**
 * Every table's row count, as text, counted again only when a row was inserted into or deleted from a
 * counted table (or it was emptied) since the last count. Triggers on those tables (made in beforeAll, test-only) add one to
 * `fuzz_changes` in the writing transaction, so a write rolled back leaves no mark and a write kept always
 * does. The shared rate-limit counters, written by most requests, have none: they are not counted.
 */
async function counts(): Promise<string> {
  const mark = (await t.ctx.db.execute(sql`select n::text as n from fuzz_changes`)) as unknown as {
    rows: { n: string }[];
  };
  const changes = mark.rows[0].n;
  if (lastCount?.changes === changes) return lastCount.rows;
  recounts++;
  const res = (await t.ctx.db.execute(sql.raw(countSql))) as unknown as { rows: Record<string, unknown>[] };
  lastCount = { changes, rows: JSON.stringify(res.rows[0]) };
  return lastCount.rows;
}

async function mint(userId: number): Promise<string> {
  const signed = await t.ctx.tokens.sign(userId);
  await t.ctx.db.insert(sessions).values({ id: signed.sessionId, userId, expiresAt: signed.expiresAt });
  return signed.jwt;
}

interface OpenApiOperation {
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  parameters?: { in: string; name: string }[];
}

/** Request schemas from the OpenAPI document the contract's zod schemas produce. */
function readShapes(): Map<string, RouteShape> {
  const doc = (
    t.app as unknown as { swagger(): { paths: Record<string, Record<string, OpenApiOperation>> } }
  ).swagger();
  const out = new Map<string, RouteShape>();
  for (const [path, ops] of Object.entries(doc.paths)) {
    const url = path.replace(/\{(\w+)\}/g, ':$1');
    for (const [method, op] of Object.entries(ops)) {
      const body = op.requestBody?.content?.['application/json']?.schema as Schema | undefined;
      const query = ((op.parameters ?? []) as { in: string; name: string }[])
        .filter((p) => p.in === 'query')
        .map((p) => p.name);
      out.set(`${method.toUpperCase()} ${url}`, { body, query });
    }
  }
  return out;
}

beforeAll(async () => {
  t = await startTestApp();
  adminToken = t.adminToken;
  shapes = readShapes();
  const tables = (await t.ctx.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  )) as unknown as { rows: { table_name: string }[] };
  // A refused request may leave its traces by design: the shared rate-limit counters count refusals,
  // and failed sign-ins are audited (security events). Everything else must stay as it was.
  const counted = (name: string) =>
    name === 'audit_log'
      ? `(select count(*) from "audit_log" where action not like 'login-%')::int as "audit_log"`
      : `(select count(*) from "${name}")::int as "${name}"`;
  const countedTables = tables.rows.map((r) => r.table_name).filter((name) => name !== 'rate_limits');
  countSql = `select ${countedTables.map(counted).join(', ')}`;
  const ddl = [
    'create table fuzz_changes (n bigint not null)',
    'insert into fuzz_changes values (0)',
    `create function fuzz_changed() returns trigger language plpgsql as
      $$ begin update fuzz_changes set n = n + 1; return null; end $$`,
  ];
  for (const name of countedTables) {
    // Failed sign-ins are audited by design (security events): they are not counted, so they mark nothing.
    const when = name === 'audit_log' ? ` when (new.action not like 'login-%')` : '';
    ddl.push(
      `create trigger fuzz_inserted after insert on "${name}" for each row${when} execute function fuzz_changed()`,
      `create trigger fuzz_deleted after delete on "${name}" for each row execute function fuzz_changed()`,
      `create trigger fuzz_truncated after truncate on "${name}" for each statement execute function fuzz_changed()`,
    );
  }
  for (const statement of ddl) await t.ctx.db.execute(sql.raw(statement));
}, 120_000);
afterAll(() => t?.close());

it('sees a row written between two counts (the shortcut in counts() misses no write)', async () => {
  const before = await counts();
  expect(await counts()).toBe(before);
  const id = randomUUID();
  await t.ctx.db.insert(sessions).values({ id, userId: 1, expiresAt: new Date(Date.now() + 60_000) });
  expect(await counts()).not.toBe(before);
  await t.ctx.db.delete(sessions).where(eq(sessions.id, id));
  expect(await counts()).toBe(before);
});

interface Failure {
  route: string;
  as: string;
  status: number;
  why: string;
  request: string;
  answer: string;
}

function describeRequest(o: InjectOptions): string {
  const payload = typeof o.payload === 'string' ? o.payload : '';
  return `${o.method} ${o.url} q=${JSON.stringify(o.query).slice(0, 150)} ct=${(o.headers as Record<string, string>)['content-type'] ?? ''} body=${payload.slice(0, 200)}`;
}

describe('hostile input over the whole route table', () => {
  it('no 5xx, no leak, Vietnamese rejections, no change from a rejected request', async () => {
    const routes = t.routeTable.filter(
      // The WebSocket endpoint answers only an upgrade; it has its own STOMP tests.
      (r) => r.url.startsWith('/api') && !r.url.startsWith('/api/docs') && r.url !== '/api/notifications',
    );
    const perRoute = Math.ceil((TOTAL * 0.85) / routes.length);
    const anonymousPublic = routes.filter((r) => r.access === 'public');
    const perAnon = Math.ceil((TOTAL * 0.15) / Math.max(1, anonymousPublic.length));

    const failures: Failure[] = [];
    const stats = {
      requests: 0,
      rejected: 0,
      accepted: 0,
      checkedUnchanged: 0,
      byStatus: {} as Record<number, number>,
    };
    let before = await counts();
    let n = 0;

    async function run(
      route: (typeof routes)[number],
      as: 'admin' | 'anonymous',
      count: number,
      seed = SEED + n++,
      perRequest = route.method !== 'GET',
    ): Promise<void> {
      const shape = shapes.get(`${route.method} ${route.url}`) ?? { query: [] };
      const samples = fc.sample(requestArb, { numRuns: count, seed });
      let acceptedHere = 0;
      if (!perRequest) before = await counts();
      for (const r of samples) {
        const opts = build(route.method, route.url, shape, r);
        (opts.headers as Record<string, string>)['x-forwarded-for'] = '';
        if (as === 'admin') (opts.headers as Record<string, string>).authorization = `Bearer ${adminToken}`;
        // A different address each time: per-address rate limits must not hide the validation.
        opts.remoteAddress = `10.${(stats.requests >> 16) & 255}.${(stats.requests >> 8) & 255}.${stats.requests & 255}`;
        const res = await t.app.inject(opts);
        stats.requests++;
        stats.byStatus[res.statusCode] = (stats.byStatus[res.statusCode] ?? 0) + 1;
        const fail = (why: string) =>
          failures.push({
            route: `${route.method} ${route.url}`,
            as,
            status: res.statusCode,
            why,
            request: describeRequest(opts),
            answer: res.body.slice(0, 300),
          });
        if (res.statusCode >= 500) fail('5xx');
        const requestText = `${opts.url} ${JSON.stringify(opts.query)} ${typeof opts.payload === 'string' ? opts.payload : ''}`;
        for (const [re, what] of LEAKS) {
          // An answer repeating the caller's own text (a field name it sent) is not a leak.
          if (re.test(res.body) && !re.test(requestText)) fail(`leaks ${what}`);
        }
        // Reads are checked once per route (below): no GET may add or remove a row, whatever it answers.
        const after = perRequest ? await counts() : before;
        if (res.statusCode >= 400 && res.statusCode < 500) {
          stats.rejected++;
          let message = '';
          try {
            message = String(res.json().message ?? '');
          } catch {
            message = res.body;
          }
          if (!VIETNAMESE.test(message)) fail('rejection without a Vietnamese message');
          if (after !== before) fail(`rejected but the database changed: ${before} -> ${after}`);
          else stats.checkedUnchanged++;
        } else {
          stats.accepted++;
          acceptedHere++;
        }
        before = after;
        // Signing out, a password change or an edit of the admin account would end the admin's session.
        if (as === 'admin' && perRequest && res.statusCode < 300 && /\/api\/(auth|users)/.test(route.url)) {
          adminToken = await mint(1);
          before = await counts();
        }
      }
      if (!perRequest) {
        const after = await counts();
        const changed = after !== before;
        before = after;
        // A read that writes when it succeeds (an export is audited): replay the same requests one by
        // one, so that each rejection among them is checked on its own.
        if (changed && acceptedHere > 0) return run(route, as, count, seed, true);
        if (changed)
          failures.push({
            route: `${route.method} ${route.url}`,
            as,
            status: 0,
            why: `rejected reads changed the database: ${before} -> ${after}`,
            request: '',
            answer: '',
          });
      }
    }

    for (const route of routes) await run(route, 'admin', perRoute);
    for (const route of anonymousPublic) await run(route, 'anonymous', perAnon);

    console.log(
      `fuzz: ${recounts} recounts, ${stats.requests} requests over ${routes.length} routes (${anonymousPublic.length} also anonymous); ` +
        `${stats.rejected} rejected (4xx, database unchanged in ${stats.checkedUnchanged}), ${stats.accepted} accepted; ` +
        `by status ${JSON.stringify(stats.byStatus)}`,
    );
    const seen = new Set<string>();
    const distinct = failures.filter((f) => {
      const key = `${f.route} ${f.why} ${f.status}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    expect(stats.requests).toBeGreaterThanOrEqual(Math.min(TOTAL, 10_000));
    expect(distinct).toEqual([]);
  }, 600_000);
});
