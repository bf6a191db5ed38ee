import { foldVietnamese, stripVietnameseMarks } from './text';

// Exterior colours searched by family: the public list's filter, the search box, the filter panel.

/**
 * The key a colour family is searched by: "Màu trắng", "trắng" -> "trang", the word "màu" dropped. A car
 * is in the family when its colour key starts with it: "Trắng ngọc trai" ("trangngoctrai") is white.
 */
export function colourFamilyKey(value: string): string {
  const words = stripVietnameseMarks(value).toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length > 1 && words[0] === 'mau') words.shift();
  return words.join('').replace(/[^a-z0-9]/g, '');
}

/** True when a search word is the word "màu" itself (a buyer writes "màu trắng", the car says "Trắng"). */
export const isColourWord = (folded: string) => folded === 'mau';

/**
 * The colour filter's options by family: a colour whose name is another's followed by more words
 * ("Trắng ngọc trai" after "Trắng") is counted under it, since choosing "Trắng" finds both.
 */
export function colourFamilies<T extends { value: string; label: string; count: number }>(options: T[]): T[] {
  const folded = (o: T) => foldVietnamese(o.label);
  const heads = options.filter((o) => !options.some((p) => p !== o && folded(o).startsWith(`${folded(p)} `)));
  return heads.map((h) => ({
    ...h,
    count: options
      .filter((o) => o === h || folded(o).startsWith(`${folded(h)} `))
      .reduce((sum, o) => sum + o.count, 0),
  }));
}
