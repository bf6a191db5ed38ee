import type { Catalogue } from './brands';
import { readConstraints } from './constraints';
import { Query } from './text';
import type { Constraints, WishKind } from './types';

/**
 * A buyer changing their mind: "bỏ điều kiện máy dầu", "không cần 7 chỗ nữa", "màu gì cũng được" give
 * up the wishes they name; "đổi ý", "tìm lại từ đầu", "bỏ hết điều kiện" give up every earlier wish.
 * The words given up are cut from the text before it is read for wishes, so "bỏ máy dầu" is never a
 * wish for a diesel.
 */
export interface MindChange {
  drop: WishKind[];
  restart: boolean;
  /** The message without the spans that gave something up. */
  rest: string;
}

const RESTART =
  /(?<![a-z])(?:doi y|thay doi y dinh|doi nhu cau|(?:bo|xoa) (?:het|tat ca)(?: (?:cac )?(?:dieu kien|yeu cau|tieu chi|loc))?(?: (?:cu|truoc|do|tren))?|(?:tim|lam|tu van|xem) lai tu dau|bat dau lai)(?![a-z])/g;

/** "không cần", "bỏ (điều kiện)": what follows, up to the clause's end, is given up. */
const DROP_CUE =
  /(?<![a-z])(khong can|khoi can|chang can|ko can|khong quan trong|khong bat buoc|bo qua|bo)(?![a-z])(?:\s+(?:cai|cac|vu|phan|luon))?(?:\s+(?:dieu kien|yeu cau|tieu chi|loc|gioi han|han che)(?:\s+ve)?)?/g;
/** Words an unaccented "bo" needs after it to be "bỏ" (and not "bố", a father). */
const EXPLICIT_OBJECT = /^\s+(?:dieu kien|yeu cau|tieu chi|loc|gioi han|qua)(?![a-z])/;
const CLAUSE_END =
  /[,.;!?]|(?<![a-z])(?:nhung|ma|chi can|thay vao do|chuyen sang|doi sang|doi qua|lay|muon|tim|xem|con|cung duoc)(?![a-z])/;

/** "màu gì cũng được", "đời nào cũng được", "bao nhiêu chỗ cũng được". */
const ANY_OF =
  /(?<![a-z])(?:(mau|doi|nam|hang|dong|may|nhien lieu|hop so|so|kieu dang|kieu|gia|km|odo)\s+(?:gi|nao|bao nhieu|may)|bao nhieu\s+(cho|km|tien))\s+(?:cung|deu)\s+(?:duoc|ok|dc|xong)(?![a-z])/g;

/** A kind named by its word when no value is: "bỏ điều kiện giá", "không cần màu". */
const KIND_WORDS: [RegExp, WishKind][] = [
  [/(?<![a-z])(mau|mau sac|mau son)(?![a-z])/, 'colours'],
  [/(?<![a-z])(gia|ngan sach|tai chinh|tien|muc gia|tam gia)(?![a-z])/, 'budget'],
  [/(?<![a-z])(doi|doi xe|nam san xuat|nam)(?![a-z])/, 'year'],
  [/(?<![a-z])(km|odo|so km)(?![a-z])/, 'odo'],
  [/(?<![a-z])(so cho|cho ngoi|cho)(?![a-z])/, 'seats'],
  [/(?<![a-z])(hang|hang xe|thuong hieu)(?![a-z])/, 'brands'],
  [/(?<![a-z])(dong|dong xe)(?![a-z])/, 'models'],
  [/(?<![a-z])(nhien lieu|may|dong co)(?![a-z])/, 'fuels'],
  [/(?<![a-z])(hop so|so)(?![a-z])/, 'transmission'],
  [/(?<![a-z])(kieu dang|kieu xe|dang xe)(?![a-z])/, 'bodyTypes'],
  [/(?<![a-z])(muc dich)(?![a-z])/, 'purposes'],
];

const ANY_WORDS: Record<string, WishKind> = {
  mau: 'colours',
  doi: 'year',
  nam: 'year',
  hang: 'brands',
  dong: 'models',
  may: 'fuels',
  'nhien lieu': 'fuels',
  'hop so': 'transmission',
  so: 'transmission',
  'kieu dang': 'bodyTypes',
  kieu: 'bodyTypes',
  gia: 'budget',
  tien: 'budget',
  km: 'odo',
  odo: 'odo',
  cho: 'seats',
};

/** The kinds of wish a span states: "máy dầu" -> fuels, "7 chỗ" -> seats. */
export function wishKinds(c: Constraints): WishKind[] {
  const kinds: WishKind[] = [];
  const add = (k: WishKind, present: unknown) => {
    if (present !== undefined && !kinds.includes(k)) kinds.push(k);
  };
  add('brands', c.models ? undefined : c.brands);
  add('models', c.models);
  add('bodyTypes', c.bodyTypes);
  add('seats', c.seatsMin ?? c.seatsMax);
  add('fuels', c.fuels);
  add('transmission', c.transmission);
  add('year', c.yearMin ?? c.yearMax);
  add('odo', c.odoMin ?? c.odoMax);
  add('colours', c.colours);
  add('budget', c.budget);
  add('purposes', c.purposes);
  return kinds;
}

/** Kinds named by their words ("số km" is the odometer, not the gearbox's "số"): each word counted once. */
function namedKinds(text: string): WishKind[] {
  let rest = ` ${text} `;
  const kinds: WishKind[] = [];
  for (const [re, kind] of KIND_WORDS) {
    const m = re.exec(rest);
    if (!m) continue;
    if (!kinds.includes(kind)) kinds.push(kind);
    rest = rest.slice(0, m.index) + ' '.repeat(m[0].length) + rest.slice(m.index + m[0].length);
  }
  return kinds;
}

/** Accent-free lower case, one character for one: indices in it are indices in the text. */
function foldAligned(text: string): string {
  let out = '';
  for (const ch of text) {
    const f = ch
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[đĐ]/g, 'd')
      .toLowerCase();
    out += f.length === ch.length ? f : '?'.repeat(ch.length);
  }
  return out;
}

export function readChange(text: string, now: Date, catalogue?: Catalogue): MindChange {
  const raw = text.normalize('NFC').replace(/\s+/g, ' ').trim();
  const folded = foldAligned(raw);
  const cut: [number, number][] = [];
  const drop: WishKind[] = [];
  const add = (k: WishKind) => {
    if (!drop.includes(k)) drop.push(k);
  };

  let restart = false;
  for (const m of folded.matchAll(RESTART)) {
    restart = true;
    cut.push([m.index, m.index + m[0].length]);
  }

  for (const m of folded.matchAll(DROP_CUE)) {
    const at = m.index;
    const end = at + m[0].length;
    if (m[1] === 'bo' && raw.charAt(at + 1) !== 'ỏ') {
      // Unaccented "bo" is "bỏ" only before "điều kiện" and the like, or as "thôi bo …" opening the message.
      const opening = /^(?:(?:a|u|thoi|vay|the)\s+)*thoi\s+$/.test(folded.slice(0, at));
      if (!EXPLICIT_OBJECT.test(folded.slice(at + 2)) && !opening) continue;
    }
    const after = folded.slice(end);
    const stop = CLAUSE_END.exec(after);
    const segEnd = end + (stop ? stop.index : after.length);
    const segment = raw.slice(end, segEnd);
    let kinds = wishKinds(readConstraints(new Query(segment), now, catalogue));
    if (!kinds.length) kinds = namedKinds(folded.slice(end, segEnd));
    // "không cần trả trước": nothing given up, and the words stay for the other readers.
    if (!kinds.length) continue;
    for (const k of kinds) add(k);
    cut.push([at, segEnd]);
  }

  for (const m of folded.matchAll(ANY_OF)) {
    const kind = ANY_WORDS[m[1] ?? m[2]];
    if (!kind) continue;
    add(kind);
    cut.push([m.index, m.index + m[0].length]);
  }

  // Spans may overlap ("bỏ hết điều kiện" is a restart and a cue): keep each character once.
  const kept: boolean[] = new Array(raw.length).fill(true);
  for (const [from, to] of cut) for (let i = from; i < to; i++) kept[i] = false;
  let rest = '';
  for (let i = 0; i < raw.length; i++) rest += kept[i] ? raw[i] : ' ';
  return { drop, restart, rest: rest.replace(/\s+/g, ' ').trim() };
}
