import type { Query } from './text';
import { NUMBER_WORD_RE, NUMBER_WORDS } from './text';
import type { BodyType } from './types';

/** Body type and seats: "bán tải", "gầm cao", "sedan", "7 chỗ", "bảy chỗ", "xe 16 chỗ", "xe gia đình". */

const BODY_PHRASES: [RegExp, BodyType[]][] = [
  [/(ban tai|pick ?up|pickup|xe tai nhe|u oat|uoat)/, ['PICKUP']],
  [/(gam cao|suv|xe 2 cau|xe hai cau|xe dia hinh|xe off ?road|xe co lon)/, ['SUV', 'CROSSOVER']],
  [/(crossover|cuv|suv do thi|gam cao co nho|suv co nho)/, ['CROSSOVER']],
  [/(sedan|xe gam thap|xe 4 cua|xe bon cua|sedan hang)/, ['SEDAN']],
  [/(hatchback|hatch back|hat back|xe hat|xe co nho|xe mini|xe nho gon|xe 5 cua nho)/, ['HATCHBACK']],
  [/(mpv|xe da dung|minivan|mini van)/, ['MPV']],
  [/(coupe|cupe|xe 2 cua|xe hai cua|the thao 2 cua)/, ['COUPE']],
  [/(mui tran|convertible|cabriolet|mui xep)/, ['CONVERTIBLE']],
  [/(xe van|minibus|xe khach|xe cho khach)/, ['VAN']],
];

export function parseBody(q: Query): BodyType[] | undefined {
  const found: BodyType[] = [];
  for (const [re, types] of BODY_PHRASES) {
    q.take(new RegExp(re.source, 'g'), () => {
      // "gầm cao cỡ nhỏ" narrows "gầm cao" to crossovers: the later, narrower phrase wins.
      if (types.length === 1 && types[0] === 'CROSSOVER') {
        const i = found.indexOf('SUV');
        if (i >= 0) found.splice(i, 1);
      }
      for (const t of types) if (!found.includes(t)) found.push(t);
      return true;
    });
  }
  return found.length ? found : undefined;
}

const SEAT_UNIT = '(?:cho ngoi|cho|ghe|seats?|seater|c)(?![a-z])';

function seatNumber(word: string): number {
  return /^\d+$/.test(word) ? Number(word) : (NUMBER_WORDS[word] ?? Number.NaN);
}

/**
 * "7 chỗ" means at least seven (eight-seaters fit a family of seven); "5 chỗ" means a five-seater;
 * "7 chỗ trở lên" / "từ 7 chỗ" at least seven; "4-5 chỗ" four to five.
 */
export function parseSeats(q: Query): { seatsMin?: number; seatsMax?: number } {
  let result: { seatsMin?: number; seatsMax?: number } = {};
  q.take(
    new RegExp(
      `(\\d{1,2}|${NUMBER_WORD_RE})\\s*(?:-|den|toi|hoac)\\s*(\\d{1,2}|${NUMBER_WORD_RE})\\s*${SEAT_UNIT}`,
      'g',
    ),
    (m) => {
      const a = seatNumber(m[1]);
      const b = seatNumber(m[2]);
      if (!(a >= 2 && b <= 45 && a <= b)) return false;
      result = { seatsMin: a, seatsMax: b };
      return true;
    },
  );
  q.take(
    new RegExp(
      `(tu |it nhat |toi thieu |tren )?(\\d{1,2}|${NUMBER_WORD_RE})\\s*${SEAT_UNIT}( tro len| tro di| tro ra)?`,
      'g',
    ),
    (m) => {
      const n = seatNumber(m[2]);
      if (!(n >= 2 && n <= 45)) return false;
      const atLeast = Boolean(m[1] || m[3]);
      result =
        atLeast || n >= 7 ? { seatsMin: m[1]?.trim() === 'tren' ? n + 1 : n } : { seatsMin: n, seatsMax: n };
      return true;
    },
  );
  // "gia đình 6 người", "nhà 7 người": seats for that many people.
  q.take(
    new RegExp(
      `(?:gia dinh|nha|cho|di)\\s*(?:co\\s*)?(\\d{1,2}|${NUMBER_WORD_RE})\\s*(?:nguoi|thanh vien|mieng)(?![a-z])`,
      'g',
    ),
    (m) => {
      const n = seatNumber(m[1]);
      if (!(n >= 2 && n <= 16) || result.seatsMin) return false;
      result = { seatsMin: n <= 5 ? Math.max(n, 4) : 7 };
      return true;
    },
  );
  if (
    result.seatsMin === undefined &&
    /(dong nguoi|dai gia dinh|ca ho|nhieu nguoi|ong ba bo me)/.test(q.rest)
  ) {
    result = { seatsMin: 7 };
  }
  return result;
}
