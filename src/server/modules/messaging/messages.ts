import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  ZALO_MESSAGE_LABELS,
  ZALO_MESSAGES,
  ZALO_STATE_LABELS,
  type ZaloMessageKind,
  type ZaloSettings,
  type ZaloState,
} from '../../../contract/messaging';
import type { ZaloConfig } from '../../config-zalo';
import type { Db, Executor } from '../../db/client';
import { type Actor, SYSTEM_ACTOR } from '../../platform/actor';
import { writeAudit } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { JobContext, JobPayload, JobQueue } from '../../platform/jobs/queue';
import { type CounterStore, RateLimiter } from '../../platform/rate-limit';
import type { CustomerPort, ZaloTarget } from '../customers';
import { zaloMessages } from './schema';
import { ZaloAuthError, ZaloTokens } from './tokens';
import { sendTemplate, verdictOf, ZnsNetworkError, type ZnsRequest } from './zns';

export const ZALO_SEND_JOB = 'zalo.send';
/** Attempts of one message before it is given up (30 s, 1, 2, 4, 8 min apart: the queue's backoff). */
export const ZALO_MAX_ATTEMPTS = 6;

export type ZaloMessageRow = typeof zaloMessages.$inferSelect;

export interface MessagingDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  jobs: JobQueue;
  counters: CounterStore;
  config: ZaloConfig;
  /** DATA_DIR/outbox: what would have gone while Zalo is not configured. */
  outboxDir: string;
  customers: CustomerPort & {
    zaloTarget(exec: Executor, phone: string): Promise<ZaloTarget | null>;
    optOut(exec: Executor, phone: string, at: Date): Promise<void>;
  };
  settings(): Promise<ZaloSettings>;
  /** Poll at once after queueing (speed to lead) when the queue polls at all. */
  kick?: () => void;
}

export interface ZaloRequest {
  kind: ZaloMessageKind;
  phone: string;
  data: Record<string, string | number>;
  /** One message per cause: the same key twice answers the first message. */
  dedupeKey: string;
  /** Staff member who sent it by hand. */
  userId?: number | null;
}

export interface QueueResult {
  messageId: number | null;
  state: ZaloState;
  message: string;
}

/**
 * Zalo messages: queued with the step that causes them (consent, "stop" and the per-phone daily cap
 * checked first), sent by the stored job `zalo.send` (retried with backoff on a network error or a
 * Zalo error that may pass, given up with the reason on one that will not), written to the outbox
 * while Zalo is not configured, and marked delivered by Zalo's callback.
 */
export class ZaloMessenger {
  readonly tokens: ZaloTokens | null;
  private readonly perPhone: RateLimiter;

  constructor(private readonly deps: MessagingDeps) {
    this.tokens = deps.config.app ? new ZaloTokens(deps.db, deps.clock, deps.config, deps.log) : null;
    this.perPhone = new RateLimiter(deps.counters, 'zalo-phone', deps.config.perPhonePerDay, 86_400_000);
    deps.jobs.define(ZALO_SEND_JOB, (payload, ctx) => this.run(payload, ctx), {
      maxAttempts: ZALO_MAX_ATTEMPTS,
    });
  }

  async queue(req: ZaloRequest, actor: Actor = SYSTEM_ACTOR): Promise<QueueResult> {
    const { db, clock } = this.deps;
    const target = await this.deps.customers.zaloTarget(db, req.phone);
    if (!target) return { messageId: null, state: 'SKIPPED', message: ZALO_MESSAGES.noPhone };
    if (target.optedOut) return { messageId: null, state: 'SKIPPED', message: ZALO_MESSAGES.optedOut };
    if (!target.consent) return { messageId: null, state: 'SKIPPED', message: ZALO_MESSAGES.noConsent };
    const [earlier] = await db.select().from(zaloMessages).where(eq(zaloMessages.dedupeKey, req.dedupeKey));
    if (earlier) return this.result(earlier);
    const templateId = (await this.deps.settings()).templates[req.kind] || null;
    const capped = !(await this.perPhone.hit(target.phone));
    const now = clock.now();
    const row = await db.transaction(async (tx) => {
      const [m] = await tx
        .insert(zaloMessages)
        .values({
          customerId: target.customerId,
          phone: target.phone,
          kind: req.kind,
          templateId,
          templateData: req.data,
          trackingId: randomUUID(),
          dedupeKey: req.dedupeKey,
          state: capped ? 'SKIPPED' : 'QUEUED',
          reason: capped ? ZALO_MESSAGES.capped : null,
          userId: req.userId ?? null,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning();
      if (!m) return null;
      await this.deps.customers.link(tx, {
        kind: 'MESSAGE',
        refId: m.id,
        subtype: req.kind,
        phone: target.phone,
        title: `Zalo: ${ZALO_MESSAGE_LABELS[req.kind]}`,
        status: statusText(m),
        staffId: req.userId ?? null,
        occurredAt: now,
      });
      if (capped) {
        await writeAudit(tx, actor, {
          action: 'zalo-capped',
          entity: 'zalo_message',
          entityId: m.id,
          after: { kind: req.kind, phone: target.phone, limit: this.deps.config.perPhonePerDay },
        });
      } else {
        await this.deps.jobs.schedule(tx, {
          name: ZALO_SEND_JOB,
          key: `zalo:${m.id}`,
          runAt: now,
          payload: { messageId: m.id },
        });
      }
      return m;
    });
    if (!row) {
      const [winner] = await db.select().from(zaloMessages).where(eq(zaloMessages.dedupeKey, req.dedupeKey));
      return this.result(winner);
    }
    if (!capped) this.deps.kick?.();
    return this.result(row);
  }

  private result(m: ZaloMessageRow): QueueResult {
    const state = m.state as ZaloState;
    const message =
      state === 'SKIPPED'
        ? (m.reason ?? ZALO_STATE_LABELS.SKIPPED)
        : state === 'OUTBOX'
          ? ZALO_MESSAGES.outbox
          : ZALO_MESSAGES.queued;
    return { messageId: m.id, state, message };
  }

  private async setState(m: ZaloMessageRow, state: ZaloState, patch: Partial<ZaloMessageRow> = {}) {
    const now = this.deps.clock.now();
    const next = { ...m, ...patch, state, updatedAt: now };
    await this.deps.db.transaction(async (tx) => {
      await tx
        .update(zaloMessages)
        .set({ ...patch, state, updatedAt: now })
        .where(eq(zaloMessages.id, m.id));
      await this.deps.customers.touch(tx, 'MESSAGE', m.id, { status: statusText(next) });
    });
  }

  /** The job: one attempt at sending one message. */
  private async run(payload: JobPayload, ctx: JobContext): Promise<void> {
    const [m] = await this.deps.db
      .select()
      .from(zaloMessages)
      .where(eq(zaloMessages.id, Number(payload.messageId)));
    if (m?.state !== 'QUEUED') return;
    const request: ZnsRequest = {
      phone: m.phone,
      template_id: m.templateId ?? '',
      template_data: m.templateData,
      tracking_id: m.trackingId,
    };
    if (!this.tokens || !m.templateId) {
      await this.toOutbox(m, request);
      return;
    }
    await this.deps.db.update(zaloMessages).set({ attempts: ctx.attempt }).where(eq(zaloMessages.id, m.id));
    const { znsUrl, timeoutMs } = this.deps.config;
    try {
      let token = await this.tokens.current();
      let answer = await sendTemplate(znsUrl, token, request, timeoutMs);
      if (verdictOf(answer).kind === 'token') {
        token = await this.tokens.replace(token);
        answer = await sendTemplate(znsUrl, token, request, timeoutMs);
      }
      const verdict = verdictOf(answer);
      if (verdict.kind === 'sent') {
        await this.setState(m, 'SENT', {
          zaloMsgId: answer.data?.msg_id ?? null,
          sentAt: this.deps.clock.now(),
          reason: null,
          errorCode: null,
          attempts: ctx.attempt,
        });
      } else if (verdict.kind === 'give-up') {
        await this.setState(m, 'FAILED', {
          reason: verdict.reason,
          errorCode: answer.error,
          attempts: ctx.attempt,
        });
        if (verdict.optOut) await this.deps.customers.optOut(this.deps.db, m.phone, this.deps.clock.now());
      } else {
        const reason =
          verdict.kind === 'token' ? 'Access token Zalo vẫn không hợp lệ sau khi gia hạn' : verdict.reason;
        await this.again(m, ctx, reason, answer.error);
      }
    } catch (err) {
      if (err instanceof ZaloAuthError) {
        await this.setState(m, 'FAILED', { reason: err.message, attempts: ctx.attempt });
        return;
      }
      if (err instanceof ZnsNetworkError) return this.again(m, ctx, err.message, null);
      throw err;
    }
  }

  /** A failure that may pass: the queue tries again later, or, out of attempts, the message is given up. */
  private async again(
    m: ZaloMessageRow,
    ctx: JobContext,
    reason: string,
    code: number | null,
  ): Promise<void> {
    if (ctx.attempt >= ZALO_MAX_ATTEMPTS) {
      await this.setState(m, 'FAILED', {
        reason: `Đã thử ${ctx.attempt} lần không thành công: ${reason}`,
        errorCode: code,
        attempts: ctx.attempt,
      });
      return;
    }
    await this.deps.db.update(zaloMessages).set({ reason, errorCode: code }).where(eq(zaloMessages.id, m.id));
    throw new Error(reason);
  }

  private async toOutbox(m: ZaloMessageRow, request: ZnsRequest) {
    const dir = this.deps.outboxDir;
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const file = join(dir, `zalo-${Date.now()}-${m.id}.json`);
    await writeFile(file, JSON.stringify({ kind: m.kind, request }, null, 2), { mode: 0o600 });
    this.deps.log.info({ file, kind: m.kind }, 'zalo message written to outbox (Zalo not configured)');
    await this.setState(m, 'OUTBOX', {
      reason: this.tokens ? ZALO_MESSAGES.noTemplate : ZALO_MESSAGES.outbox,
    });
  }

  /** Zalo's delivery callback: the message named by tracking_id (or msg_id) reached the phone. */
  async delivered(ref: { trackingId?: string; msgId?: string }, at: Date): Promise<boolean> {
    const where = [
      ref.trackingId ? eq(zaloMessages.trackingId, ref.trackingId) : undefined,
      ref.msgId ? eq(zaloMessages.zaloMsgId, ref.msgId) : undefined,
    ].filter((w) => w !== undefined);
    if (!where.length) return false;
    const [m] = await this.deps.db
      .select()
      .from(zaloMessages)
      .where(or(...where));
    if (!m || m.state === 'DELIVERED') return Boolean(m);
    await this.setState(m, 'DELIVERED', { deliveredAt: at });
    return true;
  }

  async byId(id: number): Promise<ZaloMessageRow | undefined> {
    const [m] = await this.deps.db.select().from(zaloMessages).where(eq(zaloMessages.id, id));
    return m;
  }
}

/** The state as the timeline shows it: "Gửi không thành công: Số điện thoại chưa có tài khoản Zalo…". */
function statusText(m: Pick<ZaloMessageRow, 'state' | 'reason'>): string {
  const label = ZALO_STATE_LABELS[m.state as ZaloState] ?? m.state;
  return (m.state === 'FAILED' || m.state === 'SKIPPED') && m.reason ? `${label}: ${m.reason}` : label;
}
