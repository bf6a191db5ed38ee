import { describe, expect, it } from 'vitest';
import { parseMessage } from '../../src/contract/query';
import { type Expected, QUESTIONS } from '../advisor/questions';

const NOW = new Date('2026-11-21T09:00:00+07:00');

/** The parser's reading of a message in the table's terms. */
function reading(text: string): Expected {
  const p = parseMessage(text, NOW);
  const c = p.constraints;
  const out: Expected = {};
  if (c.budget) out.budget = [c.budget.min ?? null, c.budget.max ?? null];
  if (c.brands) out.brands = c.brands.map((b) => b.brand);
  if (c.models) out.models = c.models.map((m) => m.model);
  if (c.bodyTypes) out.bodyTypes = c.bodyTypes;
  if (c.seatsMin !== undefined) out.seatsMin = c.seatsMin;
  if (c.seatsMax !== undefined) out.seatsMax = c.seatsMax;
  if (c.fuels) out.fuels = c.fuels;
  if (c.transmission) out.transmission = c.transmission;
  if (c.yearMin !== undefined) out.yearMin = c.yearMin;
  if (c.yearMax !== undefined) out.yearMax = c.yearMax;
  if (c.odoMax !== undefined) out.odoMax = c.odoMax;
  if (c.colours) out.colours = c.colours;
  if (c.purposes) out.purposes = c.purposes;
  if (p.info.length) out.info = p.info;
  if (p.instalment) out.instalment = true;
  if (p.testDrive) out.testDrive = true;
  if (p.maintenance) out.maintenance = true;
  if (p.compare) out.compare = true;
  if (p.cheaper) out.cheaper = true;
  return out;
}

describe('the Vietnamese query parser', () => {
  it('has a table of at least sixty questions', () => {
    expect(QUESTIONS.length).toBeGreaterThanOrEqual(60);
  });

  for (const row of QUESTIONS) {
    it(`reads «${row.q}»`, () => {
      const got = reading(row.q);
      const want = { ...row.expect };
      // Budgets are compared to the đồng; purposes as a set.
      if (got.purposes && want.purposes) {
        got.purposes = [...got.purposes].sort();
        want.purposes = [...want.purposes].sort();
      }
      expect(got).toEqual(want);
    });
  }

  it('reads the same with and without accents', () => {
    const pairs = [
      [
        'Xe gầm cao 7 chỗ máy dầu dưới 1 tỷ 2, đời 2019 trở lên',
        'xe gam cao 7 cho may dau duoi 1 ty 2, doi 2019 tro len',
      ],
      ['bán tải số sàn màu trắng đi dưới 50 nghìn km', 'ban tai so san mau trang di duoi 50 nghin km'],
      ['Mẹc C200 tầm 1 tỷ 2', 'mec c200 tam 1 ty 2'],
    ];
    for (const [accented, plain] of pairs) expect(reading(plain)).toEqual(reading(accented));
  });

  it('reads every way of writing a budget', () => {
    const M = 1_000_000;
    const cases: [string, [number | null, number | null]][] = [
      ['dưới 700 triệu', [null, 700 * M]],
      ['không quá 900 triệu', [null, 900 * M]],
      ['tầm 1 tỷ', [900 * M, 1_100 * M]],
      ['khoảng 500-600tr', [500 * M, 600 * M]],
      ['1,2 tỷ', [1_080 * M, 1_320 * M]],
      ['dưới 1 tỷ 250 triệu', [null, 1_250 * M]],
      ['800 củ', [720 * M, 880 * M]],
      ['dưới 1ty2', [null, 1_200 * M]],
      ['từ 800tr đến 1 tỷ', [800 * M, 1_000 * M]],
      ['1 tỷ rưỡi trở xuống', [null, 1_500 * M]],
      ['tối đa 650.000.000đ', [null, 650 * M]],
      ['trên 2 tỷ', [2_000 * M, null]],
      ['700 triệu trở lên', [700 * M, null]],
      ['chỉ có 450 triệu', [null, 450 * M]],
      ['cỡ 600 triệu', [540 * M, 660 * M]],
    ];
    for (const [text, budget] of cases) expect(reading(text).budget, text).toEqual(budget);
  });

  it('does not read kilometres, years, seats or instalment terms as a budget', () => {
    expect(reading('xe đời 2019 đi 45.000 km 7 chỗ')).toEqual({
      yearMin: 2019,
      yearMax: 2019,
      odoMax: 45_000,
      seatsMin: 7,
    });
    expect(reading('trả trước 200 triệu vay 6 năm').budget).toBeUndefined();
  });
});
