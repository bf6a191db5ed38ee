import type { Constraints } from '../../../../contract/query';
import { compactFold } from '../../../../contract/text';
import type { AdvisorCar, CarSearch, InventoryPort } from '../inventory';
import { purposeScore } from './render';

/** The constraints an advisor can give up, least important first, and how an answer names them. */
const RELAX_STEPS = [
  ['colours', 'màu sắc'],
  ['odo', 'số km đã đi'],
  ['year', 'đời xe'],
  ['transmission', 'hộp số'],
  ['fuels', 'nhiên liệu'],
  ['seats', 'số chỗ'],
  ['bodyTypes', 'kiểu dáng'],
  ['budget', 'ngân sách'],
  ['models', 'dòng xe'],
  ['brands', 'hãng xe'],
] as const;
export type Relaxable = (typeof RELAX_STEPS)[number][0];
export const RELAX_ORDER: readonly Relaxable[] = RELAX_STEPS.map(([key]) => key);
export const RELAX_LABELS = Object.fromEntries(RELAX_STEPS) as Record<Relaxable, string>;
/** Step one when nothing matches: the budget stretched by this share. */
export const PRICE_RELAX = 0.1;
/** Cars an answer lists at most. */
export const MAX_LISTED = 5;
/** Candidates fetched for ranking. */
const CANDIDATES = 24;

export interface SearchOutcome {
  cars: AdvisorCar[];
  search: CarSearch;
  /** The constraints the cars satisfy: the buyer's, less what was given up. */
  constraints: Constraints;
  /** The budget was stretched by PRICE_RELAX. */
  priceRelaxed: boolean;
  /** Constraints given up, in order. */
  dropped: Relaxable[];
}

function present(c: Constraints, key: Relaxable): boolean {
  switch (key) {
    case 'odo':
      return c.odoMax !== undefined || c.odoMin !== undefined;
    case 'year':
      return c.yearMin !== undefined || c.yearMax !== undefined;
    case 'seats':
      return c.seatsMin !== undefined || c.seatsMax !== undefined;
    case 'budget':
      return c.budget?.min !== undefined || c.budget?.max !== undefined;
    default:
      return Boolean((c as Record<string, unknown>)[key]);
  }
}

function without(c: Constraints, key: Relaxable): Constraints {
  const next = { ...c };
  switch (key) {
    case 'odo':
      delete next.odoMax;
      delete next.odoMin;
      break;
    case 'year':
      delete next.yearMin;
      delete next.yearMax;
      break;
    case 'seats':
      delete next.seatsMin;
      delete next.seatsMax;
      break;
    case 'models':
      // Without the model, its brand still counts: "no CX-5, other Mazdas".
      if (next.models?.length) {
        const brands = [...(next.brands ?? [])];
        for (const m of next.models) {
          if (!brands.some((b) => b.brand === m.brand))
            brands.push({ brand: m.brand, keys: [compactFold(m.brand)] });
        }
        next.brands = brands;
      }
      delete next.models;
      break;
    default:
      delete next[key];
  }
  return next;
}

/** Constraints -> the port's filters. Brands named together with one of their models narrow to it. */
export function toSearch(c: Constraints, extra: Partial<CarSearch> = {}): CarSearch {
  const modelBrands = new Set((c.models ?? []).map((m) => m.brand));
  const brandKeys = (c.brands ?? []).filter((b) => !modelBrands.has(b.brand)).flatMap((b) => b.keys);
  const s: CarSearch = {
    limit: CANDIDATES,
    ...(brandKeys.length ? { brandKeys } : {}),
    ...(c.models?.length
      ? {
          models: c.models.map((m) => ({
            brandKeys: c.brands?.find((b) => b.brand === m.brand)?.keys ?? [compactFold(m.brand)],
            keys: m.keys,
          })),
        }
      : {}),
    ...(c.bodyTypes?.length ? { bodyTypes: c.bodyTypes } : {}),
    ...(c.seatsMin !== undefined ? { seatsMin: c.seatsMin } : {}),
    ...(c.seatsMax !== undefined ? { seatsMax: c.seatsMax } : {}),
    ...(c.fuels?.length ? { fuels: c.fuels } : {}),
    ...(c.transmission ? { transmission: c.transmission } : {}),
    ...(c.budget?.min !== undefined ? { priceMin: c.budget.min } : {}),
    ...(c.budget?.max !== undefined ? { priceMax: c.budget.max } : {}),
    ...(c.yearMin !== undefined ? { yearMin: c.yearMin } : {}),
    ...(c.yearMax !== undefined ? { yearMax: c.yearMax } : {}),
    ...(c.odoMax !== undefined ? { odoMax: c.odoMax } : {}),
    ...(c.odoMin !== undefined ? { odoMin: c.odoMin } : {}),
    ...(c.colours?.length ? { colours: [...c.colours] } : {}),
  };
  // Order: the buyer's wish, else closest to the price said, else the best the budget buys, else newest.
  if (c.sort) s.sort = c.sort;
  else if (c.budget?.target !== undefined) s.nearPrice = c.budget.target;
  else if (c.budget?.max !== undefined) s.sort = 'price_desc';
  else s.sort = 'year_desc';
  return { ...s, ...extra };
}

/** Orders candidates by fit: purposes, then closeness to the budget, newer and less driven. */
export function rank(cars: AdvisorCar[], c: Constraints, currentYear: number): AdvisorCar[] {
  if (c.sort) return cars.slice(0, MAX_LISTED);
  const maxOdo = Math.max(1, ...cars.map((x) => x.odo));
  const scored = cars.map((car, i) => {
    let s = purposeScore(car, c.purposes) * 2;
    s += Math.max(0, 1 - (currentYear - car.year) / 15);
    s += 0.6 * (1 - car.odo / maxOdo);
    s += 0.8 * (1 - i / Math.max(1, cars.length)); // the database's order (budget closeness) counts too
    return { car, s };
  });
  scored.sort((a, b) => b.s - a.s || a.car.id - b.car.id);
  // Variety: one car per model first, then the rest by score.
  const chosen: AdvisorCar[] = [];
  const seen = new Set<string>();
  for (const { car } of scored) {
    const key = compactFold(`${car.brand}${car.model}`);
    if (seen.has(key)) continue;
    seen.add(key);
    chosen.push(car);
    if (chosen.length === MAX_LISTED) return chosen;
  }
  for (const { car } of scored) {
    if (!chosen.includes(car)) chosen.push(car);
    if (chosen.length === MAX_LISTED) break;
  }
  return chosen;
}

/**
 * Finds cars for the constraints; when none match, stretches the budget by 10 %, then gives up the
 * least important constraint one at a time: colour, km, year, gearbox, fuel, seats, body type, then the
 * budget (nearest prices first), then the model and last the brand, because a buyer who names a make
 * wants that make more than an exact price. The outcome says what was given up.
 */
export async function findCars(
  inventory: InventoryPort,
  c: Constraints,
  currentYear: number,
  extra: Partial<CarSearch> = {},
): Promise<SearchOutcome> {
  const run = async (cons: Constraints, more: Partial<CarSearch> = {}) => {
    const search = toSearch(cons, { ...extra, ...more });
    return { search, cars: await inventory.searchCars(search) };
  };
  let result = await run(c);
  if (result.cars.length) {
    return {
      cars: rank(result.cars, c, currentYear),
      search: result.search,
      constraints: c,
      priceRelaxed: false,
      dropped: [],
    };
  }

  let current = c;
  let priceRelaxed = false;
  if (c.budget && (c.budget.max !== undefined || c.budget.min !== undefined)) {
    const b = c.budget;
    current = {
      ...c,
      budget: {
        ...(b.min !== undefined ? { min: Math.round(b.min * (1 - PRICE_RELAX)) } : {}),
        ...(b.max !== undefined ? { max: Math.round(b.max * (1 + PRICE_RELAX)) } : {}),
        ...(b.target !== undefined ? { target: b.target } : {}),
      },
    };
    priceRelaxed = true;
    result = await run(current);
    if (result.cars.length) {
      return {
        cars: rank(result.cars, current, currentYear),
        search: result.search,
        constraints: current,
        priceRelaxed,
        dropped: [],
      };
    }
  }
  const dropped: Relaxable[] = [];
  // Once the budget is given up, the cars nearest the price said come first.
  let near: Partial<CarSearch> = {};
  for (const key of RELAX_ORDER) {
    if (!present(current, key)) continue;
    if (key === 'budget') {
      const b = c.budget!;
      near = { nearPrice: b.target ?? b.max ?? b.min, sort: undefined };
    }
    current = without(current, key);
    dropped.push(key);
    result = await run(current, near);
    if (result.cars.length) {
      const cars =
        near.nearPrice !== undefined
          ? result.cars.slice(0, MAX_LISTED)
          : rank(result.cars, current, currentYear);
      return { cars, search: result.search, constraints: current, priceRelaxed, dropped };
    }
  }
  return { cars: [], search: result.search, constraints: current, priceRelaxed, dropped };
}
