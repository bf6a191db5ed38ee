import { timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, isNull, ne, type SQL } from 'drizzle-orm';
import type { Page } from '../../../contract/common';
import { formatPrice } from '../../../contract/format';
import { openingSchedule } from '../../../contract/opening-hours';
import {
  PAYMENT_OUTCOME_LABELS,
  type PaymentNotificationView,
  type PaymentOutcome,
  RESERVATION_CODE_RE,
  type SepayWebhookBody,
} from '../../../contract/reservations';
import type { Executor } from '../../db/client';
import { type Actor, SYSTEM_ACTOR } from '../../platform/actor';
import { writeAudit } from '../../platform/audit';
import { conflict, notFound, unauthorized } from '../../platform/errors';
import { pageOf } from '../../platform/paging';
import type { PaidHold, ReservationsAdmin } from './admin';
import type { ReservationDeps } from './deps';
import { paymentNotifications, reservations } from './schema';
import { paymentView, type ReservationRow } from './views';

export const PAYMENT_MESSAGES = {
  badKey: 'Khóa API không hợp lệ',
  notFound: 'Không tìm thấy giao dịch ngân hàng',
  handled: 'Giao dịch này đã được đánh dấu xử lý',
} as const;

/** The code in a transfer's content, however the bank spaced or cased it. */
export function codeInContent(content: string): string | null {
  const upper = content.toUpperCase();
  return (
    RESERVATION_CODE_RE.exec(upper)?.[0] ??
    RESERVATION_CODE_RE.exec(upper.replace(/[\s.\-_]/g, ''))?.[0] ??
    null
  );
}

/** A transfer whose content names no reservation: another module (deals) may know its code. */
export interface OtherTransfer {
  content: string;
  amount: number;
  reference: string;
  /** The account it reached, and the showroom's account in settings (read before the transaction). */
  accountNumber: string;
  expectedAccount: string;
  gateway: string;
}
export type OtherTransferMatcher = (tx: Executor, t: OtherTransfer) => Promise<PaymentOutcome | null>;

/**
 * The provider's transaction id in one spelling: SePay sends a number, a relay may send it as text with
 * leading zeros ("01009"); both name transaction 1009, so the replay check must see one value.
 */
export function canonicalTransactionId(id: number | string): string {
  return BigInt(id).toString();
}

/**
 * The bank's transfer notifications (SePay's webhook). Each is stored before it is answered, in the
 * same transaction that acts on it: a crash before the commit leaves nothing and the bank delivers it
 * again; a delivery of an id already stored is acknowledged and changes nothing.
 */
export class PaymentsService {
  private other: OtherTransferMatcher = async () => null;

  constructor(
    private readonly deps: ReservationDeps,
    private readonly admin: ReservationsAdmin,
  ) {}

  /** The deals module matches a balance paid by VietQR (its code in the content), in the same transaction. */
  onOtherCode(matcher: OtherTransferMatcher) {
    this.other = matcher;
  }

  /** `Authorization: Apikey <key>` against the key in settings; no key set refuses every call. */
  async authorize(header: string | undefined) {
    const key = (await this.deps.webConfig.get()).reservations.webhookApiKey;
    const given = /^Apikey\s+(\S+)$/i.exec(header ?? '')?.[1] ?? '';
    const a = Buffer.from(given);
    const b = Buffer.from(key);
    if (!key || a.length !== b.length || !timingSafeEqual(a, b)) throw unauthorized(PAYMENT_MESSAGES.badKey);
  }

  async receive(body: SepayWebhookBody): Promise<{ outcome: PaymentOutcome | 'repeat' }> {
    const config = await this.deps.webConfig.get();
    const paidHold = {
      days: config.reservations.paidHoldDays,
      schedule: openingSchedule(config.openingHours),
    };
    const result = await this.deps.db.transaction(async (tx) => {
      const [stored] = await tx
        .insert(paymentNotifications)
        .values({
          provider: 'sepay',
          providerId: canonicalTransactionId(body.id),
          gateway: body.gateway,
          accountNumber: body.accountNumber,
          amount: body.transferAmount,
          content: body.content,
          referenceCode: body.referenceCode ?? null,
          transferType: body.transferType,
          transactionDate: body.transactionDate,
          payload: body,
          outcome: 'unknown',
          receivedAt: this.deps.clock.now(),
        })
        .onConflictDoNothing({ target: [paymentNotifications.provider, paymentNotifications.providerId] })
        .returning();
      if (!stored) return { outcome: 'repeat' as const, paid: null };
      const { outcome, reservation, paid } = await this.match(
        tx,
        body,
        paidHold,
        config.reservations.accountNumber,
      );
      await tx
        .update(paymentNotifications)
        .set({ outcome, reservationId: reservation?.id ?? null })
        .where(eq(paymentNotifications.id, stored.id));
      return { outcome, paid, reservation };
    });
    if (result.outcome === 'repeat') return { outcome: 'repeat' };
    if (result.paid) {
      this.deps.changed();
      // The bank's notifier is answered at once; the receipt and the bell follow.
      void this.deps.tell.paid(result.paid);
    } else if (result.outcome !== 'outgoing' && result.outcome !== 'confirmed') {
      // (A confirmed transfer without a reservation was another module's: a deal's balance.)
      const code = result.reservation ? ` (${result.reservation.code})` : '';
      void this.deps.tell.unmatchedPayment(
        `${formatPrice(body.transferAmount)} "${body.content.slice(0, 60)}"${code}: ${PAYMENT_OUTCOME_LABELS[result.outcome]}`,
      );
    }
    return { outcome: result.outcome };
  }

  private async match(
    tx: Executor,
    body: SepayWebhookBody,
    paidHold: PaidHold,
    expectedAccount: string,
  ): Promise<{ outcome: PaymentOutcome; reservation: ReservationRow | null; paid: ReservationRow | null }> {
    if (body.transferType === 'out') return { outcome: 'outgoing', reservation: null, paid: null };
    const code = codeInContent(body.content);
    const [found] = code ? await tx.select().from(reservations).where(eq(reservations.code, code)) : [];
    if (!found) {
      const other = await this.other(tx, {
        ...{ content: body.content, amount: body.transferAmount, accountNumber: body.accountNumber },
        ...{
          reference: body.referenceCode ?? canonicalTransactionId(body.id),
          expectedAccount,
          gateway: body.gateway,
        },
      });
      return { outcome: other ?? 'unknown', reservation: null, paid: null };
    }
    // The car first, then the reservation: the order every writer takes.
    await this.deps.cars.lock(tx, found.carId);
    const [r] = await tx.select().from(reservations).where(eq(reservations.id, found.id)).for('update');
    const none = (outcome: PaymentOutcome) => ({ outcome, reservation: r, paid: null });
    if (body.accountNumber !== r.accountNumber) return none('wrongAccount');
    if (r.status === 'paid' || r.status === 'sold') return none('duplicate');
    if (r.status !== 'awaiting' || r.expiresAt <= this.deps.clock.now()) return none('late');
    if (body.transferAmount < r.amount) return none('short');
    const paid = await this.admin.confirm(
      tx,
      r,
      {
        via: 'webhook',
        reference: body.referenceCode ?? canonicalTransactionId(body.id),
        amount: body.transferAmount,
      },
      paidHold,
      { ...SYSTEM_ACTOR, username: `ngân hàng (${body.gateway})` },
    );
    return { outcome: 'confirmed', reservation: r, paid };
  }

  async list(q: {
    outcome?: PaymentOutcome;
    pending?: boolean;
    page: number;
    size: number;
  }): Promise<Page<PaymentNotificationView>> {
    const filters: SQL[] = [];
    if (q.outcome) filters.push(eq(paymentNotifications.outcome, q.outcome));
    if (q.pending === true) {
      filters.push(
        ne(paymentNotifications.outcome, 'confirmed'),
        ne(paymentNotifications.outcome, 'outgoing'),
      );
      filters.push(isNull(paymentNotifications.handledAt));
    }
    const where = filters.length ? and(...filters) : undefined;
    const [{ total }] = await this.deps.db.select({ total: count() }).from(paymentNotifications).where(where);
    const rows = await this.deps.db
      .select({ p: paymentNotifications, code: reservations.code })
      .from(paymentNotifications)
      .leftJoin(reservations, eq(reservations.id, paymentNotifications.reservationId))
      .where(where)
      .orderBy(desc(paymentNotifications.receivedAt), desc(paymentNotifications.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size);
    return pageOf(
      rows.map((r) => paymentView(r.p, r.code)),
      total,
      q,
    );
  }

  async markHandled(id: number, note: string, actor: Actor): Promise<PaymentNotificationView> {
    await this.deps.db.transaction(async (tx) => {
      const [p] = await tx
        .select()
        .from(paymentNotifications)
        .where(eq(paymentNotifications.id, id))
        .for('update');
      if (!p) throw notFound(PAYMENT_MESSAGES.notFound);
      if (p.handledAt) throw conflict(PAYMENT_MESSAGES.handled);
      await tx
        .update(paymentNotifications)
        .set({ handledAt: this.deps.clock.now(), handledBy: actor.userId, handledNote: note })
        .where(eq(paymentNotifications.id, id));
      await writeAudit(tx, actor, {
        action: 'handle',
        entity: 'payment_notification',
        entityId: id,
        after: { note },
      });
    });
    const [row] = await this.deps.db
      .select({ p: paymentNotifications, code: reservations.code })
      .from(paymentNotifications)
      .leftJoin(reservations, eq(reservations.id, paymentNotifications.reservationId))
      .where(eq(paymentNotifications.id, id));
    return paymentView(row.p, row.code);
  }
}
