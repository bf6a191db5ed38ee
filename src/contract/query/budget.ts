import { AMOUNT_SOURCE, readAmount } from './money';
import type { Query } from './text';
import type { Budget } from './types';

/**
 * Budget: "dưới 700 triệu", "tầm 1 tỷ", "khoảng 500-600tr", "1,2 tỷ", "800 củ", "không quá 900 triệu",
 * "từ 1 tỷ trở lên", "700 đổ lại". An amount said without a bound ("tầm", "khoảng", "giá 700 triệu")
 * means that price give or take 10%.
 */

export const APPROX_MARGIN = 0.1;
/** Below this an amount is not the price of a car (a monthly payment, a fee). */
const MIN_CAR_PRICE = 50_000_000;

const MAX_BEFORE =
  /(duoi|khong qua|ko qua|k qua|kg qua|khong vuot qua|khong vuot|khong hon|toi da|max|it hon|nho hon|re hon|thap hon|chi co|chi tam|gioi han|khong den|chua den|chua toi|trong vong|trong tam|duoi muc|tai chinh|ngan sach|budget|tien|von|co|<=?|=<)\s*(?:tam|khoang|co|la|muc|gia|tai chinh|chi|:)?\s*(?:tam|khoang|co|la|muc|gia)?\s*$/;
const MIN_BEFORE =
  /(tren|hon|tu|it nhat|toi thieu|khong duoi|cao hon|nhieu hon|dat hon|>=?|=>)\s*(?:muc|gia|khoang|tam)?\s*$/;
const MAX_AFTER = /^\s*(tro xuong|tro lai|do lai|doi lai|do xuong|la toi da|toi da|max|thoi|ve)(?![a-z])/;
const MIN_AFTER = /^\s*(tro len|tro di|tro ra|len|hon)(?![a-z])/;

/** A bare number after a price word: "dưới 700", "tầm 800" (read as triệu). */
const BARE_SOURCE =
  '(duoi|tren|tam|khoang|gia|tai chinh|ngan sach|khong qua|toi da|tu)\\s+(\\d{3,4})(?![\\d.,]|\\s*(?:km|k\\b|nghin|ngan|van|cho|nam|doi|tuoi|thang|%))';

type Bound = 'max' | 'min' | 'approx';

function boundOf(q: Query, before: string, after: string): Bound {
  if (MAX_AFTER.test(after)) return 'max';
  if (MIN_AFTER.test(after)) return 'min';
  const b = before.replace(/\s+/g, ' ');
  // "tài chính khoảng 1 tỷ 2": the word right before the amount decides.
  if (/(?:^|\s)(tam|khoang|chung|quanh|xap xi|loanh quanh|tam tam|khoang chung|dao dong|~)\s*$/.test(b))
    return 'approx';
  if (MIN_BEFORE.test(b) && !/(it|nho|re|thap|khong) hon\s*$/.test(b)) return 'min';
  if (MAX_BEFORE.test(b)) {
    // "cỡ 700 triệu" is approximate, "có 700 triệu" is all the money there is.
    if (/(?:^|\s)co\s*$/.test(b) && q.rawHas('cỡ') && !q.rawHas('có')) return 'approx';
    return 'max';
  }
  return 'approx';
}

export function parseBudget(q: Query): Budget | undefined {
  const found: { value: number; bound: Bound }[] = [];
  let range: Budget | undefined;

  // Ranges first: "500-600tr", "tu 1 ty den 1,2 ty", "800 trieu - 1 ty", "500 den 600 trieu".
  const rangeRe = new RegExp(
    `(\\d+(?:[.,]\\d+)?\\s*(?:ty|ti|trieu|tr|cu)?(?![a-z])|${AMOUNT_SOURCE})\\s*(?:-|–|~|den|toi|->)\\s*(${AMOUNT_SOURCE})`,
    'g',
  );
  q.take(rangeRe, (m) => {
    const hi = readAmount(m[2]);
    if (hi === null) return false;
    let lo = readAmount(m[1]);
    if (lo === null) {
      const n = Number(m[1].trim().replace(',', '.'));
      if (!Number.isFinite(n)) return false;
      // The unit of the second amount applies to the first: "500-600tr"; "800 - 1,2 ty" is 800 triệu.
      lo = /(ty|ti)\s*\S*$/.test(m[2].trim()) && n < 10 ? n * 1e9 : n * 1e6;
      if (/(trieu|tr|cu)\s*$/.test(m[2].trim())) lo = n * 1e6;
    }
    if (lo > hi || hi < MIN_CAR_PRICE) return false;
    range = { min: Math.round(lo), max: Math.round(hi) };
    return true;
  });

  q.take(new RegExp(`(${AMOUNT_SOURCE})`, 'g'), (m) => {
    const value = readAmount(m[1]);
    if (value === null || value < MIN_CAR_PRICE) return false;
    const index = m.index ?? 0;
    const before = q.rest.slice(Math.max(0, index - 30), index);
    const after = q.rest.slice(index + m[0].length, index + m[0].length + 20);
    found.push({ value, bound: boundOf(q, before, after) });
    return true;
  });

  q.take(new RegExp(BARE_SOURCE, 'g'), (m) => {
    const n = Number(m[2]);
    if (n < 100 || n > 9999 || (n >= 1950 && n <= 2100)) return false;
    const index = (m.index ?? 0) + m[0].length - m[2].length;
    const after = q.rest.slice(index + m[2].length, index + m[2].length + 20);
    found.push({ value: n * 1e6, bound: boundOf(q, `${m[1]} `, after) });
    return true;
  });

  if (range) return { ...(range as Budget), target: undefined };
  if (found.length === 0) return undefined;

  const budget: Budget = {};
  for (const { value, bound } of found) {
    if (bound === 'max') budget.max = value;
    else if (bound === 'min') budget.min = value;
    else {
      budget.min = Math.round(value * (1 - APPROX_MARGIN));
      budget.max = Math.round(value * (1 + APPROX_MARGIN));
      budget.target = value;
    }
  }
  if (budget.min !== undefined && budget.max !== undefined && budget.min > budget.max) {
    [budget.min, budget.max] = [budget.max, budget.min];
  }
  if (budget.target === undefined) delete budget.target;
  return budget;
}
