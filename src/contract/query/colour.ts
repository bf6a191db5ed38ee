import type { Query } from './text';
import type { Colour } from './types';

/**
 * Exterior colour. With accents the colour words are unambiguous ("đen", "trắng", "đỏ", "bạc");
 * folded, "den" is also "đến", "do" is "do/đó", "bac" is "bắc": then only after "màu"/"sơn" they count.
 */
const ACCENTED: [string, Colour][] = [
  ['đen', 'den'],
  ['trắng', 'trang'],
  ['bạc', 'bac'],
  ['xám', 'xam'],
  ['ghi', 'xam'],
  ['đỏ', 'do'],
  ['xanh', 'xanh'],
  ['vàng', 'vang'],
  ['nâu', 'nau'],
  ['cam', 'cam'],
  ['be', 'be'],
  ['kem', 'be'],
  ['đồng', 'dong'],
  ['tím', 'tim'],
];
/** Words that are safe without accents. */
const SAFE_FOLDED: Record<string, Colour> = {
  trang: 'trang',
  xam: 'xam',
  xanh: 'xanh',
  nau: 'nau',
  tim: 'tim',
};
const FOLDED: Record<string, Colour> = {
  den: 'den',
  trang: 'trang',
  bac: 'bac',
  xam: 'xam',
  ghi: 'xam',
  do: 'do',
  xanh: 'xanh',
  vang: 'vang',
  nau: 'nau',
  cam: 'cam',
  be: 'be',
  kem: 'be',
  dong: 'dong',
  tim: 'tim',
};

export function parseColours(q: Query): Colour[] | undefined {
  const colours: Colour[] = [];
  const add = (c: Colour) => {
    if (!colours.includes(c)) colours.push(c);
  };
  const words = Object.keys(FOLDED).join('|');
  // "mau den", "son trang", "mau den hoac trang", "mau do, xam"
  q.take(
    new RegExp(
      `(?:mau|son|mau son|ngoai that)\\s+((?:${words})(?:\\s*(?:,|hoac|hay|va|/|-)\\s*(?:mau\\s+)?(?:${words}))*)(?![a-z])`,
      'g',
    ),
    (m) => {
      if (
        /(khong|ko|chu|tru|ngoai)\s*(?:thich|lay|can|muon)?\s*$/.test(
          q.rest.slice(Math.max(0, (m.index ?? 0) - 14), m.index ?? 0),
        )
      ) {
        return true;
      }
      for (const w of m[1].split(/[^a-z]+/)) if (FOLDED[w]) add(FOLDED[w]);
      return true;
    },
  );
  if (colours.length) return colours;
  // Accented words anywhere ("xe đen", "con trắng"), but not "cam" (cam kết, camera) nor "be" (bé) alone.
  for (const [word, colour] of ACCENTED) {
    if (word === 'cam' || word === 'be' || word === 'kem' || word === 'ghi' || word === 'đồng') continue;
    if (word === 'xanh' && /xanh ?sm/.test(q.folded)) continue;
    if (q.rawHas(word) && !q.rawHas(`không ${word}`) && !q.rawHas(`trừ ${word}`)) add(colour);
  }
  // Unaccented but unambiguous after a car word: "xe trang", "xe xam"
  for (const [w, colour] of Object.entries(SAFE_FOLDED)) {
    if (
      new RegExp(`(?:xe|con|chiec|em)\\s+(?:[a-z0-9-]+\\s+){0,3}?${w}(?![a-z])`).test(q.rest) &&
      q.raw === q.folded
    )
      add(colour);
  }
  return colours.length ? colours : undefined;
}
