import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StompDecoder, type StompFrame } from '../../src/server/platform/realtime/stomp-codec';
import {
  type SocketLike,
  STOMP_MESSAGES,
  StompServer,
} from '../../src/server/platform/realtime/stomp-server';

/** A socket in memory: what the server sends is decoded into frames and heart-beats. */
class FakeSocket implements SocketLike {
  readyState = 1;
  frames: StompFrame[] = [];
  heartbeats = 0;
  closeCode: number | null = null;
  private readonly decoder = new StompDecoder();
  private handlers: Record<string, ((...args: never[]) => void)[]> = {};

  send(data: string) {
    for (const item of this.decoder.push(data)) {
      if (item.kind === 'frame') this.frames.push(item.frame);
      else this.heartbeats++;
    }
  }
  close(code = 1000) {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.closeCode = code;
    for (const h of this.handlers.close ?? []) (h as () => void)();
  }
  terminate() {
    this.close(1006);
  }
  on(event: string, listener: (...args: never[]) => void) {
    if (!this.handlers[event]) this.handlers[event] = [];
    this.handlers[event].push(listener);
    return this;
  }
  /** The client sends. */
  write(text: string) {
    for (const h of this.handlers.message ?? [])
      (h as (d: Buffer, b: boolean) => void)(Buffer.from(text), false);
  }
  last(): StompFrame | undefined {
    return this.frames.at(-1);
  }
}

const users: Record<string, { id: number; username: string }> = {
  good: { id: 1, username: 'annv' },
  other: { id: 2, username: 'bichtt' },
};
const revoked = new Set<string>();
const noop = () => {};
const silent = { debug: noop, info: noop, warn: noop, error: noop } as unknown as FastifyBaseLogger;

function makeServer(opts: Partial<ConstructorParameters<typeof StompServer>[0]> = {}) {
  return new StompServer({
    authenticate: async (jwt) => (revoked.has(jwt) ? null : (users[jwt] ?? null)),
    maySubscribe: (user, destination) => destination === `/topic/notifications/${user.id}`,
    log: silent,
    ...opts,
  });
}

const CONNECT = (token = 'good', beat = '0,0') =>
  `CONNECT\naccept-version:1.1,1.2\nhost:localhost\nheart-beat:${beat}\nAuthorization:Bearer ${token}\n\n\0`;

async function connected(server = makeServer(), token = 'good', beat = '0,0') {
  const socket = new FakeSocket();
  server.accept(socket);
  socket.write(CONNECT(token, beat));
  await vi.waitFor(() => expect(socket.frames.length).toBeGreaterThan(0));
  expect(socket.frames[0].command).toBe('CONNECTED');
  return { server, socket };
}

const flush = () => new Promise((r) => setImmediate(r));

beforeEach(() => revoked.clear());
afterEach(() => vi.useRealTimers());

describe('StompServer protocol', () => {
  it('answers CONNECTED with version 1.2 and its heart-beat offer', async () => {
    const { socket } = await connected(makeServer({ heartBeat: [5000, 7000] }));
    expect(socket.frames[0].headers).toMatchObject({
      version: '1.2',
      'heart-beat': '5000,7000',
      server: 'showroom/1.0',
    });
  });

  it('accepts the STOMP command and a token in passcode', async () => {
    const socket = new FakeSocket();
    makeServer().accept(socket);
    socket.write('STOMP\naccept-version:1.2\nhost:x\npasscode:good\n\n\0');
    await vi.waitFor(() => expect(socket.last()?.command).toBe('CONNECTED'));
  });

  it.each([
    [
      'a frame before CONNECT',
      `SUBSCRIBE\nid:0\ndestination:/topic/notifications/1\n\n\0`,
      STOMP_MESSAGES.notConnected,
    ],
    ['garbage', 'xin chao\n\n\0', STOMP_MESSAGES.malformed],
    ['an unsupported version', 'CONNECT\naccept-version:1.0\n\n\0', STOMP_MESSAGES.version],
    ['no accept-version', 'CONNECT\nAuthorization:Bearer good\n\n\0', STOMP_MESSAGES.version],
    [
      'a bad heart-beat',
      'CONNECT\naccept-version:1.2\nheart-beat:soon\nAuthorization:Bearer good\n\n\0',
      STOMP_MESSAGES.heartBeat,
    ],
    ['a revoked token', CONNECT('revoked-one'), STOMP_MESSAGES.badToken],
    ['an oversized frame', `SEND\n\n${'x'.repeat(70 * 1024)}`, STOMP_MESSAGES.malformed],
  ])('answers %s with ERROR and closes', async (_name, wire, message) => {
    const socket = new FakeSocket();
    makeServer().accept(socket);
    socket.write(wire);
    await vi.waitFor(() => expect(socket.closeCode).not.toBeNull());
    expect(socket.last()).toMatchObject({ command: 'ERROR', headers: { message } });
  });

  it.each([
    [
      'SUBSCRIBE without id',
      'SUBSCRIBE\ndestination:/topic/notifications/1\n\n\0',
      STOMP_MESSAGES.missingHeader('id'),
    ],
    ['SUBSCRIBE without destination', 'SUBSCRIBE\nid:0\n\n\0', STOMP_MESSAGES.missingHeader('destination')],
    [
      "another user's topic",
      'SUBSCRIBE\nid:0\ndestination:/topic/notifications/2\n\n\0',
      STOMP_MESSAGES.forbiddenTopic,
    ],
    ['UNSUBSCRIBE without id', 'UNSUBSCRIBE\n\n\0', STOMP_MESSAGES.missingHeader('id')],
    ['SEND', 'SEND\ndestination:/topic/notifications/1\n\nhello\0', STOMP_MESSAGES.noSend],
    ['BEGIN', 'BEGIN\ntransaction:t1\n\n\0', STOMP_MESSAGES.noTransactions],
    ['an unknown command', 'PUBLISH\n\n\0', STOMP_MESSAGES.unknownCommand('PUBLISH')],
    ['a second CONNECT', CONNECT(), STOMP_MESSAGES.alreadyConnected],
    ['a bad escape', 'SUBSCRIBE\nid:\\x\ndestination:/t\n\n\0', STOMP_MESSAGES.malformed],
  ])('answers %s after CONNECT with ERROR and closes', async (_name, wire, message) => {
    const { socket } = await connected();
    socket.write(wire);
    await vi.waitFor(() => expect(socket.closeCode).not.toBeNull());
    expect(socket.last()).toMatchObject({ command: 'ERROR', headers: { message } });
  });

  it('puts the receipt-id of the offending frame on the ERROR', async () => {
    const { socket } = await connected();
    socket.write('SUBSCRIBE\nid:0\ndestination:/topic/notifications/2\nreceipt:r-9\n\n\0');
    await vi.waitFor(() => expect(socket.last()?.command).toBe('ERROR'));
    expect(socket.last()?.headers['receipt-id']).toBe('r-9');
  });

  it('refuses a duplicate subscription id and too many subscriptions', async () => {
    const { socket } = await connected();
    socket.write(
      'SUBSCRIBE\nid:a\ndestination:/topic/notifications/1\n\n\0SUBSCRIBE\nid:a\ndestination:/topic/notifications/1\n\n\0',
    );
    await vi.waitFor(() => expect(socket.last()?.headers.message).toBe(STOMP_MESSAGES.duplicateSubscription));
    const second = await connected(makeServer({ maxSubscriptionsPerConnection: 2 }));
    second.socket.write(
      [0, 1, 2].map((i) => `SUBSCRIBE\nid:${i}\ndestination:/topic/notifications/1\n\n\0`).join(''),
    );
    await vi.waitFor(() =>
      expect(second.socket.last()?.headers.message).toBe(STOMP_MESSAGES.tooManySubscriptions),
    );
  });

  it('limits connections per user', async () => {
    const server = makeServer({ maxConnectionsPerUser: 1 });
    await connected(server);
    const socket = new FakeSocket();
    server.accept(socket);
    socket.write(CONNECT());
    await vi.waitFor(() => expect(socket.last()?.headers.message).toBe(STOMP_MESSAGES.tooManyConnections));
  });

  it('confirms frames carrying receipt, delivers MESSAGEs, and stops after UNSUBSCRIBE', async () => {
    const { server, socket } = await connected();
    socket.write('SUBSCRIBE\nid:s1\ndestination:/topic/notifications/1\nreceipt:r1\n\n\0');
    await vi.waitFor(() =>
      expect(socket.last()).toMatchObject({ command: 'RECEIPT', headers: { 'receipt-id': 'r1' } }),
    );
    server.deliver('/topic/notifications/1', { message: 'Xin chào' });
    server.deliver('/topic/notifications/2', { message: 'không phải của bạn' });
    await vi.waitFor(() => expect(socket.last()?.command).toBe('MESSAGE'));
    expect(socket.last()).toMatchObject({
      headers: { subscription: 's1', destination: '/topic/notifications/1' },
      body: '{"message":"Xin chào"}',
    });
    socket.write('UNSUBSCRIBE\nid:s1\nreceipt:r2\n\n\0');
    await vi.waitFor(() => expect(socket.last()?.headers['receipt-id']).toBe('r2'));
    const count = socket.frames.length;
    server.deliver('/topic/notifications/1', { message: 'sau khi hủy' });
    await flush();
    await flush();
    expect(socket.frames.length).toBe(count);
    expect(server.registry.subscriptionCount()).toBe(0);
  });

  it('answers DISCONNECT with a RECEIPT and closes, forgetting the subscriptions', async () => {
    const { server, socket } = await connected();
    socket.write('SUBSCRIBE\nid:s1\ndestination:/topic/notifications/1\n\n\0DISCONNECT\nreceipt:bye\n\n\0');
    await vi.waitFor(() => expect(socket.closeCode).toBe(1000));
    expect(socket.last()).toMatchObject({ command: 'RECEIPT', headers: { 'receipt-id': 'bye' } });
    expect(server.connectionCount).toBe(0);
    expect(server.registry.subscriptionCount()).toBe(0);
  });
});

describe('StompServer timers', () => {
  it('sends heart-beats at the negotiated rate and closes a client that goes silent', async () => {
    vi.useFakeTimers();
    const { socket } = await connected(makeServer({ heartBeat: [100, 200] }), 'good', '300,50');
    // outgoing max(100, 50) = 100 ms; incoming max(300, 200) = 300 ms, closed after 2 x 300 + 1000 ms of silence.
    await vi.advanceTimersByTimeAsync(1000);
    expect(socket.heartbeats).toBeGreaterThanOrEqual(9);
    expect(socket.closeCode).toBeNull();
    socket.write('\n');
    await vi.advanceTimersByTimeAsync(1200);
    expect(socket.closeCode).toBeNull();
    await vi.advanceTimersByTimeAsync(1000);
    expect(socket.closeCode).toBe(1001);
  });

  it('sends no heart-beats when the client asks for none', async () => {
    vi.useFakeTimers();
    const { socket } = await connected(makeServer({ heartBeat: [100, 100] }), 'good', '0,0');
    await vi.advanceTimersByTimeAsync(5000);
    expect(socket.heartbeats).toBe(0);
    expect(socket.closeCode).toBeNull();
  });

  it('closes a socket that never sends CONNECT', async () => {
    vi.useFakeTimers();
    const socket = new FakeSocket();
    makeServer({ connectTimeoutMs: 500 }).accept(socket);
    await vi.advanceTimersByTimeAsync(600);
    expect(socket.last()?.headers.message).toBe(STOMP_MESSAGES.timeout);
    expect(socket.closeCode).toBe(1000);
  });

  it('re-checks the token periodically and ends a revoked session', async () => {
    vi.useFakeTimers();
    const { socket } = await connected(makeServer({ recheckMs: 1000 }), 'other');
    await vi.advanceTimersByTimeAsync(1500);
    expect(socket.closeCode).toBeNull();
    revoked.add('other');
    await vi.advanceTimersByTimeAsync(1000);
    expect(socket.last()?.headers.message).toBe(STOMP_MESSAGES.revoked);
    expect(socket.closeCode).toBe(1000);
  });

  it('checks the token before each delivery', async () => {
    const { server, socket } = await connected();
    socket.write('SUBSCRIBE\nid:s\ndestination:/topic/notifications/1\nreceipt:r\n\n\0');
    await vi.waitFor(() => expect(socket.last()?.command).toBe('RECEIPT'));
    revoked.add('good');
    server.deliver('/topic/notifications/1', { message: 'không được gửi' });
    await vi.waitFor(() => expect(socket.closeCode).toBe(1000));
    expect(socket.frames.some((f) => f.command === 'MESSAGE')).toBe(false);
    expect(socket.last()?.headers.message).toBe(STOMP_MESSAGES.revoked);
  });
});
