/**
 * What a deal's documents are made from: the deals module fills it from the deal's own data, the documents
 * module renders it (PDF, A4, Vietnamese). Amounts are whole VND, dates yyyy-mm-dd (shown dd/mm/yyyy).
 */

export const DEAL_DOCUMENT_KINDS = ['quote', 'deposit-contract', 'sale-contract', 'handover'] as const;
export type DealDocumentKind = (typeof DEAL_DOCUMENT_KINDS)[number];

export const DEAL_DOCUMENT_LABELS: Record<DealDocumentKind, string> = {
  quote: 'Báo giá lăn bánh',
  'deposit-contract': 'Hợp đồng đặt cọc',
  'sale-contract': 'Hợp đồng mua bán xe',
  handover: 'Biên bản bàn giao xe',
};

/** The showroom as the settings describe it (the seller, or the intermediary when the seller is a person). */
export interface DocumentShowroom {
  name: string;
  address: string;
  phone: string;
  email: string | null;
  taxCode: string | null;
  /** Who signs for the showroom (name and title). */
  representative: string | null;
  representativeTitle: string | null;
  bankAccount: string | null;
}

/** The buyer. */
export interface DocumentParty {
  fullName: string;
  phone: string;
  email: string | null;
  /** CCCD number. */
  idNumber: string | null;
  idIssuedOn: string | null;
  idIssuedBy: string | null;
  address: string | null;
}

export interface DocumentCar {
  name: string;
  brand: string;
  model: string;
  year: number;
  color: string | null;
  vin: string | null;
  engineNumber: string | null;
  plate: string | null;
  odometerKm: number | null;
}

/** One line of the price build-up, in the order shown: what is added (price, fees) and what is taken off. */
export interface DocumentMoneyLine {
  label: string;
  amount: number;
  /** A deduction (trade-in, deposit paid, loan): shown with a minus and taken off the total. */
  deduct?: boolean;
  /** How the figure was reached, when it is an estimate ("giá tham khảo"). */
  note?: string;
}

export interface DocumentLoan {
  bank: string;
  amount: number;
  termMonths: number;
  /** Yearly rate, percent (indicative). */
  ratePercent: number;
  monthlyPayment: number;
}

export interface DocumentHandover {
  odometerKm: number;
  keys: number;
  papers: string[];
  accessories: string[];
  condition: string;
}

/** Everything a deal's document may show; a kind uses what it needs. */
export interface DealDocumentData {
  dealCode: string;
  /** The day the document is made (yyyy-mm-dd, Vietnam). */
  issuedOn: string;
  showroom: DocumentShowroom;
  buyer: DocumentParty;
  car: DocumentCar;
  /** The car's agreed price. */
  price: number;
  /** Price, fees, then deductions; the balance due is derived from them by the renderer's caller. */
  lines: DocumentMoneyLine[];
  depositAmount: number | null;
  balanceDue: number;
  loan: DocumentLoan | null;
  /** Clauses from the settings (deposit refund rule, warranty, handover terms), one paragraph each. */
  clauses: { title: string; text: string }[];
  salesperson: string | null;
  handover: DocumentHandover | null;
}
