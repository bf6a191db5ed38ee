import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  text: string;
}

function decodeWords(header: string): string {
  return header.replace(/=\?([^?]+)\?([bqBQ])\?([^?]*)\?=\s*/g, (_m, _charset, enc: string, data: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : Buffer.from(
          data
            .replace(/_/g, ' ')
            .replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

function decodeBody(body: string, encoding: string): string {
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/quoted-printable/i.test(encoding)) {
    const raw = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
    return Buffer.from(raw, 'latin1').toString('utf8');
  }
  return body;
}

/** Parses one simple (single-part, text) .eml as our mailer writes it. */
export function parseEml(source: string, file = ''): OutboxMail {
  const split = source.search(/\r?\n\r?\n/);
  const head = source.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const body = source.slice(split).replace(/^\r?\n\r?\n/, '');
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  return {
    file,
    to: decodeWords(header('To')),
    subject: decodeWords(header('Subject')),
    text: decodeBody(body, header('Content-Transfer-Encoding')),
  };
}

/** Every message in DATA_DIR/outbox, oldest first. */
export function readOutbox(dataDir: string): OutboxMail[] {
  const dir = join(dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .map((f) => join(dir, f))
    .sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs || a.localeCompare(b))
    .map((f) => parseEml(readFileSync(f, 'utf8'), f));
}

/** Waits (up to `timeoutMs`) for a message to `to` matching `match`, returns the newest such message. */
export async function waitForMail(
  dataDir: string,
  to: string,
  match: (m: OutboxMail) => boolean = () => true,
  timeoutMs = 15_000,
): Promise<OutboxMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = readOutbox(dataDir)
      .filter((m) => m.to.toLowerCase().includes(to.toLowerCase()) && match(m))
      .pop();
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} in ${dataDir}/outbox`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The ten-digit code of a reset or invitation mail ("Mã xác nhận: 12345 67890"). */
export function resetCode(mail: OutboxMail): string {
  const m = /Mã xác nhận: (\d{5}) (\d{5})/.exec(mail.text);
  if (!m) throw new Error(`no reset code in mail ${mail.file}:\n${mail.text}`);
  return m[1] + m[2];
}

/** The link of a reset or invitation mail (username and code in its fragment). */
export function resetLink(mail: OutboxMail): string {
  const m = /(https?:\/\/\S+\/reset-password#\S+)/.exec(mail.text);
  if (!m) throw new Error(`no reset link in mail ${mail.file}:\n${mail.text}`);
  return m[1];
}
