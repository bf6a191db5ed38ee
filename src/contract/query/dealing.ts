import { AMOUNT_SOURCE, readAmount } from './money';
import type { Query } from './text';

/**
 * Dealing over one car rather than looking for cars: a seller ("em muốn bán xe của em", "showroom
 * mua lại bao nhiêu"), a trade-in ("đổi xe cũ"), an offer ("anh trả 550 triệu được không em"), and
 * whether a car is held ("xe đó có ai đặt cọc chưa"). Read on the folded text; nothing is blanked.
 */

const TRADE_IN =
  /(?<![a-z])(doi xe cu|doi cu lay moi|thu cu doi moi|doi xe (?:cua )?(?:anh|em|toi|minh|chi|tui) lay|(?:cu|xe cu) doi (?:lay )?(?:xe )?moi|len doi xe|doi ngang|trade ?in|bu (?:them )?(?:tien|chenh lech)|doi (?:xe )?(?:cu )?lay xe (?:nay|moi|khac))(?![a-z])/;
/** "bán" folds like "bạn" (you): these count only when the text has "bán", or has no accents at all. */
const SELL_WITH_BAN =
  /(?<![a-z])((?:muon|can|dinh|tinh|se|sap|phai) ban(?: lai)?(?: (?:xe|chiec|con|oto))?|ban lai (?:xe|chiec|con|cho showroom)|ban (?:xe|chiec|con|oto) (?:cua )?(?:em|toi|minh|anh|chi|tui|nha|gia dinh)|ky gui (?:ban|xe))(?![a-z])/;
const SELL =
  /(?<![a-z])(thu mua(?: xe)?|mua lai (?:xe|chiec|con)? ?(?:cua )?(?:em|toi|minh|anh|chi|tui)|(?:showroom|shop|cua hang) (?:co )?mua lai|co (?:thu )?mua (?:lai )?xe cu (?:khong|ko|k)(?= *[?.!]? *$)|dinh gia (?:xe|chiec)(?! (?:nay|do|kia|tren))|dinh gia (?:giup|cho)|xe (?:cua )?(?:em|toi|minh|anh|chi|tui) (?:ban|dinh gia|duoc gia) (?:duoc )?(?:bao nhieu|may|gia nao)|thanh ly xe|ky gui xe)(?![a-z])/;

export function parseSell(q: Query): 'sell' | 'tradeIn' | null {
  const f = q.folded;
  if (TRADE_IN.test(f)) return 'tradeIn';
  if (SELL.test(f)) return 'sell';
  const accented = q.raw !== f;
  if (SELL_WITH_BAN.test(f) && (!accented || q.rawHas('bán'))) return 'sell';
  return null;
}

/** Words that make an amount an offer on a car: before it ("trả", "bớt còn") or after it ("được không"). */
const OFFER_BEFORE =
  '(?:tra|tra gia|chot|lay|de lai|bot con|bot xuong|giam con|giam xuong|xuong|fix|fix con|thuong luong|mua)\\s*(?:cho (?:anh|em|minh|toi|chi|tui)\\s*)?(?:xe nay\\s*)?(?:gia\\s*|o\\s*|muc\\s*|khoang\\s*|tam\\s*)?';
const OFFER_AFTER =
  '\\s*(?:thi\\s*)?(?:duoc khong|dc khong|dc ko|duoc ko|duoc k|dc k|ok khong|ok ko|co ban khong|ban khong|ban ko|co ban ko|duoc chu|duoc hong|duoc hem|nhe|nha)(?![a-z])';
/** Not an offer: a monthly payment, a down payment. */
const NOT_OFFER = /(moi thang|hang thang|thang tra|tra truoc|tra gop|dat coc|coc)\s*$/;
/** "dưới 1 tỷ được không" asks for cars under a budget: only "giá 650 triệu được không" is an offer. */
const BUDGET_BOUND = /(?<![a-z])(duoi|tren|khoang|tam|tu|den|qua|toi da|hon|tro xuong|tro len|co)\s*$/;
/** A car costs at least this: smaller amounts are fees or payments. */
const MIN_OFFER = 50_000_000;

/**
 * The price a visitor offers ("anh trả 550 triệu được không em", "650 triệu bán không", "bớt còn 650"):
 * a bare number after an offer word counts in millions, as buyers say it next to a car's price.
 */
export function parseOffer(q: Query): number | null {
  const f = ` ${q.folded} `;
  const read = (amount: string, before: string, bare = false): number | null => {
    if (NOT_OFFER.test(before) || (bare && BUDGET_BOUND.test(before))) return null;
    const v = readAmount(amount.trim()) ?? bareMillions(amount);
    return v !== null && v >= MIN_OFFER ? v : null;
  };
  const AMOUNT = `(${AMOUNT_SOURCE}|\\d{3,4}(?![\\d.,]|\\s*(?:km|k\\b|nghin|ngan|van|cho|nam|doi)))`;
  for (const m of f.matchAll(new RegExp(`(?<![a-z])${OFFER_BEFORE}${AMOUNT}`, 'g'))) {
    const v = read(m[1], f.slice(0, m.index));
    if (v !== null) return v;
  }
  for (const m of f.matchAll(new RegExp(`(?<![a-z0-9.,])${AMOUNT}${OFFER_AFTER}`, 'g'))) {
    const v = read(m[1], f.slice(0, m.index), true);
    if (v !== null) return v;
  }
  return null;
}

function bareMillions(text: string): number | null {
  const n = Number(text.trim());
  if (!Number.isInteger(n) || n < 100 || n > 9999 || (n >= 1950 && n <= 2100)) return null;
  return n * 1_000_000;
}

/** "xe đó có ai đặt cọc chưa", "đã có người cọc chưa", "xe này còn không", "bán chưa". */
const HOLD_ASKED =
  /(?<![a-z])((?:co|da co|dang co|da|duoc)\s*(?:ai|nguoi|khach)\s*(?:dat\s*)?coc|coc chua|(?:co )?(?:ai|nguoi|khach) (?:giu|dat) (?:xe|chua)|(?:duoc|bi) giu chua|con (?:ban )?(?:khong|ko|k|hong|nua khong)(?= *[?.!]? *$)|da ban chua|con xe (?:khong|ko)|con hang (?:khong|ko))(?![a-z])/;

export function parseHoldAsked(q: Query): boolean {
  return HOLD_ASKED.test(q.folded);
}
