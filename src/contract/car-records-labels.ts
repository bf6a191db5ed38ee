import type { CarPapers } from './car-records';

/** The papers' vocabulary and labels, without zod: the public car page imports these. */

export const OWNER_TYPES = ['personal', 'company'] as const;
export type OwnerType = (typeof OWNER_TYPES)[number];
export const OWNER_TYPE_LABELS: Record<OwnerType, string> = {
  personal: 'Xe cá nhân',
  company: 'Xe công ty',
};

/** none: never under a loan; mortgaged: still held by a bank (thế chấp); released: the loan is closed. */
export const LOAN_STATUSES = ['none', 'mortgaged', 'released'] as const;
export type LoanStatus = (typeof LOAN_STATUSES)[number];
export const LOAN_STATUS_LABELS: Record<LoanStatus, string> = {
  none: 'Không thế chấp',
  mortgaged: 'Đang thế chấp ngân hàng',
  released: 'Đã giải chấp',
};

export const FINE_RESULTS = ['none', 'paid'] as const;
export type FineResult = (typeof FINE_RESULTS)[number];
export const FINE_RESULT_LABELS: Record<FineResult, string> = {
  none: 'Không có phạt nguội',
  paid: 'Đã nộp hết phạt nguội',
};

export const PAPERS_LABELS = {
  ownerType: 'Loại chủ xe',
  vatInvoice: 'Hóa đơn VAT',
  registrationUntil: 'Hạn đăng kiểm',
  liabilityInsuranceUntil: 'Bảo hiểm TNDS bắt buộc đến',
  bodyInsuranceUntil: 'Bảo hiểm thân vỏ đến',
  loanStatus: 'Thế chấp ngân hàng',
  fineCheckedOn: 'Ngày tra cứu phạt nguội',
  fineResult: 'Kết quả tra cứu phạt nguội',
  staffNote: 'Ghi chú nội bộ',
} as const;

export const SERVICE_RECORD_LABELS = {
  servicedOn: 'Ngày làm',
  km: 'Số km',
  work: 'Công việc',
  place: 'Nơi làm',
} as const;

/** "Xe công ty · Có hóa đơn VAT", "Xe cá nhân", or null when unknown (a VAT invoice matters for a company car). */
export function ownerText(p: Pick<CarPapers, 'ownerType' | 'vatInvoice'>): string | null {
  if (!p.ownerType) return null;
  const vat =
    p.vatInvoice === true
      ? ' · Có hóa đơn VAT'
      : p.vatInvoice === false && p.ownerType === 'company'
        ? ' · Không có hóa đơn VAT'
        : '';
  return `${OWNER_TYPE_LABELS[p.ownerType]}${vat}`;
}
