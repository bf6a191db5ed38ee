import { compactFold } from './text';

/**
 * The registration fee's rules for a used car, without zod: the calculator on the public car page runs
 * them. The settings schemas that validate the same rows are in ./registration-fees.
 */

/** One age band: a car used up to `maxAge` years (and above the previous band) keeps `rate` of its value. */
export interface RemainingQualityBand {
  maxAge: number;
  rate: number;
}

/** A row of the showroom's copy of the official price table (giá tính lệ phí trước bạ), VND. */
export interface OfficialPrice {
  brand: string;
  model: string;
  /** Empty: the price holds for every version of the model without a row of its own. */
  version: string;
  price: number;
}

/** Brand, model and version folded and without punctuation: how two rows are the same row. */
export const officialKey = (row: { brand: string; model: string; version?: string }) =>
  [compactFold(row.brand), compactFold(row.model), compactFold(row.version ?? '')].join('|');

/**
 * Thông tư 13/2022/TT-BTC: used within 1 year 90%, over 1 to 3 years 70%, over 3 to 6 years 50%,
 * over 6 to 10 years 30%, over 10 years 20%.
 */
export const DEFAULT_REMAINING_QUALITY_BANDS: RemainingQualityBand[] = [
  { maxAge: 1, rate: 0.9 },
  { maxAge: 3, rate: 0.7 },
  { maxAge: 6, rate: 0.5 },
  { maxAge: 10, rate: 0.3 },
];
export const DEFAULT_REMAINING_QUALITY_BEYOND = 0.2;

/**
 * Years of use as the circular counts them for a car made in Vietnam or imported used: from the year of
 * manufacture to the year the fee is declared (the sale), whole calendar years. Never negative.
 */
export function vehicleAge(year: number, saleYear: number): number {
  return Math.max(0, Math.trunc(saleYear) - Math.trunc(year));
}

/** The rate of the first band whose maxAge holds the age, else the rate beyond the last band. */
export function remainingQualityRate(bands: RemainingQualityBand[], beyond: number, age: number): number {
  const sorted = [...bands].sort((a, b) => a.maxAge - b.maxAge);
  return sorted.find((b) => age <= b.maxAge)?.rate ?? beyond;
}

/** Words for an age band, for a settings screen or a basis line: "trên 3 đến 6 năm". */
export function bandLabel(bands: RemainingQualityBand[], index: number): string {
  const sorted = [...bands].sort((a, b) => a.maxAge - b.maxAge);
  if (index >= sorted.length) return `trên ${sorted[sorted.length - 1]?.maxAge ?? 0} năm`;
  const max = sorted[index].maxAge;
  if (index === 0) return max <= 1 ? 'trong 1 năm' : `đến ${max} năm`;
  return `trên ${sorted[index - 1].maxAge} đến ${max} năm`;
}

/**
 * The official price for a car: the row of its brand, model and version, else the model's row without a
 * version. Compared folded and without punctuation, so "CX-5" meets "cx5" and "Mercedes-Benz" meets
 * "Mercedes Benz". Null when the table has neither.
 */
export function findOfficialPrice(
  table: OfficialPrice[],
  car: { brand?: string; model?: string; version?: string },
): OfficialPrice | null {
  if (!car.brand || !car.model) return null;
  const exact = officialKey({ brand: car.brand, model: car.model, version: car.version ?? '' });
  const model = officialKey({ brand: car.brand, model: car.model, version: '' });
  return (
    table.find((row) => officialKey(row) === exact) ?? table.find((row) => officialKey(row) === model) ?? null
  );
}
