import { z } from 'zod';
import type { CarCalculations } from './web-config';

/**
 * The car detail page's two estimates, computed the same way everywhere (web, advisor, tests):
 * the on-road cost of a used car in a province, and an instalment loan on a declining balance.
 * Settings come from GET /api/web-configuration/car-calculations (type CarCalculations).
 * Every amount is whole VND.
 */

// ---------------------------------------------------------------------------------------------------
// Provinces (34 province-level units since 1 July 2025) and their plate-fee area
// ---------------------------------------------------------------------------------------------------

/** Plate and registration fee areas: Hà Nội, TP.HCM, other centrally-run cities, elsewhere. */
export const PLATE_AREAS = ['hanoi', 'hcm', 'city', 'other'] as const;
export type PlateArea = (typeof PLATE_AREAS)[number];
export const PLATE_AREA_LABELS: Record<PlateArea, string> = {
  hanoi: 'Hà Nội',
  hcm: 'TP. Hồ Chí Minh',
  city: 'Thành phố trực thuộc trung ương khác',
  other: 'Tỉnh khác',
};

export const provinceSchema = z.object({
  code: z.string(),
  name: z.string(),
  area: z.enum(PLATE_AREAS),
});
export type Province = z.infer<typeof provinceSchema>;

const cities: Province[] = [
  { code: 'HN', name: 'Hà Nội', area: 'hanoi' },
  { code: 'HCM', name: 'TP. Hồ Chí Minh', area: 'hcm' },
  { code: 'HP', name: 'Hải Phòng', area: 'city' },
  { code: 'DN', name: 'Đà Nẵng', area: 'city' },
  { code: 'CT', name: 'Cần Thơ', area: 'city' },
  { code: 'HUE', name: 'Huế', area: 'city' },
];

const provinceNames: [string, string][] = [
  ['AG', 'An Giang'],
  ['BN', 'Bắc Ninh'],
  ['CM', 'Cà Mau'],
  ['CB', 'Cao Bằng'],
  ['DL', 'Đắk Lắk'],
  ['DB', 'Điện Biên'],
  ['DNA', 'Đồng Nai'],
  ['DT', 'Đồng Tháp'],
  ['GL', 'Gia Lai'],
  ['HT', 'Hà Tĩnh'],
  ['HY', 'Hưng Yên'],
  ['KH', 'Khánh Hòa'],
  ['LC', 'Lai Châu'],
  ['LD', 'Lâm Đồng'],
  ['LS', 'Lạng Sơn'],
  ['LCA', 'Lào Cai'],
  ['NA', 'Nghệ An'],
  ['NB', 'Ninh Bình'],
  ['PT', 'Phú Thọ'],
  ['QNG', 'Quảng Ngãi'],
  ['QN', 'Quảng Ninh'],
  ['QT', 'Quảng Trị'],
  ['SL', 'Sơn La'],
  ['TN', 'Tây Ninh'],
  ['TNG', 'Thái Nguyên'],
  ['TH', 'Thanh Hóa'],
  ['TQ', 'Tuyên Quang'],
  ['VL', 'Vĩnh Long'],
];

/** Hà Nội and TP.HCM first, then the other cities, then provinces alphabetically (for a select box). */
export const PROVINCES: readonly Province[] = [
  ...cities,
  ...provinceNames.map(([code, name]) => ({ code, name, area: 'other' as const })),
];

export function findProvince(code: string): Province | undefined {
  return PROVINCES.find((p) => p.code === code);
}

// ---------------------------------------------------------------------------------------------------
// On-road cost
// ---------------------------------------------------------------------------------------------------

const costLineKeySchema = z.enum([
  'price',
  'registrationFee',
  'plateFee',
  'inspectionFee',
  'roadFee',
  'insurance',
]);
export type CostLineKey = z.infer<typeof costLineKeySchema>;

export const costLineSchema = z.object({
  key: costLineKeySchema,
  label: z.string(),
  amount: z.number(),
});
export type CostLine = z.infer<typeof costLineSchema>;

export interface OnRoadCostInput {
  /** Car price (VND). */
  price: number;
  /** Number of seats (compulsory insurance tier). */
  seats: number;
  /** A province code from PROVINCES; or give the area directly. */
  province?: string;
  area?: PlateArea;
}

export const onRoadCostSchema = z.object({
  area: z.enum(PLATE_AREAS),
  province: provinceSchema.nullable(),
  /** The car price first, then each fee. */
  lines: z.array(costLineSchema),
  /** Sum of the fees (everything but the price). */
  fees: z.number(),
  /** Price plus fees. */
  total: z.number(),
});
export type OnRoadCost = z.infer<typeof onRoadCostSchema>;

const vnd = (n: number) => Math.max(0, Math.round(n));

/** Compulsory civil-liability insurance per year for a seat count: the first tier that holds it, else the largest. */
export function insuranceFee(settings: CarCalculations, seats: number): number {
  const tiers = [...settings.insuranceBySeats].sort((a, b) => a.maxSeats - b.maxSeats);
  const tier = tiers.find((t) => seats <= t.maxSeats) ?? tiers[tiers.length - 1];
  return tier ? tier.fee : 0;
}

function percent(rate: number): string {
  return `${(Math.round(rate * 10_000) / 100).toString().replace('.', ',')}%`;
}

export function onRoadCost(settings: CarCalculations, input: OnRoadCostInput): OnRoadCost {
  const province = input.province ? (findProvince(input.province) ?? null) : null;
  const area: PlateArea = province?.area ?? input.area ?? 'other';
  const price = vnd(input.price);
  const lines: CostLine[] = [
    { key: 'price', label: 'Giá xe', amount: price },
    {
      key: 'registrationFee',
      label: `Lệ phí trước bạ (${percent(settings.registrationFeeRate)})`,
      amount: vnd(price * settings.registrationFeeRate),
    },
    {
      key: 'plateFee',
      label: `Phí đăng ký, cấp biển số (${PLATE_AREA_LABELS[area]})`,
      amount: vnd(settings.plateFees[area]),
    },
    { key: 'inspectionFee', label: 'Phí đăng kiểm', amount: vnd(settings.inspectionFee) },
    { key: 'roadFee', label: 'Phí bảo trì đường bộ (1 năm)', amount: vnd(settings.roadFeePerYear) },
    {
      key: 'insurance',
      label: 'Bảo hiểm trách nhiệm dân sự bắt buộc (1 năm)',
      amount: vnd(insuranceFee(settings, input.seats)),
    },
  ];
  const fees = lines.slice(1).reduce((sum, l) => sum + l.amount, 0);
  return { area, province, lines, fees, total: price + fees };
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

export const instalmentMonthSchema = z.object({
  month: z.number(),
  principal: z.number(),
  interest: z.number(),
  payment: z.number(),
  /** Balance after this month's payment. */
  balance: z.number(),
});
export type InstalmentMonth = z.infer<typeof instalmentMonthSchema>;

export const instalmentYearSchema = z.object({
  year: z.number(),
  principal: z.number(),
  interest: z.number(),
  payment: z.number(),
  balance: z.number(),
});
export type InstalmentYear = z.infer<typeof instalmentYearSchema>;

export const instalmentSchema = z.object({
  loanRatio: z.number(),
  termMonths: z.number(),
  annualRate: z.number(),
  loanAmount: z.number(),
  downPayment: z.number(),
  /** Equal principal each month (the last one absorbs rounding). */
  monthlyPrincipal: z.number(),
  firstMonthInterest: z.number(),
  /** The largest payment: principal plus the first month's interest. */
  firstMonthPayment: z.number(),
  lastMonthPayment: z.number(),
  totalInterest: z.number(),
  /** Loan plus interest. */
  totalPayment: z.number(),
  /** One row per loan year (12 months, the last may be shorter). */
  years: z.array(instalmentYearSchema),
  months: z.array(instalmentMonthSchema),
});
export type Instalment = z.infer<typeof instalmentSchema>;

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
