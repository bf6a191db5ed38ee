import { describe, expect, it } from 'vitest';
import { MarketIndex } from '../../src/server/modules/valuations/engine/market-index';
import type {
  EvidenceInput,
  Valuation,
  ValuationOutcome,
  ValuationQuery,
} from '../../src/server/modules/valuations/engine/types';
import { valueCar } from '../../src/server/modules/valuations/engine/value';

const NOW = Date.parse('2026-11-01T05:00:00Z');

/** Deterministic noise in ±4 %. */
const noise = (i: number) => 1 + (((i * 7919) % 97) / 97 - 0.5) * 0.08;

/** A model's market: price = new × 0,9 × 0,9^age × e^(−0,7 % per 10.000 km) × noise. */
function market(
  brand: string,
  model: string,
  version: string,
  newPrice: number,
  n: number,
  extra: Partial<EvidenceInput> = {},
  start = 0,
): EvidenceInput[] {
  return Array.from({ length: n }, (_, k) => {
    const i = start + k;
    const year = 2018 + (i % 6);
    const age = 2026.4 - (year + 0.5);
    const odo = Math.round(age * (12_000 + ((i * 3371) % 9000)));
    const price = Math.round(newPrice * 0.9 * 0.9 ** age * Math.exp(-0.007 * (odo / 10_000)) * noise(i));
    return {
      kind: 'market' as const,
      ref: i + 1,
      carId: null,
      title: `${brand} ${model} ${version} ${year}`,
      brand,
      model,
      version,
      year,
      odo,
      price,
      transmission: 'AUTOMATIC' as const,
      fuel: 'PETROL' as const,
      bodyType: 'SEDAN' as const,
      province: 'TP.HCM',
      source: 'Đại lý',
      seenOn: '2026-06-01',
      ...extra,
    };
  });
}

const truth = (newPrice: number, year: number, odo: number, at = NOW) => {
  const age = (at - Date.UTC(year, 6, 1)) / (365.25 * 86_400_000);
  return newPrice * 0.9 * 0.9 ** age * Math.exp(-0.007 * (odo / 10_000));
};

const evidence = [
  ...market('Toyota', 'Vios', '1.5G CVT', 560_000_000, 40),
  ...market('Toyota', 'Vios', '1.5E MT', 480_000_000, 2, { transmission: 'MANUAL' }, 100),
  ...market('Honda', 'City', 'RS', 600_000_000, 30, {}, 200),
  ...market('Hyundai', 'Accent', '1.4 AT', 540_000_000, 30, {}, 300),
  // One price only: valued on it, with the rates and spread of its segment (sedans of its price level).
  ...market('Mazda', 'Mazda2', '1.5 Luxury', 540_000_000, 1, {}, 400),
];
const index = new MarketIndex(evidence, NOW);

function ok(out: ValuationOutcome): Valuation {
  if (!out.ok) throw new Error(`refused: ${out.message}`);
  return out.valuation;
}
const value = (q: Partial<ValuationQuery>) =>
  valueCar(index, { year: 2021, odo: 50_000, ...q } as ValuationQuery);

describe('the valuation engine', () => {
  it('values from the same version, close to the truth, with a range holding it and adjustments that add up', () => {
    const v = ok(value({ carName: 'Toyota Vios 1.5G CVT', year: 2021, odo: 50_000 }));
    const real = truth(560_000_000, 2021, 50_000);
    expect(v.basis).toBe('version');
    expect(v.fallback).toBeNull();
    expect(Math.abs(v.estimate - real) / real).toBeLessThan(0.05);
    expect(v.low).toBeLessThanOrEqual(real);
    expect(v.high).toBeGreaterThanOrEqual(real);
    expect(v.confidence).toBe('cao');
    expect(v.comparables).toHaveLength(40);
    expect(v.comparables.every((c) => c.obs.model === 'Vios' && c.obs.version === '1.5G CVT')).toBe(true);
    expect(v.reference.price + v.adjustments.reduce((s, a) => s + a.amount, 0)).toBe(v.estimate);
    expect(v.estimate % 1_000_000).toBe(0);
    expect(v.rates.perYear).toBeLessThan(0);
    expect(v.rates.per10000Km).toBeLessThan(0);
  });

  it('lowers the price for more kilometres and raises it for a newer year', () => {
    const base = ok(value({ brand: 'Honda', model: 'City', version: 'RS', year: 2021, odo: 40_000 }));
    const driven = ok(value({ brand: 'Honda', model: 'City', version: 'RS', year: 2021, odo: 120_000 }));
    const newer = ok(value({ brand: 'Honda', model: 'City', version: 'RS', year: 2023, odo: 40_000 }));
    expect(driven.estimate).toBeLessThan(base.estimate);
    expect(newer.estimate).toBeGreaterThan(base.estimate);
    const km = driven.adjustments.find((a) => a.label.startsWith('Số km cao hơn trung bình'));
    expect(km?.amount).toBeLessThan(0);
    const year = newer.adjustments.find((a) => a.label.startsWith('Đời xe mới hơn'));
    expect(year?.amount).toBeGreaterThan(0);
    const low = ok(value({ brand: 'Honda', model: 'City', version: 'RS', year: 2021, odo: 5_000 }));
    expect(low.adjustments.find((a) => a.label.startsWith('Số km thấp hơn'))?.amount).toBeGreaterThan(0);
  });

  it('takes off for a flood, an accident and many owners, and says so in words', () => {
    const clean = ok(value({ carName: 'Hyundai Accent 1.4 AT', year: 2020, odo: 60_000 }));
    const flooded = ok(value({ carName: 'Hyundai Accent 1.4 AT', year: 2020, odo: 60_000, flood: true }));
    const crashed = ok(value({ carName: 'Hyundai Accent 1.4 AT', year: 2020, odo: 60_000, accident: true }));
    const owners = ok(value({ carName: 'Hyundai Accent 1.4 AT', year: 2020, odo: 60_000, owners: 3 }));
    expect(flooded.estimate).toBeLessThan(clean.estimate * 0.8);
    expect(flooded.adjustments.at(-1)).toMatchObject({ label: 'Xe từng bị ngập nước' });
    expect(flooded.adjustments.at(-1)!.amount).toBeLessThan(0);
    expect(crashed.estimate).toBeLessThan(clean.estimate);
    expect(crashed.adjustments.find((a) => a.label === 'Xe từng bị tai nạn (đâm đụng)')!.amount).toBeLessThan(
      0,
    );
    expect(owners.adjustments.find((a) => a.label === 'Xe đã qua 3 đời chủ')!.amount).toBeLessThan(0);
    // Unknown past: a wider range.
    expect(flooded.high - flooded.low).toBeGreaterThan((clean.high - clean.low) * 0.8);
  });

  it('falls back to the same model when the version has too few prices, and says so', () => {
    const v = ok(value({ brand: 'Toyota', model: 'Vios', version: '1.5E MT', year: 2021, odo: 50_000 }));
    expect(v.basis).toBe('model');
    expect(v.fallback).toBe(
      'Chưa đủ xe cùng phiên bản 1.5E MT (2 xe): định giá theo 42 xe cùng dòng Toyota Vios.',
    );
    expect(v.comparables).toHaveLength(42);
    // A manual City valued from automatic ones only: a little lower, and the answer says why.
    const manual = ok(value({ carName: 'Honda City RS', year: 2021, odo: 50_000, transmission: 'MANUAL' }));
    expect(
      manual.adjustments.find((a) => a.label === 'Số sàn (các xe so sánh đều số tự động)')!.amount,
    ).toBeLessThan(0);
    expect(v.adjustments.some((a) => a.label.startsWith('Số sàn'))).toBe(false);
    const unknownVersion = ok(
      value({ brand: 'Toyota', model: 'Vios', version: 'GR-S', year: 2021, odo: 50_000 }),
    );
    expect(unknownVersion.basis).toBe('model');
  });

  it('falls back to the segment when the model has a single price', () => {
    const v = ok(value({ carName: 'Mazda 2 1.5 Luxury', year: 2021, odo: 50_000 }));
    expect(v.basis).toBe('segment');
    expect(v.fallback).toContain('Chỉ có 1 xe cùng dòng Mazda Mazda2');
    expect(v.fallback).toContain('Sedan');
    expect(v.confidence).toBe('thấp');
    const real = truth(540_000_000, 2021, 50_000);
    expect(v.low).toBeLessThan(real);
    expect(v.high).toBeGreaterThan(real);
  });

  it('refuses what it knows nothing close to, and never invents a number', () => {
    expect(value({ carName: 'Xe đẹp giá rẻ' })).toMatchObject({ ok: false, reason: 'unknown-car' });
    expect(value({ carName: 'Hyundai Palisade 2.2' })).toMatchObject({
      ok: false,
      reason: 'no-data',
      message: 'Chưa có dữ liệu giá của Hyundai Palisade.',
    });
    expect(value({ carName: 'Toyota Vios 1.5G CVT', year: 2005, odo: 200_000 })).toMatchObject({
      ok: false,
      reason: 'too-far',
    });
  });

  it('counts a sale twice a listing, and leaves out the car being priced', () => {
    const stock: EvidenceInput[] = [
      ...market('Kia', 'Seltos', '1.4 Turbo', 760_000_000, 6, {}, 500),
      { ...market('Kia', 'Seltos', '1.4 Turbo', 760_000_000, 1, { kind: 'sale', carId: 91 }, 600)[0] },
      { ...market('Kia', 'Seltos', '1.4 Turbo', 760_000_000, 1, { kind: 'listing', carId: 92 }, 600)[0] },
    ];
    const idx = new MarketIndex(stock, NOW);
    const v = ok(valueCar(idx, { carName: 'Kia Seltos 1.4 Turbo', year: 2020, odo: 60_000 }));
    const sale = v.comparables.find((c) => c.obs.kind === 'sale')!;
    const listing = v.comparables.find((c) => c.obs.kind === 'listing')!;
    expect(sale.share).toBeCloseTo(listing.share * 2, 6);
    const without = ok(
      valueCar(idx, { carName: 'Kia Seltos 1.4 Turbo', year: 2020, odo: 60_000, excludeCarIds: [92] }),
    );
    expect(without.comparables.some((c) => c.obs.carId === 92)).toBe(false);
    expect(without.comparables).toHaveLength(7);
  });
});
