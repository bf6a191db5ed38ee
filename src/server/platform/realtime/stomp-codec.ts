/**
 * STOMP 1.2 frames (https://stomp.github.io/stomp-specification-1.2.html), both directions:
 *
 *   COMMAND EOL *(header EOL) EOL body NUL *(EOL)
 *
 * EOL is LF or CR LF; a lone EOL between frames is a heart-beat. Header names and values are
 * escaped (\\ \n \r \c) except in CONNECT and CONNECTED frames; an undefined escape is a protocol
 * error. A body is read up to content-length bytes when the header is present, otherwise up to the
 * first NUL. The decoder keeps partial input between pushes, so a frame may span WebSocket messages
 * and one message may carry several frames.
 */

export interface StompFrame {
  command: string;
  /** The first occurrence of a repeated header wins (STOMP 1.2: "only the first header entry is used"). */
  headers: Record<string, string>;
  body: string;
}

export type StompItem = { kind: 'frame'; frame: StompFrame } | { kind: 'heartbeat' };

export class StompProtocolError extends Error {}

const LF = 0x0a;
const CR = 0x0d;
const NUL = 0x00;
const UNESCAPED_COMMANDS = new Set(['CONNECT', 'CONNECTED']);

export const HEARTBEAT = '\n';

function escapeHeader(value: string): string {
  return value.replace(/[\\\r\n:]/g, (c) =>
    c === '\\' ? '\\\\' : c === '\r' ? '\\r' : c === '\n' ? '\\n' : '\\c',
  );
}

function unescapeHeader(value: string): string {
  return value.replace(/\\(.?)/gs, (_m, c: string) => {
    switch (c) {
      case '\\':
        return '\\';
      case 'n':
        return '\n';
      case 'r':
        return '\r';
      case 'c':
        return ':';
      default:
        throw new StompProtocolError(`Chuỗi thoát không hợp lệ trong header: \\${c}`);
    }
  });
}

/** One frame as text (the server sends text WebSocket messages); content-length is added for a body. */
export function encodeFrame(
  command: string,
  headers: Record<string, string | number> = {},
  body = '',
): string {
  const escaped = !UNESCAPED_COMMANDS.has(command);
  const lines = [command];
  const all: Record<string, string | number> = { ...headers };
  if (body.length > 0 && all['content-length'] === undefined)
    all['content-length'] = Buffer.byteLength(body, 'utf8');
  for (const [name, value] of Object.entries(all)) {
    const v = String(value);
    lines.push(escaped ? `${escapeHeader(name)}:${escapeHeader(v)}` : `${name}:${v.replace(/[\r\n]/g, ' ')}`);
  }
  return `${lines.join('\n')}\n\n${body}\0`;
}

/** Streaming decoder for one connection. */
export class StompDecoder {
  private buf: Buffer = Buffer.alloc(0);

  constructor(readonly maxFrameBytes = 64 * 1024) {}

  /** Bytes held back waiting for the rest of a frame. */
  get pending(): number {
    return this.buf.length;
  }

  /** Adds input; returns every complete frame and heart-beat. Throws StompProtocolError on a malformed frame. */
  push(chunk: Buffer | string): StompItem[] {
    const data = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    this.buf = this.buf.length ? Buffer.concat([this.buf, data]) : data;
    const items: StompItem[] = [];
    for (;;) {
      if (this.buf.length === 0) break;
      // Heart-beats (and the optional EOLs after a frame's NUL).
      if (this.buf[0] === LF) {
        this.buf = this.buf.subarray(1);
        items.push({ kind: 'heartbeat' });
        continue;
      }
      if (this.buf[0] === CR) {
        if (this.buf.length < 2) break;
        if (this.buf[1] !== LF) throw new StompProtocolError('Ký tự CR không đi kèm LF');
        this.buf = this.buf.subarray(2);
        items.push({ kind: 'heartbeat' });
        continue;
      }
      const parsed = this.parseOne();
      if (!parsed) {
        if (this.buf.length > this.maxFrameBytes) throw new StompProtocolError('Khung STOMP quá lớn');
        break;
      }
      items.push({ kind: 'frame', frame: parsed.frame });
      this.buf = this.buf.subarray(parsed.consumed);
    }
    return items;
  }

  /** One frame from the start of the buffer, or null when it is not complete yet. */
  private parseOne(): { frame: StompFrame; consumed: number } | null {
    const buf = this.buf;
    let pos = 0;
    const lines: string[] = [];
    // Command and header lines, up to the empty line.
    for (;;) {
      const lf = buf.indexOf(LF, pos);
      if (lf < 0) return null;
      const end = lf > pos && buf[lf - 1] === CR ? lf - 1 : lf;
      const line = buf.toString('utf8', pos, end);
      pos = lf + 1;
      if (line === '') break;
      lines.push(line);
      if (pos > this.maxFrameBytes) throw new StompProtocolError('Khung STOMP quá lớn');
    }
    const command = lines.shift() ?? '';
    if (!/^[A-Z]+$/.test(command)) throw new StompProtocolError('Lệnh STOMP không hợp lệ');
    const escaped = !UNESCAPED_COMMANDS.has(command);
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      if (colon <= 0) throw new StompProtocolError('Header STOMP không hợp lệ');
      const name = escaped ? unescapeHeader(line.slice(0, colon)) : line.slice(0, colon);
      const value = escaped ? unescapeHeader(line.slice(colon + 1)) : line.slice(colon + 1);
      if (!(name in headers)) headers[name] = value;
    }
    const declared = headers['content-length'];
    let bodyEnd: number;
    if (declared !== undefined) {
      if (!/^\d{1,9}$/.test(declared)) throw new StompProtocolError('content-length không hợp lệ');
      const length = Number(declared);
      if (length > this.maxFrameBytes) throw new StompProtocolError('Khung STOMP quá lớn');
      bodyEnd = pos + length;
      if (buf.length < bodyEnd + 1) return null;
      if (buf[bodyEnd] !== NUL)
        throw new StompProtocolError('Thân khung không kết thúc bằng NUL đúng content-length');
    } else {
      bodyEnd = buf.indexOf(NUL, pos);
      if (bodyEnd < 0) return null;
    }
    if (bodyEnd > this.maxFrameBytes) throw new StompProtocolError('Khung STOMP quá lớn');
    return { frame: { command, headers, body: buf.toString('utf8', pos, bodyEnd) }, consumed: bodyEnd + 1 };
  }
}

/** heart-beat header "cx,cy" -> [cx, cy]; null when malformed. */
export function parseHeartBeat(value: string | undefined): [number, number] | null {
  if (value === undefined) return [0, 0];
  const m = /^\s*(\d{1,9})\s*,\s*(\d{1,9})\s*$/.exec(value);
  return m ? [Number(m[1]), Number(m[2])] : null;
}

/**
 * Heart-beat negotiation (STOMP 1.2, "Heart-beating"): the server can send every `sx` ms and wants to hear
 * from the client every `sy` ms; the client sent "cx,cy". 0 means "none".
 */
export function negotiateHeartBeat(
  client: [number, number],
  server: [number, number],
): { outgoing: number; incoming: number } {
  const [cx, cy] = client;
  const [sx, sy] = server;
  return {
    outgoing: sx === 0 || cy === 0 ? 0 : Math.max(sx, cy),
    incoming: cx === 0 || sy === 0 ? 0 : Math.max(cx, sy),
  };
}
