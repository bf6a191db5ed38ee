import type { CarStatus } from '../../../contract/cars-labels';
import {
  DEAL_MOVES,
  type DealPaymentKind,
  type DealPaymentMethod,
  type DealStatus,
  type DealSummary,
  type DealView,
  dealMoney,
} from '../../../contract/deals';
import type { CarRow } from './deps';
import type { dealEvents, dealPayments, deals } from './schema';

export type DealRow = typeof deals.$inferSelect;
export type PaymentRow = typeof dealPayments.$inferSelect;
export type EventRow = typeof dealEvents.$inferSelect;

const ref = (id: number | null, names: Map<number, string>) => {
  const name = id === null ? undefined : names.get(id);
  return id !== null && name !== undefined ? { userId: id, fullName: name } : null;
};

export const moneyOf = (d: DealRow, payments: PaymentRow[]) =>
  dealMoney({
    price: d.price,
    fees: d.fees.reduce((s, f) => s + f.amount, 0),
    tradeInValue: d.tradeInValue,
    payments: payments.map((p) => ({ kind: p.kind as DealPaymentKind, amount: p.amount })),
  });

export function summaryOf(d: DealRow, payments: PaymentRow[], names: Map<number, string>): DealSummary {
  return {
    dealId: d.id,
    code: d.code,
    status: d.status as DealStatus,
    carId: d.carId,
    carName: d.carName,
    customerName: d.customerName,
    customerPhone: d.customerPhone,
    salesperson: ref(d.salespersonId, names),
    price: d.price,
    balanceDue: moneyOf(d, payments).balanceDue,
    createdAt: d.createdAt.toISOString(),
    updatedAt: d.updatedAt.toISOString(),
  };
}

export function dealView(
  d: DealRow,
  car: CarRow | undefined,
  payments: PaymentRow[],
  events: EventRow[],
  names: Map<number, string>,
): Omit<DealView, 'loans' | 'checklist' | 'transfer' | 'publicUrl'> {
  return {
    ...summaryOf(d, payments, names),
    customer: {
      fullName: d.customerName,
      phone: d.customerPhone,
      email: d.customerEmail,
      idNumber: d.customerIdNumber,
      address: d.customerAddress,
    },
    car: {
      carId: d.carId,
      carName: d.carName,
      brand: car?.brand ?? '',
      model: car?.model ?? '',
      year: car?.year ?? 0,
      color: car?.exteriorColor ?? '',
      odometerKm: car?.odo ?? 0,
      listPrice: car?.sellPrice ?? d.price,
      status: (car?.status ?? 'sold') as CarStatus,
      vin: d.vin,
      engineNumber: d.engineNumber,
      plate: d.plate,
    },
    reservationCode: d.reservationCode,
    leadId: d.leadId,
    tradeIn:
      d.tradeInDescription === null
        ? null
        : { description: d.tradeInDescription, value: d.tradeInValue, purchaseLeadId: d.tradeInLeadId },
    fees: d.fees,
    money: moneyOf(d, payments),
    handover: d.handover,
    note: d.note,
    saleId: d.saleId,
    payments: payments.map((p) => ({
      paymentId: p.id,
      kind: p.kind as DealPaymentKind,
      method: p.method as DealPaymentMethod,
      amount: p.amount,
      reference: p.reference,
      note: p.note,
      recordedBy: ref(p.recordedBy, names),
      recordedAt: p.recordedAt.toISOString(),
    })),
    timeline: events.map((e) => ({
      from: (e.fromStatus as DealStatus | null) ?? null,
      to: e.toStatus as DealStatus,
      reason: e.reason,
      by: ref(e.userId, names),
      at: e.at.toISOString(),
    })),
    moves: [...DEAL_MOVES[d.status as DealStatus]],
  };
}
