import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * A chat message as React text and links, never as HTML: the text stays text (React escapes it) and the
 * line breaks are kept by the bubble's `white-space: pre-wrap`. Recognised and made clickable:
 * - paths of this site's public pages (/cars/{id}, /cars?brand=…, /testdrive?carId=..., /consulting,
 *   /sell-car, ...) as in-app links;
 * - http(s) addresses as links opening a new tab;
 * - Vietnamese phone numbers as tel: links;
 * - `[label](target)` and `**bold**`, which language models like to write.
 */

/** "brand=Mitsubishi", "carName=Lux%20A2.0": a dot only inside a value, so a sentence's full stop stays out. */
const QUERY_PAIR = String.raw`[A-Za-z]{1,20}=[\w%-]{1,60}(?:\.[\w%-]{1,20})*`;
const SITE_PATH =
  String.raw`\/(?:cars(?:\/\d{1,10}|\?${QUERY_PAIR}(?:&${QUERY_PAIR}){0,5})?|` +
  String.raw`compare(?:\?carIds=\d{1,10}(?:,\d{1,10})*)?|testdrive(?:\?carId=\d{1,10})?|` +
  String.raw`maintenance|consulting|services|chatbot|about|recruitment|sell-car|blogs(?:\/\d{1,10})?)`;
const WEB_URL = String.raw`https?:\/\/[^\s<>()[\]"']+[^\s<>()[\]"'.,;:!?]`;

const TOKEN = new RegExp(
  [
    // 1: label, 2: target of a markdown link
    String.raw`\[([^\]\n]{1,200})\]\((${WEB_URL}|${SITE_PATH})\)`,
    // 3: bold text
    String.raw`\*\*([^*\n]{1,300})\*\*`,
    // 4: an address
    `(${WEB_URL})`,
    // 5: a path of this site, not inside a longer word or path
    String.raw`(?<![\w/.])(${SITE_PATH})(?![\w/-])`,
    // 6: a phone number: 0 or +84 then 8 to 10 digits, spaces or dots between them
    String.raw`(?<![\d.,])((?:\+84|0)(?:[ .]?\d){8,10})(?![\d])`,
  ].join('|'),
  'g',
);

const linkClass =
  'font-medium text-brand-700 underline decoration-brand-300 underline-offset-2 break-words hover:decoration-brand-700';

function Target({
  href,
  children,
  onNavigate,
  newTab,
}: {
  href: string;
  children: ReactNode;
  onNavigate?: () => void;
  newTab?: boolean;
}) {
  if (href.startsWith('/') && !newTab) {
    return (
      <Link to={href} className={linkClass} onClick={onNavigate}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={linkClass}>
      {children}
    </a>
  );
}

/**
 * `newTab`: every link opens a new tab, this site's paths included (the staff read a transcript in the
 * dashboard and keep their place in it).
 */
export function MessageText({
  text,
  onNavigate,
  newTab,
}: {
  text: string;
  onNavigate?: () => void;
  newTab?: boolean;
}) {
  const parts: ReactNode[] = [];
  let at = 0;
  let key = 0;
  for (const m of text.matchAll(TOKEN)) {
    const start = m.index ?? 0;
    if (start > at) parts.push(<Fragment key={key++}>{text.slice(at, start)}</Fragment>);
    if (m[1] !== undefined && m[2] !== undefined) {
      parts.push(
        <Target key={key++} href={m[2]} onNavigate={onNavigate} newTab={newTab}>
          {m[1]}
        </Target>,
      );
    } else if (m[3] !== undefined) {
      parts.push(
        <strong key={key++} className="font-semibold">
          {m[3]}
        </strong>,
      );
    } else if (m[4] !== undefined || m[5] !== undefined) {
      const href = (m[4] ?? m[5]) as string;
      parts.push(
        <Target key={key++} href={href} onNavigate={onNavigate} newTab={newTab}>
          {href}
        </Target>,
      );
    } else if (m[6] !== undefined) {
      parts.push(
        <a key={key++} href={`tel:${m[6].replace(/[ .]/g, '')}`} className={linkClass}>
          {m[6]}
        </a>,
      );
    }
    at = start + m[0].length;
  }
  if (at < text.length) parts.push(<Fragment key={key++}>{text.slice(at)}</Fragment>);
  return <>{parts}</>;
}
