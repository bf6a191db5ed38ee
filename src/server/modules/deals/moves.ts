import { eq } from 'drizzle-orm';
import { DEAL_MOVES, DEAL_STATUS_LABELS, type DealStatus, type DealView } from '../../../contract/deals';
import { formatVnd, vnDayKey } from '../../../contract/format';
import type { PaymentMethod } from '../../../contract/sales';
import type { StaffActor } from '../../platform/actor';
import { writeAudit } from '../../platform/audit';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import type { DealDeps } from './deps';
import { dealEvents, deals } from './schema';
import type { DealsService } from './service';
import { type DealRow, moneyOf, type PaymentRow } from './views';

export const MOVE_ERRORS = {
  reasonToCancel: 'Vui lòng nhập lý do hủy giao dịch',
  noDeposit: 'Chưa nhận tiền cọc: ghi nhận khoản cọc trước khi chuyển sang "Đặt cọc"',
  contractNeeds: 'Cần số CCCD và địa chỉ của khách trước khi ký hợp đồng',
  overrideManager: 'Chỉ quản lý được bàn giao xe khi khách chưa thanh toán đủ',
  overrideReason: 'Khách chưa thanh toán đủ: vui lòng nhập lý do bàn giao trước',
  stepsLeft: 'Chưa xong các bước sang tên: rút hồ sơ, nộp hồ sơ, nhận đăng ký mới, bàn giao giấy tờ',
} as const;

/** Who may override the payment rule at handover: a manager (the administrator role). */
const isManager = (actor: StaffActor) => actor.role === 'ADMIN';

/** The rule a move must meet besides being on the path; throws the Vietnamese reason it fails. */
function guard(
  to: DealStatus,
  deal: DealRow,
  payments: PaymentRow[],
  reason: string | undefined,
  actor: StaffActor,
) {
  const money = moneyOf(deal, payments);
  switch (to) {
    case 'deposit':
      if (money.deposit <= 0) throw conflict(MOVE_ERRORS.noDeposit);
      return null;
    case 'contract_signed':
      if (!deal.customerIdNumber || !deal.customerAddress) throw conflict(MOVE_ERRORS.contractNeeds);
      return null;
    case 'paid':
      if (money.balanceDue > 0)
        throw conflict(
          `Khách còn thiếu ${formatVnd(money.balanceDue)}: chưa thể chuyển sang "Đã thanh toán"`,
        );
      return null;
    case 'handed_over':
      if (money.balanceDue <= 0) return null;
      if (!isManager(actor)) throw forbidden(MOVE_ERRORS.overrideManager);
      if (!reason) throw badRequest(MOVE_ERRORS.overrideReason, { reason: MOVE_ERRORS.overrideReason });
      return { override: true, balanceDue: money.balanceDue };
    case 'cancelled':
      if (!reason) throw badRequest(MOVE_ERRORS.reasonToCancel, { reason: MOVE_ERRORS.reasonToCancel });
      return null;
    default:
      return null;
  }
}

/** How the sale is recorded in sold history: by loan when a bank paid, else by the last money's method. */
function saleMethod(payments: PaymentRow[]): PaymentMethod {
  if (payments.some((p) => p.kind === 'loan')) return 'INSTALLMENT';
  const last = [...payments].reverse().find((p) => p.kind !== 'refund');
  return last?.method === 'cash' ? 'CASH' : 'TRANSFER';
}

/**
 * Moves a deal along its path, each move checked and audited. "Đã bàn giao" records the sale through
 * the sales module (the car is sold, a paid reservation closes onto the sale); "Đã hủy" releases the car
 * (its reservation is cancelled too: refunding or keeping the deposit is decided on the reservation).
 */
export async function moveDeal(
  deps: DealDeps,
  service: DealsService,
  id: number,
  input: { status: DealStatus; reason?: string },
  actor: StaffActor,
): Promise<DealView> {
  const current = await service.row(id);
  const to = input.status;
  const today = vnDayKey(deps.clock.now());
  // Read before the transaction: the cost sources read on their own connection.
  const trueCost = to === 'handed_over' ? await deps.sales.costOn(current.carId, today) : null;
  let afterCommit: (() => Promise<void>) | undefined;
  let releaseReservation: number | null = null;
  await deps.db.transaction(async (tx) => {
    // The order every writer takes: the car, then the deal.
    const car = await deps.cars.lock(tx, current.carId);
    const [deal] = await tx.select().from(deals).where(eq(deals.id, id)).for('update');
    if (!deal) throw notFound('Không tìm thấy giao dịch');
    const from = deal.status as DealStatus;
    if (from === to) throw conflict(`Giao dịch đã ở trạng thái "${DEAL_STATUS_LABELS[to]}"`);
    if (!DEAL_MOVES[from].includes(to))
      throw conflict(
        `Không thể chuyển giao dịch từ "${DEAL_STATUS_LABELS[from]}" sang "${DEAL_STATUS_LABELS[to]}"`,
      );
    await service.syncDeposit(tx, deal, actor);
    const payments = await service.payments(id, tx);
    const override = guard(to, deal, payments, input.reason, actor);
    if (to === 'transferred' && !(await service.afterSale.allStepsDone(tx, id)))
      throw conflict(MOVE_ERRORS.stepsLeft);
    const set: Partial<typeof deals.$inferInsert> = { status: to, updatedAt: deps.clock.now() };
    if (to === 'handed_over') {
      const sale = await deps.sales.createIn(
        tx,
        {
          carId: deal.carId,
          buyerName: deal.customerName,
          buyerPhone: deal.customerPhone,
          buyerEmail: deal.customerEmail ?? undefined,
          salePrice: deal.price,
          saleDate: today,
          paymentMethod: saleMethod(payments),
          salespersonId: deal.salespersonId ?? undefined,
          note: `Giao dịch ${deal.code}`,
        },
        actor,
        trueCost,
      );
      set.saleId = sale.id;
      afterCommit = sale.afterCommit;
    }
    if (to === 'cancelled') {
      const r = deal.reservationCode ? await deps.reservations.byCode(deal.reservationCode, tx) : null;
      if (r && (r.status === 'awaiting' || r.status === 'paid')) releaseReservation = r.id;
      else if (car.status === 'pending') await deps.cars.setStatusIn(tx, car.id, 'available');
    }
    await tx.update(deals).set(set).where(eq(deals.id, id));
    await tx.insert(dealEvents).values({
      dealId: id,
      fromStatus: from,
      toStatus: to,
      reason: input.reason ?? null,
      userId: actor.userId,
      at: deps.clock.now(),
    });
    await deps.customers?.touch(tx, 'DEAL', id, { status: DEAL_STATUS_LABELS[to] });
    await writeAudit(tx, actor, {
      action: 'status',
      entity: 'deal',
      entityId: id,
      before: { status: from },
      after: { status: to, reason: input.reason ?? null, ...(override ?? {}), saleId: set.saleId ?? null },
    });
  });
  await afterCommit?.();
  // The buyer hears of each step on Zalo too; a message that cannot go never undoes the move.
  await deps
    .customerMessage?.({
      kind: 'DEAL_STEP',
      phone: current.customerPhone,
      dedupeKey: `DEAL_STEP:deal:${id}:${to}`,
      data: {
        customer_name: current.customerName,
        deal_code: current.code,
        car_name: current.carName,
        status: DEAL_STATUS_LABELS[to],
      },
    })
    .catch(() => undefined);
  if (releaseReservation !== null)
    await deps.reservations.cancel(
      releaseReservation,
      `Hủy giao dịch ${current.code}: ${input.reason}`,
      actor,
    );
  deps.changed();
  return service.get(id);
}
