import { and, eq, inArray, lte } from 'drizzle-orm';
import { IDEMPOTENCY_MISMATCH_MESSAGE } from '../../../contract/common';
import { endOfNextOpeningDay, holdDeadline, openingSchedule } from '../../../contract/opening-hours';
import {
  depositFor,
  OPEN_RESERVATION_STATUSES,
  type ReservationConflictSimilar,
  type ReservationCreate,
  type ReservationPublicView,
  reservationsOpen,
} from '../../../contract/reservations';
import type { Db, Executor } from '../../db/client';
import { type Actor, SYSTEM_ACTOR } from '../../platform/actor';
import { writeAudit } from '../../platform/audit';
import { ApiError, conflict, notFound, pgCode, unprocessable } from '../../platform/errors';
import { requestFingerprint } from '../../platform/fingerprint';
import type { ReservationDeps } from './deps';
import { HOLD_MESSAGES, type Holding, holdingError, holdingOf, lockVisitor, scheduleExpiry } from './holds';
import { reservations } from './schema';
import { newReservationCode, publicView, type ReservationRow, reservationContact } from './views';

export const RESERVATION_MESSAGES = {
  closed: 'Showroom chưa nhận đặt cọc trực tuyến. Vui lòng gọi hotline để giữ xe.',
  held: 'Xe này đang được giữ cho khách khác (Đang giao dịch). Bạn có thể xem các xe tương tự.',
  sold: 'Xe này đã được bán. Bạn có thể xem các xe tương tự.',
  notFound: 'Không tìm thấy yêu cầu đặt cọc',
  notAwaiting: 'Chỉ hủy được yêu cầu đặt cọc đang chờ thanh toán',
} as const;

/** Thrown inside the transaction: the car cannot be held (answered once the transaction is over). */
class Refusal extends Error {}

/** Thrown inside the transaction: the visitor already holds an unpaid reservation. */
class HoldingRefusal extends Error {
  constructor(readonly holding: Holding) {
    super('holding');
  }
}

/** A 409 that also names two similar cars to look at instead. */
class HeldCarError extends ApiError {
  constructor(
    message: string,
    readonly similar: ReservationConflictSimilar[],
  ) {
    super(409, message, undefined, undefined, { similar });
  }
}

/**
 * The visitor's side of a reservation: hold a car, read it, cancel it; and the clock's side: an unpaid
 * reservation past its deadline expires (the sweep, and lazily whenever one is read).
 */
export class ReservationsService {
  constructor(private readonly deps: ReservationDeps) {}

  private get db(): Db {
    return this.deps.db;
  }

  private now() {
    return this.deps.clock.now();
  }

  /** The reservation an earlier request with this id made; the id with another body is refused. */
  private async replayOf(clientRequestId: string | undefined, requestHash: string) {
    if (!clientRequestId) return null;
    const [replay] = await this.db
      .select()
      .from(reservations)
      .where(eq(reservations.clientRequestId, clientRequestId));
    if (!replay) return null;
    if (replay.requestHash !== requestHash) throw unprocessable(IDEMPOTENCY_MISMATCH_MESSAGE);
    return { view: await this.view(replay), created: false };
  }

  async create(body: ReservationCreate, actor: Actor) {
    const requestHash = requestFingerprint(body);
    const replay = await this.replayOf(body.clientRequestId, requestHash);
    if (replay) return replay;
    const config = await this.deps.webConfig.get();
    const settings = config.reservations;
    if (!reservationsOpen(settings)) throw conflict(RESERVATION_MESSAGES.closed);
    const schedule = openingSchedule(config.openingHours);
    const marks = { phone: body.phone, email: body.email, ip: actor.ip };
    let row: ReservationRow;
    try {
      row = await this.db.transaction(async (tx) => {
        // The visitor's marks first, the car second: only this path takes both, always in this order.
        await lockVisitor(tx, marks);
        const car = await this.deps.cars.lock(tx, body.carId);
        const lapsed = await this.expireWhere(tx, eq(reservations.carId, car.id));
        if (car.status === 'sold') throw new Refusal(RESERVATION_MESSAGES.sold);
        // Visitors never see a car being prepared: reserving one is reserving a car that is not there.
        if (car.status === 'preparing') throw notFound('Không tìm thấy xe');
        const [open] = await tx
          .select({ id: reservations.id })
          .from(reservations)
          .where(
            and(eq(reservations.carId, car.id), inArray(reservations.status, [...OPEN_RESERVATION_STATUSES])),
          );
        // A car staff set to "Đang giao dịch" by hand is held too; one whose hold just lapsed is free.
        if (open || (car.status === 'pending' && lapsed.length === 0))
          throw new Refusal(RESERVATION_MESSAGES.held);
        const now = this.now();
        const holding = await holdingOf(tx, marks, now);
        if (holding) throw new HoldingRefusal(holding);
        const [inserted] = await tx
          .insert(reservations)
          .values({
            code: newReservationCode(),
            carId: car.id,
            carName: car.carName,
            carPrice: car.sellPrice,
            customerName: body.fullName,
            phone: body.phone,
            email: body.email,
            amount: depositFor(car.sellPrice, settings),
            bankBin: settings.bankBin,
            accountNumber: settings.accountNumber,
            accountName: settings.accountName,
            clientRequestId: body.clientRequestId ?? null,
            requestHash,
            // The hold's length, moved out of the hours nobody is in the showroom to confirm a transfer.
            expiresAt: holdDeadline(now, this.deps.holdMinutes, schedule),
            sourceIp: actor.ip,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        await scheduleExpiry(this.deps, tx, inserted);
        await this.deps.customers?.link(tx, reservationContact(inserted, body.zaloConsent));
        // Always: expiring a lapsed hold above has just put the car back on sale.
        await this.deps.cars.setStatusIn(tx, car.id, 'pending');
        await writeAudit(tx, actor, {
          action: 'create',
          entity: 'reservation',
          entityId: inserted.id,
          after: { code: inserted.code, carId: car.id, amount: inserted.amount, carStatusBefore: car.status },
        });
        return inserted;
      });
    } catch (err) {
      // Similar cars are looked up after the transaction: PGlite has one connection, which it holds.
      if (err instanceof Refusal) throw await this.heldError(body.carId, err.message);
      if (err instanceof HoldingRefusal) throw holdingError(err.holding, this.now());
      if (pgCode(err) !== '23505') throw err;
      // Two visitors at once: the unique indexes let one win; a retry of the same request replays.
      const again = await this.replayOf(body.clientRequestId, requestHash);
      if (again) return again;
      throw await this.heldError(body.carId, RESERVATION_MESSAGES.held);
    }
    this.deps.changed();
    // The visitor's answer does not wait for the mail server (the teller logs its own failures).
    void this.deps.tell.created(row, actor.ip);
    return { view: await this.view(row), created: true };
  }

  private async heldError(carId: number, message: string): Promise<HeldCarError> {
    const similar = await this.deps.cars.similar(carId, 2).catch(() => []);
    return new HeldCarError(
      message,
      similar.map((c) => ({
        carId: c.carId,
        carName: c.carName,
        sellPrice: c.sellPrice,
        imageUrl: c.cover?.src ?? null,
      })),
    );
  }

  /** The visitor's page: only with the token of their own link. */
  async find(code: string, token: string): Promise<ReservationPublicView> {
    return this.view(await this.byCode(code, token));
  }

  async cancelByVisitor(
    code: string,
    token: string,
    ip: string | null = null,
  ): Promise<ReservationPublicView> {
    const found = await this.byCode(code, token);
    const row = await this.db.transaction(async (tx) => {
      await this.deps.cars.lock(tx, found.carId);
      const [locked] = await tx
        .select()
        .from(reservations)
        .where(eq(reservations.id, found.id))
        .for('update');
      if (locked.status !== 'awaiting' || locked.expiresAt <= this.now())
        throw conflict(RESERVATION_MESSAGES.notAwaiting);
      const now = this.now();
      const [updated] = await tx
        .update(reservations)
        .set({ status: 'cancelled', cancelledAt: now, cancelReason: 'Khách hủy', updatedAt: now })
        .where(eq(reservations.id, locked.id))
        .returning();
      await this.release(tx, locked.carId);
      await writeAudit(
        tx,
        { ...SYSTEM_ACTOR, username: 'khách' },
        {
          action: 'cancel',
          entity: 'reservation',
          entityId: locked.id,
          before: { status: 'awaiting' },
          after: { status: 'cancelled', by: 'visitor' },
        },
      );
      return updated;
    });
    this.deps.changed();
    void this.deps.tell.cancelled(row, true, ip);
    return this.view(row);
  }

  /**
   * "Tôi đã chuyển khoản": the hold runs on until the bank's notification or a person confirms it, at
   * most to the end of the next whole opening day, and the staff's bell rings (once: a second press
   * changes nothing).
   */
  async claimPaid(code: string, token: string, actor: Actor): Promise<ReservationPublicView> {
    const found = await this.byCode(code, token);
    const schedule = openingSchedule((await this.deps.webConfig.get()).openingHours);
    const { row, first } = await this.db.transaction(async (tx) => {
      await this.deps.cars.lock(tx, found.carId);
      const [locked] = await tx
        .select()
        .from(reservations)
        .where(eq(reservations.id, found.id))
        .for('update');
      const now = this.now();
      if (locked.status !== 'awaiting' || locked.expiresAt <= now)
        throw conflict(HOLD_MESSAGES.claimNotAwaiting);
      if (locked.claimedPaidAt) return { row: locked, first: false };
      const until = endOfNextOpeningDay(now, schedule);
      const [updated] = await tx
        .update(reservations)
        .set({
          claimedPaidAt: now,
          expiresAt: new Date(Math.max(until.getTime(), locked.expiresAt.getTime())),
          updatedAt: now,
        })
        .where(eq(reservations.id, locked.id))
        .returning();
      await scheduleExpiry(this.deps, tx, updated);
      await writeAudit(
        tx,
        { userId: null, username: 'khách', ip: actor.ip },
        {
          action: 'claim-paid',
          entity: 'reservation',
          entityId: locked.id,
          before: { expiresAt: locked.expiresAt },
          after: { expiresAt: updated.expiresAt, claimedPaidAt: now },
        },
      );
      return { row: updated, first: true };
    });
    if (first) void this.deps.tell.claimed(row);
    return this.view(row);
  }

  private async byCode(code: string, token: string): Promise<ReservationRow> {
    if (!this.deps.links.verify(code, token)) throw notFound(RESERVATION_MESSAGES.notFound);
    const [row] = await this.db.select().from(reservations).where(eq(reservations.code, code));
    if (!row) throw notFound(RESERVATION_MESSAGES.notFound);
    if (row.status === 'awaiting' && row.expiresAt <= this.now()) {
      await this.sweep();
      const [fresh] = await this.db.select().from(reservations).where(eq(reservations.id, row.id));
      return fresh;
    }
    return row;
  }

  private view(row: ReservationRow) {
    return publicView(row, this.deps.links, this.now());
  }

  /**
   * Expires every unpaid reservation past its deadline and frees its car. The conditional UPDATE is
   * the claim: with several server processes sweeping, each reservation expires (and is e-mailed) once.
   */
  async sweep(): Promise<number> {
    const due = await this.db
      .select({ id: reservations.id, carId: reservations.carId })
      .from(reservations)
      .where(and(eq(reservations.status, 'awaiting'), lte(reservations.expiresAt, this.now())));
    let expired = 0;
    for (const { id, carId } of due) {
      // The car first, then the reservation: the order every writer takes, so none waits on another.
      const rows = await this.db.transaction(async (tx) => {
        await this.deps.cars.lock(tx, carId);
        return this.expireWhere(tx, eq(reservations.id, id));
      });
      expired += rows.length;
      for (const row of rows) await this.deps.tell.expired(row);
    }
    if (expired > 0) this.deps.changed();
    return expired;
  }

  /** The stored job of one hold at its deadline: expires it if it is still unpaid and due. */
  async expireOne(id: number): Promise<void> {
    const [found] = await this.db
      .select({ carId: reservations.carId })
      .from(reservations)
      .where(eq(reservations.id, id));
    if (!found) return;
    const rows = await this.db.transaction(async (tx) => {
      await this.deps.cars.lock(tx, found.carId);
      return this.expireWhere(tx, eq(reservations.id, id));
    });
    for (const row of rows) await this.deps.tell.expired(row);
    if (rows.length > 0) this.deps.changed();
  }

  /** Inside the caller's transaction: expire what is due among `where`, free the cars, audit. */
  private async expireWhere(tx: Executor, where: ReturnType<typeof eq>): Promise<ReservationRow[]> {
    const now = this.now();
    const rows = await tx
      .update(reservations)
      .set({ status: 'expired', updatedAt: now })
      .where(and(where, eq(reservations.status, 'awaiting'), lte(reservations.expiresAt, now)))
      .returning();
    for (const row of rows) {
      await this.release(tx, row.carId);
      await writeAudit(tx, SYSTEM_ACTOR, {
        action: 'expire',
        entity: 'reservation',
        entityId: row.id,
        before: { status: 'awaiting' },
        after: { status: 'expired' },
      });
    }
    return rows;
  }

  /** Puts a held car back on sale (only if it is still held: a sold car stays sold). */
  async release(tx: Executor, carId: number) {
    const car = await this.deps.cars.lock(tx, carId);
    if (car.status === 'pending') await this.deps.cars.setStatusIn(tx, carId, 'available');
  }
}
