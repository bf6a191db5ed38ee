import { compactFold } from '../text';
import { BRAND_DICTIONARY } from './brand-dictionary';
import type { Query } from './text';
import type { BrandRef, ModelRef } from './types';

export interface Lookup {
  brands: Map<string, BrandRef>;
  models: Map<string, ModelRef>;
  numeric: Map<string, ModelRef>;
}

/** Aliases that are also common words or model names get checked only as whole tokens. */
const AMBIGUOUS_SINGLE = new Set([
  'mit',
  'mer',
  'fo',
  'vin',
  'vf',
  'lec',
  'hyun',
  'huyn',
  'cross',
  'es',
  'ls',
  'lm',
  'seal',
  'atto',
]);

function buildLookup(): Lookup {
  const brands = new Map<string, BrandRef>();
  const models = new Map<string, ModelRef>();
  const numeric = new Map<string, ModelRef>();
  for (const entry of BRAND_DICTIONARY) {
    const ref: BrandRef = {
      brand: entry.brand,
      keys: [...new Set([compactFold(entry.brand), ...entry.aliases.map(compactFold)])],
    };
    for (const key of ref.keys) brands.set(key, ref);
    for (const [model, keys] of Object.entries(entry.models)) {
      const m: ModelRef = {
        brand: entry.brand,
        model,
        key: compactFold(model),
        keys: [...new Set([compactFold(model), ...keys.map(compactFold)])],
      };
      if (entry.numericModels?.includes(model)) {
        numeric.set(`${compactFold(entry.brand)}|${m.key}`, m);
        continue;
      }
      for (const key of [m.key, ...keys.map(compactFold)]) if (!models.has(key)) models.set(key, m);
    }
  }
  return { brands, models, numeric };
}

const STATIC = buildLookup();

/** The inventory's brands and models (as stored), merged in at run time. */
export interface Catalogue {
  brands: string[];
  models: { brand: string; model: string }[];
}

function withCatalogue(catalogue: Catalogue | undefined): Lookup {
  if (!catalogue) return STATIC;
  const brands = new Map(STATIC.brands);
  const models = new Map(STATIC.models);
  for (const b of catalogue.brands) {
    const key = compactFold(b);
    if (key.length >= 2 && !brands.has(key)) brands.set(key, { brand: b, keys: [key] });
  }
  for (const m of catalogue.models) {
    const key = compactFold(m.model);
    if (key.length >= 2 && !models.has(key) && !/^\d+$/.test(key)) {
      models.set(key, { brand: m.brand, model: m.model, key, keys: [key] });
    }
  }
  return { brands, models, numeric: STATIC.numeric };
}

const STOP_TOKENS = new Set(['xe', 'oto', 'o', 'to', 'con', 'chiec', 'em', 'dong', 'hang', 'loai']);

/**
 * Brands and models named in the message. Tokens are joined in windows of up to three without spaces,
 * so "vin fast" = "vinfast", "cx 5" = "cx5", "santa fe" = "santafe", "mazda 3" = "mazda3".
 */
export function parseBrandsModels(
  q: Query,
  catalogue?: Catalogue,
): { brands?: BrandRef[]; models?: ModelRef[] } {
  const lookup = withCatalogue(catalogue);
  const tokens = [...q.rest.matchAll(/[a-z0-9]+/g)].map((m) => ({ text: m[0], index: m.index ?? 0 }));
  const brands: BrandRef[] = [];
  const models: ModelRef[] = [];
  const used = new Set<number>();

  const addBrand = (b: BrandRef) => {
    if (!brands.some((x) => x.brand === b.brand)) brands.push(b);
  };
  const addModel = (m: ModelRef) => {
    if (!models.some((x) => x.key === m.key && x.brand === m.brand)) models.push(m);
  };

  for (let i = 0; i < tokens.length; i++) {
    if (used.has(i) || STOP_TOKENS.has(tokens[i].text)) continue;
    for (let n = Math.min(3, tokens.length - i); n >= 1; n--) {
      const window = tokens.slice(i, i + n);
      if (window.some((_, k) => used.has(i + k))) continue;
      const key = window.map((t) => t.text).join('');
      if (n === 1 && /^\d+$/.test(key)) break;
      const brand = lookup.brands.get(key);
      const model = lookup.models.get(key);
      // "mazda3": a brand name glued to a model is the model; "mazda 3" reads the same through the window.
      if (model && (n > 1 || !AMBIGUOUS_SINGLE.has(key) || brands.some((b) => b.brand === model.brand))) {
        addModel(model);
      } else if (brand && (n > 1 || !AMBIGUOUS_SINGLE.has(key) || isCarContext(tokens, i))) {
        addBrand(brand);
        // A number right after the brand may be a numeric model: "peugeot 3008", "porsche 911".
        const next = tokens[i + n];
        const numericModel = next && lookup.numeric.get(`${brand.keys[0]}|${next.text}`);
        if (numericModel) {
          addModel(numericModel);
          used.add(i + n);
        }
      } else {
        continue;
      }
      for (let k = 0; k < n; k++) used.add(i + k);
      break;
    }
  }
  for (const i of [...used].sort((a, b) => b - a)) q.consume(tokens[i].index, tokens[i].text.length);
  return {
    ...(brands.length ? { brands } : {}),
    ...(models.length ? { models } : {}),
  };
}

/** A short alias ("mit", "vin", "mer") counts when a car word stands right before it. */
function isCarContext(tokens: { text: string }[], i: number): boolean {
  const prev = tokens[i - 1]?.text;
  const prev2 = tokens[i - 2]?.text;
  return (
    prev === 'xe' || prev === 'hang' || prev === 'dong' || (prev === 'to' && prev2 === 'o') || prev === 'oto'
  );
}

/** The dictionary's keys (with the catalogue's brands and models merged in): the car-name recogniser reads it. */
export function dictionaryLookup(catalogue?: Catalogue): Lookup {
  return withCatalogue(catalogue);
}

/** A brand by its display name, for references built from the inventory. */
export function brandRef(name: string): BrandRef {
  const key = compactFold(name);
  const known = STATIC.brands.get(key);
  return known ?? { brand: name, keys: [key] };
}
