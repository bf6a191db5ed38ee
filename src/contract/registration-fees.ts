import { z } from 'zod';
import { requiredText, text } from './common';
import { type OfficialPrice, officialKey, type RemainingQualityBand } from './registration-fee-rules';

// The rules and defaults live without zod (the public car page's calculator imports them).
export * from './registration-fee-rules';

/**
 * The rules behind the registration fee (lệ phí trước bạ) of a used car bought in Vietnam, kept apart
 * from the calculator so the settings schema and the calculator read the same definitions.
 *
 * Value for fee purposes of a used car = the official price of the model (bảng giá tính lệ phí trước bạ
 * of the Ministry of Finance) × the remaining-quality rate for its age (Thông tư 13/2022/TT-BTC guiding
 * Nghị định 10/2022/NĐ-CP). A used car's second and later registration pays 2% of that value anywhere
 * in the country. docs/inventory.md, "Giá lăn bánh xe đã qua sử dụng", gives the sources and examples.
 */

export const ratio = (label: string) =>
  z.coerce
    .number({ message: `${label} không hợp lệ` })
    .min(0, { message: `${label} không được âm` })
    .max(1, { message: `${label} không được vượt quá 100%` });

/** One age band: a car used up to `maxAge` years (and above the previous band) keeps `rate` of its value. */
export const remainingQualityBandSchema = z.object({
  maxAge: z.coerce
    .number({ message: 'Số năm sử dụng không hợp lệ' })
    .int({ message: 'Số năm sử dụng phải là số nguyên' })
    .min(0, { message: 'Số năm sử dụng không được âm' })
    .max(50, { message: 'Số năm sử dụng tối đa 50' }),
  rate: ratio('Tỷ lệ chất lượng còn lại'),
}) satisfies z.ZodType<RemainingQualityBand>;

export const remainingQualityBandsSchema = z
  .array(remainingQualityBandSchema)
  .min(1, { message: 'Cần ít nhất một mức tỷ lệ chất lượng còn lại' })
  .max(12, { message: 'Tối đa 12 mức tỷ lệ chất lượng còn lại' })
  .superRefine((bands, ctx) => {
    for (let i = 1; i < bands.length; i++) {
      if (bands[i].maxAge <= bands[i - 1].maxAge) {
        ctx.addIssue({
          code: 'custom',
          path: [i, 'maxAge'],
          message: 'Các mức tỷ lệ chất lượng còn lại phải xếp theo số năm tăng dần, không trùng nhau',
        });
      }
    }
  });

/** A row of the showroom's copy of the official price table (giá tính lệ phí trước bạ), VND. */
export const officialPriceSchema = z.object({
  brand: requiredText('Hãng xe', 60),
  model: requiredText('Dòng xe', 80),
  /** Empty: the price holds for every version of the model without a row of its own. */
  version: text('Phiên bản', 120).default(''),
  price: z.coerce
    .number({ message: 'Giá tính lệ phí trước bạ không hợp lệ' })
    .int({ message: 'Giá tính lệ phí trước bạ phải là số nguyên' })
    .min(1_000_000, { message: 'Giá tính lệ phí trước bạ tối thiểu 1.000.000 đ' })
    .max(100_000_000_000, { message: 'Giá tính lệ phí trước bạ quá lớn' }),
}) satisfies z.ZodType<OfficialPrice>;

export const officialPricesSchema = z
  .array(officialPriceSchema)
  .max(2000, { message: 'Bảng giá tính lệ phí trước bạ tối đa 2000 dòng' })
  .superRefine((rows, ctx) => {
    const seen = new Map<string, number>();
    rows.forEach((row, i) => {
      const key = officialKey(row);
      const first = seen.get(key);
      if (first !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: [i, 'version'],
          message: `Dòng ${i + 1} trùng hãng, dòng xe và phiên bản với dòng ${first + 1}`,
        });
      } else seen.set(key, i);
    });
  });
