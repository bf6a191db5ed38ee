import { formatVnd } from './format';

/**
 * A deal (giao dịch bán xe) as people read it: its statuses, their labels, which move is allowed, and
 * the price build-up whose balance is derived, never typed. Zod-free, so pages read it without zod.
 */

export const DEAL_STATUSES = [
  'quote',
  'deposit',
  'contract_signed',
  'paid',
  'handed_over',
  'transferred',
  'cancelled',
] as const;
export type DealStatus = (typeof DEAL_STATUSES)[number];

export const DEAL_STATUS_LABELS: Record<DealStatus, string> = {
  quote: 'Báo giá',
  deposit: 'Đặt cọc',
  contract_signed: 'Đã ký hợp đồng',
  paid: 'Đã thanh toán',
  handed_over: 'Đã bàn giao',
  transferred: 'Hoàn tất sang tên',
  cancelled: 'Đã hủy',
};

/** The path a deal walks, in order (cancelled is beside it). */
export const DEAL_PATH: readonly DealStatus[] = [
  'quote',
  'deposit',
  'contract_signed',
  'paid',
  'handed_over',
  'transferred',
];

/** A deal in one of these holds its car; at most one per car. */
export const OPEN_DEAL_STATUSES: readonly DealStatus[] = ['quote', 'deposit', 'contract_signed', 'paid'];

/**
 * Where a deal may go from each status. A buyer paying on the spot skips the deposit; a handover before
 * full payment (from Đã ký hợp đồng) is a manager's override with a reason; a handed-over car
 * is a sale, undone only in sold history, so it cannot be cancelled here.
 */
export const DEAL_MOVES: Record<DealStatus, readonly DealStatus[]> = {
  quote: ['deposit', 'contract_signed', 'cancelled'],
  deposit: ['contract_signed', 'cancelled'],
  contract_signed: ['paid', 'handed_over', 'cancelled'],
  paid: ['handed_over', 'cancelled'],
  handed_over: ['transferred'],
  transferred: [],
  cancelled: [],
};

export const PAYMENT_KINDS = ['deposit', 'balance', 'loan', 'refund'] as const;
export type DealPaymentKind = (typeof PAYMENT_KINDS)[number];
export const PAYMENT_KIND_LABELS: Record<DealPaymentKind, string> = {
  deposit: 'Tiền cọc',
  balance: 'Thanh toán',
  loan: 'Ngân hàng giải ngân',
  refund: 'Hoàn tiền cho khách',
};

export const DEAL_PAYMENT_METHODS = ['cash', 'transfer', 'loan'] as const;
export type DealPaymentMethod = (typeof DEAL_PAYMENT_METHODS)[number];
export const DEAL_PAYMENT_METHOD_LABELS: Record<DealPaymentMethod, string> = {
  cash: 'Tiền mặt',
  transfer: 'Chuyển khoản',
  loan: 'Vay ngân hàng',
};

export interface DealMoneyInput {
  price: number;
  /** The on-road fees the showroom collects to register the car for the buyer. */
  fees: number;
  tradeInValue: number;
  payments: readonly { kind: DealPaymentKind; amount: number }[];
}

export interface DealMoney {
  price: number;
  fees: number;
  tradeInValue: number;
  /** Price plus fees less the trade-in: what the buyer owes in all. */
  total: number;
  deposit: number;
  /** Loan money the bank has paid to the showroom. */
  loanDisbursed: number;
  refunded: number;
  /** Everything received (deposit, payments, loan) less refunds. */
  paid: number;
  /** What the showroom is still owed; negative when it owes the buyer money back. */
  balanceDue: number;
}

/** The price build-up: the balance due is total less what was received, always derived. */
export function dealMoney(input: DealMoneyInput): DealMoney {
  const sum = (kind: DealPaymentKind) =>
    input.payments.filter((p) => p.kind === kind).reduce((s, p) => s + p.amount, 0);
  const total = input.price + input.fees - input.tradeInValue;
  const deposit = sum('deposit');
  const loanDisbursed = sum('loan');
  const refunded = sum('refund');
  const paid = deposit + sum('balance') + loanDisbursed - refunded;
  return {
    price: input.price,
    fees: input.fees,
    tradeInValue: input.tradeInValue,
    total,
    deposit,
    loanDisbursed,
    refunded,
    paid,
    balanceDue: total - paid,
  };
}

/** A deal's code as a bank transfer's content carries it (the buyer writes it, VietQR fills it in). */
export const DEAL_CODE_RE = /GD[2-9A-HJKMNP-Z]{6}/;

export const LOAN_STATUSES = ['submitted', 'approved', 'rejected', 'disbursed'] as const;
export type LoanStatus = (typeof LOAN_STATUSES)[number];
export const LOAN_STATUS_LABELS: Record<LoanStatus, string> = {
  submitted: 'Đã nộp',
  approved: 'Đã duyệt',
  rejected: 'Từ chối',
  disbursed: 'Đã giải ngân',
};
/** Đã nộp → Đã duyệt / Từ chối → Đã giải ngân. */
export const LOAN_MOVES: Record<LoanStatus, readonly LoanStatus[]> = {
  submitted: ['approved', 'rejected'],
  approved: ['disbursed', 'rejected'],
  rejected: [],
  disbursed: [],
};

export interface LoanRules {
  name: string;
  maxLoanRatio: number;
  maxTermMonths: number;
}

/**
 * What a bank's rules refuse for a loan on a car of this value, in words a salesperson can repeat to the
 * buyer (null: allowed). The value is the car's agreed price.
 */
export function loanRefusal(
  bank: LoanRules,
  carValue: number,
  amount: number,
  termMonths: number,
): string | null {
  const max = Math.floor(carValue * bank.maxLoanRatio);
  if (amount > max)
    return `${bank.name} cho vay tối đa ${Math.round(bank.maxLoanRatio * 100)}% giá trị xe, tức ${formatVnd(max)}`;
  if (termMonths > bank.maxTermMonths) return `${bank.name} cho vay tối đa ${bank.maxTermMonths} tháng`;
  return null;
}

/** The papers collected per deal; the notarised contract when the seller is a person, the invoice when a company. */
export const CHECKLIST_ITEMS = [
  'buyerId',
  'registration',
  'inspection',
  'insurance',
  'withdrawal',
  'notarisedContract',
  'invoice',
] as const;
export type ChecklistItem = (typeof CHECKLIST_ITEMS)[number];
export const CHECKLIST_LABELS: Record<ChecklistItem, string> = {
  buyerId: 'CCCD của người mua',
  registration: 'Cà vẹt (giấy đăng ký xe)',
  inspection: 'Giấy chứng nhận đăng kiểm',
  insurance: 'Bảo hiểm',
  withdrawal: 'Giấy rút hồ sơ gốc',
  notarisedContract: 'Hợp đồng mua bán công chứng',
  invoice: 'Hóa đơn bán xe',
};
/** Which items a deal needs: a company seller invoices, a person's sale is notarised. */
export function checklistFor(sellerIsCompany: boolean): ChecklistItem[] {
  return CHECKLIST_ITEMS.filter((i) => (sellerIsCompany ? i !== 'notarisedContract' : i !== 'invoice'));
}
export const CHECKLIST_STATUSES = ['missing', 'received', 'checked', 'returned'] as const;
export type ChecklistStatus = (typeof CHECKLIST_STATUSES)[number];
export const CHECKLIST_STATUS_LABELS: Record<ChecklistStatus, string> = {
  missing: 'Chưa nhận',
  received: 'Đã nhận',
  checked: 'Đã kiểm tra',
  returned: 'Đã trả lại',
};

/** The ownership transfer (sang tên), in order. */
export const TRANSFER_STEPS = ['withdraw', 'submit', 'receive', 'deliver'] as const;
export type TransferStep = (typeof TRANSFER_STEPS)[number];
export const TRANSFER_STEP_LABELS: Record<TransferStep, string> = {
  withdraw: 'Rút hồ sơ gốc',
  submit: 'Nộp hồ sơ đăng ký',
  receive: 'Nhận đăng ký, biển số mới',
  deliver: 'Bàn giao giấy tờ cho khách',
};
/** Days each step may take (settings), counted from the handover for the first, the previous step's end after. */
export const DEFAULT_TRANSFER_STEP_DAYS: Record<TransferStep, number> = {
  withdraw: 7,
  submit: 5,
  receive: 10,
  deliver: 3,
};
