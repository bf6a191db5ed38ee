import { compactFold, foldVietnamese } from '../text';
import { type Catalogue, dictionaryLookup, type Lookup } from './brands';
import type { BrandRef, ModelRef } from './types';

/**
 * A car as a listing names it ("Toyota Vios 1.5G CVT 2020", "Mercedes-Benz C200 Avantgarde", "Mazda 3
 * 1.5 Luxury", "Bán xe Kia Cerato 1.6 AT 2019"): brand and model from the shared dictionary (or the
 * catalogue of what the showroom already knows), the version as written, and a model year when the name
 * carries one.
 */
export interface RecognisedName {
  brand: string;
  model: string;
  version: string;
  year: number | null;
}

export type NameResult = { ok: true; car: RecognisedName } | { ok: false; reason: string };

/** Words a listing title starts with that name no part of the car. */
const LEADING_NOISE = new Set([
  'ban',
  'xe',
  'can',
  'oto',
  'o',
  'to',
  'chinh',
  'chu',
  'gia',
  're',
  'dep',
  'moi',
]);
const YEAR_TOKEN = /^(19[89]\d|20\d\d)$/;
const MAX_VERSION = 80;

interface Token {
  raw: string;
  key: string;
}

/** Splits on spaces and on separators a title uses between parts ("Toyota Vios - 2020", "Vios, 1.5G"). */
function tokens(name: string): Token[] {
  return name
    .normalize('NFC')
    .split(/[\s,;|/]+|\s-\s/)
    .map((raw) => raw.replace(/^[-–(]+|[-–)]+$/g, ''))
    .filter((raw) => raw.length > 0)
    .map((raw) => ({ raw, key: compactFold(raw) }))
    .filter((t) => t.key.length > 0);
}

/** Title case for a model typed in lower case ("jazz" -> "Jazz"); anything with a capital stays as typed. */
function displayName(raw: string): string {
  return raw === raw.toLowerCase() ? raw.charAt(0).toUpperCase() + raw.slice(1) : raw;
}

/**
 * Reads brand, model, version and year from a car's name. Windows of up to three tokens are joined
 * without spaces ("santa fe" = "santafe", "mazda 3" = "mazda3"), longest first, as the advisor's parser
 * does. A model matched by its own name is taken out of the version; one matched by a version's name
 * ("C200", "Raptor", "320i") stays in it. A known brand followed by an unknown word takes that word as
 * the model ("Honda Jazz" before the dictionary knew it).
 */
export function recogniseCarName(name: string, lookup: Lookup = dictionaryLookup()): NameResult {
  const list = tokens(name);
  if (list.length === 0) return { ok: false, reason: 'Thiếu tên xe' };
  const used = new Set<number>();
  let brand: string | null = null;
  let brandEnd = -1;
  let model: ModelRef | null = null;
  let start = 0;
  while (start < list.length && LEADING_NOISE.has(list[start].key)) used.add(start++);

  for (let i = start; i < list.length && !model; i++) {
    if (used.has(i)) continue;
    for (let n = Math.min(3, list.length - i); n >= 1; n--) {
      const window = list.slice(i, i + n);
      const key = window.map((t) => t.key).join('');
      if (n === 1 && /^\d+$/.test(key) && !brand) break;
      const found = lookup.models.get(key);
      if (found && (!brand || found.brand === brand)) {
        model = found;
        brand = found.brand;
        // Its own name leaves the version; a version's name ("c200", "rangerraptor") stays in it.
        if (key === found.key) for (let k = 0; k < n; k++) used.add(i + k);
        break;
      }
      const numeric = brand && n === 1 ? lookup.numeric.get(`${compactFold(brand)}|${key}`) : undefined;
      if (numeric) {
        model = numeric;
        used.add(i);
        break;
      }
      const b: BrandRef | undefined = !brand ? lookup.brands.get(key) : undefined;
      if (b) {
        brand = b.brand;
        brandEnd = i + n;
        for (let k = 0; k < n; k++) used.add(i + k);
        break;
      }
    }
  }

  if (!brand) return { ok: false, reason: `Không nhận ra hãng xe trong “${name.trim()}”` };
  if (!model) {
    // A known brand and an unknown next word: that word is the model as written.
    const next = brandEnd >= 0 ? list[brandEnd] : undefined;
    if (!next || YEAR_TOKEN.test(next.key) || /^\d/.test(next.key))
      return { ok: false, reason: `Không nhận ra dòng xe trong “${name.trim()}”` };
    used.add(brandEnd);
    model = { brand, model: displayName(next.raw), key: next.key, keys: [next.key] };
  }

  let year: number | null = null;
  for (let i = list.length - 1; i >= 0; i--) {
    if (!used.has(i) && YEAR_TOKEN.test(list[i].key)) {
      year = Number(list[i].key);
      used.add(i);
      break;
    }
  }
  const version = list
    .filter((_, i) => !used.has(i))
    .map((t) => t.raw)
    .join(' ')
    .replace(/^[-–:,.\s]+|[-–:,\s]+$/g, '')
    .slice(0, MAX_VERSION)
    .trim();
  return { ok: true, car: { brand, model: model.model, version, year } };
}

/**
 * A brand and a model given in separate columns, named as the dictionary names them when it knows them
 * ("mercedes" -> "Mercedes-Benz", "cx5" -> "CX-5"), otherwise as typed.
 */
export function canonicalBrandModel(
  brandText: string,
  modelText: string,
  lookup: Lookup = dictionaryLookup(),
): { brand: string; model: string } {
  const brandKey = compactFold(brandText);
  const brand = lookup.brands.get(brandKey)?.brand ?? brandText.trim();
  const modelKey = compactFold(modelText);
  const direct = lookup.models.get(modelKey) ?? lookup.models.get(compactFold(`${brand}${modelText}`));
  const numeric = lookup.numeric.get(`${compactFold(brand)}|${modelKey}`);
  const found = numeric ?? (direct && direct.brand === brand ? direct : undefined);
  return { brand, model: found?.model ?? modelText.trim() };
}

/**
 * The keys rows are grouped by: brand, model and version folded without spaces or punctuation. A version
 * that repeats the model's or the brand's name ("X3 xDrive20i" of the X3) is keyed without it, so a stock
 * car's stored version and a listing's recognised one meet.
 */
export function carGroupKeys(car: { brand: string; model: string; version?: string }) {
  const brand = compactFold(car.brand);
  const modelKey = compactFold(car.model);
  let version = compactFold(car.version ?? '');
  for (const prefix of [brand, modelKey]) {
    if (prefix && version.startsWith(prefix) && version.length > prefix.length)
      version = version.slice(prefix.length);
  }
  const model = `${brand}|${modelKey}`;
  return { brand, model, version: `${model}|${version}` };
}

export { type Catalogue, dictionaryLookup, type Lookup };
/** Folded words a name is searched by. */
export const nameSearchText = (parts: string[]) => foldVietnamese(parts.filter(Boolean).join(' '));
