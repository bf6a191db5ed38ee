import { foldVietnamese } from '../text';
import type { Query } from './text';
import { parseNumber } from './text';

/**
 * Kilometres driven: "dưới 50 nghìn km", "odo dưới 50k", "chạy chưa tới 3 vạn", "dưới 50.000 km",
 * "đi ít hơn 20 ngàn cây số". A bound word before or after decides max or min; none means at most.
 */
const MULT: Record<string, number> = { k: 1_000, nghin: 1_000, ngan: 1_000, van: 10_000 };

export function parseOdometer(q: Query): { odoMax?: number; odoMin?: number } {
  const out: { odoMax?: number; odoMin?: number } = {};
  const record = (n: number, before: string, after: string) => {
    if (!(n >= 0 && n <= 2_000_000)) return false;
    if (
      /^\s*(tro len|tro di|tro ra)/.test(after) ||
      (/(tren|hon|it nhat|toi thieu|tu)\s*(?:km\s*)?$/.test(before.trim()) &&
        !/(it|khong|chua) hon\s*$/.test(before.trim()))
    ) {
      out.odoMin = n;
    } else {
      out.odoMax = n;
    }
    return true;
  };
  const unit = (u: string | undefined) => (u ? (MULT[u] ?? 1) : 1);

  // With a distance unit: "50 nghin km", "50k km", "50.000km", "3 van km", "20 ngan cay so".
  q.take(
    /(\d+(?:[.,]\d+)*)\s*(k|nghin|ngan|van)?\s*(?:km|ki lo met|kilomet|kilometer|cay so|cay)(?![a-z])/g,
    (m) => {
      const i = m.index ?? 0;
      return record(
        parseNumber(m[1]) * unit(m[2]),
        q.rest.slice(Math.max(0, i - 25), i),
        q.rest.slice(i + m[0].length, i + m[0].length + 12),
      );
    },
  );
  // After an odometer word: "odo duoi 50k", "chay chua toi 3 van", "di duoc 40 nghin".
  q.take(
    /(odo|so km|chay|di|dong ho|cong to met)\s*((?:[a-z]+\s*){0,4}?)(\d+(?:[.,]\d+)*)\s*(k|nghin|ngan|van)(?![a-z])/g,
    (m) => {
      const i = m.index ?? 0;
      return record(
        parseNumber(m[3]) * unit(m[4]),
        m[2],
        q.rest.slice(i + m[0].length, i + m[0].length + 12),
      );
    },
  );
  // "odo 30000", "odo duoi 40000"
  q.take(/(odo|so km)\s*((?:[a-z]+\s*){0,3}?)(\d{4,7}|\d{1,3}(?:[.,]\d{3})+)(?![\d.,])/g, (m) => {
    const i = m.index ?? 0;
    return record(parseNumber(m[3]), m[2], q.rest.slice(i + m[0].length, i + m[0].length + 12));
  });
  return out;
}

/** "đi ít", "odo thấp", "ít km", "xe lướt": a wish for low mileage, not a bound. */
export function wantsLowMileage(q: Query): boolean {
  return /(di it|chay it|odo thap|it km|km thap|odo it|xe luot|luot|it di|so km it|odo con thap)(?![a-z])/.test(
    q.folded,
  );
}

const KM_WORDS = /(kilomet(?:er|re)?|ki lo met|km|cay so|cay)(?![a-z])/g;

/**
 * The kilometres in a listing's odometer column: "45.000", "45,000 Km", "45000", "45 000", "4,5 vạn",
 * "45k", "45 nghìn km", "Mới" (0). A fraction without a unit ("4,5") is not guessed: null.
 */
export function parseKmText(text: string): number | null {
  const t = foldVietnamese(text)
    .replace(KM_WORDS, ' ')
    .replace(/^(odo|so km|da di)\s*:?/, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (/^(moi|xe moi|chua lan banh)$/.test(t)) return 0;
  const spaced = /^\d{1,3}(?: \d{3})+$/.exec(t);
  if (spaced) return Number(t.replace(/ /g, ''));
  const m = /^(\d+(?:[.,]\d+)*)\s*(k|nghin|ngan|van)?$/.exec(t);
  if (!m) return null;
  const n = parseNumber(m[1]) * (m[2] ? MULT[m[2]] : 1);
  if (!Number.isFinite(n) || n < 0 || n > 2_000_000) return null;
  if (!m[2] && !Number.isInteger(n)) return null;
  return Math.round(n);
}
