/**
 * A VND amount in Vietnamese words, as contracts write it beside the figure ("Năm trăm tám mươi triệu
 * đồng chẵn"). Groups of three digits are read with their scale (nghìn, triệu, tỷ); an inner group is
 * read whole ("một triệu không trăm linh năm"), an empty inner group is skipped, and a round amount
 * (a whole number of thousands) ends with "chẵn".
 */

const DIGITS = ['không', 'một', 'hai', 'ba', 'bốn', 'năm', 'sáu', 'bảy', 'tám', 'chín'];
const SCALES = ['', 'nghìn', 'triệu'];

/** One group of three digits; `full` reads its leading zeros ("không trăm linh năm"). */
function groupWords(n: number, full: boolean): string[] {
  const hundreds = Math.floor(n / 100);
  const tens = Math.floor((n % 100) / 10);
  const units = n % 10;
  const words: string[] = [];
  if (full || hundreds > 0) words.push(DIGITS[hundreds], 'trăm');
  if (tens === 0) {
    if (units > 0 && words.length > 0) words.push('linh');
  } else if (tens === 1) {
    words.push('mười');
  } else {
    words.push(DIGITS[tens], 'mươi');
  }
  if (units > 0) {
    if (units === 1 && tens >= 2) words.push('mốt');
    else if (units === 5 && tens >= 1) words.push('lăm');
    else words.push(DIGITS[units]);
  }
  return words;
}

/** Below one billion: up to three groups (triệu, nghìn, units). */
function belowBillion(n: number, full: boolean): string[] {
  const words: string[] = [];
  let leading = !full;
  for (let scale = 2; scale >= 0; scale--) {
    const group = Math.floor(n / 1000 ** scale) % 1000;
    if (group === 0) continue;
    words.push(...groupWords(group, !leading));
    if (SCALES[scale]) words.push(SCALES[scale]);
    leading = false;
  }
  return words;
}

function numberWords(n: number, full = false): string[] {
  if (n >= 1_000_000_000) {
    const billions = Math.floor(n / 1_000_000_000);
    const rest = n % 1_000_000_000;
    return [...numberWords(billions, full), 'tỷ', ...(rest > 0 ? belowBillion(rest, true) : [])];
  }
  return belowBillion(n, full);
}

/** 580000000 -> 'Năm trăm tám mươi triệu đồng chẵn'; 0 -> 'Không đồng'; negative amounts are read as their size. */
export function vndInWords(amount: number): string {
  const n = Math.abs(Math.round(amount));
  if (n === 0) return 'Không đồng';
  const words = [...numberWords(n), 'đồng'];
  if (n % 1000 === 0) words.push('chẵn');
  const sentence = words.join(' ');
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}
