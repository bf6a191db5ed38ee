import { IMPORT_FIELD_LABELS } from '../../../contract/market-prices';
import type { PriceUnit } from '../../../contract/query/money';
import { foldVietnamese } from '../../../contract/text';
import { badRequest } from '../../platform/errors';

export type ImportField =
  | 'title'
  | 'brand'
  | 'model'
  | 'version'
  | 'year'
  | 'odo'
  | 'price'
  | 'transmission'
  | 'fuel'
  | 'bodyType'
  | 'origin'
  | 'province'
  | 'source'
  | 'listedOn';

/** Headers as staff write them, folded (no accents, lower case, punctuation as spaces), per field. */
const HEADERS: Record<ImportField, string[]> = {
  title: ['ten xe', 'title', 'ten', 'name', 'car name', 'car', 'xe', 'tieu de', 'mau xe', 'ten mau xe'],
  brand: ['hang', 'hang xe', 'brand', 'make', 'thuong hieu', 'hang sx', 'hang san xuat', 'manufacturer'],
  model: ['dong xe', 'dong', 'model'],
  version: ['phien ban', 'version', 'trim', 'ban', 'variant'],
  year: ['nam san xuat', 'nam sx', 'nam', 'year', 'doi', 'doi xe', 'model year', 'nam sanxuat'],
  odo: ['so km', 'km', 'odo', 'mileage', 'so km da di', 'km da di', 'odometer', 'da di', 'so km da chay'],
  price: ['gia', 'gia ban', 'price', 'gia xe', 'gia rao', 'gia niem yet', 'gia ban ra', 'gia thi truong'],
  transmission: ['hop so', 'gearbox', 'transmission', 'so'],
  fuel: ['nhien lieu', 'fuel', 'loai nhien lieu', 'fuel type'],
  bodyType: ['kieu dang', 'body type', 'body', 'kieu xe', 'dang xe', 'loai xe', 'kieu than'],
  origin: ['xuat xu', 'origin', 'nguon goc'],
  province: [
    'tinh thanh',
    'tinh',
    'khu vuc',
    'province',
    'city',
    'dia diem',
    'noi ban',
    'thanh pho',
    'tinh tp',
    'location',
  ],
  source: ['nguon', 'source', 'website', 'nguon tin', 'trang'],
  listedOn: [
    'ngay',
    'ngay dang',
    'date',
    'listed',
    'ngay dang tin',
    'ngay cap nhat',
    'thoi gian',
    'listed on',
  ],
};

const LOOKUP = new Map<string, ImportField>();
for (const [field, names] of Object.entries(HEADERS) as [ImportField, string[]][])
  for (const n of names) LOOKUP.set(n, field);

export interface Columns {
  /** Column index of each field found. */
  index: Partial<Record<ImportField, number>>;
  /** What a bare number in the price column counts ("Giá (triệu)"). */
  priceUnit: PriceUnit;
  /** The headers read, for the answer. */
  recognised: { header: string; field: string }[];
}

function unitOf(folded: string): PriceUnit {
  if (/\b(ty|ti)\b/.test(folded)) return 'ty';
  if (/\b(trieu|tr)\b/.test(folded)) return 'trieu';
  return 'vnd';
}

/**
 * The fields of the file's columns, by header in Vietnamese or English ("Tên xe" / "title", "Giá
 * (triệu)" / "price"). A header's words in brackets say its unit and are not part of its name. The first
 * column naming a field wins. 400 when the file lacks what a price needs: a car (its name, or brand and
 * model), the kilometres and the price.
 */
export function recogniseColumns(header: string[]): Columns {
  const index: Columns['index'] = {};
  const recognised: Columns['recognised'] = [];
  let priceUnit: PriceUnit = 'vnd';
  header.forEach((raw, i) => {
    const folded = foldVietnamese(raw);
    const name = folded
      .replace(/\([^)]*\)|\[[^\]]*\]/g, ' ')
      .replace(/[^a-z0-9]+/g, ' ')
      .trim();
    const field = LOOKUP.get(name);
    if (!field || index[field] !== undefined) return;
    index[field] = i;
    recognised.push({ header: raw, field: IMPORT_FIELD_LABELS[field] });
    if (field === 'price') priceUnit = unitOf(folded.replace(/^[^(]*/, ''));
  });
  const missing: string[] = [];
  if (index.title === undefined && (index.brand === undefined || index.model === undefined))
    missing.push('Tên xe (hoặc Hãng và Dòng xe)');
  if (index.odo === undefined) missing.push('Số km');
  if (index.price === undefined) missing.push('Giá');
  if (missing.length)
    throw badRequest(
      `Không tìm thấy cột ${missing.join(', ')}. Dòng đầu của tệp phải là tiêu đề cột, ví dụ: ` +
        'Tên xe, Năm sản xuất, Số km, Giá',
    );
  return { index, priceUnit, recognised };
}
