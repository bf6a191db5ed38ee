import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The page module the web app's router loads for each public route (src/web/app/public-routes.ts,
 * paths relative to the Vite root src/web). test/api/web-delivery.test.ts keeps the two in step.
 */
export const PAGE_MODULES: Record<string, string> = {
  '/': 'features/home/pages/home-page.tsx',
  '/cars': 'features/cars/pages/cars-page.tsx',
  '/cars/:id': 'features/cars/pages/car-detail-page.tsx',
  '/compare': 'features/compare/pages/compare-page.tsx',
  '/testdrive': 'features/leads/pages/test-drive-page.tsx',
  '/maintenance': 'features/leads/pages/maintenance-page.tsx',
  '/consulting': 'features/leads/pages/consulting-page.tsx',
  '/sell-car': 'features/leads/sell-car/sell-car-page.tsx',
  '/about': 'features/content/pages/about-page.tsx',
  '/services': 'features/content/pages/services-page.tsx',
  '/blogs': 'features/blogs/pages/blogs-page.tsx',
  '/blogs/:id': 'features/blogs/pages/blog-page.tsx',
  '/recruitment': 'features/recruitment/pages/recruitment-page.tsx',
  '/reservations/:id': 'features/reservations/public/reservation-page.tsx',
  '/lich-hen/:id': 'features/leads/pages/booking-page.tsx',
  '/deal/:id': 'features/deals/pages/deal-public-page.tsx',
  '/chatbot': 'features/chat/pages/chatbot-page.tsx',
  '/favorites': 'features/favorites/pages/favorites-page.tsx',
  '/alerts/confirm': 'features/alerts/pages/confirm-page.tsx',
  '/alerts/unsubscribe': 'features/alerts/pages/unsubscribe-page.tsx',
  '/alerts/manage': 'features/alerts/pages/manage-page.tsx',
};
/** The frame of every public page (header, footer, chat button). */
export const PUBLIC_LAYOUT_MODULE = 'app/public-layout.tsx';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * The script files a public route needs beyond the entry, from Vite's build manifest
 * (WEB_DIR/.vite/manifest.json, written because vite.config.ts sets build.manifest). Without them in
 * the page, the browser learns of the layout and page chunks only once the entry has run: one more
 * round trip before anything shows. No manifest (an older build): nothing to add.
 */
export class RouteModules {
  private cache: { mtimeMs: number; manifest: Manifest; entry: Set<string> } | null = null;
  private readonly resolved = new Map<string, string[]>();

  constructor(private readonly webDir: string) {}

  private async load(): Promise<{ manifest: Manifest; entry: Set<string> } | null> {
    const file = join(this.webDir, '.vite', 'manifest.json');
    let mtimeMs: number;
    try {
      mtimeMs = (await stat(file)).mtimeMs;
    } catch {
      this.cache = null;
      return null;
    }
    if (this.cache?.mtimeMs !== mtimeMs) {
      try {
        const manifest = JSON.parse(await readFile(file, 'utf8')) as Manifest;
        const entries = Object.keys(manifest).filter((k) => manifest[k].isEntry);
        this.cache = { mtimeMs, manifest, entry: closure(manifest, entries) };
        this.resolved.clear();
      } catch {
        return null;
      }
    }
    return this.cache;
  }

  /** "/assets/..." addresses of the layout's and the route's chunks and what they import statically. */
  async forRoute(route: string): Promise<string[]> {
    const page = PAGE_MODULES[route];
    if (!page) return [];
    const loaded = await this.load();
    if (!loaded) return [];
    const known = this.resolved.get(route);
    if (known) return known;
    const { manifest, entry } = loaded;
    const keys = [...closure(manifest, [PUBLIC_LAYOUT_MODULE, page])].filter((k) => !entry.has(k));
    const files = keys.map((k) => `/${manifest[k].file}`);
    this.resolved.set(route, files);
    return files;
  }
}

/** Manifest keys reachable from `starts` through static imports (what loads with them). */
function closure(manifest: Manifest, starts: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...starts];
  while (stack.length) {
    const key = stack.pop()!;
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    stack.push(...(manifest[key].imports ?? []));
  }
  return seen;
}
