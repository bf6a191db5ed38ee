import { foldVietnamese } from '../text';
import { NUM, NUMBER_WORD_RE, NUMBER_WORDS, parseNumber } from './text';

/** Amounts of money in the ways people write them, folded: "1,2 ty", "1 ty 2", "800 cu", "nua ty". */

const TY = '(?:ty|ti)(?![a-z])';
const TRIEU = '(?:trieu|tr|trd|cu)(?![a-z])';
/** Digits after "tỷ" that mean a fraction of it: "1 tỷ 2" = 1,2 tỷ; "1 ty 250" = 1,25 tỷ. */
const TY_TAIL = `(?:\\s*(ruoi|\\d{1,3})(?![\\d.,]|\\s*(?:km|k\\b|nam|cho|nghin|ngan|van|${TRIEU}|thang)))?`;

/** One amount pattern: its regex source (no groups other than its own) and how it reads the match. */
interface AmountPattern {
  source: string;
  read(m: string[]): number | null;
}

const word = (w: string) => (/^\d+$/.test(w) ? Number(w) : (NUMBER_WORDS[w] ?? Number.NaN));

function tyValue(n: number, tail: string | undefined): number {
  let value = n >= 100 ? n / 1000 : n; // "1.250 tỷ" typed for 1,25 tỷ
  if (tail === 'ruoi') value += 0.5;
  else if (tail) value += Number(`0.${tail}`);
  return Math.round(value * 1e9);
}

export const AMOUNT_PATTERNS: AmountPattern[] = [
  {
    // 1 ty 250 trieu
    source: `(\\d+)\\s*${TY}\\s*(\\d{1,3})\\s*${TRIEU}`,
    read: (m) => Number(m[1]) * 1e9 + Number(m[2]) * 1e6,
  },
  {
    // 1,2 ty; 1 ty 2; 2 ty ruoi
    source: `(${NUM})\\s*${TY}${TY_TAIL}`,
    read: (m) => tyValue(parseNumber(m[1]), m[2]),
  },
  {
    // mot ty, hai ty ruoi
    source: `(${NUMBER_WORD_RE})\\s*${TY}(?:\\s*(ruoi))?`,
    read: (m) => tyValue(word(m[1]), m[2]),
  },
  {
    // nua ty
    source: `nua\\s*${TY}`,
    read: () => 500_000_000,
  },
  {
    // tam tram trieu, 7 tram, bay tram cu, 7 tram ruoi
    source: `(${NUMBER_WORD_RE}|\\d)\\s*tram(?:\\s*(ruoi|\\d{1,2}))?(?:\\s*${TRIEU})?`,
    read: (m) => {
      const n = word(m[1]);
      if (!Number.isFinite(n)) return null;
      const tail = m[2] === 'ruoi' ? 50 : m[2] ? Number(m[2].padEnd(2, '0')) : 0;
      return (n * 100 + tail) * 1e6;
    },
  },
  {
    // 700 trieu, 700tr, 800 cu, 1.200 trieu
    source: `(${NUM})\\s*${TRIEU}`,
    read: (m) => {
      const n = parseNumber(m[1]);
      return n > 0 && n < 100_000 ? Math.round(n * 1e6) : null;
    },
  },
  {
    // 650.000.000 d, 650000000 vnd
    source: `(\\d{1,3}(?:[.,]\\d{3}){2,}|\\d{8,11})\\s*(?:dong|vnd|d(?![a-z]))?(?!\\s*(?:km|k\\b))`,
    read: (m) => {
      const n = parseNumber(m[1]);
      return n >= 10_000_000 ? n : null;
    },
  },
];

/** One regex source that finds any amount, without capturing groups (wrap it to capture). */
export const AMOUNT_SOURCE = `(?:${AMOUNT_PATTERNS.map((p) => p.source.replace(/\((?!\?)/g, '(?:')).join('|')})`;

/** Each pattern anchored to a whole text, compiled once (a price list reads thousands of cells). */
const ANCHORED = AMOUNT_PATTERNS.map((p) => ({ p, re: new RegExp(`^${p.source}$`) }));

/** The value of an amount written in one of the ways above, or null. */
export function readAmount(text: string): number | null {
  const t = text.trim();
  for (const { p, re } of ANCHORED) {
    const m = re.exec(t);
    if (m) {
      const v = p.read(m);
      if (v !== null && Number.isFinite(v) && v > 0) return v;
    }
  }
  return null;
}

/** What a bare number in a price column counts: đồng, or millions / billions when the header says so. */
export type PriceUnit = 'vnd' | 'trieu' | 'ty';

const BARE = /^(\d+(?:[.,]\d+)*)\s*(?:dong|vnd|d)?$/;
const ANY_AMOUNT = new RegExp(`(?<![\\d.,])${AMOUNT_SOURCE}`, 'g');

/**
 * A price as a price list or a listing writes it: "2 Tỷ 90 Triệu", "890 triệu", "890tr",
 * "210.000.000 đ", "1,25 tỷ", "1 tỷ 250", digits. A bare number counts in `unit` (a "Giá (triệu)" column);
 * in đồng it must be at least a million, so "890" alone is not guessed. Words around one amount
 * ("890 triệu (thương lượng)") are ignored; two different amounts, or none, answer null.
 */
export function parsePriceText(text: string, unit: PriceUnit = 'vnd'): number | null {
  const t = foldVietnamese(text)
    .replace(/[()[\]:]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!t) return null;
  const bare = BARE.exec(t);
  if (bare) {
    const n = parseNumber(bare[1]);
    if (!Number.isFinite(n) || n <= 0) return null;
    if (unit === 'trieu') return Math.round(n * 1e6);
    if (unit === 'ty') return Math.round(n * 1e9);
    return Number.isInteger(n) && n >= 1_000_000 ? n : null;
  }
  const whole = readAmount(t);
  if (whole !== null) return Math.round(whole);
  const found = new Set<number>();
  for (const m of t.matchAll(ANY_AMOUNT)) {
    const v = readAmount(m[0].trim());
    if (v !== null) found.add(Math.round(v));
  }
  return found.size === 1 ? [...found][0] : null;
}
