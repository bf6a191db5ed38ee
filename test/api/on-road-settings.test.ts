import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onRoadCost } from '../../src/contract/car-costs';
import { type CarCalculations, DEFAULT_CAR_CALCULATIONS } from '../../src/contract/web-config';
import { auditLog, webConfiguration } from '../../src/server/db/schema';
import { startTestApp, type TestApp } from '../helpers/app';

// The settings behind the used-car on-road price: bands, transfer fee and the official price table.

let t: TestApp;
let editor: { id: number; token: string };
beforeAll(async () => {
  t = await startTestApp();
  editor = await t.createStaff(['WEB_CONFIG']);
});
afterAll(() => t.close());

const put = (carCalculations: unknown, token = editor.token) =>
  t.call('PUT', '/api/web-configuration', { token, body: { carCalculations } });
const calculations = async () =>
  (await t.call('GET', '/api/web-configuration/car-calculations')).json as CarCalculations;

describe('used-car fee settings', () => {
  it('start at the regulation figures with an empty official price table', async () => {
    const c = await calculations();
    expect(c.registrationFeeRate).toBe(0.02);
    expect(c.remainingQualityBands).toEqual([
      { maxAge: 1, rate: 0.9 },
      { maxAge: 3, rate: 0.7 },
      { maxAge: 6, rate: 0.5 },
      { maxAge: 10, rate: 0.3 },
    ]);
    expect(c.remainingQualityBeyond).toBe(0.2);
    expect(c.transferFee).toBe(150_000);
    expect(c.officialPrices).toEqual([]);
    expect(c).not.toHaveProperty('plateFees');
  });

  it('round-trip edited bands, transfer fee and official prices, audited, and the calculator follows', async () => {
    const calc: CarCalculations = {
      ...DEFAULT_CAR_CALCULATIONS,
      remainingQualityBands: [
        { maxAge: 2, rate: 0.85 },
        { maxAge: 8, rate: 0.4 },
      ],
      remainingQualityBeyond: 0.1,
      transferFee: 50_000,
      officialPrices: [
        { brand: 'Mazda', model: 'CX-5', version: '2.0 Premium', price: 820_000_000 },
        { brand: 'Toyota', model: 'Vios', version: '', price: 545_000_000 },
      ],
    };
    const res = await put(calc);
    expect(res.status).toBe(200);
    expect(res.json.carCalculations).toEqual(calc);
    const read = await calculations();
    expect(read).toEqual(calc);
    // The document every page reads leaves the table out; the calculator's own call has it.
    const pub = (await t.call('GET', '/api/web-configuration')).json;
    expect(pub.carCalculations.transferFee).toBe(50_000);
    expect(pub.carCalculations).not.toHaveProperty('officialPrices');
    const audits = await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, 'web_configuration'))
      .orderBy(auditLog.id);
    const audit = audits[audits.length - 1];
    expect(audit.userId).toBe(editor.id);
    expect(JSON.stringify(audit.after)).toContain('"transferFee":50000');

    const cost = onRoadCost(read, {
      price: 700_000_000,
      seats: 5,
      year: 2022,
      brand: 'Mazda',
      model: 'CX-5',
      version: '2.0 Premium',
      saleDate: '2026-03-01',
    });
    // 4 years: the second band, 40% of 820 million, at 2%.
    expect(cost.lines.find((l) => l.key === 'registrationFee')?.amount).toBe(6_560_000);
    expect(cost.lines.find((l) => l.key === 'transferFee')?.amount).toBe(50_000);

    // Trimmed on the way in, version optional.
    const trimmed = await put({
      ...calc,
      officialPrices: [{ brand: '  Kia ', model: ' Morning ', price: '439000000' }],
    });
    expect(trimmed.status).toBe(200);
    expect(trimmed.json.carCalculations.officialPrices).toEqual([
      { brand: 'Kia', model: 'Morning', version: '', price: 439_000_000 },
    ]);
  });

  it('refuse bad rates and rows with a Vietnamese message and 400, changing nothing', async () => {
    const before = await calculations();
    const D = DEFAULT_CAR_CALCULATIONS;
    const row = { brand: 'Mazda', model: 'CX-5', version: '', price: 820_000_000 };
    const cases: [unknown, string][] = [
      [
        { ...D, remainingQualityBands: [{ maxAge: 1, rate: 1.5 }] },
        'Tỷ lệ chất lượng còn lại không được vượt quá 100%',
      ],
      [
        { ...D, remainingQualityBands: [{ maxAge: 1, rate: -0.1 }] },
        'Tỷ lệ chất lượng còn lại không được âm',
      ],
      [
        { ...D, remainingQualityBands: [{ maxAge: 1, rate: 'abc' }] },
        'Tỷ lệ chất lượng còn lại không hợp lệ',
      ],
      [{ ...D, remainingQualityBands: [] }, 'Cần ít nhất một mức tỷ lệ chất lượng còn lại'],
      [{ ...D, remainingQualityBands: [{ maxAge: 1.5, rate: 0.9 }] }, 'Số năm sử dụng phải là số nguyên'],
      [
        {
          ...D,
          remainingQualityBands: [
            { maxAge: 3, rate: 0.7 },
            { maxAge: 3, rate: 0.5 },
          ],
        },
        'Các mức tỷ lệ chất lượng còn lại phải xếp theo số năm tăng dần, không trùng nhau',
      ],
      [
        { ...D, remainingQualityBeyond: 2 },
        'Tỷ lệ chất lượng còn lại của xe quá mức cuối không được vượt quá 100%',
      ],
      [{ ...D, registrationFeeRate: 0.5 }, 'Lệ phí trước bạ không hợp lệ'],
      [{ ...D, transferFee: -50_000 }, 'Lệ phí đăng ký sang tên không được âm'],
      [{ ...D, transferFee: 'năm chục' }, 'Lệ phí đăng ký sang tên không hợp lệ'],
      [{ ...D, officialPrices: [{ ...row, brand: '' }] }, 'Vui lòng nhập hãng xe'],
      [{ ...D, officialPrices: [{ ...row, model: ' ' }] }, 'Vui lòng nhập dòng xe'],
      [{ ...D, officialPrices: [{ ...row, price: 0 }] }, 'Giá tính lệ phí trước bạ tối thiểu 1.000.000 đ'],
      [
        { ...D, officialPrices: [row, { ...row, brand: 'mazda', model: 'cx5' }] },
        'Dòng 2 trùng hãng, dòng xe và phiên bản với dòng 1',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await put(body);
      expect(res.status, message).toBe(400);
      expect(res.json.message, message).toBe(message);
    }
    expect(await calculations()).toEqual(before);
  });

  it('answer 401 and 403 to a change without WEB_CONFIG', async () => {
    expect((await put(DEFAULT_CAR_CALCULATIONS, '')).status).toBe(401);
    const other = await t.createStaff(['MANAGE_CAR']);
    expect((await put(DEFAULT_CAR_CALCULATIONS, other.token)).status).toBe(403);
  });

  it('load an old stored document (plate fees, no bands): new fields take their defaults', async () => {
    const old = {
      showroomName: 'AutoViet',
      carCalculations: {
        registrationFeeRate: 0.02,
        plateFees: { hanoi: 20_000_000, hcm: 20_000_000, city: 1_000_000, other: 200_000 },
        inspectionFee: 340_000,
        roadFeePerYear: 1_560_000,
        insuranceBySeats: [{ maxSeats: 5, fee: 437_000 }],
        loanInterestRate: 0.08,
        maxLoanRatio: 0.7,
        maxTermMonths: 84,
      },
    };
    await t.ctx.db.update(webConfiguration).set({ data: old }).where(eq(webConfiguration.id, 1));
    const c = await calculations();
    expect(c).toEqual({
      ...DEFAULT_CAR_CALCULATIONS,
      insuranceBySeats: [{ maxSeats: 5, fee: 437_000 }],
      loanInterestRate: 0.08,
      maxTermMonths: 84,
    });
    // And it saves again in the new shape.
    const res = await t.call('PUT', '/api/web-configuration', {
      token: editor.token,
      body: { showroomName: 'AutoViet Sài Gòn' },
    });
    expect(res.status).toBe(200);
    expect(res.json.carCalculations.transferFee).toBe(150_000);
    expect(res.json.carCalculations).not.toHaveProperty('plateFees');
  });
});
