import type { BodyType, Fuel, Origin, Transmission } from '../../../contract/cars';
import { vnWall } from '../../../contract/vn-time';
import { CAR_TEMPLATES, type Rng, rng } from './demo-cars-data';

/**
 * A believable used-car market: listings as Vietnamese sites and dealers' price lists show them, for
 * the demo showroom's imported price list and for the valuation benchmark. Prices follow how cars
 * lose value here: a drop when first sold on, then a yearly rate that depends on the brand and the body
 * (Toyota and pickups hold, VinFast petrol cars and premium sedans fall fast), a cost per kilometre,
 * and the spread of real listings (dealer or private seller, condition nobody lists, the odd typo).
 */
export interface MarketVariant {
  brand: string;
  model: string;
  version: string;
  bodyType: BodyType;
  fuel: Fuel;
  transmission: Transmission;
  origin: Origin;
  newPrice: number;
  years: [number, number];
  /** How often it is listed, relative. */
  popularity: number;
}

/** Versions the market lists besides the demo stock's templates: [brand, model, version, body, fuel, gearbox, origin, new price (millions), years, popularity]. */
const EXTRA: [
  string,
  string,
  string,
  BodyType,
  Fuel,
  Transmission,
  Origin,
  number,
  [number, number],
  number,
][] = [
  ['Toyota', 'Vios', '1.5E CVT', 'SEDAN', 'PETROL', 'AUTOMATIC', 'DOMESTIC', 520, [2016, 2023], 3],
  ['Toyota', 'Innova', '2.0G', 'MPV', 'PETROL', 'AUTOMATIC', 'DOMESTIC', 865, [2016, 2022], 1.5],
  ['Toyota', 'Fortuner', '2.8 4x4 AT', 'SUV', 'DIESEL', 'AUTOMATIC', 'IMPORTED', 1400, [2017, 2023], 1],
  ['Toyota', 'Corolla Altis', '1.8G', 'SEDAN', 'PETROL', 'AUTOMATIC', 'DOMESTIC', 763, [2015, 2021], 1.5],
  ['Toyota', 'Wigo', '1.2 AT', 'HATCHBACK', 'PETROL', 'AUTOMATIC', 'IMPORTED', 405, [2018, 2023], 1.5],
  ['Toyota', 'Raize', '1.0 Turbo', 'CROSSOVER', 'PETROL', 'AUTOMATIC', 'IMPORTED', 552, [2021, 2024], 1.5],
  ['Toyota', 'Veloz', 'Cross CVT', 'MPV', 'PETROL', 'AUTOMATIC', 'IMPORTED', 698, [2022, 2024], 1],
  ['Honda', 'City', 'G', 'SEDAN', 'PETROL', 'AUTOMATIC', 'DOMESTIC', 559, [2017, 2023], 2],
  ['Honda', 'CR-V', 'G', 'SUV', 'PETROL', 'AUTOMATIC', 'DOMESTIC', 1048, [2018, 2023], 1],
  ['Honda', 'Civic', 'G', 'SEDAN', 'PETROL', 'AUTOMATIC', 'IMPORTED', 770, [2017, 2023], 1],
  ['Hyundai', 'Accent', '1.4 MT', 'SEDAN', 'PETROL', 'MANUAL', 'DOMESTIC', 430, [2018, 2023], 2],
  ['Hyundai', 'Grand i10', '1.2 MT', 'HATCHBACK', 'PETROL', 'MANUAL', 'DOMESTIC', 360, [2017, 2023], 2],
  ['Hyundai', 'Elantra', '1.6 AT', 'SEDAN', 'PETROL', 'AUTOMATIC', 'DOMESTIC', 655, [2016, 2022], 1],
  ['Hyundai', 'Kona', '2.0 Đặc biệt', 'CROSSOVER', 'PETROL', 'AUTOMATIC', 'DOMESTIC', 699, [2018, 2022], 1],
  ['Kia', 'Morning', '1.25 MT', 'HATCHBACK', 'PETROL', 'MANUAL', 'DOMESTIC', 350, [2016, 2022], 1.5],
  ['Kia', 'K3', 'Cerato 1.6 AT Deluxe', 'SEDAN', 'PETROL', 'AUTOMATIC', 'DOMESTIC', 589, [2016, 2018], 1],
  ['Kia', 'Seltos', '1.4 Turbo Deluxe', 'CROSSOVER', 'PETROL', 'AUTOMATIC', 'DOMESTIC', 659, [2020, 2024], 1],
  ['Kia', 'Sportage', '2.0G Premium', 'CROSSOVER', 'PETROL', 'AUTOMATIC', 'DOMESTIC', 999, [2022, 2024], 0.6],
  ['Mazda', 'CX-5', '2.5 Signature', 'CROSSOVER', 'PETROL', 'AUTOMATIC', 'DOMESTIC', 1100, [2018, 2024], 1],
  ['Mazda', 'Mazda6', '2.0 Premium', 'SEDAN', 'PETROL', 'AUTOMATIC', 'DOMESTIC', 899, [2017, 2022], 0.7],
  ['Ford', 'Ranger', 'XLT 2.0 AT', 'PICKUP', 'DIESEL', 'AUTOMATIC', 'IMPORTED', 830, [2018, 2023], 1],
  ['Mitsubishi', 'Xpander', '1.5 MT', 'MPV', 'PETROL', 'MANUAL', 'IMPORTED', 555, [2019, 2023], 1],
  [
    'VinFast',
    'VF e34',
    'Tiêu chuẩn',
    'CROSSOVER',
    'ELECTRIC',
    'AUTOMATIC',
    'DOMESTIC',
    690,
    [2021, 2023],
    0.6,
  ],
  ['Suzuki', 'Ciaz', '1.4 AT', 'SEDAN', 'PETROL', 'AUTOMATIC', 'IMPORTED', 529, [2019, 2022], 0.4],
  ['Chevrolet', 'Cruze', 'LTZ 1.8', 'SEDAN', 'PETROL', 'AUTOMATIC', 'DOMESTIC', 699, [2015, 2018], 0.5],
  ['Nissan', 'Sunny', 'XV Premium', 'SEDAN', 'PETROL', 'AUTOMATIC', 'DOMESTIC', 518, [2018, 2021], 0.4],
  [
    'Mercedes-Benz',
    'E-Class',
    'E200 Exclusive',
    'SEDAN',
    'PETROL',
    'AUTOMATIC',
    'DOMESTIC',
    2310,
    [2019, 2023],
    0.5,
  ],
  ['BMW', '5 Series', '520i Luxury', 'SEDAN', 'PETROL', 'AUTOMATIC', 'DOMESTIC', 2499, [2019, 2023], 0.3],
  ['Audi', 'Q5', '45 TFSI quattro', 'SUV', 'PETROL', 'AUTOMATIC', 'IMPORTED', 2500, [2018, 2022], 0.2],
  ['Lexus', 'ES', 'ES 250', 'SEDAN', 'PETROL', 'AUTOMATIC', 'IMPORTED', 2620, [2018, 2023], 0.3],
  ['Porsche', 'Macan', '2.0', 'SUV', 'PETROL', 'AUTOMATIC', 'IMPORTED', 3200, [2018, 2022], 0.15],
  ['Peugeot', '3008', 'AL', 'CROSSOVER', 'PETROL', 'AUTOMATIC', 'DOMESTIC', 1199, [2018, 2023], 0.6],
  ['MG', 'ZS', '1.5 Luxury', 'CROSSOVER', 'PETROL', 'AUTOMATIC', 'IMPORTED', 569, [2020, 2023], 0.5],
  ['MG', 'MG5', '1.5 Luxury', 'SEDAN', 'PETROL', 'AUTOMATIC', 'IMPORTED', 523, [2021, 2024], 0.5],
  ['Subaru', 'Forester', '2.0i-L', 'CROSSOVER', 'PETROL', 'AUTOMATIC', 'IMPORTED', 969, [2019, 2023], 0.3],
  ['Volkswagen', 'Tiguan', 'Luxury S', 'SUV', 'PETROL', 'AUTOMATIC', 'IMPORTED', 1699, [2018, 2023], 0.2],
  ['Isuzu', 'D-Max', '1.9 AT', 'PICKUP', 'DIESEL', 'AUTOMATIC', 'IMPORTED', 650, [2018, 2023], 0.3],
];

/** Every version the generator lists: the demo stock's templates and the extras above. */
export const MARKET_VARIANTS: MarketVariant[] = [
  ...CAR_TEMPLATES.map((t) => ({
    brand: t.brand,
    model: t.model,
    version: t.version,
    bodyType: t.bodyType,
    fuel: t.fuel,
    transmission: t.transmission,
    origin: t.origin,
    newPrice: t.newPrice,
    years: t.years,
    popularity: (t.weight ?? 1) * (t.tier === 0 ? 2.5 : t.tier === 1 ? 1.2 : 0.5),
  })),
  ...EXTRA.map(([brand, model, version, bodyType, fuel, transmission, origin, m, years, popularity]) => ({
    brand,
    model,
    version,
    bodyType,
    fuel,
    transmission,
    origin,
    newPrice: m * 1_000_000,
    years,
    popularity,
  })),
];

/** What a car keeps of its value each year, by brand (then nudged by body and fuel). */
const RETENTION: Record<string, number> = {
  Toyota: 0.915,
  Lexus: 0.905,
  Honda: 0.9,
  Mazda: 0.885,
  Mitsubishi: 0.895,
  Ford: 0.89,
  Hyundai: 0.88,
  Kia: 0.875,
  Suzuki: 0.89,
  Nissan: 0.87,
  Peugeot: 0.86,
  VinFast: 0.82,
  'Mercedes-Benz': 0.86,
  BMW: 0.85,
  Audi: 0.85,
  Porsche: 0.885,
  Chevrolet: 0.84,
  MG: 0.83,
  Subaru: 0.87,
  Volkswagen: 0.86,
  Isuzu: 0.89,
};

export function retentionOf(v: Pick<MarketVariant, 'brand' | 'bodyType' | 'fuel'>): number {
  let r = RETENTION[v.brand] ?? 0.87;
  if (v.bodyType === 'PICKUP') r += 0.01;
  if (v.fuel === 'DIESEL' && v.bodyType === 'SUV') r += 0.005;
  if (v.brand === 'VinFast' && v.fuel === 'ELECTRIC') r += 0.03;
  if (v.bodyType === 'CONVERTIBLE' || v.bodyType === 'COUPE') r -= 0.015;
  return r;
}

const PROVINCES = [
  'TP.HCM',
  'TP.HCM',
  'TP.HCM',
  'Hà Nội',
  'Hà Nội',
  'Hà Nội',
  'Đà Nẵng',
  'Bình Dương',
  'Đồng Nai',
  'Cần Thơ',
  'Hải Phòng',
  'Khánh Hòa',
];
const SOURCES = ['Đại lý', 'Đại lý', 'Cá nhân', 'Cá nhân', 'Cá nhân', 'Showroom đối tác'];
const DAY = 86_400_000;
const YEAR = 365.25 * DAY;

export interface Listing {
  variant: MarketVariant;
  year: number;
  odo: number;
  price: number;
  province: string;
  source: string;
  /** yyyy-mm-dd */
  listedOn: string;
}

function normal(r: Rng): number {
  const u = Math.max(1e-12, r.next());
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * r.next());
}

function pickVariant(r: Rng, variants: MarketVariant[], total: number): MarketVariant {
  let x = r.next() * total;
  for (const v of variants) {
    x -= v.popularity;
    if (x <= 0) return v;
  }
  return variants[variants.length - 1];
}

/**
 * `count` listings seen over the `months` before `now`. The price of one: its new price, about 10 %
 * lost when first sold on, the variant's yearly retention (slowing a little with age), 0,65 % per
 * 10.000 km, a market drifting down 0,3 % a month (older listings asked more), then a seller's margin
 * (dealers ask more), a condition nobody lists (5,5 % spread) and 3 % of listings far off (typos,
 * damaged cars, bait prices); rounded as people write prices.
 */
export function generateListings(
  count: number,
  opts: { seed?: number; now?: Date; months?: number } = {},
): Listing[] {
  const r = rng(opts.seed ?? 20_260_315);
  const now = (opts.now ?? new Date()).getTime();
  const months = opts.months ?? 12;
  const currentYear = new Date(now).getUTCFullYear();
  const variants = MARKET_VARIANTS.filter((v) => v.years[0] <= currentYear);
  const total = variants.reduce((s, v) => s + v.popularity, 0);
  const out: Listing[] = [];
  for (let i = 0; i < count; i++) {
    const v = pickVariant(r, variants, total);
    const seenAt = now - r.next() * months * 30.44 * DAY;
    const seenYear = new Date(seenAt).getUTCFullYear();
    const last = Math.min(v.years[1], seenYear);
    const year = r.int(Math.min(v.years[0], last), last);
    const age = Math.max(0.05, (seenAt - Date.UTC(year, 6, 1)) / YEAR);
    const perYear = Math.exp(Math.log(r.chance(0.06) ? 38_000 : 14_000) + 0.35 * normal(r));
    const odo = Math.max(300, Math.round((age * perYear) / 100) * 100);
    const ret = retentionOf(v);
    let price =
      v.newPrice * 0.9 * ret ** age * Math.exp(0.004 * age * age) * Math.exp(-0.0065 * (odo / 10_000));
    price *= 1 + 0.003 * ((now - seenAt) / (30.44 * DAY));
    const source = r.pick(SOURCES);
    price *= source === 'Cá nhân' ? 0.98 : 1.025;
    price *= Math.exp(0.055 * normal(r));
    if (r.chance(0.03)) price *= r.chance(0.5) ? 1 + 0.15 + r.next() * 0.15 : 1 - 0.15 - r.next() * 0.15;
    const step = price >= 500_000_000 ? 5_000_000 : 1_000_000;
    out.push({
      variant: v,
      year,
      odo,
      price: Math.max(50_000_000, Math.round(price / step) * step),
      province: r.pick(PROVINCES),
      source,
      listedOn: vnWall(seenAt).toISOString().slice(0, 10),
    });
  }
  return out;
}

const thousands = (n: number, sep = '.') => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, sep);

/** A price as a listing writes it: "2 Tỷ 90 Triệu", "890 triệu", "210.000.000 đ", "1,25 tỷ" or digits. */
export function priceText(r: Rng, vnd: number): string {
  const m = Math.round(vnd / 1_000_000);
  const style = r.int(0, 4);
  if (style === 0 && m >= 1000)
    return m % 1000 ? `${Math.floor(m / 1000)} Tỷ ${m % 1000} Triệu` : `${m / 1000} Tỷ`;
  if (style === 1 || m < 1000) return r.chance(0.5) ? `${m} triệu` : `${thousands(vnd)} đ`;
  if (style === 2) return `${String(m / 1000).replace('.', ',')} tỷ`;
  if (style === 3) return `${thousands(vnd)} đ`;
  return String(vnd);
}

/** Kilometres as listings write them: "45.000", "45,000 Km" or "45000". */
export function kmText(r: Rng, km: number): string {
  const style = r.int(0, 2);
  return style === 0 ? thousands(km) : style === 1 ? `${thousands(km, ',')} Km` : String(km);
}

/** A listing's title: brand, model, version and year, sometimes without the brand or after "Bán xe". */
export function titleOf(r: Rng, l: Listing): string {
  const v = l.variant;
  const byVersion = ['Mercedes-Benz', 'BMW', 'Lexus'].includes(v.brand) && /\d/.test(v.version);
  const model = v.model.startsWith(v.brand) ? v.model.slice(v.brand.length).trim() : v.model;
  const parts = byVersion ? [v.brand, v.version] : [v.brand, model, v.version];
  if (!byVersion && r.chance(0.1) && !/^\d/.test(model)) parts.shift();
  const title = `${parts.filter(Boolean).join(' ')} ${l.year}`;
  return r.chance(0.1) ? `Bán xe ${title}` : title;
}

const quote = (s: string) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

/** The listings as a CSV in the import format (Vietnamese headers, the usual ways of writing prices and km). */
export function listingsCsv(listings: Listing[], seed = 7): string {
  const r = rng(seed);
  const lines = ['Tên xe,Năm sản xuất,Số km,Giá,Hộp số,Nhiên liệu,Kiểu dáng,Tỉnh/thành,Nguồn,Ngày đăng'];
  for (const l of listings) {
    const v = l.variant;
    lines.push(
      [
        titleOf(r, l),
        String(l.year),
        kmText(r, l.odo),
        priceText(r, l.price),
        v.transmission === 'MANUAL' ? 'Số sàn' : 'Số tự động',
        { PETROL: 'Xăng', DIESEL: 'Dầu', HYBRID: 'Hybrid', ELECTRIC: 'Điện' }[v.fuel],
        v.bodyType === 'PICKUP' ? 'Bán tải' : v.bodyType.charAt(0) + v.bodyType.slice(1).toLowerCase(),
        l.province,
        l.source,
        `${l.listedOn.slice(8, 10)}/${l.listedOn.slice(5, 7)}/${l.listedOn.slice(0, 4)}`,
      ]
        .map(quote)
        .join(','),
    );
  }
  return `${lines.join('\n')}\n`;
}
