import { PASSWORD_PATTERN, PASSWORD_PATTERN_MESSAGE } from '../../../contract/auth';
import { badRequest } from '../errors';
import { COMMON_PASSWORDS } from './common-passwords';

export const COMMON_PASSWORD_MESSAGE =
  'Mật khẩu này quá phổ biến, dễ bị đoán ra: vui lòng chọn mật khẩu khác';

/**
 * Words Vietnamese staff build passwords from (the language's own "password", "I love you", names,
 * places, the trade and the showroom), which the English-heavy list misses; each is refused alone and
 * with the digits people add (a count-up, a lucky number, a birth year).
 */
const VIETNAMESE_WORDS = `
matkhau matkhaumoi matkhau moi mk anhyeuem emyeuanh yeuem yeuanh anhyeuemnhieu emyeuanhnhieu yeuemnhieu
iuem iuanh thuongem thuonganh nhoem nhoanh tinhyeu hanhphuc giadinh banbe conyeu beyeu vocon chongyeu
vietnam vietnam hanoi saigon hochiminh tphcm danang haiphong cantho nhatrang dalat hue vungtau
xinchao toilaai khongbiet baomat quantri quanly admin nhanvien ketoan banhang kinhdoanh showroom autoviet
oto xehoi xeoto muaxe banxe toyota honda hyundai kia mazda ford vinfast mitsubishi suzuki nissan thaco
nguyen tran le pham hoang huynh phan vu vo dang bui do ho ngo duong ly
anh minh huong linh trang hoa lan mai tuan hung dung nam long thanh hai ha quang duc phuong ngoc thao
hien thuy thu yen nhung trung son hieu khanh vy nhi my tam phuc loc tai tien dat binh an khoa kien
cuncon heocon meocon meoxinh congchua hoangtu thienthan ngoisao kimcuong bongbong embe bebong
`
  .split(/\s+/)
  .filter(Boolean);

const SUFFIXES = new Set(
  '1 12 123 1234 12345 123456 1234567 12345678 123456789 0 01 00 000 11 111 1111 99 999 88 888 8888 68 86 168 6868 8686 9999 79 39 69 96 789 6789 56789 321 4321 54321 2 22 222 7 77 777'.split(
    ' ',
  ),
);
const isYear = (digits: string) => /^(19[4-9]\d|20[0-3]\d)$/.test(digits);

let common: Set<string> | null = null;

function loadCommon(): Set<string> {
  if (common) return common;
  common = new Set(COMMON_PASSWORDS.split('\n').filter(Boolean));
  return common;
}

/** True for a password on the shipped list or built from a Vietnamese favourite and usual digits (any case). */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (loadCommon().has(lower)) return true;
  const words = new Set(VIETNAMESE_WORDS);
  const tail = /^([a-z]+)(\d*)$/.exec(lower);
  if (tail && words.has(tail[1]) && (tail[2] === '' || SUFFIXES.has(tail[2]) || isYear(tail[2]))) return true;
  const head = /^(\d+)([a-z]+)$/.exec(lower);
  if (head && words.has(head[2]) && (SUFFIXES.has(head[1]) || isYear(head[1]))) return true;
  return false;
}

/**
 * The one rule every new password meets, however it is set (an invitation, a reset, a change): the
 * shared pattern, and not a common password. Only the first admin's ADMIN_PASSWORD is taken as given.
 */
export function assertAcceptablePassword(password: string) {
  if (!PASSWORD_PATTERN.test(password) || password.length > 128)
    throw badRequest(PASSWORD_PATTERN_MESSAGE, { newPassword: PASSWORD_PATTERN_MESSAGE });
  if (isCommonPassword(password))
    throw badRequest(COMMON_PASSWORD_MESSAGE, { newPassword: COMMON_PASSWORD_MESSAGE });
}

/** Loads the list ahead of the first request that needs it. */
export function preloadCommonPasswords() {
  loadCommon();
}
