import { describe, expect, it } from 'vitest';
import { dictionaryLookup } from '../../src/contract/query/brands';
import { canonicalBrandModel, carGroupKeys, recogniseCarName } from '../../src/contract/query/car-name';
import { parsePriceText } from '../../src/contract/query/money';
import { parseKmText } from '../../src/contract/query/odometer';
import { recogniseColumns } from '../../src/server/modules/market-prices/columns';
import { parseCsv } from '../../src/server/modules/market-prices/read-file';
import { parseRow } from '../../src/server/modules/market-prices/row-parse';

describe('parsePriceText: a price in every usual form', () => {
  it.each([
    ['2 Tỷ 90 Triệu', 2_090_000_000],
    ['2 tỷ 090 triệu', 2_090_000_000],
    ['890 triệu', 890_000_000],
    ['890 Triệu', 890_000_000],
    ['890tr', 890_000_000],
    ['210.000.000 đ', 210_000_000],
    ['210.000.000đ', 210_000_000],
    ['210,000,000 VNĐ', 210_000_000],
    ['1,25 tỷ', 1_250_000_000],
    ['1.25 tỷ', 1_250_000_000],
    ['1 tỷ 250', 1_250_000_000],
    ['1tỷ2', 1_200_000_000],
    ['2 tỷ', 2_000_000_000],
    ['890000000', 890_000_000],
    ['1.250.000.000', 1_250_000_000],
    ['890 triệu (còn thương lượng)', 890_000_000],
    ['Giá: 1,25 tỷ', 1_250_000_000],
  ])('%s = %d', (text, vnd) => {
    expect(parsePriceText(text)).toBe(vnd);
  });

  it('reads a bare number in the unit its column says', () => {
    expect(parsePriceText('890', 'trieu')).toBe(890_000_000);
    expect(parsePriceText('1,25', 'ty')).toBe(1_250_000_000);
    expect(parsePriceText('890.000.000', 'vnd')).toBe(890_000_000);
  });

  it.each([['liên hệ'], ['thỏa thuận'], [''], ['890'], ['0'], ['500 triệu - 600 triệu'], ['abc']])(
    'refuses %j (no unit, no amount, or two amounts)',
    (text) => {
      expect(parsePriceText(text)).toBeNull();
    },
  );
});

describe('parseKmText: the odometer as listings write it', () => {
  it.each([
    ['45.000', 45_000],
    ['45,000 Km', 45_000],
    ['45000', 45_000],
    ['45 000', 45_000],
    ['45000km', 45_000],
    ['45.000 km', 45_000],
    ['4,5 vạn', 45_000],
    ['45k', 45_000],
    ['45 nghìn km', 45_000],
    ['Odo: 45.000 km', 45_000],
    ['1.234.567', 1_234_567],
    ['Mới', 0],
    ['0', 0],
  ])('%s = %d', (text, km) => {
    expect(parseKmText(text)).toBe(km);
  });

  it.each([['4,5'], ['abc'], ['-5'], ['3.000.000'], ['']])('refuses %j', (text) => {
    expect(parseKmText(text)).toBeNull();
  });
});

describe('recogniseCarName: brand, model, version and year from a listing title', () => {
  it.each([
    ['Toyota Vios 1.5G CVT 2020', 'Toyota', 'Vios', '1.5G CVT', 2020],
    ['Mazda CX-5 2.0 Premium', 'Mazda', 'CX-5', '2.0 Premium', null],
    ['Mazda 3 1.5 Luxury 2021', 'Mazda', 'Mazda3', '1.5 Luxury', 2021],
    ['Mercedes-Benz C200 Avantgarde 2020', 'Mercedes-Benz', 'C-Class', 'C200 Avantgarde', 2020],
    ['Bán xe Kia Cerato 1.6 AT 2019', 'Kia', 'K3', 'Cerato 1.6 AT', 2019],
    ['Peugeot 2008 GT Line 2021', 'Peugeot', '2008', 'GT Line', 2021],
    ['Hyundai Santa Fe 2.2 Dầu Cao cấp', 'Hyundai', 'Santa Fe', '2.2 Dầu Cao cấp', null],
    ['Toyota Corolla Cross 1.8V - 2021', 'Toyota', 'Corolla Cross', '1.8V', 2021],
    ['Vios 1.5E MT 2018', 'Toyota', 'Vios', '1.5E MT', 2018],
    ['VinFast VF 8 Eco', 'VinFast', 'VF8', 'Eco', null],
    ['BYD Atto 3 Premium 2024', 'BYD', 'Atto 3', 'Premium', 2024],
    ['Honda Jazz RS 2018', 'Honda', 'Jazz', 'RS', 2018],
    // A known brand and a model the dictionary has not met: the word after the brand.
    ['Toyota Sienna Limited 2015', 'Toyota', 'Sienna', 'Limited', 2015],
  ])('%s', (title, brand, model, version, year) => {
    expect(recogniseCarName(title)).toEqual({ ok: true, car: { brand, model, version, year } });
  });

  it('refuses a title without a known brand or without a model', () => {
    expect(recogniseCarName('Xe đẹp giá rẻ')).toEqual({
      ok: false,
      reason: 'Không nhận ra hãng xe trong “Xe đẹp giá rẻ”',
    });
    expect(recogniseCarName('Toyota 2020')).toEqual({
      ok: false,
      reason: 'Không nhận ra dòng xe trong “Toyota 2020”',
    });
    expect(recogniseCarName('  ')).toEqual({ ok: false, reason: 'Thiếu tên xe' });
  });

  it('names separate columns as the dictionary does, and keys a version without its model name', () => {
    expect(canonicalBrandModel('mercedes', 'glc')).toEqual({ brand: 'Mercedes-Benz', model: 'GLC' });
    expect(canonicalBrandModel('Kia', 'Cerato')).toEqual({ brand: 'Kia', model: 'K3' });
    expect(canonicalBrandModel('Mazda', '3')).toEqual({ brand: 'Mazda', model: 'Mazda3' });
    expect(canonicalBrandModel('Lada', 'Niva')).toEqual({ brand: 'Lada', model: 'Niva' });
    expect(carGroupKeys({ brand: 'BMW', model: 'X3', version: 'X3 xDrive20i' }).version).toBe(
      carGroupKeys({ brand: 'BMW', model: 'X3', version: 'xDrive20i' }).version,
    );
  });
});

describe('the import rows: columns by header, cells to a price or a reason', () => {
  const ctx = { lookup: dictionaryLookup(), year: 2026 };

  it('recognises Vietnamese and English headers, the unit of the price, and says which column is missing', () => {
    const cols = recogniseColumns([
      'Hãng',
      'Dòng xe',
      'Phiên bản',
      'Năm SX',
      'ODO',
      'Giá (triệu)',
      'Ghi chú',
    ]);
    expect(cols.index).toMatchObject({ brand: 0, model: 1, version: 2, year: 3, odo: 4, price: 5 });
    expect(cols.priceUnit).toBe('trieu');
    expect(recogniseColumns(['title', 'year', 'mileage', 'price', 'gearbox', 'fuel']).index).toMatchObject({
      title: 0,
      transmission: 4,
      fuel: 5,
    });
    expect(() => recogniseColumns(['Tên xe', 'Giá'])).toThrow(/Không tìm thấy cột Số km/);
    expect(() => recogniseColumns(['Năm', 'Số km', 'Giá'])).toThrow(/Tên xe \(hoặc Hãng và Dòng xe\)/);
  });

  it('refuses a row with the reason in Vietnamese', () => {
    const cols = recogniseColumns(['Tên xe', 'Năm sản xuất', 'Số km', 'Giá']);
    const reason = (cells: string[]) => {
      const r = parseRow(cells, cols, ctx);
      return 'reason' in r ? r.reason : null;
    };
    expect(reason(['Toyota Vios 1.5G', '2020', '45000', '12.000 đ'])).toContain('Không đọc được giá');
    expect(reason(['Toyota Vios 1.5G', '2020', '45000', '20 triệu'])).toBe(
      'Giá 20 triệu quá thấp cho một chiếc xe',
    );
    expect(reason(['Toyota Vios 1.5G', '', '45000', '450 triệu'])).toBe('Thiếu năm sản xuất');
    expect(reason(['Toyota Vios 1.5G', 'abc', '45000', '450 triệu'])).toBe('Năm sản xuất “abc” không hợp lệ');
    expect(reason(['Toyota Vios 1.5G', '2020', 'nhiều', '450 triệu'])).toContain(
      'Không đọc được số km “nhiều”',
    );
    expect(reason(['', '2020', '45000', '450 triệu'])).toBe('Thiếu tên xe (hoặc hãng và dòng xe)');
    // A year in the title counts when the year column is empty.
    expect(reason(['Toyota Vios 1.5G 2019', '', '45000', '450 triệu'])).toBeNull();
  });

  it('parses RFC 4180 CSV: quotes, doubled quotes, line breaks inside quotes, CRLF', () => {
    expect(parseCsv('a,b\r\n"x, y","say ""hi"""\r\n"multi\nline",2\n')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"'],
      ['multi\nline', '2'],
    ]);
    expect(parseCsv('a;b\n1,5;2\n')).toEqual([
      ['a', 'b'],
      ['1,5', '2'],
    ]);
  });
});
