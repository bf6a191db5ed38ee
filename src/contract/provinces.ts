// ---------------------------------------------------------------------------------------------------
// Provinces (34 province-level units since 1 July 2025) and their plate-fee area
// ---------------------------------------------------------------------------------------------------

/** Plate-fee areas of a first registration: Hà Nội, TP.HCM, other centrally-run cities, elsewhere. */
export const PLATE_AREAS = ['hanoi', 'hcm', 'city', 'other'] as const;
export type PlateArea = (typeof PLATE_AREAS)[number];
export const PLATE_AREA_LABELS: Record<PlateArea, string> = {
  hanoi: 'Hà Nội',
  hcm: 'TP. Hồ Chí Minh',
  city: 'Thành phố trực thuộc trung ương khác',
  other: 'Tỉnh khác',
};

export interface Province {
  code: string;
  name: string;
  area: PlateArea;
}

const cities: Province[] = [
  { code: 'HN', name: 'Hà Nội', area: 'hanoi' },
  { code: 'HCM', name: 'TP. Hồ Chí Minh', area: 'hcm' },
  { code: 'HP', name: 'Hải Phòng', area: 'city' },
  { code: 'DN', name: 'Đà Nẵng', area: 'city' },
  { code: 'CT', name: 'Cần Thơ', area: 'city' },
  { code: 'HUE', name: 'Huế', area: 'city' },
];

const provinceNames: [string, string][] = [
  ['AG', 'An Giang'],
  ['BN', 'Bắc Ninh'],
  ['CM', 'Cà Mau'],
  ['CB', 'Cao Bằng'],
  ['DL', 'Đắk Lắk'],
  ['DB', 'Điện Biên'],
  ['DNA', 'Đồng Nai'],
  ['DT', 'Đồng Tháp'],
  ['GL', 'Gia Lai'],
  ['HT', 'Hà Tĩnh'],
  ['HY', 'Hưng Yên'],
  ['KH', 'Khánh Hòa'],
  ['LC', 'Lai Châu'],
  ['LD', 'Lâm Đồng'],
  ['LS', 'Lạng Sơn'],
  ['LCA', 'Lào Cai'],
  ['NA', 'Nghệ An'],
  ['NB', 'Ninh Bình'],
  ['PT', 'Phú Thọ'],
  ['QNG', 'Quảng Ngãi'],
  ['QN', 'Quảng Ninh'],
  ['QT', 'Quảng Trị'],
  ['SL', 'Sơn La'],
  ['TN', 'Tây Ninh'],
  ['TNG', 'Thái Nguyên'],
  ['TH', 'Thanh Hóa'],
  ['TQ', 'Tuyên Quang'],
  ['VL', 'Vĩnh Long'],
];

/** Hà Nội and TP.HCM first, then the other cities, then provinces alphabetically (for a select box). */
export const PROVINCES: readonly Province[] = [
  ...cities,
  ...provinceNames.map(([code, name]) => ({ code, name, area: 'other' as const })),
];

export function findProvince(code: string): Province | undefined {
  return PROVINCES.find((p) => p.code === code);
}
