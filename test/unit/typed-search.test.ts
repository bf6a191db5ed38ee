import { describe, expect, it } from 'vitest';
import { filtersFromSearch } from '../../src/contract/query/filters';

const known = {
  brands: ['Toyota', 'Mercedes-Benz', 'Hyundai', 'Mazda', 'Ford'],
  exteriorColors: ['Trắng', 'Đen', 'Đỏ'],
};
const now = new Date('2026-11-24T00:00:00+07:00');
const read = (text: string) => filtersFromSearch(text, known, now);

describe('a typed search read into the /cars filters', () => {
  it.each([
    ['7 chỗ', { size: 7 }],
    ['mec', { brand: 'Mercedes-Benz' }],
    ['huyndai', { brand: 'Hyundai' }],
    ['bán tải dưới 700 triệu', { bodyType: 'PICKUP', maxPrice: 700_000_000 }],
    ['xe điện', { fuel: 'ELECTRIC' }],
    ['2020', { year: 2020 }],
    ['màu trắng', { exteriorColor: 'Trắng' }],
    ['dưới 50.000 km', { maxOdo: 50_000 }],
    [
      'toyota vios 2019 số tự động',
      { brand: 'Toyota', year: 2019, transmission: 'AUTOMATIC', carName: 'Vios' },
    ],
    ['mazda cx-5 màu đỏ', { brand: 'Mazda', exteriorColor: 'Đỏ', carName: 'CX-5' }],
  ])('"%s"', (text, filters) => {
    expect(read(text)).toEqual(filters);
  });

  it('keeps the text as the name search when nothing maps onto one filter', () => {
    expect(read('cx5')).toEqual({ carName: 'cx5' });
    expect(read('Vios')).toEqual({ carName: 'Vios' });
    // Two brands: the list filters by one, so the words stay a name search.
    expect(read('honda hoặc toyota')).toEqual({ carName: 'honda hoặc toyota' });
    expect(read('   ')).toEqual({});
  });

  it('reads no number from inside a word: a code or plate is text, not seats, a year or a price', () => {
    // Before numbers were read only from a word's start, "mvp9143c" was 43 seats and "mvowd8c4" 8.
    expect(read('Seltos Thử mvp9143c')).toEqual({ carName: 'Seltos Thử mvp9143c' });
    expect(read('Seltos Thử mvowd8c4')).toEqual({ carName: 'Seltos Thử mvowd8c4' });
    expect(read('mã xe abc2020')).toEqual({ carName: 'mã xe abc2020' });
    // Glued to its unit it still counts.
    expect(read('7c dưới 1 tỷ')).toEqual({ size: 7, maxPrice: 1_000_000_000 });
    expect(read('7chỗ')).toEqual({ size: 7 });
  });

  it('writes a brand or colour as the site lists it, or as the dictionary names it', () => {
    expect(filtersFromSearch('mercedes', { brands: ['Mercedes-Benz'] }, now).brand).toBe('Mercedes-Benz');
    expect(filtersFromSearch('màu đen', {}, now).exteriorColor).toBe('Đen');
  });

  it('is what the advisor reads too: the same parser finds the same brand and seats', async () => {
    const { parseMessage } = await import('../../src/contract/query');
    const c = parseMessage('mec 7 chỗ', now).constraints;
    expect(c.brands?.[0].brand).toBe('Mercedes-Benz');
    expect(c.seatsMin).toBe(7);
    expect(read('mec 7 chỗ')).toEqual({ brand: 'Mercedes-Benz', size: 7 });
  });
});
