import sanitizeHtml from 'sanitize-html';

/**
 * The allow-list for post bodies written in TipTap. Everything else is dropped: scripts and styles with
 * their content, event handlers, style and class attributes, frames, forms, and links or images whose
 * address is not one we accept.
 */
const TAGS = [
  'p',
  'h2',
  'h3',
  'h4',
  'strong',
  'em',
  'u',
  's',
  'a',
  'ul',
  'ol',
  'li',
  'blockquote',
  'img',
  'figure',
  'figcaption',
  'br',
  'hr',
  'code',
  'pre',
  'table',
  'caption',
  'colgroup',
  'col',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
];

/** Elements whose text must vanish with them (not be left behind as plain text). */
const DROP_WITH_CONTENT = [
  'script',
  'style',
  'textarea',
  'option',
  'noscript',
  'iframe',
  'object',
  'embed',
  'template',
  'svg',
  'math',
  'title',
  'head',
  'select',
  'frameset',
  'noembed',
  'xmp',
];

const UPLOAD_PATH = /^\/api\/uploads\/[A-Za-z0-9._~\-/]+$/;
const DIGITS = /^\d{1,4}$/;

function safeHref(href: string | undefined): string | null {
  if (!href) return null;
  const value = href.trim();
  if (/^(https?:\/\/|mailto:)/i.test(value)) return value;
  // Links inside the site: /cars/12, /blogs?x, #section. Not protocol-relative //host.
  if (/^\/(?!\/)/.test(value) || value.startsWith('#')) return value;
  return null;
}

function safeImageSrc(src: string | undefined): string | null {
  if (!src) return null;
  const value = src.trim();
  if (/^https:\/\/[^\s"'<>]+$/i.test(value)) return value;
  if (UPLOAD_PATH.test(value) && !value.includes('..')) return value;
  return null;
}

function keep(
  attribs: Record<string, string>,
  name: string,
  test: (v: string) => boolean,
  out: Record<string, string>,
) {
  const v = attribs[name];
  if (v !== undefined && test(v)) out[name] = v;
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: TAGS,
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    col: ['span'],
    code: ['class'],
    ol: ['start'],
  },
  allowedClasses: { code: [/^language-[a-z0-9+#-]{1,30}$/] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: DROP_WITH_CONTENT,
  nestingLimit: 30,
  parseStyleAttributes: false,
  transformTags: {
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    b: 'strong',
    i: 'em',
    strike: 's',
    del: 's',
    ins: 'u',
    div: 'p',
    a: (tagName, attribs) => {
      const out: Record<string, string> = {};
      const href = safeHref(attribs.href);
      if (href) out.href = href;
      keep(attribs, 'title', (v) => v.length <= 300, out);
      if (href && /^https?:/i.test(href)) {
        out.target = '_blank';
        out.rel = 'noopener noreferrer';
      }
      return { tagName, attribs: out };
    },
    img: (tagName, attribs) => {
      const out: Record<string, string> = {};
      const src = safeImageSrc(attribs.src);
      if (src) out.src = src;
      out.alt = (attribs.alt ?? '').slice(0, 300);
      keep(attribs, 'title', (v) => v.length <= 300, out);
      keep(attribs, 'width', (v) => DIGITS.test(v), out);
      keep(attribs, 'height', (v) => DIGITS.test(v), out);
      out.loading = 'lazy';
      return { tagName, attribs: out };
    },
    td: cellTransform,
    th: cellTransform,
    ol: (tagName, attribs) => {
      const out: Record<string, string> = {};
      keep(attribs, 'start', (v) => DIGITS.test(v), out);
      return { tagName, attribs: out };
    },
  },
  // An image whose address was refused disappears instead of showing a broken frame.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

function cellTransform(tagName: string, attribs: Record<string, string>) {
  const out: Record<string, string> = {};
  keep(attribs, 'colspan', (v) => DIGITS.test(v), out);
  keep(attribs, 'rowspan', (v) => DIGITS.test(v), out);
  if (tagName === 'th') keep(attribs, 'scope', (v) => /^(row|col|rowgroup|colgroup)$/.test(v), out);
  return { tagName, attribs: out };
}

/** Post HTML reduced to the allow-list; safe to render with innerHTML. */
export function sanitizePostHtml(dirty: string): string {
  return sanitizeHtml(dirty, OPTIONS).trim();
}

/** The visible text of a post (summaries, search, descriptions), whitespace collapsed. */
export function plainText(html: string): string {
  return sanitizeHtml(html.replace(/<\/(p|h\d|li|blockquote|figcaption|tr|pre)>|<br\s*\/?>/gi, ' $&'), {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: DROP_WITH_CONTENT,
  })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** The first sentences of a text, cut on a word boundary. */
export function excerpt(text: string, max = 200): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}
