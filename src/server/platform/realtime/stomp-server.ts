import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { bearerToken } from '../tokens';
import { SubscriptionRegistry } from './registry';
import {
  encodeFrame,
  HEARTBEAT,
  negotiateHeartBeat,
  parseHeartBeat,
  StompDecoder,
  type StompFrame,
  StompProtocolError,
} from './stomp-codec';

/** The part of a `ws` WebSocket we use (kept small so the server is testable without a network). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
  on(event: 'message', listener: (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => void): unknown;
  on(event: 'close', listener: () => void): unknown;
  on(event: 'error', listener: (err: Error) => void): unknown;
}

const OPEN = 1;

export interface StompPrincipal {
  id: number;
  username: string;
}

export interface StompServerOptions<U extends StompPrincipal> {
  /** The signed-in user behind a JWT, or null (invalid, expired, revoked, inactive). */
  authenticate(jwt: string): Promise<U | null>;
  /** May this user subscribe to this destination? */
  maySubscribe(user: U, destination: string): boolean;
  log: FastifyBaseLogger;
  /** [sx, sy]: the server can send a heart-beat every sx ms and wants one from the client every sy ms. */
  heartBeat?: [number, number];
  /** How often a connected token is checked again (besides before every delivery). */
  recheckMs?: number;
  /** Time allowed between opening the socket and a valid CONNECT. */
  connectTimeoutMs?: number;
  maxFrameBytes?: number;
  maxConnectionsPerUser?: number;
  maxSubscriptionsPerConnection?: number;
}

export const STOMP_MESSAGES = {
  badToken: 'Phiên đăng nhập không hợp lệ hoặc đã hết hạn',
  revoked: 'Phiên đăng nhập đã kết thúc, vui lòng đăng nhập lại',
  forbiddenTopic: 'Bạn chỉ được đăng ký nhận thông báo của chính mình',
  notConnected: 'Cần gửi khung CONNECT trước',
  alreadyConnected: 'Kết nối đã được thiết lập',
  version: 'Máy chủ chỉ hỗ trợ STOMP 1.2',
  heartBeat: 'Header heart-beat không hợp lệ',
  missingHeader: (name: string) => `Thiếu header ${name}`,
  duplicateSubscription: 'Mã đăng ký (id) đã được sử dụng trên kết nối này',
  tooManySubscriptions: 'Quá nhiều đăng ký trên một kết nối',
  tooManyConnections: 'Quá nhiều kết nối đồng thời của tài khoản này',
  noSend: 'Máy chủ không nhận tin nhắn từ máy khách',
  noTransactions: 'Máy chủ không hỗ trợ giao dịch STOMP',
  unknownCommand: (command: string) => `Lệnh STOMP không được hỗ trợ: ${command}`,
  timeout: 'Hết thời gian chờ khung CONNECT',
  malformed: 'Khung STOMP không hợp lệ',
} as const;

/**
 * A STOMP 1.2 server over WebSocket for server-to-client topics: CONNECT/STOMP with a bearer token,
 * SUBSCRIBE / UNSUBSCRIBE, MESSAGE, RECEIPT, DISCONNECT, ERROR, heart-beats both ways. Clients do
 * not SEND. Every protocol fault is answered with an ERROR frame and the socket is closed, as the
 * specification requires; nothing a client sends can throw out of here.
 */
export class StompServer<U extends StompPrincipal> {
  readonly registry = new SubscriptionRegistry<StompConnection<U>>();
  private readonly connections = new Set<StompConnection<U>>();
  readonly settings: Required<Omit<StompServerOptions<U>, 'authenticate' | 'maySubscribe' | 'log'>>;

  constructor(readonly options: StompServerOptions<U>) {
    this.settings = {
      heartBeat: options.heartBeat ?? [10_000, 10_000],
      recheckMs: options.recheckMs ?? 30_000,
      connectTimeoutMs: options.connectTimeoutMs ?? 10_000,
      maxFrameBytes: options.maxFrameBytes ?? 64 * 1024,
      maxConnectionsPerUser: options.maxConnectionsPerUser ?? 20,
      maxSubscriptionsPerConnection: options.maxSubscriptionsPerConnection ?? 10,
    };
  }

  get connectionCount(): number {
    return this.connections.size;
  }

  /** Takes over a freshly opened WebSocket. */
  accept(socket: SocketLike): StompConnection<U> {
    const conn = new StompConnection(this, socket);
    this.connections.add(conn);
    return conn;
  }

  /** Pushes a JSON body to every local subscriber of the destination. */
  deliver(destination: string, body: unknown) {
    const json = JSON.stringify(body);
    for (const { conn, id } of this.registry.subscribers(destination)) conn.enqueue(id, destination, json);
  }

  connectionsOf(userId: number): number {
    let n = 0;
    for (const c of this.connections) if (c.user?.id === userId) n++;
    return n;
  }

  /** Called by a connection when it ends. */
  forget(conn: StompConnection<U>) {
    this.registry.removeConnection(conn);
    this.connections.delete(conn);
  }

  closeAll() {
    for (const conn of [...this.connections]) conn.shutdown(1001, 'server shutting down');
  }
}

export class StompConnection<U extends StompPrincipal> {
  user: U | null = null;
  private jwt: string | null = null;
  private state: 'awaiting' | 'connected' | 'closed' = 'awaiting';
  private readonly decoder: StompDecoder;
  private readonly session = randomUUID();
  private messageCounter = 0;
  private lastInbound = Date.now();
  private timers: NodeJS.Timeout[] = [];
  /** Frames and deliveries run one after the other, in arrival order. */
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly server: StompServer<U>,
    private readonly socket: SocketLike,
  ) {
    this.decoder = new StompDecoder(server.settings.maxFrameBytes);
    const connectTimer = setTimeout(() => {
      if (this.state === 'awaiting') this.fail(STOMP_MESSAGES.timeout);
    }, server.settings.connectTimeoutMs);
    connectTimer.unref();
    this.timers.push(connectTimer);
    socket.on('message', (data) => this.onData(data));
    socket.on('close', () => this.cleanup());
    socket.on('error', (err) => {
      this.server.options.log.debug({ err: err.message }, 'stomp: socket error');
      this.cleanup();
    });
  }

  private get log() {
    return this.server.options.log;
  }

  private onData(data: Buffer | ArrayBuffer | Buffer[]) {
    if (this.state === 'closed') return;
    this.lastInbound = Date.now();
    const chunk = Array.isArray(data)
      ? Buffer.concat(data)
      : Buffer.isBuffer(data)
        ? data
        : Buffer.from(data);
    let items: ReturnType<StompDecoder['push']>;
    try {
      items = this.decoder.push(chunk);
    } catch (err) {
      this.fail(STOMP_MESSAGES.malformed, err instanceof StompProtocolError ? err.message : undefined);
      return;
    }
    for (const item of items) {
      if (item.kind === 'frame') this.run(() => this.onFrame(item.frame));
    }
  }

  private run(task: () => Promise<void> | void) {
    this.queue = this.queue
      .then(async () => {
        if (this.state !== 'closed') await task();
      })
      .catch((err) => {
        this.log.error({ err }, 'stomp: frame handling failed');
        this.fail('Lỗi máy chủ');
      });
  }

  private async onFrame(frame: StompFrame) {
    const receipt = frame.headers.receipt;
    switch (frame.command) {
      case 'CONNECT':
      case 'STOMP':
        await this.onConnect(frame);
        return;
      case 'DISCONNECT':
        if (receipt !== undefined) this.send('RECEIPT', { 'receipt-id': receipt });
        this.shutdown(1000, 'disconnect');
        return;
    }
    if (this.state !== 'connected') {
      this.fail(STOMP_MESSAGES.notConnected, undefined, receipt);
      return;
    }
    switch (frame.command) {
      case 'SUBSCRIBE': {
        const { id, destination } = frame.headers;
        if (!id) return this.fail(STOMP_MESSAGES.missingHeader('id'), undefined, receipt);
        if (!destination) return this.fail(STOMP_MESSAGES.missingHeader('destination'), undefined, receipt);
        if (!this.server.options.maySubscribe(this.user!, destination)) {
          return this.fail(STOMP_MESSAGES.forbiddenTopic, `destination: ${destination}`, receipt);
        }
        if (
          this.server.registry.subscriptionCount(this) >= this.server.settings.maxSubscriptionsPerConnection
        ) {
          return this.fail(STOMP_MESSAGES.tooManySubscriptions, undefined, receipt);
        }
        if (!this.server.registry.add(this, id, destination)) {
          return this.fail(STOMP_MESSAGES.duplicateSubscription, `id: ${id}`, receipt);
        }
        break;
      }
      case 'UNSUBSCRIBE': {
        const { id } = frame.headers;
        if (!id) return this.fail(STOMP_MESSAGES.missingHeader('id'), undefined, receipt);
        this.server.registry.remove(this, id);
        break;
      }
      case 'ACK':
      case 'NACK':
        // Topics are fire-and-forget: acknowledgements are accepted and ignored.
        break;
      case 'SEND':
        return this.fail(STOMP_MESSAGES.noSend, undefined, receipt);
      case 'BEGIN':
      case 'COMMIT':
      case 'ABORT':
        return this.fail(STOMP_MESSAGES.noTransactions, undefined, receipt);
      default:
        return this.fail(STOMP_MESSAGES.unknownCommand(frame.command), undefined, receipt);
    }
    if (receipt !== undefined) this.send('RECEIPT', { 'receipt-id': receipt });
  }

  private async onConnect(frame: StompFrame) {
    if (this.state !== 'awaiting') return this.fail(STOMP_MESSAGES.alreadyConnected);
    const versions = (frame.headers['accept-version'] ?? '').split(',').map((v) => v.trim());
    if (!versions.includes('1.2'))
      return this.fail(STOMP_MESSAGES.version, `accept-version: ${versions.join(',')}`);
    const clientBeat = parseHeartBeat(frame.headers['heart-beat']);
    if (!clientBeat) return this.fail(STOMP_MESSAGES.heartBeat);
    const jwt =
      bearerToken(frame.headers.Authorization ?? frame.headers.authorization) ??
      (frame.headers.passcode ? frame.headers.passcode : null);
    const user = jwt ? await this.server.options.authenticate(jwt) : null;
    if (this.state !== 'awaiting') return;
    if (!user || !jwt) return this.fail(STOMP_MESSAGES.badToken);
    if (this.server.connectionsOf(user.id) >= this.server.settings.maxConnectionsPerUser) {
      return this.fail(STOMP_MESSAGES.tooManyConnections);
    }
    this.user = user;
    this.jwt = jwt;
    this.state = 'connected';
    const [sx, sy] = this.server.settings.heartBeat;
    const beat = negotiateHeartBeat(clientBeat, [sx, sy]);
    this.send('CONNECTED', {
      version: '1.2',
      'heart-beat': `${sx},${sy}`,
      server: 'showroom/1.0',
      session: this.session,
    });
    if (beat.outgoing > 0) this.every(beat.outgoing, () => this.raw(HEARTBEAT));
    if (beat.incoming > 0) {
      // Some slack for network latency, as the specification suggests.
      const tolerance = beat.incoming * 2 + 1000;
      this.every(beat.incoming, () => {
        if (Date.now() - this.lastInbound > tolerance) {
          this.log.info({ userId: user.id }, 'stomp: client heart-beat missed, closing');
          this.shutdown(1001, 'heart-beat timeout');
        }
      });
    }
    this.every(this.server.settings.recheckMs, () =>
      this.run(() => this.checkSession().then(() => undefined)),
    );
  }

  /** Queues a MESSAGE for a subscription; the token is checked again just before it is sent. */
  enqueue(subscription: string, destination: string, json: string) {
    this.run(async () => {
      if (!(await this.checkSession())) return;
      this.send(
        'MESSAGE',
        {
          subscription,
          'message-id': `${this.session}-${++this.messageCounter}`,
          destination,
          'content-type': 'application/json;charset=utf-8',
        },
        json,
      );
    });
  }

  /** False (and the connection ended with ERROR) when the token was revoked or the user deactivated. */
  private async checkSession(): Promise<boolean> {
    if (this.state !== 'connected' || !this.jwt) return false;
    let user: U | null;
    try {
      user = await this.server.options.authenticate(this.jwt);
    } catch (err) {
      // The database being briefly unavailable is no reason to drop the user.
      this.log.warn({ err: (err as Error).message }, 'stomp: session re-check failed');
      return true;
    }
    if (!user || user.id !== this.user?.id) {
      this.fail(STOMP_MESSAGES.revoked);
      return false;
    }
    this.user = user;
    return true;
  }

  private every(ms: number, fn: () => void) {
    const timer = setInterval(fn, ms);
    timer.unref();
    this.timers.push(timer);
  }

  private raw(data: string) {
    if (this.socket.readyState !== OPEN) return;
    try {
      this.socket.send(data);
    } catch (err) {
      this.log.debug({ err: (err as Error).message }, 'stomp: send failed');
    }
  }

  private send(command: string, headers: Record<string, string>, body = '') {
    this.raw(encodeFrame(command, headers, body));
  }

  /** ERROR frame, then close (STOMP 1.2: the server must close the connection after an ERROR). */
  fail(message: string, detail?: string, receiptId?: string) {
    if (this.state === 'closed') return;
    const headers: Record<string, string> = { message, 'content-type': 'text/plain;charset=utf-8' };
    if (receiptId !== undefined) headers['receipt-id'] = receiptId;
    this.send('ERROR', headers, detail ?? message);
    this.shutdown(1000, 'stomp error');
  }

  shutdown(code: number, reason: string) {
    if (this.state === 'closed') return;
    this.cleanup();
    try {
      this.socket.close(code, reason);
    } catch {
      this.socket.terminate();
    }
  }

  private cleanup() {
    if (this.state === 'closed') return;
    this.state = 'closed';
    for (const t of this.timers) clearTimeout(t);
    this.timers = [];
    this.server.forget(this);
  }
}
