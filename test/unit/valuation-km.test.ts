import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MarketIndex } from '../../src/server/modules/valuations/engine/market-index';
import type { Valuation, ValuationQuery } from '../../src/server/modules/valuations/engine/types';
import { valueCar } from '../../src/server/modules/valuations/engine/value';
import { demoEvidence, generatedEvidence, indexOf } from './valuation-markets';

/**
 * Kilometres count: for every model the engine values, more kilometres never give a higher estimate,
 * and a hundred thousand more always give a lower one; an odometer far above what is usual for the
 * car's age widens the range and says so. Checked as properties over the demo showroom's market and a
 * generated one, for any model, year, gearbox, fuel and condition answers.
 */

const NOW = new Date('2026-11-20T03:00:00Z');
const YEAR_NOW = 2026;

interface Market {
  index: MarketIndex;
  /** Models with prices: [brand, model, versions, first and last model year]. */
  models: { brand: string; model: string; versions: string[]; years: [number, number] }[];
}

function marketOf(index: MarketIndex): Market {
  const models = [...index.models.values()].map((m) => {
    const years = m.rows.map((r) => r.year);
    return {
      brand: m.brand,
      model: m.model,
      versions: [...new Set(m.rows.map((r) => r.version))],
      years: [Math.min(...years), Math.max(...years)] as [number, number],
    };
  });
  return { index, models };
}

let demo: Market;
let generated: Market;
beforeAll(async () => {
  demo = marketOf(indexOf(await demoEvidence(NOW), NOW));
  generated = marketOf(indexOf(await generatedEvidence(3000, 4242, NOW), NOW));
});

function ok(index: MarketIndex, q: ValuationQuery): Valuation {
  const out = valueCar(index, { ...q, at: NOW.getTime() });
  if (!out.ok) throw new Error(`refused ${q.brand} ${q.model} ${q.year}: ${out.message}`);
  return out.valuation;
}

/** A car of one of the market's models: any of its versions (or none), a year it is found in, answers. */
const carOf = (m: Market) =>
  fc
    .record({
      model: fc.constantFrom(...m.models),
      versionPick: fc.nat(),
      withVersion: fc.boolean(),
      yearPick: fc.nat(),
      transmission: fc.constantFrom(undefined, 'AUTOMATIC', 'MANUAL'),
      fuel: fc.constantFrom(undefined, 'PETROL', 'DIESEL', 'HYBRID', 'ELECTRIC'),
      owners: fc.constantFrom(undefined, 1, 2, 3),
      accident: fc.constantFrom(undefined, true, false),
      flood: fc.constantFrom(undefined, true, false),
      serviceHistory: fc.constantFrom(undefined, true, false),
    })
    .map((c) => {
      const [from, to] = c.model.years;
      return {
        brand: c.model.brand,
        model: c.model.model,
        version: c.withVersion ? c.model.versions[c.versionPick % c.model.versions.length] : undefined,
        year: Math.min(YEAR_NOW, from + (c.yearPick % (to - from + 1))),
        transmission: c.transmission as ValuationQuery['transmission'],
        fuel: c.fuel as ValuationQuery['fuel'],
        owners: c.owners,
        accident: c.accident,
        flood: c.flood,
        serviceHistory: c.serviceHistory,
      };
    });

/** Odometer readings on a scale that reaches well past a taxi's. */
const km = fc.integer({ min: 0, max: 1_200_000 });

const relativeWidth = (v: Valuation) => (v.high - v.low) / v.estimate;
/** A reading usual for Vietnam (about 14.000 km a year) and one no private car reaches. */
const usualOdo = (year: number) => Math.max(5_000, (YEAR_NOW - year) * 14_000);
const farAboveOdo = (year: number) => (YEAR_NOW - year + 1) * 60_000 + 250_000;

describe.each([
  ['the demo showroom', () => demo],
  ['a generated market of 3.000 listings', () => generated],
])('kilometres over %s', (_name, market) => {
  it('never give a higher estimate, and 100.000 km more always give a lower one', () => {
    const m = market();
    fc.assert(
      fc.property(carOf(m), km, km, (car, a, b) => {
        const [less, more] = a <= b ? [a, b] : [b, a];
        const low = ok(m.index, { ...car, odo: less });
        const high = ok(m.index, { ...car, odo: more });
        expect(high.estimate).toBeLessThanOrEqual(low.estimate);
        const further = ok(m.index, { ...car, odo: less + 100_000 });
        expect(further.estimate).toBeLessThan(low.estimate);
      }),
      { numRuns: 300 },
    );
  });

  it('far above normal for the age widen the range and say so in Vietnamese', () => {
    const m = market();
    fc.assert(
      fc.property(carOf(m), (car) => {
        const usual = ok(m.index, { ...car, odo: usualOdo(car.year) });
        const far = ok(m.index, { ...car, odo: farAboveOdo(car.year) });
        expect(usual.odometerNote).toBeNull();
        // In quadrature with the price spread: a little wider where the spread is already wide.
        expect(relativeWidth(far)).toBeGreaterThan(relativeWidth(usual) * 1.02);
        expect(far.odometerNote).toMatch(/^Số km .* cao bất thường so với đời xe/);
        expect(far.high).toBeGreaterThan(far.estimate);
        expect(far.low).toBeLessThan(far.estimate);
      }),
      { numRuns: 200 },
    );
  });

  it('are priced by a rate below zero for every model', () => {
    const m = market();
    for (const model of m.models) {
      const v = ok(m.index, { brand: model.brand, model: model.model, year: model.years[1], odo: 40_000 });
      expect(v.rates.per10000Km, `${model.brand} ${model.model}`).toBeLessThan(-0.001);
    }
  });
});

describe('a 2019 Vios 1.5G CVT in the demo showroom', () => {
  it('is worth clearly less with 600.000 km than with 5.000 km', () => {
    const q = { brand: 'Toyota', model: 'Vios', version: '1.5G CVT', year: 2019 };
    const fresh = ok(demo.index, { ...q, odo: 5_000 });
    const worn = ok(demo.index, { ...q, odo: 600_000 });
    expect(worn.estimate).toBeLessThan(fresh.estimate * 0.85);
    expect(worn.adjustments.find((a) => a.label.startsWith('Số km cao hơn'))?.amount).toBeLessThan(0);
    expect(worn.odometerNote).toContain('600.000 km');
    expect(fresh.odometerNote).toBeNull();
    expect(relativeWidth(worn)).toBeGreaterThan(relativeWidth(fresh) * 1.2);
  });
});

describe('the rate per kilometre', () => {
  const at = Date.parse('2026-11-01T05:00:00Z');
  /** Sedans of one price level; `perKm`: the market's drop per 10.000 km; `spread`: km per year varies this much. */
  function sedans(brand: string, model: string, n: number, perKm: number, start: number, spread = 0.4) {
    return Array.from({ length: n }, (_, k) => {
      const i = start + k;
      const year = 2017 + (i % 8);
      const age = 2026.4 - (year + 0.5);
      const odo = Math.round(age * 14_000 * (1 - spread + ((i * 7919) % 101) / 50) * spread + age * 14_000);
      const noise = 1 + (((i * 104_729) % 89) / 89 - 0.5) * 0.06;
      const price = 600_000_000 * 0.9 * 0.9 ** age * Math.exp(perKm * (odo / 10_000)) * noise;
      return {
        kind: 'market' as const,
        ref: i + 1,
        carId: null,
        title: `${brand} ${model} ${year}`,
        brand,
        model,
        version: 'AT',
        year,
        odo,
        price: Math.round(price),
        transmission: 'AUTOMATIC' as const,
        fuel: 'PETROL' as const,
        bodyType: 'SEDAN' as const,
        province: 'TP.HCM',
        source: 'Đại lý',
        seenOn: '2026-09-01',
      };
    });
  }
  const index = indexOf(
    [
      ...sedans('Toyota', 'Vios', 40, -0.007, 0),
      ...sedans('Honda', 'City', 40, -0.007, 100),
      ...sedans('Hyundai', 'Accent', 40, -0.007, 200),
      // Driven cars of this one lose much more, and it has the prices to show it.
      ...sedans('Kia', 'K3', 90, -0.025, 300, 0.9),
      // Eight prices that rise with kilometres by chance: too few to overrule the market.
      ...sedans('Mazda', 'Mazda3', 8, 0.01, 500),
    ],
    new Date(at),
  );
  const rate = (brand: string, model: string) =>
    ok(index, { brand, model, year: 2021, odo: 60_000, at }).rates.per10000Km;

  it("is the model's own where its prices show one, and the pooled one where they do not", () => {
    expect(rate('Kia', 'K3')).toBeLessThan(-0.02);
    expect(rate('Kia', 'K3')).toBeGreaterThan(-0.03);
    expect(rate('Mazda', 'Mazda3')).toBeLessThan(-0.004);
    expect(rate('Toyota', 'Vios')).toBeLessThan(-0.004);
    expect(rate('Toyota', 'Vios')).toBeGreaterThan(-0.015);
  });
});
