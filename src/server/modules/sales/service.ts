import { and, count, desc, eq, gte, inArray, isNotNull, isNull, like, lte, type SQL } from 'drizzle-orm';
import type { Page } from '../../../contract/common';
import { vnDayKey } from '../../../contract/format';
import type { PaymentMethod, SaleCreate, SalesQuery, SaleView, StaffRef } from '../../../contract/sales';
import { foldVietnamese } from '../../../contract/text';
import type { Db, Executor } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { writeAudit } from '../../platform/audit';
import { badRequest, conflict, notFound, pgCode } from '../../platform/errors';
import { escapeLike, pageOf } from '../../platform/paging';
import type { CarsService, CarThumbnail } from '../cars/service';
import type { UsersService } from '../users/service';
import { sales } from './schema';

type SaleRow = typeof sales.$inferSelect;

function searchText(s: {
  buyerName: string;
  buyerPhone: string;
  buyerEmail?: string | null;
  carName: string;
  brand: string;
}) {
  return foldVietnamese([s.buyerName, s.buyerPhone, s.buyerEmail ?? '', s.carName, s.brand].join(' '));
}

function ref(id: number | null, names: Map<number, string>): StaffRef | null {
  const name = id === null ? undefined : names.get(id);
  return id !== null && name !== undefined ? { userId: id, fullName: name } : null;
}

/** Sold history: a sale marks its car sold in the same transaction; cancelling puts the car back on sale. */
/** A hold on the car (an online reservation) that a sale closes inside its own transaction. */
export type HoldCloser = (
  tx: Executor,
  carId: number,
  saleId: number,
  actor: Actor,
) => Promise<{ deposit: { code: string; amount: number } | null; afterCommit?: () => Promise<void> } | null>;

/** A car's true cost on a day (the car-costs module), or null when it cannot be known. */
export type TrueCostOn = (carId: number, day: string) => Promise<number | null>;

export class SalesService {
  private closeHold: HoldCloser = async () => null;
  private trueCostOn: TrueCostOn = async () => null;

  constructor(
    private readonly db: Db,
    private readonly carsService: CarsService,
    private readonly users: UsersService,
  ) {}

  /** The reservations module closes a held car's reservation when it is sold. */
  onSale(closer: HoldCloser) {
    this.closeHold = closer;
  }

  /** The car-costs module fixes each new sale's true cost and realised margin. */
  onCost(costOf: TrueCostOn) {
    this.trueCostOn = costOf;
  }

  /** The active sale of a car, if any: the day it was sold and for what. */
  async activeSaleOf(carId: number): Promise<{ saleDate: string; salePrice: number } | null> {
    const [row] = await this.db
      .select({ saleDate: sales.saleDate, salePrice: sales.salePrice })
      .from(sales)
      .where(and(eq(sales.carId, carId), isNull(sales.cancelledAt)));
    return row ?? null;
  }

  /** The sales with their cars (status, cover) and the staff they name: one query each. */
  private async views(rows: SaleRow[]): Promise<SaleView[]> {
    const [names, cars] = await Promise.all([
      this.users.namesOf(rows.flatMap((s) => [s.salespersonId, s.createdBy, s.cancelledBy])),
      this.carsService.thumbnails(rows.map((s) => s.carId)),
    ]);
    return rows.map((s) => this.view(s, names, cars.get(s.carId)));
  }

  private view(s: SaleRow, names: Map<number, string>, car: CarThumbnail | undefined): SaleView {
    return {
      transactionId: s.id,
      status: s.cancelledAt ? 'cancelled' : 'active',
      carId: s.carId,
      carName: s.carName,
      brand: s.brand,
      listPrice: s.listPrice,
      carStatus: car?.status ?? 'sold',
      cover: car?.cover ?? null,
      buyerName: s.buyerName,
      buyerPhone: s.buyerPhone,
      buyerEmail: s.buyerEmail,
      salePrice: s.salePrice,
      purchasePrice: s.purchasePrice,
      margin: s.purchasePrice === null ? null : s.salePrice - s.purchasePrice,
      trueCost: s.trueCost,
      trueMargin: s.trueMargin,
      saleDate: s.saleDate,
      paymentMethod: s.paymentMethod as PaymentMethod,
      salesperson: ref(s.salespersonId, names),
      note: s.note,
      createdAt: s.createdAt.toISOString(),
      createdBy: ref(s.createdBy, names),
      cancelledAt: s.cancelledAt?.toISOString() ?? null,
      cancelledBy: ref(s.cancelledBy, names),
      cancelReason: s.cancelReason,
      deposit:
        s.reservationCode && s.depositAmount !== null
          ? { code: s.reservationCode, amount: s.depositAmount }
          : null,
    };
  }

  async get(id: number, exec: Executor = this.db): Promise<SaleView> {
    const [row] = await exec.select().from(sales).where(eq(sales.id, id));
    if (!row) throw notFound('Không tìm thấy giao dịch');
    return (await this.views([row]))[0];
  }

  async list(q: SalesQuery): Promise<Page<SaleView>> {
    const folded = q.search ? foldVietnamese(q.search) : '';
    const conditions: (SQL | undefined)[] = [
      folded ? like(sales.searchText, `%${escapeLike(folded)}%`) : undefined,
      q.from ? gte(sales.saleDate, q.from) : undefined,
      q.to ? lte(sales.saleDate, q.to) : undefined,
      q.status === 'active'
        ? isNull(sales.cancelledAt)
        : q.status === 'cancelled'
          ? isNotNull(sales.cancelledAt)
          : undefined,
      q.paymentMethod ? eq(sales.paymentMethod, q.paymentMethod) : undefined,
      q.salespersonId ? eq(sales.salespersonId, q.salespersonId) : undefined,
      q.carId ? eq(sales.carId, q.carId) : undefined,
    ];
    const where = and(...conditions);
    const [[{ total }], rows] = await Promise.all([
      this.db.select({ total: count() }).from(sales).where(where),
      this.db
        .select()
        .from(sales)
        .where(where)
        .orderBy(desc(sales.saleDate), desc(sales.id))
        .limit(q.size)
        .offset((q.page - 1) * q.size),
    ]);
    return pageOf(await this.views(rows), total, q);
  }

  /** The active (not cancelled) sale of each given car that has one. */
  async activeSaleIds(carIds: number[]): Promise<Map<number, number>> {
    if (carIds.length === 0) return new Map();
    const rows = await this.db
      .select({ carId: sales.carId, id: sales.id })
      .from(sales)
      .where(and(inArray(sales.carId, carIds), isNull(sales.cancelledAt)));
    return new Map(rows.map((r) => [r.carId, r.id]));
  }

  /** Each sale as '{car} – {buyer}': how the audit log names a sale it refers to. */
  async labelsOf(ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select({ id: sales.id, carName: sales.carName, buyerName: sales.buyerName })
      .from(sales)
      .where(inArray(sales.id, [...new Set(ids)]));
    return new Map(rows.map((r) => [r.id, `${r.carName} – ${r.buyerName}`]));
  }

  /** The price each sold car fetched and the day (sales not cancelled): market evidence for valuations. */
  async soldPrices(): Promise<Map<number, { salePrice: number; saleDate: string }>> {
    const rows = await this.db
      .select({ carId: sales.carId, salePrice: sales.salePrice, saleDate: sales.saleDate })
      .from(sales)
      .where(isNull(sales.cancelledAt));
    return new Map(rows.map((r) => [r.carId, { salePrice: r.salePrice, saleDate: r.saleDate }]));
  }

  /** Who can be named as salesperson: active staff holding MANAGE_CAR, and admins. */
  salespeople(): Promise<StaffRef[]> {
    return this.users.staffWithPermission('MANAGE_CAR');
  }

  async create(input: SaleCreate, actor: Actor): Promise<SaleView> {
    const salespersonId = input.salespersonId ?? actor.userId;
    if (salespersonId == null) throw badRequest('Vui lòng chọn nhân viên bán hàng');
    let afterCommit: (() => Promise<void>) | undefined;
    // Read before the transaction: the cost sources read on their own connection (one at a time on
    // PGlite), and a line typed in the instant between changes nothing a manager would notice.
    const trueCost = await this.trueCostOn(input.carId, input.saleDate ?? vnDayKey(new Date()));
    const id = await this.db
      .transaction(async (tx) => {
        const recorded = await this.record(tx, input, salespersonId, actor, trueCost);
        afterCommit = recorded.afterCommit;
        return recorded.id;
      })
      .catch((err) => {
        // The partial unique index is the last guard if two sales ever slipped past the row lock.
        if (pgCode(err) === '23505') throw conflict('Xe này đã được bán');
        throw err;
      })
      .finally(() => this.carsService.invalidate());
    await afterCommit?.();
    return this.get(id);
  }

  /**
   * A sale recorded inside another module's transaction (a deal handed over): the caller has read the
   * true cost before its transaction (costOn) and runs afterCommit once it has committed.
   */
  async createIn(
    tx: Executor,
    input: SaleCreate,
    actor: Actor,
    trueCost: number | null,
  ): Promise<{ id: number; afterCommit?: () => Promise<void> }> {
    const salespersonId = input.salespersonId ?? actor.userId;
    if (salespersonId == null) throw badRequest('Vui lòng chọn nhân viên bán hàng');
    return this.record(tx, input, salespersonId, actor, trueCost);
  }

  /** The car's true cost on a day, read before a caller's transaction (createIn). */
  costOn(carId: number, day: string): Promise<number | null> {
    return this.trueCostOn(carId, day);
  }

  private async record(
    tx: Executor,
    input: SaleCreate,
    salespersonId: number,
    actor: Actor,
    trueCost: number | null,
  ): Promise<{ id: number; afterCommit?: () => Promise<void> }> {
    // The row lock serialises two sales of one car: the second waits, then sees it sold.
    const car = await this.carsService.lock(tx, input.carId);
    if (car.status === 'sold') throw conflict('Xe này đã được bán');
    const person = await this.users.staffMember(salespersonId, tx);
    if (!person?.active)
      throw badRequest('Nhân viên bán hàng không hợp lệ', {
        salespersonId: 'Nhân viên bán hàng không hợp lệ',
      });
    const values = {
      carId: car.id,
      carName: car.carName,
      brand: car.brand,
      listPrice: car.sellPrice,
      buyerName: input.buyerName,
      buyerPhone: input.buyerPhone,
      buyerEmail: input.buyerEmail ?? null,
      salePrice: input.salePrice,
      purchasePrice: input.purchasePrice ?? null,
      saleDate: input.saleDate ?? vnDayKey(new Date()),
      paymentMethod: input.paymentMethod,
      salespersonId,
      note: input.note,
      createdBy: actor.userId,
      trueCost,
      trueMargin: trueCost === null ? null : input.salePrice - trueCost,
    };
    const [row] = await tx
      .insert(sales)
      .values({ ...values, searchText: searchText(values) })
      .returning();
    await this.carsService.setStatusIn(tx, car.id, 'sold');
    const closed = await this.closeHold(tx, car.id, row.id, actor);
    const deposit = closed?.deposit ?? null;
    if (deposit)
      await tx
        .update(sales)
        .set({ depositAmount: deposit.amount, reservationCode: deposit.code })
        .where(eq(sales.id, row.id));
    await writeAudit(tx, actor, {
      action: 'create',
      entity: 'sale',
      entityId: row.id,
      after: { ...values, carStatusBefore: car.status, carStatusAfter: 'sold', deposit },
    });
    return { id: row.id, afterCommit: closed?.afterCommit };
  }

  async cancel(id: number, reason: string, actor: Actor): Promise<SaleView> {
    await this.db
      .transaction(async (tx) => {
        const [sale] = await tx.select().from(sales).where(eq(sales.id, id)).for('update');
        if (!sale) throw notFound('Không tìm thấy giao dịch');
        if (sale.cancelledAt) throw conflict('Giao dịch này đã được hủy trước đó');
        const car = await this.carsService.lock(tx, sale.carId);
        await tx
          .update(sales)
          .set({ cancelledAt: new Date(), cancelledBy: actor.userId, cancelReason: reason })
          .where(eq(sales.id, id));
        if (car.status === 'sold') await this.carsService.setStatusIn(tx, car.id, 'available');
        await writeAudit(tx, actor, {
          action: 'cancel',
          entity: 'sale',
          entityId: id,
          before: { cancelledAt: null, carStatus: car.status },
          after: { cancelReason: reason, carStatus: car.status === 'sold' ? 'available' : car.status },
        });
      })
      .finally(() => this.carsService.invalidate());
    return this.get(id);
  }

  /** For demo seeding: a sale row written directly (the car is already in its final status). */
  async insertSeeded(exec: Executor, values: typeof sales.$inferInsert) {
    await exec
      .insert(sales)
      .values({ ...values, searchText: searchText({ ...values, buyerEmail: values.buyerEmail ?? null }) });
  }
}
