import { describe, expect, it } from 'vitest';
import { SubscriptionRegistry } from '../../src/server/platform/realtime/registry';
import {
  encodeFrame,
  negotiateHeartBeat,
  parseHeartBeat,
  StompDecoder,
  type StompItem,
  StompProtocolError,
} from '../../src/server/platform/realtime/stomp-codec';

const frames = (items: StompItem[]) =>
  items.filter((i) => i.kind === 'frame').map((i) => (i.kind === 'frame' ? i.frame : null));

describe('encodeFrame', () => {
  it('writes command, headers, blank line, body and NUL, with the body length in bytes', () => {
    const text = encodeFrame('MESSAGE', { subscription: 'sub-0', destination: '/topic/x' }, '{"a":"Mới"}');
    expect(text).toBe(
      'MESSAGE\nsubscription:sub-0\ndestination:/topic/x\ncontent-length:13\n\n{"a":"Mới"}\0',
    );
  });

  it('escapes backslash, colon, CR and LF in header names and values', () => {
    const text = encodeFrame('ERROR', { message: 'a:b\\c\nd\re' });
    expect(text).toBe('ERROR\nmessage:a\\cb\\\\c\\nd\\re\n\n\0');
  });

  it('does not escape CONNECTED headers (spec), but keeps them on one line', () => {
    expect(encodeFrame('CONNECTED', { version: '1.2', 'heart-beat': '0,0', server: 'a:b' })).toBe(
      'CONNECTED\nversion:1.2\nheart-beat:0,0\nserver:a:b\n\n\0',
    );
  });

  it('round-trips through the decoder', () => {
    const headers = {
      destination: '/topic/notifications/7',
      note: 'x:y\\z\nw',
      'content-type': 'application/json',
    };
    const body = JSON.stringify({ message: 'Khách hàng Nguyễn Văn A đăng ký lái thử' });
    const [item] = new StompDecoder().push(encodeFrame('MESSAGE', headers, body));
    expect(item).toEqual({
      kind: 'frame',
      frame: {
        command: 'MESSAGE',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        body,
      },
    });
  });
});

describe('StompDecoder', () => {
  it('reads a frame without content-length up to the NUL', () => {
    const [f] = frames(new StompDecoder().push('SUBSCRIBE\nid:sub-0\ndestination:/topic/a\n\n\0'));
    expect(f).toEqual({ command: 'SUBSCRIBE', headers: { id: 'sub-0', destination: '/topic/a' }, body: '' });
  });

  it('reads content-length bytes, NULs inside the body included', () => {
    const body = 'a\0b\nc';
    const [f] = frames(
      new StompDecoder().push(`SEND\ndestination:/q\ncontent-length:${body.length}\n\n${body}\0`),
    );
    expect(f?.body).toBe(body);
  });

  it('counts content-length in bytes, not characters', () => {
    const body = 'Đã hủy';
    const wire = `SEND\ncontent-length:${Buffer.byteLength(body)}\n\n${body}\0`;
    expect(frames(new StompDecoder().push(wire))[0]?.body).toBe(body);
  });

  it('refuses a body that does not end with NUL where content-length says', () => {
    expect(() => new StompDecoder().push('SEND\ncontent-length:2\n\nabc\0')).toThrow(StompProtocolError);
  });

  it('accepts CR LF line ends', () => {
    const [f] = frames(new StompDecoder().push('CONNECT\r\naccept-version:1.2\r\nhost:x\r\n\r\n\0'));
    expect(f).toEqual({ command: 'CONNECT', headers: { 'accept-version': '1.2', host: 'x' }, body: '' });
  });

  it('unescapes header values, except in CONNECT', () => {
    const [f] = frames(new StompDecoder().push('SUBSCRIBE\nid:a\\cb\\\\c\\nd\\re\ndestination:/t\n\n\0'));
    expect(f?.headers.id).toBe('a:b\\c\nd\re');
    const [c] = frames(new StompDecoder().push('CONNECT\nlogin:a\\cb\npasscode:x:y\n\n\0'));
    expect(c?.headers).toEqual({ login: 'a\\cb', passcode: 'x:y' });
  });

  it('treats an undefined escape as a protocol error', () => {
    expect(() => new StompDecoder().push('SUBSCRIBE\nid:a\\tb\n\n\0')).toThrow(/Chuỗi thoát không hợp lệ/);
    expect(() => new StompDecoder().push('SUBSCRIBE\nid:a\\\n\n\0')).toThrow(StompProtocolError);
  });

  it('keeps the first of repeated headers', () => {
    const [f] = frames(new StompDecoder().push('MESSAGE\nfoo:World\nfoo:Hello\n\n\0'));
    expect(f?.headers.foo).toBe('World');
  });

  it('reads heart-beat EOLs between and around frames', () => {
    const items = new StompDecoder().push('\n\r\nDISCONNECT\nreceipt:77\n\n\0\n\n');
    expect(items.map((i) => i.kind)).toEqual(['heartbeat', 'heartbeat', 'frame', 'heartbeat', 'heartbeat']);
  });

  it('reads several frames from one message', () => {
    const wire = `${encodeFrame('SUBSCRIBE', { id: '1', destination: '/a' })}\n${encodeFrame('UNSUBSCRIBE', { id: '1' })}${encodeFrame('DISCONNECT', { receipt: 'r' })}`;
    expect(frames(new StompDecoder().push(wire)).map((f) => f?.command)).toEqual([
      'SUBSCRIBE',
      'UNSUBSCRIBE',
      'DISCONNECT',
    ]);
  });

  it('waits for the rest of a frame split across messages', () => {
    const decoder = new StompDecoder();
    const wire = encodeFrame('SEND', { destination: '/q' }, 'Xin chào các bạn');
    const bytes = Buffer.from(wire);
    const cut = [3, 12, 30, bytes.length - 1];
    let out: StompItem[] = [];
    let from = 0;
    for (const to of [...cut, bytes.length]) {
      out = out.concat(decoder.push(bytes.subarray(from, to)));
      from = to;
    }
    expect(frames(out)).toHaveLength(1);
    expect(frames(out)[0]?.body).toBe('Xin chào các bạn');
    expect(decoder.pending).toBe(0);
  });

  it('waits for a lone CR, refuses CR without LF', () => {
    const decoder = new StompDecoder();
    expect(decoder.push('\r')).toEqual([]);
    expect(decoder.push('\n')).toEqual([{ kind: 'heartbeat' }]);
    expect(() => new StompDecoder().push('\rX')).toThrow(StompProtocolError);
  });

  it.each([
    ['a lower-case command', 'connect\n\n\0'],
    ['a header without a colon', 'SEND\nnocolon\n\n\0'],
    ['an empty header name', 'SEND\n:value\n\n\0'],
    ['a negative content-length', 'SEND\ncontent-length:-1\n\n\0'],
    ['a non-numeric content-length', 'SEND\ncontent-length:abc\n\n\0'],
  ])('refuses %s', (_name, wire) => {
    expect(() => new StompDecoder().push(wire)).toThrow(StompProtocolError);
  });

  it('refuses frames over the size limit, complete or not', () => {
    expect(() => new StompDecoder(100).push(`SEND\n\n${'x'.repeat(200)}`)).toThrow(/quá lớn/);
    expect(() => new StompDecoder(100).push(`SEND\n\n${'x'.repeat(200)}\0`)).toThrow(/quá lớn/);
    expect(() => new StompDecoder(100).push('SEND\ncontent-length:5000\n\n')).toThrow(/quá lớn/);
    expect(() => new StompDecoder(100).push(`SEND\nh:${'x'.repeat(200)}`)).toThrow(/quá lớn/);
  });
});

describe('heart-beats', () => {
  it('parses the header', () => {
    expect(parseHeartBeat(undefined)).toEqual([0, 0]);
    expect(parseHeartBeat('10000,5000')).toEqual([10000, 5000]);
    expect(parseHeartBeat(' 0 , 0 ')).toEqual([0, 0]);
    expect(parseHeartBeat('10000')).toBeNull();
    expect(parseHeartBeat('-1,0')).toBeNull();
  });

  it('negotiates the slower of what each side offers and wants, 0 meaning none', () => {
    expect(negotiateHeartBeat([10000, 10000], [10000, 10000])).toEqual({ outgoing: 10000, incoming: 10000 });
    expect(negotiateHeartBeat([4000, 1000], [2000, 8000])).toEqual({ outgoing: 2000, incoming: 8000 });
    expect(negotiateHeartBeat([0, 500], [1000, 1000])).toEqual({ outgoing: 1000, incoming: 0 });
    expect(negotiateHeartBeat([500, 0], [1000, 1000])).toEqual({ outgoing: 0, incoming: 1000 });
    expect(negotiateHeartBeat([500, 500], [0, 0])).toEqual({ outgoing: 0, incoming: 0 });
  });
});

describe('SubscriptionRegistry', () => {
  it('finds subscribers by destination and forgets a closed connection', () => {
    const r = new SubscriptionRegistry<string>();
    expect(r.add('c1', 'sub-0', '/topic/notifications/1')).toBe(true);
    expect(r.add('c1', 'sub-0', '/topic/notifications/1')).toBe(false);
    expect(r.add('c1', 'sub-1', '/topic/notifications/1')).toBe(true);
    expect(r.add('c2', 'sub-0', '/topic/notifications/1')).toBe(true);
    expect(r.add('c3', 'sub-0', '/topic/notifications/2')).toBe(true);
    expect(r.subscribers('/topic/notifications/1')).toEqual([
      { conn: 'c1', id: 'sub-0' },
      { conn: 'c1', id: 'sub-1' },
      { conn: 'c2', id: 'sub-0' },
    ]);
    expect(r.remove('c1', 'sub-0')).toBe(true);
    expect(r.remove('c1', 'sub-0')).toBe(false);
    r.removeConnection('c1');
    expect(r.subscribers('/topic/notifications/1')).toEqual([{ conn: 'c2', id: 'sub-0' }]);
    expect(r.subscriptionCount()).toBe(2);
    r.removeConnection('c2');
    r.removeConnection('c3');
    expect(r.subscriptionCount()).toBe(0);
    expect(r.subscribers('/topic/notifications/2')).toEqual([]);
  });
});
