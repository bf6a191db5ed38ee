// One Lighthouse run of one page (mobile, the default config) and the figures bench:web prints.
import http from 'node:http';
import { gzipSync } from 'node:zlib';
import lighthouse, { type Result } from 'lighthouse';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

export interface Asset {
  url: string;
  type: 'js' | 'css';
  /** Bytes on the wire as Lighthouse saw them (headers included). */
  transfer: number;
  /** Bytes of the body compressed with gzip: as sent when the server gzips, computed otherwise. */
  gzip: number;
  /** The server answered Accept-Encoding: gzip with a compressed body. */
  served: 'gzip' | 'none';
}

export interface PageRun {
  scores: Record<Category, number>;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
  siMs: number;
  /** The LCP element as Lighthouse names it. */
  lcpElement: string;
  /** Lighthouse's CPU benchmark of this machine at the time of the run (a quiet desktop: ~1500-2500). */
  benchmarkIndex: number;
  /** Addresses requested more than once in the load (a preload the page did not reuse, say). */
  duplicates: string[];
  assets: Asset[];
  /** Audits that cost points (score below 1) with their titles, per category. */
  failing: { category: Category; id: string; title: string; score: number | null; detail: string }[];
  lhr: Result;
}

/** Size of `url`'s body as sent for Accept-Encoding: gzip (node:http, which does not decompress). */
export function gzipSize(url: string): Promise<{ bytes: number; served: 'gzip' | 'none' }> {
  return new Promise((ok, fail) => {
    http
      .get(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (d: Buffer) => parts.push(d));
        res.on('end', () => {
          const body = Buffer.concat(parts);
          if (res.headers['content-encoding'] === 'gzip') ok({ bytes: body.length, served: 'gzip' });
          else ok({ bytes: gzipSync(body, { level: 9 }).length, served: 'none' });
        });
        res.on('error', fail);
      })
      .on('error', fail);
  });
}

interface NetworkItem {
  url: string;
  transferSize?: number;
  resourceType?: string;
  mimeType?: string;
  statusCode?: number;
}

function describeDetail(audit: Result['audits'][string]): string {
  const raw = (audit.details as { items?: unknown } | undefined)?.items;
  const items = (Array.isArray(raw) ? raw : []) as Record<string, unknown>[];
  const bits: string[] = [];
  for (const item of items.slice(0, 4)) {
    const node = item.node as { snippet?: string; nodeLabel?: string } | undefined;
    const text =
      (typeof item.url === 'string' && item.url) ||
      node?.snippet ||
      node?.nodeLabel ||
      (typeof item.description === 'string' && item.description) ||
      (typeof item.source === 'string' && item.source) ||
      '';
    if (text) bits.push(String(text).replace(/\s+/g, ' ').slice(0, 160));
  }
  if (items.length > 4) bits.push(`… ${items.length - 4} more`);
  return bits.join(' | ');
}

/** Lighthouse's default mobile throttling (slow 4G, CPU × 4), for runs that change only the CPU factor. */
const MOBILE_SLOW_4G = {
  rttMs: 150,
  throughputKbps: 1.6 * 1024,
  requestLatencyMs: 150 * 3.75,
  downloadThroughputKbps: 1.6 * 1024 * 0.9,
  uploadThroughputKbps: 750 * 0.9,
  cpuSlowdownMultiplier: 4,
};

/**
 * One run. `cpuMultiplier` (diagnostic) replaces Lighthouse's CPU slowdown of 4, keeping its network
 * model: 1 shows what the network simulation alone allows.
 */
export async function auditPage(url: string, port: number, cpuMultiplier?: number): Promise<PageRun> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
    ...(cpuMultiplier === undefined
      ? {}
      : { throttling: { ...MOBILE_SLOW_4G, cpuSlowdownMultiplier: cpuMultiplier } }),
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const lhr = result.lhr;
  if (lhr.runtimeError)
    throw new Error(`Lighthouse ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);

  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
  ) as Record<Category, number>;
  const num = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;

  const items = ((lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ??
    []) as NetworkItem[];
  const assets: Asset[] = [];
  for (const item of items) {
    const type = item.resourceType === 'Script' ? 'js' : item.resourceType === 'Stylesheet' ? 'css' : null;
    if (!type || !item.url.startsWith('http')) continue;
    const { bytes, served } = await gzipSize(item.url);
    assets.push({ url: item.url, type, transfer: item.transferSize ?? 0, gzip: bytes, served });
  }

  const failing: PageRun['failing'] = [];
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 1) continue;
      if (['notApplicable', 'informative', 'manual'].includes(audit.scoreDisplayMode)) continue;
      // Metric audits of the performance category are printed in the table; list the rest.
      if (category === 'performance' && ref.weight > 0) {
        if (audit.score >= 0.9) continue;
      }
      failing.push({
        category,
        id: ref.id,
        title: audit.title,
        score: audit.score,
        detail: describeDetail(audit),
      });
    }
  }

  const lcpParts = (
    lhr.audits['lcp-breakdown-insight']?.details as { items?: { type?: string; snippet?: string }[] }
  )?.items;
  const lcpElement = lcpParts?.find((i) => i.type === 'node')?.snippet ?? '';

  const counts = new Map<string, number>();
  for (const item of items) counts.set(item.url, (counts.get(item.url) ?? 0) + 1);
  const duplicates = [...counts].filter(([url, n]) => n > 1 && url.startsWith('http')).map(([url]) => url);

  return {
    scores,
    lcpMs: num('largest-contentful-paint'),
    cls: num('cumulative-layout-shift'),
    tbtMs: num('total-blocking-time'),
    fcpMs: num('first-contentful-paint'),
    siMs: num('speed-index'),
    lcpElement,
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    duplicates,
    assets,
    failing,
    lhr,
  };
}
