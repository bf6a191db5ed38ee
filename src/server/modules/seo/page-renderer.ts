import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { SSR_STATE_ID, type SsrFetch, type SsrModule } from '../../../contract/ssr';
import { redactUrl } from '../../platform/security';
import { safeJson } from './head';
import { PageCache } from './page-cache';

/** A page whose data is slower than this is sent without its render: the browser renders it. */
const RENDER_TIMEOUT_MS = 2_000;
/** Requests under way above which public pages are no longer rendered on the server (app.ts). */
export const BUSY_REQUESTS_IN_FLIGHT = 32;

/**
 * Renders under way at once. A render holds the event loop for 10 to 30 ms; when more pages ask for one,
 * or the server is saturated (isBusy), the page goes out unrendered and the browser renders it from the
 * API, which costs the server about a third as much. Without this the load run served 22% fewer visits
 * and timed out (docs/performance.md, "Load").
 */
const MAX_CONCURRENT_RENDERS = 2;

export interface RenderedBody {
  /** The page's HTML, for inside `<div id="root">`. */
  html: string;
  /** The JSON block the browser hydrates from. */
  stateScript: string;
  /** Characters of both, for the cache's bound. */
  size: number;
}

/**
 * A GET of the app's own API without a socket: the same routes, validation and read cache a browser's
 * request goes through, and never a visitor's cookie or token (a rendered page is the anonymous page).
 */
export async function answerInProcess(app: FastifyInstance, url: string): Promise<Response> {
  const res = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
  const empty = res.statusCode === 204 || res.statusCode === 304;
  return new Response(empty ? null : res.body, {
    status: res.statusCode,
    headers: { 'content-type': String(res.headers['content-type'] ?? '') },
  });
}

interface Logger {
  warn(obj: object, msg: string): void;
}

/**
 * Renders public pages on the server with the web app's own server bundle (WEB_DIR/.ssr/entry-server.js,
 * written by `npm run build`), so the text and the first picture are in the HTML the visitor's browser
 * receives, before any script has run. The bundle is loaded on first use and again when a new build
 * replaces it. No bundle (the app was not built), a failed or slow render: null, and the page goes out
 * as before, rendered in the browser.
 */
export class PageRenderer {
  private loaded: { mtimeMs: number; module: Promise<SsrModule | null> } | null = null;
  private readonly cache: PageCache<RenderedBody>;
  private rendering = 0;

  constructor(
    private readonly webDir: string,
    private readonly fetchApi: SsrFetch,
    private readonly log: Logger,
    cacheMs = 0,
    /** True while the server is saturated: pages then go out unrendered (cheaper for the server). */
    private readonly isBusy: () => boolean = () => false,
  ) {
    this.cache = new PageCache(cacheMs);
  }

  /** Loads the bundle ahead of the first visitor (it takes a moment to compile). */
  async warm(): Promise<void> {
    await this.module();
  }

  /** Forget every rendered page: something they show may have changed. */
  clear() {
    this.cache.clear();
  }

  private async module(): Promise<SsrModule | null> {
    const file = join(this.webDir, '.ssr', 'entry-server.js');
    let mtimeMs: number;
    try {
      mtimeMs = (await stat(file)).mtimeMs;
    } catch {
      return null;
    }
    if (this.loaded?.mtimeMs !== mtimeMs) {
      // The query string makes a rebuilt bundle a new module for Node's import cache.
      const url = `${pathToFileURL(file).href}?v=${mtimeMs}`;
      this.loaded = {
        mtimeMs,
        module: (import(url) as Promise<SsrModule>).catch((err: unknown) => {
          this.log.warn({ err }, 'server render bundle failed to load');
          return null;
        }),
      };
    }
    return this.loaded.module;
  }

  async render(url: string): Promise<RenderedBody | null> {
    return this.cache.get(url, () => this.renderNow(url));
  }

  private async renderNow(url: string): Promise<RenderedBody | null> {
    if (this.rendering >= MAX_CONCURRENT_RENDERS || this.isBusy()) return null;
    this.rendering++;
    try {
      return await this.renderWith(url);
    } finally {
      this.rendering--;
    }
  }

  private async renderWith(url: string): Promise<RenderedBody | null> {
    const mod = await this.module();
    if (!mod) return null;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), RENDER_TIMEOUT_MS);
    });
    try {
      const result = await Promise.race([mod.render(url, this.fetchApi), timeout]);
      if (!result) return null;
      const stateScript = `<script type="application/json" id="${SSR_STATE_ID}">${safeJson(result.state)}</script>`;
      return { html: result.html, stateScript, size: result.html.length + stateScript.length };
    } catch (err) {
      this.log.warn(
        { err, url: redactUrl(url) },
        'server render failed; the page is rendered in the browser',
      );
      return null;
    } finally {
      clearTimeout(timer);
    }
  }
}

/** Puts a rendered body into the page: the HTML inside the app's root element, the state before </body>. */
export function injectBody(page: string, body: RenderedBody): string {
  const root = /<div id="root">\s*<\/div>/;
  if (!root.test(page)) return page;
  return page
    .replace(root, () => `<div id="root">${body.html}</div>`)
    .replace(/<\/body>/i, () => `  ${body.stateScript}\n  </body>`);
}
