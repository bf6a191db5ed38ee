import { foldVietnamese } from '../../../contract/text';

/**
 * The Vietnamese convention for staff usernames: the given name (the last word) followed by the
 * initials of the family and middle names, folded to ASCII: "Nguyễn Văn An" -> "annv",
 * "Đặng Thị Ánh" -> "anhdt". Returns '' when the name has no letters.
 */
export function baseUsername(fullName: string): string {
  const words = foldVietnamese(fullName)
    .replace(/[^a-z0-9 ]/g, ' ')
    .split(' ')
    .filter(Boolean);
  if (words.length === 0) return '';
  const given = words[words.length - 1];
  const initials = words
    .slice(0, -1)
    .map((w) => w[0])
    .join('');
  return (given + initials).slice(0, 36);
}

/** The first free name: base, then base1, base2, ... given the names already taken with that prefix. */
export function nextFreeUsername(base: string, taken: Iterable<string>): string {
  const set = new Set(taken);
  if (!set.has(base)) return base;
  for (let n = 1; ; n++) {
    const candidate = `${base}${n}`;
    if (!set.has(candidate)) return candidate;
  }
}
