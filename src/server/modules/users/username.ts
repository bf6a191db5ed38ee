import { foldVietnamese } from '../../../contract/text';

/** Usernames are 3 to 40 characters (the contract's pattern): a generated one is kept within that. */
export const USERNAME_MIN = 3;
const BASE_MAX = 36;

/**
 * The Vietnamese convention for staff usernames: the given name (the last word) followed by the
 * initials of the family and middle names, folded to ASCII: "Nguyễn Văn An" -> "annv",
 * "Đặng Thị Ánh" -> "anhdt". Returns '' when the name has no letters.
 */
export function baseUsername(fullName: string): string {
  const words = foldVietnamese(fullName.replace(/[Ðð]/g, 'd'))
    .replace(/[^a-z0-9 ]/g, ' ')
    .split(' ')
    .filter(Boolean);
  if (!words.some((w) => /[a-z]/.test(w))) return '';
  const given = words[words.length - 1];
  const initials = words
    .slice(0, -1)
    .map((w) => w[0])
    .join('');
  return (given + initials).slice(0, BASE_MAX);
}

/**
 * The first free name: base, then base1, base2, ... given the names already taken with that prefix.
 * A base shorter than three characters ("An" -> "an") is numbered from the start: "an1", "y01".
 */
export function nextFreeUsername(base: string, taken: Iterable<string>): string {
  const set = new Set(taken);
  if (base.length >= USERNAME_MIN && !set.has(base)) return base;
  const width = Math.max(1, USERNAME_MIN - base.length);
  for (let n = 1; ; n++) {
    const candidate = `${base}${String(n).padStart(width, '0')}`;
    if (!set.has(candidate)) return candidate;
  }
}
