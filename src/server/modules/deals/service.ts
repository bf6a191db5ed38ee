import { randomInt } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, like, type SQL } from 'drizzle-orm';
import { onRoadCost } from '../../../contract/car-costs';
import type { Page } from '../../../contract/common';
import type {
  DealCreate,
  DealPaymentCreate,
  DealSummary,
  DealsQuery,
  DealUpdate,
  DealView,
} from '../../../contract/deals';
import { DEAL_STATUS_LABELS, OPEN_DEAL_STATUSES } from '../../../contract/deals';
import { formatVnd } from '../../../contract/format';
import { foldVietnamese } from '../../../contract/text';
import type { Executor } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { writeAudit } from '../../platform/audit';
import { badRequest, conflict, notFound, pgCode } from '../../platform/errors';
import { escapeLike, pageOf } from '../../platform/paging';
import { AfterSale } from './after-sale';
import type { CarRow, DealDeps } from './deps';
import { loansOf, loanView } from './loans';
import { dealEvents, dealPayments, deals } from './schema';
import { type DealRow, dealView, moneyOf, summaryOf } from './views';

const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
/** GD + 6 characters nobody misreads: what the buyer writes in a transfer and the bank's notice carries. */
const newDealCode = () =>
  `GD${Array.from({ length: 6 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('')}`;

export const DEAL_ERRORS = {
  notFound: 'Không tìm thấy giao dịch',
  reservationNotFound: 'Không tìm thấy mã đặt cọc',
  reservationOtherCar: 'Mã đặt cọc này giữ một xe khác',
  reservationClosed: 'Đặt cọc này đã đóng (hết hạn, đã hủy, đã hoàn hoặc đã bán)',
  carSold: 'Xe này đã được bán',
  carPreparing: 'Xe đang được chuẩn bị, chưa thể lập giao dịch',
  carHeld: 'Xe đang được giữ cho một đặt cọc: nhập mã đặt cọc để lập giao dịch từ đặt cọc đó',
  closed: 'Giao dịch đã kết thúc, không thể sửa',
  priceLocked: 'Giá bán và xe đổi chỉ sửa được trước khi ký hợp đồng',
  refundTooMuch: 'Số tiền hoàn lớn hơn số tiền đã nhận',
} as const;

/** A deal's fees as the car page computes them (onRoadCost with the car's papers), the price excluded. */
export function feesOf(
  settings: Parameters<typeof onRoadCost>[0],
  car: CarRow,
  price: number,
  papers: Parameters<typeof onRoadCost>[1]['papers'],
) {
  const cost = onRoadCost(settings, {
    ...{ price, seats: car.size, year: car.year, brand: car.brand, model: car.model, version: car.version },
    papers,
  });
  return cost.lines
    .filter((l) => l.key !== 'price')
    .map((l) => ({
      label: l.label,
      amount: l.amount,
      basis: l.validUntil ? `Còn hạn: ${l.basis}` : l.basis,
    }));
}

const searchOf = (d: { code: string; customerName: string; customerPhone: string; carName: string }) =>
  foldVietnamese([d.code, d.customerName, d.customerPhone, d.carName].join(' '));

/** Deals: started from a car, a reservation or a lead; reads, edits and the payments ledger. */
export class DealsService {
  readonly afterSale: AfterSale;

  constructor(private readonly deps: DealDeps) {
    this.afterSale = new AfterSale(deps, this);
  }

  async create(input: DealCreate, actor: Actor): Promise<DealView> {
    const d = this.deps;
    // Read before the transaction: PGlite's one connection is the transaction's until it ends.
    const [settings, papers] = await Promise.all([d.settings(), d.papers(input.carId)]);
    const reservation = input.reservationCode ? await d.reservations.byCode(input.reservationCode) : null;
    if (input.reservationCode) {
      if (!reservation)
        throw badRequest(DEAL_ERRORS.reservationNotFound, {
          reservationCode: DEAL_ERRORS.reservationNotFound,
        });
      if (reservation.carId !== input.carId)
        throw badRequest(DEAL_ERRORS.reservationOtherCar, {
          reservationCode: DEAL_ERRORS.reservationOtherCar,
        });
      if (reservation.status !== 'awaiting' && reservation.status !== 'paid')
        throw conflict(DEAL_ERRORS.reservationClosed);
    }
    const id = await d.db
      .transaction(async (tx) => {
        const locked = await d.cars.lock(tx, input.carId);
        if (locked.status === 'sold') throw conflict(DEAL_ERRORS.carSold);
        if (locked.status === 'preparing') throw conflict(DEAL_ERRORS.carPreparing);
        const [open] = await tx
          .select({ code: deals.code })
          .from(deals)
          .where(and(eq(deals.carId, input.carId), inArray(deals.status, [...OPEN_DEAL_STATUSES])));
        if (open) throw conflict(`Xe đã có giao dịch đang mở: ${open.code}`);
        if (locked.status === 'pending' && !reservation) throw conflict(DEAL_ERRORS.carHeld);
        const car = (await d.cars.findRow(tx, input.carId)) as CarRow;
        const price = input.price ?? car.sellPrice;
        const values = {
          code: newDealCode(),
          carId: car.id,
          carName: car.carName,
          customerName: input.customer.fullName,
          customerPhone: input.customer.phone,
          customerEmail: input.customer.email ?? null,
          customerIdNumber: input.customer.idNumber ?? null,
          customerAddress: input.customer.address ?? null,
          reservationCode: reservation?.code ?? null,
          leadId: input.leadId ?? null,
          price,
          fees: feesOf(settings.carCalculations, car, price, papers),
          tradeInDescription: input.tradeIn?.description ?? null,
          tradeInValue: input.tradeIn?.value ?? 0,
          tradeInLeadId: input.tradeIn?.purchaseLeadId ?? null,
          salespersonId: actor.userId,
          createdBy: actor.userId,
        };
        // The service's clock, not the database's: the timeline reads the same time the rules did.
        const now = d.clock.now();
        const [row] = await tx
          .insert(deals)
          .values({ ...values, searchText: searchOf(values), createdAt: now, updatedAt: now })
          .returning();
        await tx
          .insert(dealEvents)
          .values({ dealId: row.id, toStatus: 'quote', userId: actor.userId, at: now });
        await d.customers?.link(tx, {
          kind: 'DEAL',
          refId: row.id,
          phone: row.customerPhone,
          fullName: row.customerName,
          email: row.customerEmail,
          title: `Giao dịch ${row.carName} (${row.code})`,
          status: DEAL_STATUS_LABELS.quote,
          link: `/dashboard/deals/${row.id}`,
          occurredAt: row.createdAt,
        });
        if (locked.status === 'available') await d.cars.setStatusIn(tx, car.id, 'pending');
        await this.syncDeposit(tx, row, actor);
        await writeAudit(tx, actor, {
          action: 'create',
          entity: 'deal',
          entityId: row.id,
          after: { ...values, carStatusBefore: locked.status },
        });
        return row.id;
      })
      .catch((err) => {
        if (pgCode(err) === '23505') throw conflict('Xe đã có giao dịch đang mở');
        throw err;
      });
    d.changed();
    return this.get(id);
  }

  /**
   * The reservation's deposit enters the ledger once it is paid (when the deal starts, or at a later
   * move if the buyer paid after): one row, referenced by the reservation's code.
   */
  async syncDeposit(tx: Executor, deal: DealRow, actor: Actor) {
    if (!deal.reservationCode) return;
    const r = await this.deps.reservations.byCode(deal.reservationCode, tx);
    if (!r || r.paidAmount === null) return;
    const [known] = await tx
      .select({ id: dealPayments.id })
      .from(dealPayments)
      .where(and(eq(dealPayments.dealId, deal.id), eq(dealPayments.reference, r.code)));
    if (known) return;
    await tx.insert(dealPayments).values({
      dealId: deal.id,
      kind: 'deposit',
      method: 'transfer',
      amount: r.paidAmount,
      reference: r.code,
      note: `Tiền cọc giữ xe ${r.code}${r.bankReference ? ` (mã ngân hàng ${r.bankReference})` : ''}`,
      recordedBy: actor.userId,
      recordedAt: this.deps.clock.now(),
    });
  }

  async row(id: number, exec: Executor = this.deps.db): Promise<DealRow> {
    const [row] = await exec.select().from(deals).where(eq(deals.id, id));
    if (!row) throw notFound(DEAL_ERRORS.notFound);
    return row;
  }

  async payments(dealId: number, exec: Executor = this.deps.db) {
    return exec
      .select()
      .from(dealPayments)
      .where(eq(dealPayments.dealId, dealId))
      .orderBy(asc(dealPayments.id));
  }

  async get(id: number): Promise<DealView> {
    const db = this.deps.db;
    const d = await this.row(id);
    const [car, payments, events, loans, company] = await Promise.all([
      this.deps.cars.findRow(db, d.carId),
      this.payments(id),
      db.select().from(dealEvents).where(eq(dealEvents.dealId, id)).orderBy(asc(dealEvents.id)),
      loansOf(db, id),
      this.deps.sellerIsCompany(d.carId),
    ]);
    const extras = await this.afterSale.extras(id, company);
    const names = await this.deps.namesOf([
      d.salespersonId,
      ...payments.map((p) => p.recordedBy),
      ...events.map((e) => e.userId),
    ]);
    return { ...dealView(d, car, payments, events, names), loans: loans.map(loanView), ...extras };
  }

  async list(q: DealsQuery): Promise<Page<DealSummary>> {
    const db = this.deps.db;
    const folded = q.search ? foldVietnamese(q.search) : '';
    const where = and(
      ...([
        q.status ? eq(deals.status, q.status) : undefined,
        q.carId ? eq(deals.carId, q.carId) : undefined,
        folded ? like(deals.searchText, `%${escapeLike(folded)}%`) : undefined,
      ] as (SQL | undefined)[]),
    );
    const [[{ total }], rows] = await Promise.all([
      db.select({ total: count() }).from(deals).where(where),
      db
        .select()
        .from(deals)
        .where(where)
        .orderBy(desc(deals.updatedAt), desc(deals.id))
        .limit(q.size)
        .offset((q.page - 1) * q.size),
    ]);
    const ids = rows.map((r) => r.id);
    const payments = ids.length
      ? await db.select().from(dealPayments).where(inArray(dealPayments.dealId, ids))
      : [];
    const names = await this.deps.namesOf(rows.map((r) => r.salespersonId));
    const content = rows.map((r) =>
      summaryOf(
        r,
        payments.filter((p) => p.dealId === r.id),
        names,
      ),
    );
    return pageOf(content, total, q);
  }

  async update(id: number, input: DealUpdate, actor: Actor): Promise<DealView> {
    const d = this.deps;
    const current = await this.row(id);
    const repricing = input.price !== undefined;
    const [settings, papers] = repricing
      ? await Promise.all([d.settings(), d.papers(current.carId)])
      : [null, null];
    await d.db.transaction(async (tx) => {
      const [row] = await tx.select().from(deals).where(eq(deals.id, id)).for('update');
      if (['transferred', 'cancelled'].includes(row.status)) throw conflict(DEAL_ERRORS.closed);
      const signed = !['quote', 'deposit'].includes(row.status);
      if (signed && (input.price !== undefined || input.tradeIn !== undefined))
        throw conflict(DEAL_ERRORS.priceLocked);
      if (row.status === 'handed_over' && input.customer) throw conflict(DEAL_ERRORS.closed);
      const set: Partial<typeof deals.$inferInsert> = { updatedAt: d.clock.now() };
      if (input.customer) {
        Object.assign(set, {
          customerName: input.customer.fullName,
          customerPhone: input.customer.phone,
          customerEmail: input.customer.email ?? null,
          customerIdNumber: input.customer.idNumber ?? null,
          customerAddress: input.customer.address ?? null,
        });
      }
      if (settings && input.price !== undefined) {
        const car = (await d.cars.findRow(tx, row.carId)) as CarRow;
        Object.assign(set, {
          price: input.price,
          fees: feesOf(settings.carCalculations, car, input.price, papers),
        });
      }
      if (input.tradeIn !== undefined) {
        Object.assign(set, {
          tradeInDescription: input.tradeIn?.description ?? null,
          tradeInValue: input.tradeIn?.value ?? 0,
          tradeInLeadId: input.tradeIn?.purchaseLeadId ?? null,
        });
      }
      if (input.vehicle) {
        Object.assign(set, {
          vin: input.vehicle.vin ?? null,
          engineNumber: input.vehicle.engineNumber ?? null,
          plate: input.vehicle.plate ?? null,
        });
      }
      if (input.handover) set.handover = input.handover;
      if (input.note !== undefined) set.note = input.note;
      const merged = { ...row, ...set };
      await tx
        .update(deals)
        .set({ ...set, searchText: searchOf(merged) })
        .where(eq(deals.id, id));
      const before = Object.fromEntries(Object.keys(set).map((k) => [k, row[k as keyof DealRow]]));
      await writeAudit(tx, actor, { action: 'update', entity: 'deal', entityId: id, before, after: set });
    });
    return this.get(id);
  }

  async addPayment(id: number, input: DealPaymentCreate, actor: Actor): Promise<DealView> {
    await this.deps.db.transaction(async (tx) => {
      const [row] = await tx.select().from(deals).where(eq(deals.id, id)).for('update');
      if (!row) throw notFound(DEAL_ERRORS.notFound);
      if (row.status === 'transferred') throw conflict(DEAL_ERRORS.closed);
      await this.syncDeposit(tx, row, actor);
      const money = moneyOf(row, await this.payments(id, tx));
      if (input.kind === 'refund' && input.amount > money.paid)
        throw conflict(`${DEAL_ERRORS.refundTooMuch} (${formatVnd(money.paid)})`);
      if (row.status === 'cancelled' && input.kind !== 'refund') throw conflict(DEAL_ERRORS.closed);
      const [payment] = await tx
        .insert(dealPayments)
        .values({ dealId: id, ...input, recordedBy: actor.userId, recordedAt: this.deps.clock.now() })
        .returning();
      await tx.update(deals).set({ updatedAt: this.deps.clock.now() }).where(eq(deals.id, id));
      await writeAudit(tx, actor, {
        action: 'payment',
        entity: 'deal',
        entityId: id,
        after: { paymentId: payment.id, ...input, balanceDueBefore: money.balanceDue },
      });
    });
    return this.get(id);
  }
}
