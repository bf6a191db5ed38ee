/**
 * The makers' usual new-car warranty in Vietnam ("bảo hành hãng"), as the advisor may quote it: always
 * as "thông thường" and "cần kiểm tra lại với hãng", never as a promise. A car's real cover depends on
 * the day it was first delivered (the warranty is activated then, by VIN), on its servicing at the
 * maker's dealers, and on the model; the dealer checks it by the chassis number.
 *
 * Sources: the warranty pages the makers' Vietnamese distributors publish (toyota.com.vn, honda.com.vn,
 * ford.com.vn, mitsubishi-motors.com.vn, hyundai.thanhcong.vn, kia.com.vn and mazdamotors.vn by THACO,
 * suzuki.com.vn, vinfastauto.com, mercedes-benz.com.vn, bmw.vn, nissan.com.vn, isuzu-vietnam.com), as
 * published up to 2024 and not re-read since (the servers running this code have no internet). Where a
 * maker gave some models or recent years longer terms, the shorter, older terms are the ones stated and
 * the longer ones are only mentioned: the advisor errs towards telling a buyer to check. A brand absent
 * from this table is answered as unknown, never guessed.
 */

export interface WarrantyTerms {
  /** Years from the first delivery. */
  years: number;
  /** The distance limit, whichever comes first; null: no limit. */
  km: number | null;
}

export interface BrandWarranty {
  brand: string;
  /** compactFold keys of the brand as stored. */
  keys: string[];
  terms: WarrantyTerms;
  /** Models with their own terms (compactFold keys of the model name). */
  models?: { keys: string[]; terms: WarrantyTerms }[];
  /** Said beside the terms: longer cover some models or recent years had. */
  note?: string;
}

const THREE_100K: WarrantyTerms = { years: 3, km: 100_000 };

export const FACTORY_WARRANTY: BrandWarranty[] = [
  { brand: 'Toyota', keys: ['toyota'], terms: THREE_100K },
  { brand: 'Honda', keys: ['honda'], terms: THREE_100K },
  { brand: 'Ford', keys: ['ford'], terms: THREE_100K },
  { brand: 'Nissan', keys: ['nissan'], terms: THREE_100K },
  { brand: 'Isuzu', keys: ['isuzu'], terms: THREE_100K },
  { brand: 'Suzuki', keys: ['suzuki'], terms: THREE_100K },
  {
    brand: 'Mitsubishi',
    keys: ['mitsubishi'],
    terms: THREE_100K,
    note: 'một số mẫu đời mới được hãng bảo hành dài hơn',
  },
  {
    brand: 'Hyundai',
    keys: ['hyundai'],
    terms: THREE_100K,
    note: 'một số mẫu và đời xe gần đây được bảo hành 5 năm không giới hạn km',
  },
  {
    brand: 'Kia',
    keys: ['kia'],
    terms: THREE_100K,
    note: 'một số mẫu đời mới được bảo hành 5 năm hoặc 150.000 km',
  },
  {
    brand: 'Mazda',
    keys: ['mazda'],
    terms: THREE_100K,
    note: 'xe bán ra những năm gần đây được bảo hành 5 năm hoặc 150.000 km',
  },
  { brand: 'Mercedes-Benz', keys: ['mercedesbenz', 'mercedes'], terms: { years: 3, km: null } },
  { brand: 'BMW', keys: ['bmw'], terms: { years: 3, km: null } },
  {
    brand: 'VinFast',
    keys: ['vinfast'],
    terms: THREE_100K,
    models: [
      { keys: ['fadil'], terms: THREE_100K },
      { keys: ['luxa20', 'luxsa20', 'luxa', 'luxsa'], terms: { years: 5, km: 165_000 } },
      { keys: ['vfe34', 'vf8', 'vf9'], terms: { years: 10, km: 200_000 } },
      { keys: ['vf3', 'vf5', 'vf6', 'vf7'], terms: { years: 7, km: 160_000 } },
    ],
  },
];
