import { and, count, desc, eq, ilike, inArray, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { Page } from '../../../contract/common';
import {
  extendPaidHold,
  holdDeadline,
  type OpeningSchedule,
  openingSchedule,
  paidHoldEnd,
} from '../../../contract/opening-hours';
import type {
  ReservationAdminView,
  ReservationStatus,
  ReservationsAdminQuery,
} from '../../../contract/reservations';
import type { Executor } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { writeAudit } from '../../platform/audit';
import { conflict, notFound } from '../../platform/errors';
import { escapeLike, pageOf } from '../../platform/paging';
import type { ReservationDeps } from './deps';
import { scheduleExpiry, scheduleLapse, signalsOf } from './holds';
import { reservations } from './schema';
import type { ReservationsService } from './service';
import { adminView, type ReservationRow } from './views';

/** How long a paid deposit holds its car, and the opening hours its end is fitted to. */
export interface PaidHold {
  days: number;
  schedule: OpeningSchedule;
}

export const ADMIN_MESSAGES = {
  notFound: 'Không tìm thấy yêu cầu đặt cọc',
  markPaid: 'Chỉ xác nhận được tiền cọc của yêu cầu đang chờ, đã hết hạn hoặc đã hủy mà chưa hoàn cọc',
  carTaken: 'Xe đã được giữ cho yêu cầu khác hoặc đã bán: không thể giữ lại cho yêu cầu này',
  extend: 'Chỉ gia hạn được yêu cầu đang chờ thanh toán hoặc đã đặt cọc',
  cancel: 'Chỉ hủy được yêu cầu đang chờ thanh toán hoặc đã đặt cọc',
  refund: 'Chỉ hoàn cọc được yêu cầu đã nhận tiền, chưa hoàn và chưa bán',
  refundTooMuch: 'Số tiền hoàn không được lớn hơn số tiền đã nhận',
} as const;

/** What another module (deals) reads of a reservation. */
export interface ReservationLink {
  id: number;
  code: string;
  carId: number;
  status: ReservationStatus;
  customerName: string;
  phone: string;
  email: string;
  /** The deposit received, or null while unpaid. */
  paidAmount: number | null;
  bankReference: string | null;
}

/** Staff's side (MANAGE_CAR): the list, confirming money by hand, extending, cancelling, refunding. */
export class ReservationsAdmin {
  constructor(
    private readonly deps: ReservationDeps,
    private readonly visitor: ReservationsService,
  ) {}

  private now() {
    return this.deps.clock.now();
  }

  async list(q: ReservationsAdminQuery): Promise<Page<ReservationAdminView>> {
    // What the clock has done since the last sweep shows at once, not up to SWEEP_EVERY_MS later.
    await this.visitor.sweep();
    await this.sweepLapsed();
    const filters: SQL[] = [];
    if (q.status) filters.push(eq(reservations.status, q.status));
    if (q.carId) filters.push(eq(reservations.carId, q.carId));
    if (q.search) {
      const like = `%${escapeLike(q.search)}%`;
      filters.push(
        or(
          ilike(reservations.code, like),
          ilike(reservations.customerName, like),
          ilike(reservations.phone, like),
          ilike(reservations.email, like),
          ilike(reservations.sourceIp, like),
          ilike(reservations.carName, like),
        ) as SQL,
      );
    }
    const where = filters.length ? and(...filters) : undefined;
    const [{ total }] = await this.deps.db.select({ total: count() }).from(reservations).where(where);
    const rows = await this.deps.db
      .select()
      .from(reservations)
      .where(where)
      .orderBy(desc(reservations.createdAt), desc(reservations.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size);
    return pageOf(await this.views(rows), total, q);
  }

  async get(id: number): Promise<ReservationAdminView> {
    const [row] = await this.deps.db.select().from(reservations).where(eq(reservations.id, id));
    if (!row) throw notFound(ADMIN_MESSAGES.notFound);
    return this.view(row);
  }

  /** A reservation by its code, as a deal reads it (the deposit it carries, the car it holds), or null. */
  async byCode(code: string, exec: Executor = this.deps.db): Promise<ReservationLink | null> {
    const [r] = await exec.select().from(reservations).where(eq(reservations.code, code));
    if (!r) return null;
    return {
      id: r.id,
      code: r.code,
      carId: r.carId,
      status: r.status as ReservationStatus,
      customerName: r.customerName,
      phone: r.phone,
      email: r.email,
      paidAmount: r.paidAt ? (r.paidAmount ?? r.amount) : null,
      bankReference: r.bankReference,
    };
  }

  /** Rows as staff read them, with the squatting signals of their visitors. */
  private async views(rows: ReservationRow[]): Promise<ReservationAdminView[]> {
    const signals = await signalsOf(this.deps, rows);
    const now = this.now();
    return rows.map((r) => adminView(r, now, signals.get(r.id)));
  }

  private async view(row: ReservationRow): Promise<ReservationAdminView> {
    return (await this.views([row]))[0];
  }

  /** Runs `step` with the car locked, then the reservation (the order every writer takes). */
  private async locked(
    id: number,
    step: (tx: Executor, row: ReservationRow) => Promise<ReservationRow>,
  ): Promise<ReservationRow> {
    const [found] = await this.deps.db
      .select({ carId: reservations.carId })
      .from(reservations)
      .where(eq(reservations.id, id));
    if (!found) throw notFound(ADMIN_MESSAGES.notFound);
    const row = await this.deps.db.transaction(async (tx) => {
      await this.deps.cars.lock(tx, found.carId);
      const [r] = await tx.select().from(reservations).where(eq(reservations.id, id)).for('update');
      return step(tx, r);
    });
    this.deps.changed();
    return row;
  }

  async markPaid(id: number, input: { bankReference: string; note: string }, actor: Actor) {
    // Read before the transaction: PGlite's one connection is the transaction's until it ends.
    const config = await this.deps.webConfig.get();
    const paidHold = {
      days: config.reservations.paidHoldDays,
      schedule: openingSchedule(config.openingHours),
    };
    const row = await this.locked(id, async (tx, r) => {
      const allowed: ReservationStatus[] = ['awaiting', 'expired', 'cancelled'];
      if (!allowed.includes(r.status as ReservationStatus) || r.refundedAt)
        throw conflict(ADMIN_MESSAGES.markPaid);
      if (r.status !== 'awaiting') await this.rehold(tx, r);
      return this.confirm(
        tx,
        r,
        { via: 'manual', reference: input.bankReference, amount: r.amount, note: input.note },
        paidHold,
        actor,
      );
    });
    await this.deps.tell.paid(row);
    return this.view(row);
  }

  /** A reservation brought back from expired or cancelled holds its car again, if the car is free. */
  private async rehold(tx: Executor, r: ReservationRow) {
    const car = await this.deps.cars.lock(tx, r.carId);
    const [open] = await tx
      .select({ id: reservations.id })
      .from(reservations)
      .where(and(eq(reservations.carId, r.carId), inArray(reservations.status, ['awaiting', 'paid'])));
    if (open || car.status !== 'available') throw conflict(ADMIN_MESSAGES.carTaken);
    await this.deps.cars.setStatusIn(tx, r.carId, 'pending');
  }

  /**
   * Inside a transaction that holds the car: the deposit is in, the car is held for the paid hold's days,
   * to the showroom's closing that day (a hold never ends in the evening when nobody can hand the car over).
   */
  async confirm(
    tx: Executor,
    r: ReservationRow,
    pay: { via: 'webhook' | 'manual'; reference: string | null; amount: number; note?: string },
    paidHold: PaidHold,
    actor: Actor,
  ): Promise<ReservationRow> {
    const now = this.now();
    const [updated] = await tx
      .update(reservations)
      .set({
        status: 'paid',
        paidAt: now,
        paidVia: pay.via,
        paidAmount: pay.amount,
        bankReference: pay.reference,
        holdUntil: paidHoldEnd(now, paidHold.days, paidHold.schedule),
        lapseNotifiedAt: null,
        cancelledAt: null,
        cancelReason: null,
        note: pay.note ? [r.note, pay.note].filter(Boolean).join('\n') : r.note,
        updatedAt: now,
      })
      .where(eq(reservations.id, r.id))
      .returning();
    await scheduleLapse(this.deps, tx, updated);
    await writeAudit(tx, actor, {
      action: 'pay',
      entity: 'reservation',
      entityId: r.id,
      before: { status: r.status },
      after: { status: 'paid', via: pay.via, amount: pay.amount, reference: pay.reference },
    });
    return updated;
  }

  async extend(id: number, hours: number, actor: Actor) {
    // Read before the transaction: PGlite's one connection is the transaction's until it ends.
    const schedule = openingSchedule((await this.deps.webConfig.get()).openingHours);
    const row = await this.locked(id, async (tx, r) => {
      const now = this.now();
      const base = (d: Date | null) => new Date(Math.max((d ?? now).getTime(), now.getTime()));
      const change =
        r.status === 'awaiting'
          ? // An unpaid hold still never lapses while nobody is in to confirm a transfer.
            { expiresAt: holdDeadline(base(r.expiresAt), hours * 60, schedule) }
          : r.status === 'paid'
            ? { holdUntil: extendPaidHold(base(r.holdUntil), hours, schedule), lapseNotifiedAt: null }
            : null;
      if (!change) throw conflict(ADMIN_MESSAGES.extend);
      const [updated] = await tx
        .update(reservations)
        .set({ ...change, updatedAt: now })
        .where(eq(reservations.id, id))
        .returning();
      if (r.status === 'awaiting') await scheduleExpiry(this.deps, tx, updated);
      else await scheduleLapse(this.deps, tx, updated);
      await writeAudit(tx, actor, {
        action: 'extend',
        entity: 'reservation',
        entityId: id,
        before: { expiresAt: r.expiresAt, holdUntil: r.holdUntil },
        after: { expiresAt: updated.expiresAt, holdUntil: updated.holdUntil, hours },
      });
      return updated;
    });
    await this.deps.tell.extended(row);
    return this.view(row);
  }

  async cancel(id: number, reason: string, actor: Actor) {
    const row = await this.locked(id, async (tx, r) => {
      if (r.status !== 'awaiting' && r.status !== 'paid') throw conflict(ADMIN_MESSAGES.cancel);
      const now = this.now();
      const [updated] = await tx
        .update(reservations)
        .set({
          status: 'cancelled',
          cancelledAt: now,
          cancelledBy: actor.userId,
          cancelReason: reason,
          updatedAt: now,
        })
        .where(eq(reservations.id, id))
        .returning();
      await this.visitor.release(tx, r.carId);
      await writeAudit(tx, actor, {
        action: 'cancel',
        entity: 'reservation',
        entityId: id,
        before: { status: r.status },
        after: { status: 'cancelled', reason },
      });
      return updated;
    });
    await this.deps.tell.cancelled(row, false);
    return this.view(row);
  }

  async refund(id: number, input: { amount: number; reason: string; reference: string }, actor: Actor) {
    const row = await this.locked(id, async (tx, r) => {
      const refundable = ['paid', 'cancelled', 'expired'].includes(r.status) && r.paidAt && !r.refundedAt;
      if (!refundable) throw conflict(ADMIN_MESSAGES.refund);
      if (input.amount > Math.max(r.paidAmount ?? 0, r.amount)) throw conflict(ADMIN_MESSAGES.refundTooMuch);
      const now = this.now();
      const [updated] = await tx
        .update(reservations)
        .set({
          status: 'refunded',
          refundedAt: now,
          refundAmount: input.amount,
          refundReason: input.reason,
          refundReference: input.reference || null,
          ...(r.status === 'paid'
            ? { cancelledAt: now, cancelledBy: actor.userId, cancelReason: input.reason }
            : {}),
          updatedAt: now,
        })
        .where(eq(reservations.id, id))
        .returning();
      if (r.status === 'paid') await this.visitor.release(tx, r.carId);
      await writeAudit(tx, actor, {
        action: 'refund',
        entity: 'reservation',
        entityId: id,
        before: { status: r.status },
        after: { status: 'refunded', amount: input.amount, reason: input.reason, reference: input.reference },
      });
      return updated;
    });
    await this.deps.tell.refunded(row);
    return this.view(row);
  }

  /**
   * A sale of a held car closes its reservation, inside the sale's transaction: a paid deposit stays
   * on the sale; an unpaid request is cancelled (and its visitor told after the commit).
   */
  async closeForSale(tx: Executor, carId: number, saleId: number, actor: Actor) {
    const [r] = await tx
      .select()
      .from(reservations)
      .where(and(eq(reservations.carId, carId), inArray(reservations.status, ['awaiting', 'paid'])))
      .for('update');
    if (!r) return null;
    const now = this.now();
    const paid = r.status === 'paid';
    const [closed] = await tx
      .update(reservations)
      .set(
        paid
          ? { status: 'sold', saleId, updatedAt: now }
          : {
              status: 'cancelled',
              cancelledAt: now,
              cancelledBy: actor.userId,
              cancelReason: 'Xe đã được bán',
              updatedAt: now,
            },
      )
      .where(eq(reservations.id, r.id))
      .returning();
    await writeAudit(tx, actor, {
      action: paid ? 'sell' : 'cancel',
      entity: 'reservation',
      entityId: r.id,
      before: { status: r.status },
      after: { status: paid ? 'sold' : 'cancelled', saleId },
    });
    // The visitor hears of it once the sale is committed.
    return paid
      ? {
          deposit: { code: r.code, amount: r.paidAmount ?? r.amount },
          afterCommit: () => this.deps.tell.sold(closed),
        }
      : { deposit: null, afterCommit: () => this.deps.tell.cancelled(closed, false) };
  }

  /**
   * Paid holds past their end (all, or one: its stored job): staff are told once (the conditional
   * UPDATE is the claim).
   */
  async sweepLapsed(id?: number): Promise<number> {
    const now = this.now();
    const rows = await this.deps.db
      .update(reservations)
      .set({ lapseNotifiedAt: now })
      .where(
        and(
          id === undefined ? undefined : eq(reservations.id, id),
          eq(reservations.status, 'paid'),
          lte(reservations.holdUntil, now),
          isNull(reservations.lapseNotifiedAt),
        ),
      )
      .returning();
    for (const r of rows) await this.deps.tell.lapsed(r);
    return rows.length;
  }
}
