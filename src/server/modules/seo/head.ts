/**
 * The <head> a page is answered with: title, description, canonical URL, Open Graph and Twitter tags,
 * and JSON-LD blocks. Everything inserted is escaped here, once.
 */

export interface ShareImage {
  url: string;
  width?: number;
  height?: number;
  alt: string;
}

/**
 * What the browser may fetch before the page's scripts ask for it: the route's code, the first API
 * answers and the first big picture (the page's LCP). See preload.ts.
 */
export interface PagePreload {
  /** Script files of the page's route (modulepreload). */
  modules: string[];
  /** Same-origin API addresses the page requests first; fetch() reuses the preloaded answers. */
  data: string[];
  /** The LCP picture with the <img>'s own srcset and sizes, so the same file is chosen. */
  image: { src: string; srcset: string; sizes: string } | null;
}

export interface PageHead {
  title: string;
  description: string;
  /** Absolute canonical address. */
  url: string;
  siteName: string;
  type: 'website' | 'article' | 'product';
  image: ShareImage | null;
  /** 'noindex' for not-found and staff pages. */
  robots?: string;
  jsonLd: object[];
  /** Extra <meta property=...> pairs (article:published_time, product:price:amount, ...). */
  extra?: [string, string][];
  preload?: PagePreload;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

/** JSON safe inside <script type="application/ld+json">: no "</script>", no HTML comment, no line separators. */
export function safeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** One line, at most `max` characters, cut on a word. */
export function clip(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}

export function renderHead(head: PageHead): string {
  const lines: string[] = [];
  const meta = (attr: 'name' | 'property', key: string, content: string) =>
    lines.push(`<meta ${attr}="${escapeHtml(key)}" content="${escapeHtml(content)}" />`);
  lines.push(`<title>${escapeHtml(head.title)}</title>`);
  meta('name', 'description', head.description);
  lines.push(`<link rel="canonical" href="${escapeHtml(head.url)}" />`);
  if (head.robots) meta('name', 'robots', head.robots);
  meta('property', 'og:type', head.type === 'product' ? 'product' : head.type);
  meta('property', 'og:site_name', head.siteName);
  meta('property', 'og:locale', 'vi_VN');
  meta('property', 'og:title', head.title);
  meta('property', 'og:description', head.description);
  meta('property', 'og:url', head.url);
  if (head.image) {
    meta('property', 'og:image', head.image.url);
    if (head.image.url.startsWith('https:')) meta('property', 'og:image:secure_url', head.image.url);
    if (head.image.width && head.image.height) {
      meta('property', 'og:image:width', String(head.image.width));
      meta('property', 'og:image:height', String(head.image.height));
    }
    meta('property', 'og:image:alt', head.image.alt);
  }
  for (const [key, value] of head.extra ?? []) meta('property', key, value);
  meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary');
  meta('name', 'twitter:title', head.title);
  meta('name', 'twitter:description', head.description);
  if (head.image) {
    meta('name', 'twitter:image', head.image.url);
    meta('name', 'twitter:image:alt', head.image.alt);
  }
  for (const block of head.jsonLd)
    lines.push(`<script type="application/ld+json">${safeJson(block)}</script>`);
  return lines.join('\n    ');
}

/**
 * The preload links, placed after the built page's own script and stylesheet (see injectHead): the
 * entry and the CSS are requested first, the route's chunks, data and picture right behind them.
 */
export function renderPreload(preload: PagePreload | undefined): string {
  if (!preload) return '';
  const lines: string[] = [];
  for (const href of preload.modules)
    lines.push(`<link rel="modulepreload" crossorigin href="${escapeHtml(href)}" />`);
  for (const href of preload.data)
    lines.push(`<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeHtml(href)}" />`);
  if (preload.image) {
    const { src, srcset, sizes } = preload.image;
    lines.push(
      `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(src)}" imagesrcset="${escapeHtml(srcset)}" imagesizes="${escapeHtml(sizes)}" />`,
    );
  }
  return lines.join('\n    ');
}

export const HEAD_MARKER = '<!--app-head-->';

/**
 * Puts the head into the built index.html: its own <title> and description (the defaults for the
 * JavaScript app) are removed, our tags go where the marker is (or before </head>).
 */
export function injectHead(template: string, headHtml: string, tailHtml = ''): string {
  let cleaned = template
    .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
    .replace(/<meta\s+name=["']description["'][^>]*>\s*/i, '');
  // Last in <head>: after the entry script and stylesheet Vite wrote there.
  if (tailHtml) cleaned = cleaned.replace(/<\/head>/i, () => `  ${tailHtml}\n  </head>`);
  if (cleaned.includes(HEAD_MARKER)) return cleaned.replace(HEAD_MARKER, () => headHtml);
  return cleaned.replace(/<\/head>/i, () => `${headHtml}\n  </head>`);
}

/** Used when the web app has not been built: still a valid page with the same head. */
export const FALLBACK_TEMPLATE = `<!doctype html>
<html lang="vi">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    ${HEAD_MARKER}
  </head>
  <body>
    <div id="root"><p>Chưa có bản dựng giao diện: chạy "npm run build".</p></div>
  </body>
</html>
`;
