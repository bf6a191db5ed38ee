import type { CarData } from '../../../contract/cars';
import { MAZDA_TO_VINFAST } from './car-templates/mazda-ford-mitsubishi-vinfast';
import { PREMIUM_AND_OTHERS } from './car-templates/premium-and-others';
import type { CarTemplate } from './car-templates/template';
import { TOYOTA_TO_KIA } from './car-templates/toyota-honda-hyundai-kia';

export type { CarTemplate } from './car-templates/template';

/**
 * Models sold in Vietnam with their price when new (VND) and the years they are found used, from which
 * the demo showroom and the benchmark generator draw believable cars, in a fixed order: the seeded
 * generator walks it, so the demo showroom comes out the same on every machine.
 */
export const CAR_TEMPLATES: CarTemplate[] = [...TOYOTA_TO_KIA, ...MAZDA_TO_VINFAST, ...PREMIUM_AND_OTHERS];

export const INTERIOR_COLORS = ['Đen', 'Be', 'Nâu', 'Kem', 'Xám'];

export const PLATE_REGIONS = [
  'TP.HCM',
  'TP.HCM',
  'TP.HCM',
  'Hà Nội',
  'Hà Nội',
  'Đồng Nai',
  'Bình Dương',
  'Đà Nẵng',
  'Cần Thơ',
  'Long An',
  'Bà Rịa - Vũng Tàu',
  'Tây Ninh',
];

const FEATURES: string[][] = [
  [
    'Camera lùi',
    'Cảm biến lùi',
    'Màn hình cảm ứng',
    'Kết nối Apple CarPlay/Android Auto',
    'Khởi động nút bấm',
    'Cân bằng điện tử',
    'Hỗ trợ khởi hành ngang dốc',
    'Chìa khóa thông minh',
    'Gương gập điện',
    'Đèn LED ban ngày',
  ],
  [
    'Điều hòa tự động 2 vùng',
    'Ghế da',
    'Ga tự động (Cruise control)',
    'Cảnh báo điểm mù',
    'Camera 360',
    'Cửa sổ trời',
    'Phanh tay điện tử',
    'Ghế lái chỉnh điện',
    'Sạc không dây',
    'Cốp điện',
  ],
  [
    'Hệ thống hỗ trợ lái nâng cao (ADAS)',
    'Giữ làn đường',
    'Ga tự động thích ứng',
    'Màn hình hiển thị kính lái (HUD)',
    'Âm thanh cao cấp',
    'Ghế có nhớ vị trí',
    'Ghế thông gió',
    'Đèn pha thích ứng',
    'Cửa hít',
    'Điều hòa 3 vùng',
  ],
];

const OPENINGS = [
  'Xe gia đình sử dụng kỹ, nội thất còn rất mới.',
  'Xe một chủ từ mới, bảo dưỡng định kỳ đầy đủ tại hãng, có sổ bảo dưỡng.',
  'Xe đẹp xuất sắc, sơn zin gần như toàn bộ, máy móc nguyên bản.',
  'Xe chạy lướt, còn bảo hành chính hãng.',
  'Xe công chức sử dụng, chủ yếu đi trong thành phố.',
  'Xe đi đúng số km, lịch sử bảo dưỡng minh bạch.',
];

const PROMISES = [
  'Cam kết không đâm đụng, không ngập nước, không tua đồng hồ.',
  'Showroom bảo hành động cơ, hộp số 6 tháng hoặc 10.000 km.',
  'Đã kiểm tra 176 hạng mục, có biên bản kiểm định gửi kèm.',
  'Hỗ trợ trả góp đến 70% giá trị xe, thủ tục nhanh trong ngày.',
  'Hỗ trợ sang tên, đăng ký, đăng kiểm trọn gói.',
  'Nhận thu cũ đổi mới, định giá miễn phí tại showroom.',
];

/** Small deterministic PRNG (mulberry32): the same seed gives the same showroom. */
export function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)],
    chance: (p: number) => next() < p,
  };
}
export type Rng = ReturnType<typeof rng>;

/**
 * Whether a stocked car was repriced down, as a showroom does: about one car on sale in eight, within
 * the last 28 days and after it arrived, by 10 to 40 triệu. Answers the earlier price and when it
 * changed, or null. The demo showroom and the generated stock both draw drops this way.
 */
export function planPriceDrop(
  r: Rng,
  car: { status: string; createdAt: Date; sellPrice: number },
  now: Date,
): { oldPrice: number; at: Date } | null {
  const day = 86_400_000;
  const onLotDays = Math.floor((now.getTime() - car.createdAt.getTime()) / day);
  if (car.status !== 'available' || onLotDays <= 3 || !r.chance(0.12)) return null;
  const daysAgo = r.int(1, Math.min(28, onLotDays - 1));
  const drop = r.int(1, 4) * 10_000_000;
  return { oldPrice: car.sellPrice + drop, at: new Date(now.getTime() - daysAgo * day) };
}

const thousands = (n: number) => n.toString().replace(/\B(?=(\d{3})+(?!\d))/g, '.');

/** A believable used car of a template: age and odometer bring the price down from the new price. */
export function makeCar(r: Rng, t: CarTemplate, currentYear: number): CarData {
  const newest = Math.min(t.years[1], currentYear);
  const year = r.int(Math.min(t.years[0], newest), newest);
  const age = Math.max(0, currentYear - year);
  const odo = Math.max(800, Math.round((age * r.int(9_000, 17_000) + r.int(0, 8_000)) / 100) * 100);
  const brandLoss = t.brand === 'VinFast' && t.fuel !== 'ELECTRIC' ? 0.8 : t.tier === 2 ? 0.86 : 0.9;
  const price =
    t.newPrice * 0.93 * brandLoss ** age * (1 - Math.min(0.12, odo / 1_500_000)) * (0.97 + r.next() * 0.06);
  const sellPrice = Math.max(150_000_000, Math.round(price / 5_000_000) * 5_000_000);
  const features = FEATURES.slice(0, t.tier + 1)
    .flat()
    .filter(() => r.chance(0.7));
  const exteriorColor = r.pick(t.colors);
  const interiorColor = t.tier === 0 ? r.pick(['Đen', 'Xám', 'Be']) : r.pick(INTERIOR_COLORS);
  const previousOwners = age <= 2 ? 1 : r.int(1, Math.min(3, 1 + Math.floor(age / 3)));
  // Premium brands are named by their version ("Mercedes-Benz C200 Avantgarde"), others by model and version.
  const byVersion = ['Mercedes-Benz', 'BMW', 'Lexus'].includes(t.brand);
  const model = t.model.startsWith(t.brand) ? t.model.slice(t.brand.length).trim() : t.model;
  const carName = (byVersion ? [t.brand, t.version] : [t.brand, model, t.version]).filter(Boolean).join(' ');
  const description = [
    `${carName} sản xuất năm ${year}, đã đi ${thousands(odo)} km, ${previousOwners === 1 ? 'một chủ từ mới' : `${previousOwners} đời chủ`}.`,
    r.pick(OPENINGS),
    r.pick(PROMISES),
    r.pick(PROMISES.filter((p) => p.startsWith('Hỗ trợ'))),
  ].join(' ');
  return {
    carName,
    brand: t.brand,
    model: t.model,
    version: t.version,
    year,
    sellPrice,
    odo,
    bodyType: t.bodyType,
    size: t.size,
    fuel: t.fuel,
    transmission: t.transmission,
    drivetrain: t.drivetrain,
    engine: t.engine,
    exteriorColor,
    interiorColor,
    origin: t.origin,
    licensePlateRegion: r.pick(PLATE_REGIONS),
    previousOwners,
    description,
    features: [...new Set(features)],
  };
}
