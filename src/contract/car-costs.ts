import { formatDay, formatVnd, vnDayKey } from './format';
import { findOfficialPrice, remainingQualityRate, vehicleAge } from './registration-fee-rules';
import { vnWall } from './vn-time';
import type { CarCalculations } from './web-config';

/**
 * The car detail page's two estimates, computed the same way everywhere (web, advisor, tests):
 * the on-road cost of a used car (lệ phí trước bạ by official price × remaining quality, the transfer of
 * registration, inspection, road fee, insurance), and an instalment loan on a declining balance.
 * Settings come from GET /api/web-configuration/car-calculations (type CarCalculations).
 * Every amount is whole VND.
 */

// Provinces and their plate-fee areas live in ./provinces (re-exported: forms import them from here).
export * from './provinces';

// ---------------------------------------------------------------------------------------------------
// On-road cost of a used car
// ---------------------------------------------------------------------------------------------------

export type CostLineKey =
  | 'price'
  | 'registrationFee'
  | 'transferFee'
  | 'inspectionFee'
  | 'roadFee'
  | 'insurance';

export interface CostLine {
  key: CostLineKey;
  label: string;
  amount: number;
  /** How the amount was reached, in words a buyer reads ("2% × 50% × 820.000.000 đ (...)"). */
  basis: string;
  /**
   * Set when the car's papers show this item still valid on the sale day: nothing is charged (amount 0)
   * and the amount reads "còn hạn đến dd/mm/yyyy" instead of a price.
   */
  validUntil?: string;
}

/**
 * The dates on the car's papers the on-road cost depends on ('yyyy-mm-dd', null when unknown). The road
 * fee of a personal car is paid at the inspection for the whole inspection cycle (its stamp ends with
 * the inspection certificate), so the inspection date covers both lines.
 */
export interface OnRoadPapers {
  registrationUntil: string | null;
  liabilityInsuranceUntil: string | null;
}

export interface OnRoadCostInput {
  /** Sale price (VND). */
  price: number;
  /** Number of seats (compulsory insurance tier). */
  seats: number;
  /** Year of manufacture: the car's age, hence its remaining-quality rate, counts from it. */
  year: number;
  /** For the official price lookup; without them the fee is approximated from the price. */
  brand?: string;
  model?: string;
  version?: string;
  /** Date of sale (the year the fee is declared); default now. Its year is taken in Asia/Ho_Chi_Minh. */
  saleDate?: Date | string | number;
  /** The car's papers: what is still valid on the sale day is not charged again. */
  papers?: OnRoadPapers | null;
}

export interface RegistrationBasis {
  /** Year of the sale in Asia/Ho_Chi_Minh, and the car's whole years of use up to it. */
  saleYear: number;
  age: number;
  rate: number;
  remainingRate: number;
  /** The official price of the model, or null when the table has none (then approximated). */
  officialPrice: number | null;
  /** Value for fee purposes: officialPrice × remainingRate, or the sale price when approximated. */
  value: number;
  approximated: boolean;
}

export interface OnRoadCost {
  /** The car price first, then each fee, each with its basis. */
  lines: CostLine[];
  /** Sum of the fees (everything but the price). */
  fees: number;
  /** Price plus fees. */
  total: number;
  registration: RegistrationBasis;
  /** Always shown with the result: an estimate, not a quote. */
  note: string;
}

export const ON_ROAD_NOTE =
  'Giá tham khảo: các khoản phí, lệ phí tính theo quy định hiện hành và cấu hình của showroom; số thu thực tế do cơ quan thuế, công an và đăng kiểm xác định khi làm thủ tục.';

const vnd = (n: number) => Math.max(0, Math.round(n));

/**
 * VAT on the compulsory insurance: the premiums of Nghị định 67/2023/NĐ-CP (the settings' table) are
 * before VAT, and a buyer pays them with 10% on top.
 */
export const INSURANCE_VAT_RATE = 0.1;

/** The decree's premium (before VAT) for a seat count: the first tier that holds it, else the largest. */
export function insurancePremium(settings: CarCalculations, seats: number): number {
  const tiers = [...settings.insuranceBySeats].sort((a, b) => a.maxSeats - b.maxSeats);
  const tier = tiers.find((t) => seats <= t.maxSeats) ?? tiers[tiers.length - 1];
  return tier ? tier.fee : 0;
}

/** Compulsory civil-liability insurance per year as the buyer pays it: the premium plus VAT. */
export function insuranceFee(settings: CarCalculations, seats: number): number {
  return vnd(insurancePremium(settings, seats) * (1 + INSURANCE_VAT_RATE));
}

/** 'yyyy-mm-dd' when that day is the sale day or later (the paper still holds), else null. */
function stillValid(until: string | null | undefined, saleDay: string): string | null {
  return until && /^\d{4}-\d{2}-\d{2}$/.test(until) && until >= saleDay ? until : null;
}

/** A fee line, or the same line charging nothing because the papers show it still valid. */
function feeLine(line: CostLine, validUntil: string | null): CostLine {
  if (!validUntil) return line;
  return {
    ...line,
    amount: 0,
    basis: `Giấy tờ của xe còn hạn đến ${formatDay(validUntil)}: người mua chưa phải nộp`,
    validUntil,
  };
}

/** The words shown in place of the amount of a line that is still valid: "còn hạn đến dd/mm/yyyy". */
export const VALID_UNTIL_WORDS = 'còn hạn đến';
export const validUntilText = (validUntil: string) => `${VALID_UNTIL_WORDS} ${formatDay(validUntil)}`;

function percent(rate: number): string {
  return `${(Math.round(rate * 10_000) / 100).toString().replace('.', ',')}%`;
}

/** The year of a date in Asia/Ho_Chi_Minh (UTC+7 all year): 31/12 at 20:00 UTC is already next year there. */
export function saleYearOf(date: Date | string | number = new Date()): number {
  const d = date instanceof Date ? date : new Date(date);
  const t = Number.isNaN(d.getTime()) ? Date.now() : d.getTime();
  return vnWall(t).getUTCFullYear();
}

/**
 * The registration fee of a used car: rate × official price × remaining-quality rate for its age. Without
 * an official price for the model, the sale price stands in for the whole value for fee purposes: a used
 * car's market price is at or above official price × remaining rate in practice, so the estimate errs on
 * the side of the buyer paying less at the counter than shown, never more.
 */
export function registrationBasis(settings: CarCalculations, input: OnRoadCostInput): RegistrationBasis {
  const saleYear = saleYearOf(input.saleDate ?? new Date());
  const age = vehicleAge(input.year, saleYear);
  const remainingRate = remainingQualityRate(
    settings.remainingQualityBands,
    settings.remainingQualityBeyond,
    age,
  );
  const official = findOfficialPrice(settings.officialPrices, input);
  const price = vnd(input.price);
  return {
    saleYear,
    age,
    rate: settings.registrationFeeRate,
    remainingRate,
    officialPrice: official?.price ?? null,
    value: official ? vnd(official.price * remainingRate) : price,
    approximated: !official,
  };
}

export function onRoadCost(settings: CarCalculations, input: OnRoadCostInput): OnRoadCost {
  const price = vnd(input.price);
  const reg = registrationBasis(settings, input);
  const saleDay = vnDayKey(input.saleDate ?? new Date());
  const inspectionValid = stillValid(input.papers?.registrationUntil, saleDay);
  const ageWords = reg.age === 0 ? 'xe sản xuất trong năm' : `xe ${reg.age} năm`;
  const registrationBasisText = reg.approximated
    ? `${percent(reg.rate)} × ${formatVnd(price)} (giá tham khảo: chưa có giá tính lệ phí trước bạ của mẫu xe này, tạm tính theo giá bán xe)`
    : `${percent(reg.rate)} × ${percent(reg.remainingRate)} × ${formatVnd(reg.officialPrice)} (giá tính LPTB × tỷ lệ chất lượng còn lại ${ageWords})`;
  const lines: CostLine[] = [
    { key: 'price', label: 'Giá xe', amount: price, basis: 'Giá bán của showroom' },
    {
      key: 'registrationFee',
      label: 'Lệ phí trước bạ',
      amount: vnd(reg.value * reg.rate),
      basis: registrationBasisText,
    },
    {
      key: 'transferFee',
      label: 'Lệ phí đăng ký sang tên',
      amount: vnd(settings.transferFee),
      basis:
        'Cấp đổi chứng nhận đăng ký kèm biển số khi sang tên người mua (không phải lệ phí cấp biển xe mới)',
    },
    feeLine(
      {
        key: 'inspectionFee',
        label: 'Phí đăng kiểm',
        amount: vnd(settings.inspectionFee),
        basis: 'Kiểm định và cấp giấy chứng nhận, một lần',
      },
      inspectionValid,
    ),
    feeLine(
      {
        key: 'roadFee',
        label: 'Phí bảo trì đường bộ',
        amount: vnd(settings.roadFeePerYear),
        basis: `12 tháng × ${formatVnd(Math.round(settings.roadFeePerYear / 12))}/tháng`,
      },
      inspectionValid,
    ),
    feeLine(
      {
        key: 'insurance',
        label: 'Bảo hiểm TNDS bắt buộc',
        amount: insuranceFee(settings, input.seats),
        basis: `1 năm, xe ${input.seats} chỗ không kinh doanh vận tải: ${formatVnd(insurancePremium(settings, input.seats))} + ${percent(INSURANCE_VAT_RATE)} VAT`,
      },
      stillValid(input.papers?.liabilityInsuranceUntil, saleDay),
    ),
  ];
  const fees = lines.slice(1).reduce((sum, l) => sum + l.amount, 0);
  return { lines, fees, total: price + fees, registration: reg, note: ON_ROAD_NOTE };
}

// ---------------------------------------------------------------------------------------------------
// Instalment on a declining balance
// ---------------------------------------------------------------------------------------------------

export interface InstalmentInput {
  price: number;
  /** Share of the price borrowed, 0..settings.maxLoanRatio (clamped). */
  loanRatio: number;
  /** 1..settings.maxTermMonths (clamped, whole months). */
  termMonths: number;
  /** Annual rate; default settings.loanInterestRate. */
  annualRate?: number;
}

export interface InstalmentMonth {
  month: number;
  principal: number;
  interest: number;
  payment: number;
  /** Balance after this month's payment. */
  balance: number;
}

export interface InstalmentYear {
  year: number;
  principal: number;
  interest: number;
  payment: number;
  balance: number;
}

export interface Instalment {
  loanRatio: number;
  termMonths: number;
  annualRate: number;
  loanAmount: number;
  downPayment: number;
  /** Equal principal each month (the last one absorbs rounding). */
  monthlyPrincipal: number;
  firstMonthInterest: number;
  /** The largest payment: principal plus the first month's interest. */
  firstMonthPayment: number;
  lastMonthPayment: number;
  totalInterest: number;
  /** Loan plus interest. */
  totalPayment: number;
  /** One row per loan year (12 months, the last may be shorter). */
  years: InstalmentYear[];
  months: InstalmentMonth[];
}

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, Number.isFinite(n) ? n : lo));

/**
 * Principal is repaid in equal parts; each month's interest is the balance before payment times
 * annualRate / 12. So the first payment is the largest and each later one is smaller.
 */
export function instalment(settings: CarCalculations, input: InstalmentInput): Instalment {
  const price = vnd(input.price);
  const loanRatio = clamp(input.loanRatio, 0, settings.maxLoanRatio);
  const termMonths = Math.round(clamp(input.termMonths, 1, settings.maxTermMonths));
  const annualRate = clamp(input.annualRate ?? settings.loanInterestRate, 0, 1);
  const loanAmount = vnd(price * loanRatio);
  const monthlyRate = annualRate / 12;
  const monthlyPrincipal = Math.floor(loanAmount / termMonths);

  const months: InstalmentMonth[] = [];
  let balance = loanAmount;
  for (let m = 1; m <= termMonths; m++) {
    const principal = m === termMonths ? balance : monthlyPrincipal;
    const interest = vnd(balance * monthlyRate);
    balance -= principal;
    months.push({ month: m, principal, interest, payment: principal + interest, balance });
  }
  const years: InstalmentYear[] = [];
  for (let i = 0; i < months.length; i += 12) {
    const slice = months.slice(i, i + 12);
    years.push({
      year: i / 12 + 1,
      principal: slice.reduce((s, m) => s + m.principal, 0),
      interest: slice.reduce((s, m) => s + m.interest, 0),
      payment: slice.reduce((s, m) => s + m.payment, 0),
      balance: slice[slice.length - 1].balance,
    });
  }
  const totalInterest = months.reduce((s, m) => s + m.interest, 0);
  return {
    loanRatio,
    termMonths,
    annualRate,
    loanAmount,
    downPayment: price - loanAmount,
    monthlyPrincipal,
    firstMonthInterest: months[0]?.interest ?? 0,
    firstMonthPayment: months[0]?.payment ?? 0,
    lastMonthPayment: months[months.length - 1]?.payment ?? 0,
    totalInterest,
    totalPayment: loanAmount + totalInterest,
    years,
    months,
  };
}

/** Slider steps for the web: loan share in 10% steps up to the maximum, terms in 12-month steps. */
export function loanRatioSteps(settings: CarCalculations): number[] {
  const steps: number[] = [];
  for (let r = 0.1; r <= settings.maxLoanRatio + 1e-9; r += 0.1) steps.push(Math.round(r * 100) / 100);
  return steps;
}

export function termSteps(settings: CarCalculations): number[] {
  const steps: number[] = [];
  for (let m = 12; m <= settings.maxTermMonths; m += 12) steps.push(m);
  if (steps[steps.length - 1] !== settings.maxTermMonths) steps.push(settings.maxTermMonths);
  return steps;
}
