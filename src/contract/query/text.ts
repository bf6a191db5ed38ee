import { foldVietnamese } from '../text';

/**
 * A question prepared for the parsers: `raw` keeps the accents (to tell "dầu" from "đầu", "cỡ" from
 * "có"), `folded` is accent-free lower case, and `rest` is `folded` with the spans other parsers
 * already used blanked out, so "50 nghìn km" is not read again as a budget.
 */
const WORD_CHAR = /[a-z0-9]/;

export class Query {
  readonly raw: string;
  readonly folded: string;
  rest: string;

  constructor(input: string) {
    this.raw = input.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim();
    this.folded = foldVietnamese(input)
      .replace(/[“”"'`]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    this.rest = ` ${this.folded} `;
  }

  /** True when the accented text has the word (word boundaries that understand Vietnamese letters). */
  rawHas(word: string): boolean {
    return new RegExp(`(?<![\\p{L}\\p{N}])${word}(?![\\p{L}\\p{N}])`, 'u').test(this.raw);
  }

  /** True when the folded text matches. */
  has(re: RegExp): boolean {
    return re.test(this.folded);
  }

  /** Blanks a used span of `rest`. */
  consume(index: number, length: number) {
    this.rest = this.rest.slice(0, index) + ' '.repeat(length) + this.rest.slice(index + length);
  }

  /**
   * Runs a global regex over `rest`, blanking every match the handler accepts (returns true). A match
   * that begins inside a word is skipped: "mvp9143c" is a code, not 43 seats.
   */
  take(re: RegExp, handler: (m: RegExpExecArray) => boolean | undefined) {
    const global = new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`);
    const matches = [...this.rest.matchAll(global)];
    for (const m of matches) {
      const at = m.index ?? 0;
      if (WORD_CHAR.test(m[0].charAt(0)) && WORD_CHAR.test(this.rest.charAt(at - 1))) continue;
      if (handler(m as RegExpExecArray)) this.consume(at, m[0].length);
    }
  }
}

/** Vietnamese number words up to ten, folded. "tam" (8) and "nam" (5) only count before a unit. */
export const NUMBER_WORDS: Record<string, number> = {
  mot: 1,
  hai: 2,
  ba: 3,
  bon: 4,
  tu: 4,
  nam: 5,
  lam: 5,
  sau: 6,
  bay: 7,
  tam: 8,
  chin: 9,
  muoi: 10,
};
export const NUMBER_WORD_RE = 'mot|hai|ba|bon|nam|sau|bay|tam|chin|muoi';

/**
 * "1,2" / "1.2" -> 1.2; "1.200" / "1,200" / "50.000" -> thousands; digits -> number.
 * A separator followed by exactly three digits is a thousands separator.
 */
export function parseNumber(text: string): number {
  const t = text.trim();
  if (/^\d{1,3}([.,]\d{3})+$/.test(t)) return Number(t.replace(/[.,]/g, ''));
  return Number(t.replace(',', '.'));
}

export const NUM = '\\d+(?:[.,]\\d+)*';
