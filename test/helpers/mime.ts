import { decodeMail } from './mail';

/**
 * Reads a message of the outbox as a mail program would: the header fields (unfolded, encoded words
 * decoded) and, for a multipart message, each part with its type and decoded body. Enough for what the
 * mailer writes (nodemailer: quoted-printable or base64 parts, one level of nesting at most).
 */
export interface MimePart {
  headers: Record<string, string>;
  type: string;
  body: string;
}

export interface MimeMessage {
  headers: Record<string, string>;
  /** The top type (multipart/alternative, text/plain). */
  type: string;
  parts: MimePart[];
  text: string;
  html: string;
}

function decodeWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([bqBQ])\?([^?]*)\?=\s*/g, (_m, _cs, enc: string, data: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : decodeMail(data.replace(/_/g, ' ')),
  );
}

function split(source: string): { headers: Record<string, string>; body: string } {
  const at = source.search(/\r?\n\r?\n/);
  const head = (at < 0 ? source : source.slice(0, at)).replace(/\r?\n[ \t]+/g, ' ');
  const body = at < 0 ? '' : source.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(body: string, encoding = ''): string {
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/quoted-printable/i.test(encoding)) return decodeMail(body);
  return body;
}

function parts(type: string, body: string): MimePart[] {
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!boundary) return [];
  const out: MimePart[] = [];
  for (const chunk of body.split(`--${boundary}`).slice(1)) {
    if (chunk.startsWith('--')) break;
    const { headers, body: raw } = split(chunk.replace(/^\r?\n/, ''));
    const partType = headers['content-type'] ?? 'text/plain';
    if (/^multipart\//i.test(partType)) out.push(...parts(partType, raw));
    else
      out.push({
        headers,
        type: partType.split(';')[0].trim().toLowerCase(),
        body: decodeBody(raw.replace(/\r?\n$/, ''), headers['content-transfer-encoding']),
      });
  }
  return out;
}

export function parseMime(source: string): MimeMessage {
  const { headers, body } = split(source);
  const type = headers['content-type'] ?? 'text/plain';
  const list = /^multipart\//i.test(type)
    ? parts(type, body)
    : [
        {
          headers,
          type: type.split(';')[0].trim(),
          body: decodeBody(body, headers['content-transfer-encoding']),
        },
      ];
  return {
    headers,
    type: type.split(';')[0].trim().toLowerCase(),
    parts: list,
    text: list.find((p) => p.type === 'text/plain')?.body ?? '',
    html: list.find((p) => p.type === 'text/html')?.body ?? '',
  };
}
