import { describe, expect, it } from 'vitest';
import {
  INSURANCE_VAT_RATE,
  insuranceFee,
  insurancePremium,
  ON_ROAD_NOTE,
  onRoadCost,
  saleYearOf,
  validUntilText,
} from '../../src/contract/car-costs';
import {
  bandLabel,
  DEFAULT_REMAINING_QUALITY_BANDS,
  findOfficialPrice,
  remainingQualityRate,
  vehicleAge,
} from '../../src/contract/registration-fees';
import { type CarCalculations, DEFAULT_CAR_CALCULATIONS } from '../../src/contract/web-config';

// The official price table of these examples: one model priced per version, one for every version.
const S: CarCalculations = {
  ...DEFAULT_CAR_CALCULATIONS,
  officialPrices: [
    { brand: 'Mazda', model: 'CX-5', version: '2.0 Premium', price: 820_000_000 },
    { brand: 'Mazda', model: 'CX-5', version: '', price: 780_000_000 },
    { brand: 'Toyota', model: 'Vios', version: '1.5G CVT', price: 545_000_000 },
  ],
};
const SALE = new Date('2026-06-15T03:00:00Z');
const cx5 = (year: number, extra: Partial<Parameters<typeof onRoadCost>[1]> = {}) =>
  onRoadCost(S, {
    price: 700_000_000,
    seats: 5,
    year,
    brand: 'Mazda',
    model: 'CX-5',
    version: '2.0 Premium',
    saleDate: SALE,
    ...extra,
  });
const line = (c: ReturnType<typeof onRoadCost>, key: string) => c.lines.find((l) => l.key === key)!;

describe('remaining-quality rate by years of use (Thông tư 13/2022/TT-BTC)', () => {
  it('counts whole years from the year of manufacture to the year of sale', () => {
    expect(vehicleAge(2022, 2026)).toBe(4);
    expect(vehicleAge(2026, 2026)).toBe(0);
    expect(vehicleAge(2027, 2026)).toBe(0);
  });

  it.each([
    [0, 0.9],
    [1, 0.9],
    [2, 0.7],
    [3, 0.7],
    [4, 0.5],
    [6, 0.5],
    [7, 0.3],
    [10, 0.3],
    [11, 0.2],
    [25, 0.2],
  ])('a car used %i years keeps %d of its value', (age, rate) => {
    expect(remainingQualityRate(DEFAULT_REMAINING_QUALITY_BANDS, 0.2, age)).toBe(rate);
  });

  it('names the bands as the circular does', () => {
    const b = DEFAULT_REMAINING_QUALITY_BANDS;
    expect([0, 1, 2, 3, 4].map((i) => bandLabel(b, i))).toEqual([
      'trong 1 năm',
      'trên 1 đến 3 năm',
      'trên 3 đến 6 năm',
      'trên 6 đến 10 năm',
      'trên 10 năm',
    ]);
  });

  it('takes the sale year in Asia/Ho_Chi_Minh', () => {
    expect(saleYearOf(new Date('2025-12-31T16:59:59Z'))).toBe(2025);
    expect(saleYearOf(new Date('2025-12-31T17:00:00Z'))).toBe(2026);
  });
});

describe('lệ phí trước bạ of a used car: one worked example per age band', () => {
  // 820.000.000 đ official price of a Mazda CX-5 2.0 Premium, sold in 2026, 2% rate.
  it.each([
    [
      2026,
      0,
      0.9,
      14_760_000,
      '2% × 90% × 820.000.000 VNĐ (giá tính LPTB × tỷ lệ chất lượng còn lại xe sản xuất trong năm)',
    ],
    [
      2025,
      1,
      0.9,
      14_760_000,
      '2% × 90% × 820.000.000 VNĐ (giá tính LPTB × tỷ lệ chất lượng còn lại xe 1 năm)',
    ],
    [
      2024,
      2,
      0.7,
      11_480_000,
      '2% × 70% × 820.000.000 VNĐ (giá tính LPTB × tỷ lệ chất lượng còn lại xe 2 năm)',
    ],
    [
      2023,
      3,
      0.7,
      11_480_000,
      '2% × 70% × 820.000.000 VNĐ (giá tính LPTB × tỷ lệ chất lượng còn lại xe 3 năm)',
    ],
    [
      2022,
      4,
      0.5,
      8_200_000,
      '2% × 50% × 820.000.000 VNĐ (giá tính LPTB × tỷ lệ chất lượng còn lại xe 4 năm)',
    ],
    [
      2020,
      6,
      0.5,
      8_200_000,
      '2% × 50% × 820.000.000 VNĐ (giá tính LPTB × tỷ lệ chất lượng còn lại xe 6 năm)',
    ],
    [
      2019,
      7,
      0.3,
      4_920_000,
      '2% × 30% × 820.000.000 VNĐ (giá tính LPTB × tỷ lệ chất lượng còn lại xe 7 năm)',
    ],
    [
      2016,
      10,
      0.3,
      4_920_000,
      '2% × 30% × 820.000.000 VNĐ (giá tính LPTB × tỷ lệ chất lượng còn lại xe 10 năm)',
    ],
    [
      2015,
      11,
      0.2,
      3_280_000,
      '2% × 20% × 820.000.000 VNĐ (giá tính LPTB × tỷ lệ chất lượng còn lại xe 11 năm)',
    ],
  ])('made in %i (%i years): %d → %i đ', (year, age, rate, fee, basis) => {
    const c = cx5(year);
    expect(c.registration).toMatchObject({
      saleYear: 2026,
      age,
      remainingRate: rate,
      officialPrice: 820_000_000,
      approximated: false,
    });
    expect(line(c, 'registrationFee')).toEqual({
      key: 'registrationFee',
      label: 'Lệ phí trước bạ',
      amount: fee,
      basis,
    });
  });

  it('a car made in 2022 and sold on 1/1/2026 in Vietnam (still 31/12/2025 in UTC) is 4 years old', () => {
    expect(cx5(2022, { saleDate: '2025-12-31T18:00:00Z' }).registration.age).toBe(4);
    expect(cx5(2022, { saleDate: '2025-12-31T16:00:00Z' }).registration.age).toBe(3);
  });

  it('itemises the whole on-road price with the basis of each line', () => {
    const c = cx5(2022);
    expect(c.lines.map((l) => [l.key, l.amount])).toEqual([
      ['price', 700_000_000],
      ['registrationFee', 8_200_000],
      ['transferFee', 150_000],
      ['inspectionFee', 340_000],
      ['roadFee', 1_560_000],
      ['insurance', 480_700],
    ]);
    expect(line(c, 'roadFee').basis).toBe('12 tháng × 130.000 VNĐ/tháng');
    expect(line(c, 'insurance').basis).toBe(
      '1 năm, xe 5 chỗ không kinh doanh vận tải: 437.000 VNĐ + 10% VAT',
    );
    expect(line(c, 'transferFee').basis).toMatch(/^Cấp đổi chứng nhận đăng ký kèm biển số khi sang tên/);
    for (const l of c.lines) expect(l.basis.length).toBeGreaterThan(5);
    expect(c.fees).toBe(8_200_000 + 150_000 + 340_000 + 1_560_000 + 480_700);
    expect(c.total).toBe(700_000_000 + c.fees);
    expect(c.note).toBe(ON_ROAD_NOTE);
    expect(c.note).toMatch(/^Giá tham khảo/);
    // No new-car plate fee: the old calculator charged 20.000.000 đ in TP.HCM.
    expect(c.fees).toBeLessThan(11_000_000);
  });
});

describe('official price lookup', () => {
  it('prefers the version, falls back to the model row, folds case and punctuation', () => {
    expect(
      findOfficialPrice(S.officialPrices, { brand: 'mazda', model: 'cx5', version: '2.0 PREMIUM' })?.price,
    ).toBe(820_000_000);
    expect(
      findOfficialPrice(S.officialPrices, { brand: 'Mazda', model: 'CX-5', version: '2.5 Signature' })?.price,
    ).toBe(780_000_000);
    expect(
      findOfficialPrice(S.officialPrices, { brand: 'Toyota', model: 'Vios', version: '1.5E MT' }),
    ).toBeNull();
    expect(findOfficialPrice(S.officialPrices, { brand: 'Kia', model: 'Morning' })).toBeNull();
  });

  it('uses the model row for a version the table does not list', () => {
    const c = cx5(2022, { version: '2.5 Signature' });
    expect(line(c, 'registrationFee')).toMatchObject({
      amount: 7_800_000,
      basis: '2% × 50% × 780.000.000 VNĐ (giá tính LPTB × tỷ lệ chất lượng còn lại xe 4 năm)',
    });
  });

  it('approximates from the sale price when the model has no official price, and says so', () => {
    const c = onRoadCost(S, {
      price: 458_000_000,
      seats: 5,
      year: 2021,
      brand: 'Kia',
      model: 'Morning',
      saleDate: SALE,
    });
    expect(c.registration).toMatchObject({
      approximated: true,
      officialPrice: null,
      value: 458_000_000,
      age: 5,
    });
    expect(line(c, 'registrationFee')).toEqual({
      key: 'registrationFee',
      label: 'Lệ phí trước bạ',
      amount: 9_160_000,
      basis:
        '2% × 458.000.000 VNĐ (giá tham khảo: chưa có giá tính lệ phí trước bạ của mẫu xe này, tạm tính theo giá bán xe)',
    });
    // Without a brand and model there is nothing to look up either.
    expect(onRoadCost(S, { price: 458_000_000, seats: 5, year: 2021 }).registration.approximated).toBe(true);
  });
});

describe('the settings drive every figure', () => {
  it('follows edited bands, rate beyond, registration rate, transfer fee and prices', () => {
    const custom: CarCalculations = {
      ...S,
      registrationFeeRate: 0.1,
      remainingQualityBands: [
        { maxAge: 2, rate: 0.8 },
        { maxAge: 5, rate: 0.6 },
      ],
      remainingQualityBeyond: 0.15,
      transferFee: 50_000,
      officialPrices: [{ brand: 'Mazda', model: 'CX-5', version: '', price: 1_000_000_000 }],
    };
    const at = (year: number) =>
      onRoadCost(custom, {
        price: 700_000_000,
        seats: 5,
        year,
        brand: 'Mazda',
        model: 'CX-5',
        saleDate: SALE,
      });
    expect(line(at(2024), 'registrationFee')).toMatchObject({
      amount: 80_000_000,
      basis: '10% × 80% × 1.000.000.000 VNĐ (giá tính LPTB × tỷ lệ chất lượng còn lại xe 2 năm)',
    });
    expect(line(at(2023), 'registrationFee').amount).toBe(60_000_000);
    expect(line(at(2021), 'registrationFee').amount).toBe(60_000_000);
    expect(line(at(2020), 'registrationFee').amount).toBe(15_000_000);
    expect(line(at(2020), 'transferFee').amount).toBe(50_000);
  });

  it('picks the insurance tier of the seat count and adds VAT as the buyer pays it', () => {
    expect(insurancePremium(S, 4)).toBe(437_000);
    expect(insuranceFee(S, 4)).toBe(480_700);
    expect(insuranceFee(S, 7)).toBe(873_400);
    expect(insuranceFee(S, 16)).toBe(1_397_000);
    expect(insuranceFee(S, 45)).toBe(1_397_000);
    expect(line(cx5(2022, { seats: 7 }), 'insurance')).toMatchObject({
      amount: 873_400,
      basis: '1 năm, xe 7 chỗ không kinh doanh vận tải: 794.000 VNĐ + 10% VAT',
    });
  });
});

describe("what the car's papers show still valid is not charged", () => {
  const papers = (registrationUntil: string | null, liabilityInsuranceUntil: string | null) => ({
    papers: { registrationUntil, liabilityInsuranceUntil },
  });

  it('charges nothing for inspection, road fee and insurance valid past the sale day, and says until when', () => {
    const full = cx5(2022);
    const c = cx5(2022, papers('2027-05-12', '2027-03-01'));
    for (const key of ['inspectionFee', 'roadFee']) {
      expect(line(c, key)).toMatchObject({ amount: 0, validUntil: '2027-05-12' });
      expect(line(c, key).basis).toBe('Giấy tờ của xe còn hạn đến 12/05/2027: người mua chưa phải nộp');
    }
    expect(line(c, 'insurance')).toMatchObject({ amount: 0, validUntil: '2027-03-01' });
    expect(validUntilText('2027-03-01')).toBe('còn hạn đến 01/03/2027');
    expect(c.fees).toBe(full.fees - 340_000 - 1_560_000 - 480_700);
    expect(c.total).toBe(700_000_000 + c.fees);
  });

  it('charges what has lapsed or is unknown, and counts the sale day itself as valid', () => {
    // Sale on 15/06/2026 (Asia/Ho_Chi_Minh).
    const c = cx5(2022, papers('2026-06-14', null));
    expect(line(c, 'inspectionFee')).toMatchObject({ amount: 340_000 });
    expect(line(c, 'inspectionFee').validUntil).toBeUndefined();
    expect(line(c, 'insurance').amount).toBe(480_700);
    const sameDay = cx5(2022, papers('2026-06-15', '2026-06-15'));
    expect(line(sameDay, 'roadFee')).toMatchObject({ amount: 0, validUntil: '2026-06-15' });
    expect(line(sameDay, 'insurance').amount).toBe(0);
    expect(cx5(2022, { papers: null }).fees).toBe(cx5(2022).fees);
  });
});

describe('VAT on the compulsory insurance', () => {
  it('is 10% on top of the premium of the settings table', () => {
    expect(INSURANCE_VAT_RATE).toBe(0.1);
    expect(insuranceFee(S, 5)).toBe(Math.round(insurancePremium(S, 5) * 1.1));
  });
});
