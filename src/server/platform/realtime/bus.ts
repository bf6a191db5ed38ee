import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from '../../db/client';

/** Something to push to every socket subscribed to `destination`, in whichever process it is. */
export interface RealtimeMessage {
  destination: string;
  body: unknown;
}

export type RealtimeListener = (message: RealtimeMessage) => void;

export const REALTIME_CHANNEL = 'showroom_realtime';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; messages are batched below this. */
const MAX_PAYLOAD_BYTES = 7000;

/**
 * Fan-out of real-time messages. Publish after the data is committed: the message goes at once to
 * this process's listeners and, on PostgreSQL, through NOTIFY to every other server process, which
 * receives it on a dedicated LISTEN connection (reconnected with back-off when it drops). With
 * PGlite there is one process, so in-process delivery is all there is.
 *
 * Delivery is best effort: the notifications table is the record, and the bell reloads it on every
 * (re)connection. A message published while another process's listener is reconnecting reaches that
 * process's sockets only through that reload.
 */
export class RealtimeBus {
  readonly origin = randomUUID();
  private readonly listeners = new Set<RealtimeListener>();
  private client: pg.Client | null = null;
  private closed = false;
  private retryMs = 500;
  private retryTimer: NodeJS.Timeout | null = null;
  /** Resolves when the LISTEN connection is up (or immediately with PGlite). */
  private ready: Promise<void> = Promise.resolve();

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  get distributed(): boolean {
    return this.database.driver === 'pg' && !!this.database.pool;
  }

  /** Opens the LISTEN connection (PostgreSQL); waits for the first attempt, then keeps retrying in the background. */
  async start(): Promise<void> {
    if (!this.distributed) return;
    this.ready = this.connect();
    await this.ready;
  }

  listen(listener: RealtimeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Call after commit. Local listeners get the messages synchronously; other processes through NOTIFY. */
  async publish(messages: RealtimeMessage[]): Promise<void> {
    if (messages.length === 0) return;
    this.emit(messages);
    if (!this.distributed || this.closed) return;
    for (const payload of this.batches(messages)) {
      try {
        await this.database.pool!.query('select pg_notify($1, $2)', [REALTIME_CHANNEL, payload]);
      } catch (err) {
        this.log.warn(
          { err: (err as Error).message },
          'realtime: NOTIFY failed; other instances miss this message',
        );
      }
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const client = this.client;
    this.client = null;
    if (client) await client.end().catch(() => {});
    this.listeners.clear();
  }

  private emit(messages: RealtimeMessage[]) {
    for (const message of messages) {
      for (const listener of this.listeners) {
        try {
          listener(message);
        } catch (err) {
          this.log.error({ err }, 'realtime listener failed');
        }
      }
    }
  }

  private batches(messages: RealtimeMessage[]): string[] {
    const out: string[] = [];
    let batch: RealtimeMessage[] = [];
    const encode = (list: RealtimeMessage[]) => JSON.stringify({ origin: this.origin, messages: list });
    for (const message of messages) {
      const single = encode([message]);
      if (Buffer.byteLength(single) > MAX_PAYLOAD_BYTES) {
        this.log.warn(
          { destination: message.destination },
          'realtime: message too large for NOTIFY, sent locally only',
        );
        continue;
      }
      if (batch.length && Buffer.byteLength(encode([...batch, message])) > MAX_PAYLOAD_BYTES) {
        out.push(encode(batch));
        batch = [];
      }
      batch.push(message);
    }
    if (batch.length) out.push(encode(batch));
    return out;
  }

  private onNotification(payload: string | undefined) {
    if (!payload) return;
    try {
      const data = JSON.parse(payload) as { origin?: string; messages?: RealtimeMessage[] };
      if (data.origin === this.origin || !Array.isArray(data.messages)) return;
      this.emit(data.messages.filter((m) => typeof m?.destination === 'string'));
    } catch {
      this.log.warn('realtime: ignored a malformed NOTIFY payload');
    }
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ ...this.database.pool!.options, keepAlive: true });
    let dropped = false;
    const drop = (reason: string) => {
      if (dropped) return;
      dropped = true;
      if (this.client === client) this.client = null;
      client.end().catch(() => {});
      if (this.closed) return;
      this.log.warn({ reason, retryMs: this.retryMs }, 'realtime: LISTEN connection lost, reconnecting');
      this.scheduleReconnect();
    };
    client.on('error', (err) => drop(err.message));
    client.on('end', () => drop('ended'));
    client.on('notification', (msg) => {
      if (msg.channel === REALTIME_CHANNEL) this.onNotification(msg.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${REALTIME_CHANNEL}`);
      if (this.closed) {
        await client.end().catch(() => {});
        return;
      }
      this.client = client;
      this.retryMs = 500;
    } catch (err) {
      drop((err as Error).message);
    }
  }

  private scheduleReconnect() {
    if (this.closed || this.retryTimer) return;
    const wait = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, 10_000);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.connect();
    }, wait);
    this.retryTimer.unref();
  }
}
