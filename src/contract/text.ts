/**
 * Vietnamese text without its marks, case kept: "Đặng Văn Bình" -> "Dang Van Binh". The one place that
 * knows how (đ is a letter of its own, not a mark): search folding, ASCII file names, bank transfer texts.
 */
export function stripVietnameseMarks(input: string): string {
  return input
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D');
}

/**
 * Folds Vietnamese text for accent- and case-insensitive search: "Bán Tải" -> "ban tai",
 * "Đặng" -> "dang". Used on save (search columns) and on every query, so both sides agree.
 */
export function foldVietnamese(input: string): string {
  return stripVietnameseMarks(input).toLowerCase().replace(/\s+/g, ' ').trim();
}

/** Folded and without spaces or punctuation, so "cx5" meets "CX-5" and "vin fast" meets "VinFast". */
export function compactFold(input: string): string {
  return foldVietnamese(input).replace(/[^a-z0-9]/g, '');
}
