import { bankByBin } from '../../../contract/banks';
import { instalment } from '../../../contract/car-costs';
import type { DealDocumentData, DealDocumentKind, DocumentMoneyLine } from '../../../contract/deal-documents';
import type { LoanView } from '../../../contract/deals';
import { vnDayKey } from '../../../contract/format';
import type { WebConfiguration } from '../../../contract/web-config';
import type { CarRow, DealDeps } from './deps';
import { loansOf, loanView } from './loans';
import { renderPdf } from './pdf';
import type { DealsService } from './service';
import { type DealRow, moneyOf, type PaymentRow } from './views';

/** The indicative loan of a quote: the settings' usual share and a five-year term, as the car page offers. */
const QUOTE_LOAN_TERM_MONTHS = 60;

/** Everything a document shows, from the deal's own data, its car and the settings. */
export function documentData(
  deal: DealRow,
  car: CarRow | undefined,
  payments: PaymentRow[],
  settings: WebConfiguration,
  salesperson: string | null,
  issuedOn: string,
  loans: LoanView[] = [],
): DealDocumentData {
  // The bank's own loan once one said yes; before that, an indicative one.
  const granted = [...loans].reverse().find((l) => l.status === 'approved' || l.status === 'disbursed');
  const money = moneyOf(deal, payments);
  const r = settings.reservations;
  const bank = bankByBin(r.bankBin);
  const lines: DocumentMoneyLine[] = [
    { label: 'Giá xe', amount: deal.price },
    ...deal.fees.map((f) => ({ label: f.label, amount: f.amount, note: f.basis })),
  ];
  if (deal.tradeInValue > 0)
    lines.push({
      label: `Xe đổi: ${deal.tradeInDescription ?? ''}`.trim(),
      amount: deal.tradeInValue,
      deduct: true,
    });
  const loanMoney = money.loanDisbursed;
  const calc = settings.carCalculations;
  const term = Math.min(QUOTE_LOAN_TERM_MONTHS, calc.maxTermMonths);
  const plan = instalment(calc, { price: deal.price, loanRatio: calc.maxLoanRatio, termMonths: term });
  return {
    dealCode: deal.code,
    issuedOn,
    showroom: {
      name: settings.showroomName,
      address: settings.showroomAddress,
      phone: settings.showroomPhone,
      email: settings.showroomEmail || null,
      taxCode: settings.showroomTaxCode || null,
      representative: settings.showroomRepresentative || null,
      representativeTitle: settings.showroomRepresentativeTitle || null,
      bankAccount: r.accountNumber
        ? `${r.accountNumber} tại ${bank?.shortName ?? r.bankBin}${r.accountName ? ` (${r.accountName})` : ''}`
        : null,
    },
    buyer: {
      fullName: deal.customerName,
      phone: deal.customerPhone,
      email: deal.customerEmail,
      idNumber: deal.customerIdNumber,
      idIssuedOn: null,
      idIssuedBy: null,
      address: deal.customerAddress,
    },
    car: {
      name: deal.carName,
      brand: car?.brand ?? '',
      model: car?.model ?? '',
      year: car?.year ?? 0,
      color: car?.exteriorColor ?? null,
      vin: deal.vin,
      engineNumber: deal.engineNumber,
      plate: deal.plate,
      odometerKm: deal.handover?.odometerKm ?? car?.odo ?? null,
    },
    price: deal.price,
    lines,
    depositAmount: money.deposit > 0 ? money.deposit : null,
    balanceDue: money.balanceDue,
    loan: granted
      ? {
          bank: `${granted.bankName} (${granted.status === 'disbursed' ? 'đã giải ngân' : 'đã duyệt'})`,
          amount: granted.amount,
          termMonths: granted.termMonths,
          ratePercent: Math.round(granted.interestRate * 10_000) / 100,
          monthlyPayment: granted.monthlyPayment,
        }
      : loanMoney > 0 || plan.loanAmount > 0
        ? {
            bank: loanMoney > 0 ? 'Ngân hàng đã giải ngân' : 'Ngân hàng liên kết (tham khảo)',
            amount: loanMoney > 0 ? loanMoney : plan.loanAmount,
            termMonths: plan.termMonths,
            ratePercent: Math.round(plan.annualRate * 10_000) / 100,
            monthlyPayment: plan.firstMonthPayment,
          }
        : null,
    clauses: [
      { title: 'Chính sách đặt cọc', text: settings.policies.deposit },
      { title: 'Bảo hành', text: settings.policies.warranty },
      { title: 'Bàn giao xe', text: settings.policies.handoverTerms },
      { title: 'Sang tên', text: settings.policies.transferDocuments },
    ].filter((c) => c.text),
    salesperson,
    handover: deal.handover,
  };
}

/** One of a deal's documents as a PDF, with a file name staff recognise. */
export async function renderDealDocument(
  deps: DealDeps,
  service: DealsService,
  id: number,
  kind: DealDocumentKind,
): Promise<{ pdf: Buffer; fileName: string }> {
  const deal = await service.row(id);
  const [car, payments, settings, names, loans] = await Promise.all([
    deps.cars.findRow(deps.db, deal.carId),
    service.payments(id),
    deps.settings(),
    deps.namesOf([deal.salespersonId]),
    loansOf(deps.db, id),
  ]);
  const data = documentData(
    deal,
    car,
    payments,
    settings,
    deal.salespersonId === null ? null : (names.get(deal.salespersonId) ?? null),
    vnDayKey(deps.clock.now()),
    loans.map(loanView),
  );
  return { pdf: await renderPdf(kind, data), fileName: `${deal.code}-${kind}.pdf` };
}
