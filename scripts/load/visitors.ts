/**
 * Simulated visitors of the public site, each looping through sessions as a browser running the web
 * app would: a landing page (HTML, then the API calls that page makes, then its pictures), a few more
 * pages (car list with filters, car pages, news, the AI advisor) with a short think time between them,
 * and in one session out of `leadEvery` a form (consulting or test drive).
 *
 * Each session is a new visitor: its own client address (X-Forwarded-For; the server must trust it,
 * TRUST_PROXY=on, or every visitor shares the load generator's address and the rate limits answer 429),
 * its own cookie jar (the XSRF-TOKEN cookie the server sets is sent back, and echoed in X-XSRF-TOKEN on
 * posts, as the web app does) and its own browser cache (a share of sessions are returning visitors
 * whose browser holds the web app's files). Each of the N visitors has its own connections, at most six
 * keep-alive ones as a browser keeps (Node's fetch, undici, a pool per visitor). Every request has a
 * timeout. Visitors arrive over the first quarter of the run (at most 10 s).
 *
 * The calls per page are the web app's own (src/web/features/*): home = web-configuration (layout),
 * overview/sliders, homepage/{newest,most-expensive,cheapest}, blogs?size=4; list = cars?filters,
 * cars/filters; car page = cars/{id}, cars/{id}/similar, web-configuration/car-calculations; news =
 * blogs?size=6, blogs/categories; post = blogs/{id}, blogs/category/{slug}?size=4, blogs?size=4;
 * advisor = POST chatbot/history with the whole conversation.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Dispatcher } from 'undici-types';
import type { BlogSummary } from '../../src/contract/blogs';
import type { CarDetail, CarFilters, CarPage, CarSummary } from '../../src/contract/cars';
import { CHAT_GREETING } from '../../src/contract/chat';
import type { Page } from '../../src/contract/common';
import { vnDayKey } from '../../src/contract/format';
import { type GroupFigures, type Outcome, percentile, Recorders } from './stats';

/** Route groups, in the order they are printed. */
export const GROUPS = [
  'home html',
  'page html',
  'assets',
  'site config',
  'home api',
  'list',
  'detail',
  'blog',
  'images',
  'chat',
  'slots',
  'lead post',
] as const;
export type Group = (typeof GROUPS)[number];

export interface LoadOptions {
  /** http://host:port of the server. */
  base: string;
  visitors: number;
  seconds: number;
  /** Think time between two pages of a session, uniform in [min, max] ms. */
  thinkMs: [number, number];
  /** One session in this many ends with a form post (a lead). */
  leadEvery: number;
  /** Per-request timeout; a request slower than this counts as a timeout (an error). */
  timeoutMs: number;
  /** Seed of the visitors' choices (each visitor draws from seed + its number). */
  seed: number;
  /** Share of sessions whose browser already holds the web app's files (no /assets/ requests). */
  returning: number;
  /** Load the pictures a page shows (car covers, banner, news pictures). */
  images: boolean;
  /** SIGTERM under load: at `atSeconds`, call send(); visitors go on until `exited` settles (+1 s). */
  sigterm?: { atSeconds: number; send: () => void; exited: Promise<unknown> };
  /** Progress lines (stderr in the CLI). */
  log?: (line: string) => void;
}

export interface LeadRecord {
  form: 'consulting' | 'test-drive';
  status: number | null;
  reference: string | null;
  /** Sent before the signal and answered after it (SIGTERM runs). */
  inflightAtSignal: boolean;
}

/** What became of the requests that were sent around a SIGTERM. */
export interface SigtermFigures {
  atSeconds: number;
  /** Requests already sent (not yet answered) when the signal went. */
  inflight: GroupFigures;
  /** Requests sent after the signal: answered (by status), refused, reset. Expected, not errors. */
  after: {
    requests: number;
    statuses: Record<string, number>;
    refused: number;
    /** Network errors other than a refused connection, by code (a keep-alive socket closed under it). */
    otherNetwork: Record<string, number>;
    timeouts: number;
  };
  /** Milliseconds from the signal to the last answer of a request sent before it. */
  lastInflightAnswerMs: number;
}

export interface LoadResult {
  base: string;
  visitors: number;
  seconds: number;
  thinkMs: [number, number];
  leadEvery: number;
  timeoutMs: number;
  returning: number;
  /** Wall time of the load, from the first request to the last answer. */
  elapsedSeconds: number;
  sessions: number;
  groups: GroupFigures[];
  total: GroupFigures;
  leads: LeadRecord[];
  /** Which advisor answered (X-Advisor header: offline, gemini, openai...). */
  advisorSources: Record<string, number>;
  /** The catalogue the visitors drew from (read before the load, not counted). */
  catalogue: { cars: number; brands: number; bodyTypes: number; posts: number };
  sigterm?: SigtermFigures;
  /** Per 5 seconds of the run (by the time answers arrived): requests, failures, p95. */
  timeline: TimelineBucket[];
  /** CPU the load generator itself used (it shares the machine with the server): cores on average. */
  clientCpuCores: number;
}

export interface TimelineBucket {
  /** Start of the bucket, seconds since the load began. */
  from: number;
  requests: number;
  /** 5xx, timeouts and network errors (after a SIGTERM: only requests sent before it). */
  failures: number;
  p95: number;
}

const BUCKET_SECONDS = 5;
/** LOAD_DEBUG_SLOW_MS=5000 logs every request slower than that (diagnosis). */
const DEBUG_SLOW_MS = Number(process.env.LOAD_DEBUG_SLOW_MS) || 0;

// ---------------------------------------------------------------------------------------- helpers

/** mulberry32: small, fast, seedable. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class StopSession extends Error {}

/** Connections a browser opens to one host (Chromium, Firefox): a visitor has at most this many requests under way. */
const BROWSER_CONNECTIONS = 6;

type AgentClass = new (opts: { connections: number }) => Dispatcher;

/**
 * The class of fetch's own connection pool (undici's Agent, which Node does not export): each visitor
 * gets a pool of its own, at most six keep-alive connections, as a browser has; null if it cannot be
 * found, then visitors share fetch's global pool.
 */
function agentClass(): AgentClass | null {
  const global = (globalThis as Record<symbol, unknown>)[Symbol.for('undici.globalDispatcher.1')];
  const ctor = (global as { constructor?: unknown } | undefined)?.constructor;
  return typeof ctor === 'function' && ctor.name === 'Agent' ? (ctor as AgentClass) : null;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Like Promise.all, but waits for every call to settle before it throws the first failure: a page
 * whose one call failed leaves no request of its own still running when its visitor leaves.
 */
async function together<T extends readonly unknown[]>(
  calls: T,
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const settled = await Promise.allSettled(calls);
  const failed = settled.find((r) => r.status === 'rejected');
  if (failed) throw (failed as PromiseRejectedResult).reason;
  return settled.map((r) => (r as PromiseFulfilledResult<unknown>).value) as {
    -readonly [K in keyof T]: Awaited<T[K]>;
  };
}

/** The error code of a failed fetch: the cause's code (ECONNREFUSED, ECONNRESET, UND_ERR_SOCKET...). */
function failure(err: unknown): Outcome {
  const e = err as Error & { cause?: { code?: string; name?: string } };
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return { kind: 'timeout' };
  const code = e?.cause?.code ?? e?.cause?.name ?? e?.name ?? 'Error';
  return { kind: 'network', code: String(code) };
}

const SLIDES = ['480', '960'] as const;
const imageUrl = (img: { urls?: Record<string, string>; src: string } | null | undefined, width = '480') =>
  img ? (img.urls?.[width] ?? img.src) : null;

/** Price bands buyers filter by (VND). */
const PRICE_BANDS: [number | undefined, number | undefined][] = [
  [undefined, 500_000_000],
  [300_000_000, 700_000_000],
  [500_000_000, 1_000_000_000],
  [700_000_000, 1_500_000_000],
  [1_000_000_000, 2_000_000_000],
  [1_500_000_000, undefined],
];

const SORTS = ['newest', 'newest', 'newest', 'price_asc', 'price_desc', 'odo_asc', 'year_desc'] as const;

const QUESTIONS = [
  'Tôi muốn mua xe SUV 7 chỗ dưới 1 tỷ, showroom có xe nào?',
  'Có xe {brand} nào đang bán không?',
  'Xe {brand} đời mới nhất giá bao nhiêu?',
  'Tư vấn giúp tôi xe sedan tiết kiệm xăng cho gia đình',
  'Chi phí lăn bánh một chiếc xe 600 triệu ở TP.HCM là bao nhiêu?',
  'Mua trả góp 70% trong 5 năm thì mỗi tháng trả bao nhiêu?',
  'Xe bán tải máy dầu số tự động có không?',
  'Xe nào dưới 500 triệu đi ít km nhất?',
  'So sánh giúp tôi các xe {brand} đang có',
  'Showroom mở cửa mấy giờ, ở đâu?',
];
const FOLLOW_UPS = [
  'Xe đó đã đi bao nhiêu km rồi?',
  'Có hỗ trợ trả góp không?',
  'Còn xe nào rẻ hơn không?',
  'Tôi có thể đến xem xe vào cuối tuần không?',
];
const NAMES = [
  'Nguyễn Văn An',
  'Trần Thị Bích',
  'Lê Hoàng Cường',
  'Phạm Minh Đức',
  'Võ Thị Hạnh',
  'Đặng Quốc Huy',
];

interface Catalogue {
  filters: CarFilters;
  carIds: number[];
  posts: BlogSummary[];
  /** /assets/* files the home page's HTML references (a built web app); empty without a build (logged only). */
  assets: string[];
}

/** The web app's files a page's HTML makes the browser load (script, styles, module preloads). */
function assetsOf(html: string): string[] {
  return [...new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]))];
}

/** A server-rendered page's answers (its state block), found by the start of their query key. */
type Rendered = (...keyStart: unknown[]) => unknown;

/** The state block of a page the server rendered; null for a page the browser renders itself. */
function renderedData(html: string): Rendered | null {
  const block = html.match(/<script type="application\/json" id="ssr-state">(.*?)<\/script>/s);
  if (!block) return null;
  const queries = ((JSON.parse(block[1]) as { queries?: { queries?: unknown[] } }).queries?.queries ??
    []) as {
    queryKey: unknown[];
    state: { data: unknown };
  }[];
  return (...keyStart) =>
    queries.find((q) => keyStart.every((part, i) => JSON.stringify(q.queryKey[i]) === JSON.stringify(part)))
      ?.state.data ?? null;
}

/** Reads what visitors choose from (filters, every public car id, the news posts): not counted. */
async function readCatalogue(base: string): Promise<Catalogue> {
  const json = async <T>(path: string): Promise<T> => {
    const res = await fetch(`${base}${path}`, { signal: AbortSignal.timeout(30_000) });
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const filters = await json<CarFilters>('/api/cars/filters');
  const carIds: number[] = [];
  for (let page = 1; page <= 50; page++) {
    const list = await json<CarPage>(`/api/cars?page=${page}&pageSize=60`);
    carIds.push(...list.content.map((c) => c.carId));
    if (page >= list.totalPages) break;
  }
  const posts: BlogSummary[] = [];
  for (let page = 1; page <= 20; page++) {
    const list = await json<Page<BlogSummary>>(`/api/blogs?page=${page}&size=50`);
    posts.push(...list.content);
    if (page >= list.totalPages) break;
  }
  // A server-rendered page names only its entry and styles; the app's code comes once it has loaded.
  // The chatbot page, rendered by the browser, names that code (module preloads): a first visit loads both.
  const page = (path: string) =>
    fetch(`${base}${path}`, { signal: AbortSignal.timeout(30_000) }).then((r) => r.text());
  const assets = [...new Set([...assetsOf(await page('/')), ...assetsOf(await page('/chatbot'))])];
  if (carIds.length === 0) throw new Error('the server shows no car: start it with the demo data');
  return { filters, carIds, posts, assets };
}

// ---------------------------------------------------------------------------------------- the run

interface Pending {
  group: Group;
  started: number;
  /** Set when the signal went while this request was waiting for its answer. */
  inflight: boolean;
}

export async function runLoad(opts: LoadOptions): Promise<LoadResult> {
  const log = opts.log ?? (() => {});
  const catalogue = await readCatalogue(opts.base);
  log(
    `catalogue: ${catalogue.carIds.length} cars, ${catalogue.filters.brands.length} brands, ` +
      `${catalogue.posts.length} posts, ${catalogue.assets.length} web assets`,
  );

  const Agent = agentClass();
  // Diagnosis: connections opened and failed to open (undici's diagnostics channels).
  const connects = { attempts: 0, connected: 0 };
  if (DEBUG_SLOW_MS) {
    const dc = await import('node:diagnostics_channel');
    dc.subscribe('undici:client:beforeConnect', () => connects.attempts++);
    dc.subscribe('undici:client:connected', () => connects.connected++);
    dc.subscribe('undici:client:connectError', (m) =>
      log(
        `connect error at ${Math.round(performance.now() - started)} ms: ${(m as { error: Error }).error?.message}`,
      ),
    );
  }
  const recorders = new Recorders(GROUPS);
  const inflightRec = new Recorders();
  const after: SigtermFigures['after'] = {
    requests: 0,
    statuses: {},
    refused: 0,
    otherNetwork: {},
    timeouts: 0,
  };
  const pending = new Set<Pending>();
  const leads: LeadRecord[] = [];
  const advisorSources: Record<string, number> = {};
  let signalAt: number | null = null;
  let lastInflightAnswer = 0;
  let stopped = false;
  let sessions = 0;
  let leadCounter = 0;
  let ipCounter = 0;

  const buckets: { requests: number; failures: number; ms: number[] }[] = [];
  const cpuStart = process.cpuUsage();
  const started = performance.now();
  const deadline = started + opts.seconds * 1000;
  const { filters } = catalogue;
  const brandWeights = filters.brands.map((b) => b.count);
  const brandTotal = brandWeights.reduce((a, b) => a + b, 0);

  /** One visitor's session: its address, cookies and what it saw. */
  interface Session {
    rand: () => number;
    ip: string;
    xsrf: string | null;
    seen: CarSummary[];
    lastCar: CarDetail | null;
    /** What the web app already holds (TanStack Query): the filters and the calculation settings. */
    haveFilters: boolean;
    haveCalculations: boolean;
    haveConfig: boolean;
    /** Came before: the web app's files are in the browser's cache. */
    returning: boolean;
    browser: Browser;
  }

  /**
   * The connections of one of the N simulated visitors: at most six keep-alive connections, as a
   * browser keeps to one site; its sessions reuse them (with think times of a fraction of a second a
   * session lasts seconds, so fresh connections per session would multiply connection set-ups far
   * beyond what real visits cause). `active` requests are under way, the others wait for a connection.
   */
  interface Browser {
    dispatcher: Dispatcher | undefined;
    active: number;
    waiting: (() => void)[];
  }

  async function call(
    s: Session,
    group: Group,
    path: string,
    init: {
      method?: 'GET' | 'POST';
      body?: unknown;
      html?: boolean;
      binary?: boolean;
      onSend?: () => void;
    } = {},
  ): Promise<{ status: number; text: string; headers: Headers }> {
    if (stopped || performance.now() > deadline) throw new StopSession();
    // A browser opens at most six connections to one host: the seventh request waits for a free one.
    const b = s.browser;
    while (b.active >= BROWSER_CONNECTIONS) await new Promise<void>((r) => b.waiting.push(r));
    b.active++;
    try {
      return await send(s, group, path, init);
    } finally {
      b.active--;
      b.waiting.shift()?.();
    }
  }

  async function send(
    s: Session,
    group: Group,
    path: string,
    init: { method?: 'GET' | 'POST'; body?: unknown; html?: boolean; binary?: boolean; onSend?: () => void },
  ): Promise<{ status: number; text: string; headers: Headers }> {
    if (stopped || performance.now() > deadline) throw new StopSession();
    const headers: Record<string, string> = {
      'x-forwarded-for': s.ip,
      accept: init.html
        ? 'text/html,application/xhtml+xml'
        : init.binary
          ? 'image/webp,*/*'
          : 'application/json, text/plain',
      'accept-language': 'vi-VN,vi;q=0.9',
      'accept-encoding': 'gzip, deflate, br',
      'user-agent': 'showroom-load/1.0 (simulated visitor)',
    };
    if (s.xsrf) headers.cookie = `XSRF-TOKEN=${s.xsrf}`;
    if (init.body !== undefined) {
      headers['content-type'] = 'application/json';
      if (s.xsrf) headers['x-xsrf-token'] = s.xsrf;
    }
    init.onSend?.();
    const entry: Pending = { group, started: performance.now(), inflight: false };
    const afterSignal = signalAt !== null;
    pending.add(entry);
    let outcome: Outcome;
    let result: { status: number; text: string; headers: Headers } | null = null;
    try {
      const request: RequestInit & { dispatcher?: Dispatcher } = {
        method: init.method ?? 'GET',
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(opts.timeoutMs),
        dispatcher: s.browser.dispatcher,
      };
      const res = await fetch(`${opts.base}${path}`, request);
      const text = init.binary ? `${(await res.arrayBuffer()).byteLength}` : await res.text();
      outcome = { kind: 'status', status: res.status };
      result = { status: res.status, text, headers: res.headers };
      for (const c of res.headers.getSetCookie()) {
        const m = /^XSRF-TOKEN=([^;]*)/.exec(c);
        if (m) s.xsrf = m[1];
      }
    } catch (err) {
      outcome = failure(err);
    }
    const ms = performance.now() - entry.started;
    pending.delete(entry);
    if (DEBUG_SLOW_MS && ms > DEBUG_SLOW_MS)
      log(
        `slow: ${Math.round(ms)} ms ${outcome.kind === 'status' ? outcome.status : outcome.kind} ${path} ` +
          `(sent at ${Math.round(entry.started - started)} ms)`,
      );
    const b = Math.floor((performance.now() - started) / 1000 / BUCKET_SECONDS);
    buckets[b] ??= { requests: 0, failures: 0, ms: [] };
    buckets[b].requests++;
    if (outcome.kind === 'status') buckets[b].ms.push(ms);
    if (!afterSignal && (outcome.kind !== 'status' || outcome.status >= 500)) buckets[b].failures++;
    if (afterSignal) {
      after.requests++;
      if (outcome.kind === 'status')
        after.statuses[outcome.status] = (after.statuses[outcome.status] ?? 0) + 1;
      else if (outcome.kind === 'timeout') after.timeouts++;
      else if (outcome.code === 'ECONNREFUSED') after.refused++;
      else after.otherNetwork[outcome.code] = (after.otherNetwork[outcome.code] ?? 0) + 1;
    } else {
      recorders.get(group).add(outcome, ms);
      if (entry.inflight) {
        inflightRec.get(group).add(outcome, ms);
        lastInflightAnswer = Math.max(lastInflightAnswer, performance.now() - (signalAt ?? 0));
      }
    }
    // A page whose call failed is a broken page: the visitor leaves (and a new one arrives).
    if (!result || result.status >= 500) throw new StopSession();
    return result;
  }

  const json = <T>(r: { status: number; text: string }): T | null => {
    if (r.status < 200 || r.status >= 300) return null;
    try {
      return JSON.parse(r.text) as T;
    } catch {
      return null;
    }
  };

  const pick = <T>(s: Session, items: readonly T[]): T => items[Math.floor(s.rand() * items.length)];

  async function think(s: Session) {
    const [min, max] = opts.thinkMs;
    const ms = min + s.rand() * (max - min);
    if (ms > 0) await sleep(ms);
  }

  /** Pictures a page shows, fetched together (a browser loads the visible ones in parallel). */
  async function pictures(s: Session, urls: (string | null)[]) {
    if (!opts.images) return;
    const list = [...new Set(urls.filter((u): u is string => !!u))];
    await together(list.map((u) => call(s, 'images', u, { binary: true })));
  }

  /**
   * The HTML a visitor lands on and the web app's files (first page of a session). A page the server
   * rendered carries its data (returned here), so the browser asks the API for none of it.
   */
  async function landing(
    s: Session,
    group: 'home html' | 'page html',
    path: string,
  ): Promise<Rendered | null> {
    const page = await call(s, group, path, { html: true });
    // A first-time visitor's browser loads the app's files; a returning one has them cached (hashed
    // names, cached for a year).
    if (!s.returning)
      await together(
        [...new Set([...assetsOf(page.text), ...catalogue.assets])].map((a) => call(s, 'assets', a)),
      );
    const rendered = renderedData(page.text);
    if (rendered) s.haveConfig = true;
    return rendered;
  }

  async function siteConfig(s: Session) {
    if (s.haveConfig) return;
    s.haveConfig = true;
    await call(s, 'site config', '/api/web-configuration');
  }

  type Slide = { image: { urls?: Record<string, string>; src: string } | null };

  async function home(s: Session, land: boolean) {
    const rendered = land ? await landing(s, 'home html', '/') : null;
    let data: [Slide[] | null, CarSummary[] | null, CarSummary[] | null, Page<BlogSummary> | null];
    if (rendered) {
      data = [
        rendered('sliders', 'public') as Slide[] | null,
        rendered('cars', 'homepage', 'newest') as CarSummary[] | null,
        rendered('cars', 'homepage', 'cheapest') as CarSummary[] | null,
        rendered('blogs', 'public') as Page<BlogSummary> | null,
      ];
    } else {
      const [, sliders, newest, , cheapest, news] = await together([
        siteConfig(s),
        call(s, 'home api', '/api/overview/sliders'),
        call(s, 'home api', '/api/homepage/newest'),
        call(s, 'home api', '/api/homepage/most-expensive'),
        call(s, 'home api', '/api/homepage/cheapest'),
        call(s, 'home api', '/api/blogs?page=1&size=4'),
      ]);
      data = [json(sliders), json(newest), json(cheapest), json(news)];
    }
    const [slides, newest, cheapest, news] = data;
    const rows = [...(newest ?? []), ...(cheapest ?? [])];
    s.seen = rows.length ? rows : s.seen;
    await pictures(s, [
      imageUrl(slides?.[0]?.image, pick(s, SLIDES)),
      ...rows.slice(0, 4).map((c) => imageUrl(c.cover)),
      ...(news?.content ?? []).slice(0, 2).map((p) => imageUrl(p.image)),
    ]);
  }

  /** One to three filters drawn from the real data, sometimes a sort, sometimes page 2. */
  function listQuery(s: Session): URLSearchParams {
    const q = new URLSearchParams();
    const want = 1 + Math.floor(s.rand() * 3);
    const kinds = ['brand', 'bodyType', 'price', 'brand', 'fuel', 'size'].sort(() => s.rand() - 0.5);
    for (const kind of kinds.slice(0, want)) {
      if (kind === 'brand' && filters.brands.length && !q.has('brand')) {
        // Brands weighted by their number of cars, as buyers look for what the showroom has.
        let r = s.rand() * brandTotal;
        let b = filters.brands[0];
        for (const [i, brand] of filters.brands.entries()) {
          r -= brandWeights[i];
          if (r < 0) {
            b = brand;
            break;
          }
        }
        q.set('brand', b.value);
      } else if (kind === 'bodyType' && filters.bodyTypes.length)
        q.set('bodyType', pick(s, filters.bodyTypes).value);
      else if (kind === 'price') {
        const [min, max] = pick(s, PRICE_BANDS);
        if (min !== undefined) q.set('minPrice', String(min));
        if (max !== undefined) q.set('maxPrice', String(max));
      } else if (kind === 'fuel' && filters.fuels.length) q.set('fuel', pick(s, filters.fuels).value);
      else if (kind === 'size' && filters.sizes.length) q.set('size', String(pick(s, filters.sizes)));
    }
    const sort = pick(s, SORTS);
    if (sort !== 'newest') q.set('sort', sort);
    return q;
  }

  async function list(s: Session, land: boolean) {
    const q = listQuery(s);
    const rendered = land ? await landing(s, 'page html', `/cars?${q}`) : null;
    let result: CarPage | null;
    if (rendered) result = rendered('cars', 'list') as CarPage | null;
    else {
      const [page] = await together([
        call(s, 'list', `/api/cars?${q}&page=1&pageSize=12`),
        siteConfig(s),
        s.haveFilters ? null : call(s, 'list', '/api/cars/filters'),
      ]);
      result = json<CarPage>(page);
    }
    s.haveFilters = true;
    if (result && result.totalPages > 1 && s.rand() < 0.25) {
      await think(s);
      result = json<CarPage>(await call(s, 'list', `/api/cars?${q}&page=2&pageSize=12`)) ?? result;
    }
    if (result?.content.length) s.seen = result.content;
    await pictures(
      s,
      (result?.content ?? []).slice(0, 4).map((c) => imageUrl(c.cover)),
    );
  }

  async function carPage(s: Session, land: boolean) {
    const id = s.seen.length && s.rand() < 0.85 ? pick(s, s.seen).carId : pick(s, catalogue.carIds);
    const rendered = land ? await landing(s, 'page html', `/cars/${id}`) : null;
    let detail: CarDetail | null;
    let similar: CarSummary[] | null;
    if (rendered) {
      detail = rendered('cars', 'detail', id) as CarDetail | null;
      similar = rendered('cars', 'similar', id) as CarSummary[] | null;
    } else {
      const [car] = await together([call(s, 'detail', `/api/cars/${id}`), siteConfig(s)]);
      detail = json<CarDetail>(car);
      if (!detail) return;
      const [answer] = await together([
        call(s, 'detail', `/api/cars/${id}/similar`),
        s.haveCalculations ? null : call(s, 'detail', '/api/web-configuration/car-calculations'),
      ]);
      similar = json<CarSummary[]>(answer);
    }
    if (!detail) return;
    s.lastCar = detail;
    s.haveCalculations = true;
    await pictures(s, [
      ...detail.photos.slice(0, 2).map((p) => imageUrl(p, '960')),
      ...(similar ?? []).slice(0, 2).map((c) => imageUrl(c.cover)),
    ]);
  }

  async function news(s: Session) {
    const [, posts] = await together([
      call(s, 'blog', '/api/blogs/categories'),
      call(s, 'blog', '/api/blogs?page=1&size=6'),
      siteConfig(s),
    ]);
    const content = json<Page<BlogSummary>>(posts)?.content ?? [];
    await pictures(
      s,
      content.slice(0, 3).map((p) => imageUrl(p.image)),
    );
    const post = content.length ? pick(s, content) : catalogue.posts.length ? pick(s, catalogue.posts) : null;
    if (!post) return;
    await think(s);
    const slug = post.category.toLowerCase().replace(/_/g, '-');
    await together([
      call(s, 'blog', `/api/blogs/${post.blogId}`),
      call(s, 'blog', `/api/blogs/category/${slug}?page=1&size=4`),
      call(s, 'blog', '/api/blogs?page=1&size=4'),
    ]);
    await pictures(s, [imageUrl(post.image, '960')]);
  }

  async function chat(s: Session) {
    const brand = filters.brands.length ? pick(s, filters.brands).label : 'Toyota';
    const question = pick(s, QUESTIONS).replace('{brand}', brand);
    const history = [
      { role: 'model', content: CHAT_GREETING },
      { role: 'user', content: question },
    ];
    const first = await call(s, 'chat', '/api/chatbot/history', { method: 'POST', body: history });
    const source = first.headers.get('x-advisor') ?? 'none';
    advisorSources[source] = (advisorSources[source] ?? 0) + 1;
    if (first.status !== 200 || s.rand() < 0.6) return;
    await think(s);
    history.push({ role: 'model', content: first.text }, { role: 'user', content: pick(s, FOLLOW_UPS) });
    await call(s, 'chat', '/api/chatbot/history', { method: 'POST', body: history });
  }

  /** A free slot of the car that day, the n-th of them round (visitors at once take different ones). */
  async function freeSlot(s: Session, carId: number, day: string, n: number): Promise<string | null> {
    const res = await call(s, 'slots', `/api/test-drives/slots?carId=${carId}&date=${day}`);
    const free = (json<{ slots: { time: string; remaining: number }[] }>(res)?.slots ?? []).filter(
      (slot) => slot.remaining > 0,
    );
    return free.length ? free[n % free.length].time : null;
  }

  async function lead(s: Session) {
    if (stopped || performance.now() > deadline) throw new StopSession();
    const n = leadCounter++;
    const phone = `09${String(10_000_000 + ((n * 7919 + Math.floor(s.rand() * 1000)) % 90_000_000)).slice(-8)}`;
    const day = vnDayKey(new Date(Date.now() + (2 + Math.floor(s.rand() * 10)) * 86_400_000));
    const carId = s.lastCar?.carId ?? (s.seen.length ? pick(s, s.seen).carId : pick(s, catalogue.carIds));
    // A test drive is booked as the form books it: in a slot the car still has free that day (a slot
    // taken meanwhile answers 409, which a visitor choosing freely would meet and the form never offers).
    const timeSlot = n % 2 === 0 ? null : await freeSlot(s, carId, day, n);
    const form: LeadRecord['form'] = timeSlot ? 'test-drive' : 'consulting';
    const body =
      form === 'consulting'
        ? {
            fullName: pick(s, NAMES),
            phone,
            email: `khach${n}@example.com`,
            topic: pick(s, ['BUY', 'INSTALLMENT', 'SELL', 'OTHER'] as const),
            carId: s.lastCar?.carId,
            message: 'Tôi muốn được tư vấn về xe này và phương án trả góp.',
            website: '',
            clientRequestId: randomUUID(),
          }
        : {
            fullName: pick(s, NAMES),
            phone,
            email: '',
            carId,
            preferredDate: day,
            timeSlot,
            note: 'Muốn lái thử cuối tuần',
            website: '',
            clientRequestId: randomUUID(),
          };
    const record: LeadRecord = { form, status: null, reference: null, inflightAtSignal: false };
    const wasBefore = signalAt === null;
    const path = form === 'consulting' ? '/api/consulting' : '/api/test-drives';
    try {
      const res = await call(s, 'lead post', path, {
        method: 'POST',
        body,
        // A lead counts as posted once its request leaves: the run's end can come while the visitor waits
        // for a free connection (the slot lookup before it took a while), and then nothing was sent.
        onSend: () => leads.push(record),
      });
      record.status = res.status;
      record.reference = json<{ reference: string }>(res)?.reference ?? null;
    } finally {
      record.inflightAtSignal = wasBefore && signalAt !== null;
    }
  }

  async function session(s: Session) {
    const sessionNo = sessions++;
    const r = s.rand();
    if (r < 0.55) await home(s, true);
    else if (r < 0.85) await list(s, true);
    else await carPage(s, true);
    const steps = 1 + Math.floor(s.rand() * 5);
    for (let i = 0; i < steps; i++) {
      await think(s);
      const step = s.rand();
      if (step < 0.33) await list(s, false);
      else if (step < 0.63) await carPage(s, false);
      else if (step < 0.78) await news(s);
      else if (step < 0.92) await chat(s);
      else await home(s, false);
    }
    if (opts.leadEvery > 0 && sessionNo % opts.leadEvery === opts.leadEvery - 1) {
      await think(s);
      await lead(s);
    }
  }

  async function visitor(index: number) {
    const rand = rng(opts.seed * 1000 + index);
    // Visitors arrive over the first quarter of the run (at most 10 s), not all in the same instant.
    await sleep(rand() * Math.min(10_000, opts.seconds * 250));
    const browser: Browser = {
      dispatcher: Agent ? new Agent({ connections: BROWSER_CONNECTIONS }) : undefined,
      active: 0,
      waiting: [],
    };
    try {
      await visits(rand, browser);
    } finally {
      // Nothing of this visitor is under way any more (pages wait for all their calls).
      await browser.dispatcher?.close().catch(() => {});
    }
  }

  async function visits(rand: () => number, browser: Browser) {
    while (!stopped && performance.now() < deadline) {
      ipCounter++;
      const s: Session = {
        rand,
        ip: `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`,
        xsrf: null,
        seen: [],
        lastCar: null,
        haveFilters: false,
        haveCalculations: false,
        haveConfig: false,
        returning: rand() < opts.returning,
        browser,
      };
      try {
        await session(s);
      } catch (err) {
        if (!(err instanceof StopSession)) throw err;
      }
      await think(s);
      // After a failure (the server gone in a SIGTERM run) the next visitor arrives a little later.
      if (signalAt !== null) await sleep(50);
    }
  }

  let signalTimer: NodeJS.Timeout | undefined;
  if (opts.sigterm) {
    const sig = opts.sigterm;
    signalTimer = setTimeout(() => {
      signalAt = performance.now();
      for (const p of pending) p.inflight = true;
      log(`SIGTERM at ${sig.atSeconds} s with ${pending.size} requests in flight`);
      sig.send();
      void sig.exited.then(() =>
        setTimeout(() => {
          stopped = true;
        }, 1000),
      );
    }, sig.atSeconds * 1000);
  }
  const progress = setInterval(() => {
    const t = recorders.figures(1).total;
    log(
      `${Math.round((performance.now() - started) / 1000)} s: ${t.requests} requests, ${pending.size} in flight`,
    );
  }, 10_000);
  try {
    await Promise.all(Array.from({ length: opts.visitors }, (_, i) => visitor(i)));
  } finally {
    clearInterval(progress);
    clearTimeout(signalTimer);
  }
  const elapsed = (performance.now() - started) / 1000;
  if (DEBUG_SLOW_MS) {
    log(`connections: ${connects.attempts} attempts, ${connects.connected} connected`);
  }
  const cpu = process.cpuUsage(cpuStart);
  const timeline: TimelineBucket[] = Array.from(buckets, (b, i) => ({
    from: i * BUCKET_SECONDS,
    requests: b?.requests ?? 0,
    failures: b?.failures ?? 0,
    p95: b ? Math.round(percentile(Float64Array.from(b.ms).sort(), 95)) : 0,
  }));
  // Throughput over the time the server was serving (until the signal in a SIGTERM run).
  const window = signalAt !== null ? (signalAt - started) / 1000 : elapsed;
  const { groups, total } = recorders.figures(window);
  const result: LoadResult = {
    base: opts.base,
    visitors: opts.visitors,
    seconds: opts.seconds,
    thinkMs: opts.thinkMs,
    leadEvery: opts.leadEvery,
    timeoutMs: opts.timeoutMs,
    returning: opts.returning,
    elapsedSeconds: Math.round(elapsed * 10) / 10,
    sessions,
    groups,
    total,
    leads,
    advisorSources,
    timeline,
    clientCpuCores: Math.round(((cpu.user + cpu.system) / 1e6 / elapsed) * 100) / 100,
    catalogue: {
      cars: catalogue.carIds.length,
      brands: filters.brands.length,
      bodyTypes: filters.bodyTypes.length,
      posts: catalogue.posts.length,
    },
  };
  if (opts.sigterm) {
    const inflight = inflightRec.figures(1).total;
    result.sigterm = {
      atSeconds: opts.sigterm.atSeconds,
      inflight: { ...inflight, group: 'in flight at SIGTERM', rps: 0 },
      after,
      lastInflightAnswerMs: Math.round(lastInflightAnswer),
    };
  }
  return result;
}
