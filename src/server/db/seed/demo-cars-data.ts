import type { BodyType, CarData, Drivetrain, Fuel, Origin, Transmission } from '../../../contract/cars';

/**
 * Models sold in Vietnam with their price when new (VND) and the years they are found used, from which
 * the demo showroom and the benchmark generator draw believable cars.
 */
export interface CarTemplate {
  brand: string;
  model: string;
  version: string;
  bodyType: BodyType;
  size: number;
  fuel: Fuel;
  transmission: Transmission;
  drivetrain: Drivetrain;
  engine: string;
  origin: Origin;
  newPrice: number;
  years: [number, number];
  colors: string[];
  tier: 0 | 1 | 2;
  /** How many of this model the demo showroom holds (default 1). */
  weight?: number;
}

const T = (
  brand: string,
  model: string,
  version: string,
  bodyType: BodyType,
  size: number,
  fuel: Fuel,
  transmission: Transmission,
  drivetrain: Drivetrain,
  engine: string,
  origin: Origin,
  newPriceMillions: number,
  years: [number, number],
  colors: string[],
  tier: 0 | 1 | 2,
  weight = 1,
): CarTemplate => ({
  brand,
  model,
  version,
  bodyType,
  size,
  fuel,
  transmission,
  drivetrain,
  engine,
  origin,
  newPrice: newPriceMillions * 1_000_000,
  years,
  colors,
  tier,
  weight,
});

const COMMON = ['Trắng', 'Đen', 'Bạc', 'Xám', 'Đỏ'];
const PREMIUM = ['Đen', 'Trắng ngọc trai', 'Xám titan', 'Bạc', 'Xanh dương'];

export const CAR_TEMPLATES: CarTemplate[] = [
  T('Toyota', 'Vios', '1.5G CVT', 'SEDAN', 5, 'PETROL', 'AUTOMATIC', 'FWD', '1.5L', 'DOMESTIC', 545, [2018, 2023], COMMON, 0, 3),
  T('Toyota', 'Vios', '1.5E MT', 'SEDAN', 5, 'PETROL', 'MANUAL', 'FWD', '1.5L', 'DOMESTIC', 479, [2017, 2022], COMMON, 0),
  T('Toyota', 'Camry', '2.5Q', 'SEDAN', 5, 'PETROL', 'AUTOMATIC', 'FWD', '2.5L', 'IMPORTED', 1405, [2019, 2024], PREMIUM, 2, 2),
  T('Toyota', 'Fortuner', '2.4 4x2 AT', 'SUV', 7, 'DIESEL', 'AUTOMATIC', 'RWD', '2.4L Diesel', 'DOMESTIC', 1055, [2017, 2023], COMMON, 1, 2),
  T('Toyota', 'Innova', '2.0E', 'MPV', 8, 'PETROL', 'MANUAL', 'RWD', '2.0L', 'DOMESTIC', 755, [2016, 2022], COMMON, 0, 2),
  T('Toyota', 'Corolla Cross', '1.8V', 'CROSSOVER', 5, 'PETROL', 'AUTOMATIC', 'FWD', '1.8L', 'IMPORTED', 860, [2020, 2024], COMMON, 1),
  T('Toyota', 'Corolla Cross', '1.8HV', 'CROSSOVER', 5, 'HYBRID', 'AUTOMATIC', 'FWD', '1.8L Hybrid', 'IMPORTED', 955, [2020, 2024], COMMON, 1),
  T('Honda', 'City', 'RS', 'SEDAN', 5, 'PETROL', 'AUTOMATIC', 'FWD', '1.5L', 'DOMESTIC', 609, [2020, 2024], COMMON, 0, 2),
  T('Honda', 'CR-V', 'L', 'SUV', 7, 'PETROL', 'AUTOMATIC', 'FWD', '1.5L Turbo', 'DOMESTIC', 1118, [2018, 2023], COMMON, 1, 2),
  T('Honda', 'Civic', 'RS', 'SEDAN', 5, 'PETROL', 'AUTOMATIC', 'FWD', '1.5L Turbo', 'IMPORTED', 889, [2019, 2023], COMMON, 1),
  T('Honda', 'HR-V', 'L', 'CROSSOVER', 5, 'PETROL', 'AUTOMATIC', 'FWD', '1.5L Turbo', 'IMPORTED', 871, [2019, 2024], COMMON, 1),
  T('Hyundai', 'Accent', '1.4 AT Đặc biệt', 'SEDAN', 5, 'PETROL', 'AUTOMATIC', 'FWD', '1.4L', 'DOMESTIC', 542, [2018, 2023], COMMON, 0, 2),
  T('Hyundai', 'Grand i10', '1.2 AT', 'HATCHBACK', 5, 'PETROL', 'AUTOMATIC', 'FWD', '1.2L', 'DOMESTIC', 435, [2018, 2023], COMMON, 0),
  T('Hyundai', 'Tucson', '2.0 Đặc biệt', 'CROSSOVER', 5, 'PETROL', 'AUTOMATIC', 'FWD', '2.0L', 'DOMESTIC', 940, [2019, 2023], COMMON, 1, 2),
  T('Hyundai', 'Santa Fe', '2.2 Dầu Cao cấp', 'SUV', 7, 'DIESEL', 'AUTOMATIC', 'AWD', '2.2L Diesel', 'DOMESTIC', 1375, [2019, 2023], COMMON, 1),
  T('Hyundai', 'Creta', '1.5 Đặc biệt', 'CROSSOVER', 5, 'PETROL', 'AUTOMATIC', 'FWD', '1.5L', 'DOMESTIC', 699, [2022, 2024], COMMON, 0),
  T('Kia', 'Morning', '1.25 AT Premium', 'HATCHBACK', 5, 'PETROL', 'AUTOMATIC', 'FWD', '1.25L', 'DOMESTIC', 439, [2017, 2022], COMMON, 0, 2),
  T('Kia', 'K3', '1.6 Premium', 'SEDAN', 5, 'PETROL', 'AUTOMATIC', 'FWD', '1.6L', 'DOMESTIC', 689, [2019, 2024], COMMON, 0),
  T('Kia', 'Seltos', '1.4 Turbo Premium', 'CROSSOVER', 5, 'PETROL', 'AUTOMATIC', 'FWD', '1.4L Turbo', 'DOMESTIC', 759, [2020, 2024], COMMON, 1, 2),
  T('Kia', 'Sorento', '2.2D Signature', 'SUV', 7, 'DIESEL', 'AUTOMATIC', 'AWD', '2.2L Diesel', 'DOMESTIC', 1229, [2020, 2024], COMMON, 1),
  T('Kia', 'Carnival', '2.2D Signature', 'MPV', 7, 'DIESEL', 'AUTOMATIC', 'FWD', '2.2L Diesel', 'DOMESTIC', 1589, [2021, 2024], PREMIUM, 2),
  T('Mazda', 'Mazda2', '1.5 Luxury', 'SEDAN', 5, 'PETROL', 'AUTOMATIC', 'FWD', '1.5L', 'IMPORTED', 539, [2019, 2023], ['Đỏ pha lê', 'Trắng', 'Xám', 'Xanh dương'], 0),
  T('Mazda', 'Mazda3', '1.5 Luxury', 'SEDAN', 5, 'PETROL', 'AUTOMATIC', 'FWD', '1.5L', 'DOMESTIC', 739, [2019, 2024], ['Đỏ pha lê', 'Trắng', 'Xám', 'Đen'], 1, 2),
  T('Mazda', 'CX-5', '2.0 Premium', 'CROSSOVER', 5, 'PETROL', 'AUTOMATIC', 'FWD', '2.0L', 'DOMESTIC', 979, [2018, 2024], ['Đỏ pha lê', 'Trắng', 'Xám', 'Đen', 'Xanh dương'], 1, 3),
  T('Mazda', 'CX-8', '2.5 Premium', 'SUV', 7, 'PETROL', 'AUTOMATIC', 'AWD', '2.5L', 'DOMESTIC', 1259, [2019, 2023], ['Đỏ pha lê', 'Trắng', 'Đen'], 1),
  T('Mazda', 'MX-5', 'RF 2.0', 'CONVERTIBLE', 2, 'PETROL', 'AUTOMATIC', 'RWD', '2.0L', 'IMPORTED', 2100, [2018, 2022], ['Đỏ pha lê', 'Trắng'], 2),
  T('Ford', 'Ranger', 'Wildtrak 2.0 Bi-Turbo', 'PICKUP', 5, 'DIESEL', 'AUTOMATIC', '4WD', '2.0L Bi-Turbo Diesel', 'IMPORTED', 979, [2018, 2023], ['Cam', 'Trắng', 'Đen', 'Xám'], 1, 3),
  T('Ford', 'Ranger', 'XLS 2.2 AT', 'PICKUP', 5, 'DIESEL', 'AUTOMATIC', 'RWD', '2.2L Diesel', 'IMPORTED', 650, [2017, 2022], ['Trắng', 'Đen', 'Xám'], 0),
  T('Ford', 'Everest', 'Titanium 2.0 4x2', 'SUV', 7, 'DIESEL', 'AUTOMATIC', 'RWD', '2.0L Turbo Diesel', 'IMPORTED', 1245, [2019, 2024], COMMON, 1, 2),
  T('Ford', 'Territory', 'Titanium X', 'CROSSOVER', 5, 'PETROL', 'AUTOMATIC', 'FWD', '1.5L Turbo', 'DOMESTIC', 954, [2023, 2024], COMMON, 1),
  T('Ford', 'Transit', 'Tiêu chuẩn 16 chỗ', 'VAN', 16, 'DIESEL', 'MANUAL', 'RWD', '2.2L Diesel', 'DOMESTIC', 849, [2018, 2022], ['Bạc', 'Trắng'], 0),
  T('Mitsubishi', 'Xpander', '1.5 AT', 'MPV', 7, 'PETROL', 'AUTOMATIC', 'FWD', '1.5L', 'IMPORTED', 598, [2019, 2024], COMMON, 0, 3),
  T('Mitsubishi', 'Outlander', '2.0 CVT Premium', 'CROSSOVER', 7, 'PETROL', 'AUTOMATIC', 'FWD', '2.0L', 'DOMESTIC', 950, [2018, 2022], COMMON, 1),
  T('Mitsubishi', 'Triton', '4x2 AT Premium', 'PICKUP', 5, 'DIESEL', 'AUTOMATIC', 'RWD', '2.4L Diesel', 'IMPORTED', 740, [2019, 2023], ['Cam', 'Trắng', 'Đen', 'Xám'], 0),
  T('Mitsubishi', 'Attrage', 'CVT', 'SEDAN', 5, 'PETROL', 'AUTOMATIC', 'FWD', '1.2L', 'IMPORTED', 465, [2019, 2023], COMMON, 0),
  T('VinFast', 'Fadil', '1.4 Plus', 'HATCHBACK', 5, 'PETROL', 'AUTOMATIC', 'FWD', '1.4L', 'DOMESTIC', 459, [2019, 2022], COMMON, 0, 2),
  T('VinFast', 'Lux A2.0', 'Premium', 'SEDAN', 5, 'PETROL', 'AUTOMATIC', 'RWD', '2.0L Turbo', 'DOMESTIC', 1250, [2019, 2022], PREMIUM, 1, 2),
  T('VinFast', 'Lux SA2.0', 'Premium', 'SUV', 7, 'PETROL', 'AUTOMATIC', 'AWD', '2.0L Turbo', 'DOMESTIC', 1560, [2019, 2022], PREMIUM, 1),
  T('VinFast', 'VF e34', '', 'CROSSOVER', 5, 'ELECTRIC', 'AUTOMATIC', 'FWD', 'Điện 110 kW', 'DOMESTIC', 710, [2021, 2023], ['Xanh dương', 'Trắng', 'Đỏ', 'Xám'], 0),
  T('VinFast', 'VF 5', 'Plus', 'CROSSOVER', 5, 'ELECTRIC', 'AUTOMATIC', 'FWD', 'Điện 100 kW', 'DOMESTIC', 529, [2023, 2024], ['Vàng cát', 'Trắng', 'Xanh dương', 'Đỏ'], 0),
  T('VinFast', 'VF 8', 'Plus', 'SUV', 5, 'ELECTRIC', 'AUTOMATIC', 'AWD', 'Điện 300 kW', 'DOMESTIC', 1350, [2022, 2024], PREMIUM, 2),
  T('Mercedes-Benz', 'C-Class', 'C200 Avantgarde', 'SEDAN', 5, 'PETROL', 'AUTOMATIC', 'RWD', '1.5L Turbo', 'DOMESTIC', 1669, [2019, 2023], PREMIUM, 2, 2),
  T('Mercedes-Benz', 'E-Class', 'E300 AMG', 'SEDAN', 5, 'PETROL', 'AUTOMATIC', 'RWD', '2.0L Turbo', 'DOMESTIC', 2950, [2019, 2023], PREMIUM, 2),
  T('Mercedes-Benz', 'GLC', 'GLC 300 4MATIC', 'SUV', 5, 'PETROL', 'AUTOMATIC', 'AWD', '2.0L Turbo', 'DOMESTIC', 2499, [2019, 2023], PREMIUM, 2),
  T('Mercedes-Benz', 'C-Class Coupe', 'C300 AMG Coupe', 'COUPE', 4, 'PETROL', 'AUTOMATIC', 'RWD', '2.0L Turbo', 'IMPORTED', 2900, [2018, 2021], PREMIUM, 2),
  T('BMW', '3 Series', '320i Sport Line', 'SEDAN', 5, 'PETROL', 'AUTOMATIC', 'RWD', '2.0L Turbo', 'DOMESTIC', 1529, [2019, 2023], PREMIUM, 2),
  T('BMW', 'X3', 'X3 xDrive20i M Sport', 'SUV', 5, 'PETROL', 'AUTOMATIC', 'AWD', '2.0L Turbo', 'DOMESTIC', 2259, [2019, 2023], PREMIUM, 2),
  T('Suzuki', 'XL7', '1.5 AT', 'MPV', 7, 'PETROL', 'AUTOMATIC', 'FWD', '1.5L', 'IMPORTED', 599, [2020, 2024], COMMON, 0),
  T('Suzuki', 'Ertiga', '1.5 Hybrid AT', 'MPV', 7, 'HYBRID', 'AUTOMATIC', 'FWD', '1.5L Hybrid', 'IMPORTED', 609, [2019, 2024], COMMON, 0),
  T('Suzuki', 'Swift', 'GLX', 'HATCHBACK', 5, 'PETROL', 'AUTOMATIC', 'FWD', '1.2L', 'IMPORTED', 560, [2019, 2022], ['Đỏ', 'Trắng', 'Xanh dương'], 0),
  T('Peugeot', '2008', 'GT Line', 'CROSSOVER', 5, 'PETROL', 'AUTOMATIC', 'FWD', '1.2L Turbo', 'DOMESTIC', 879, [2021, 2024], COMMON, 1),
  T('Peugeot', '5008', 'AL', 'SUV', 7, 'PETROL', 'AUTOMATIC', 'FWD', '1.6L Turbo', 'DOMESTIC', 1239, [2018, 2023], COMMON, 1),
  T('Nissan', 'Navara', 'VL 2.5 4x4', 'PICKUP', 5, 'DIESEL', 'AUTOMATIC', '4WD', '2.5L Diesel', 'IMPORTED', 845, [2018, 2022], ['Cam', 'Trắng', 'Xám'], 0),
  T('Lexus', 'RX', 'RX 350', 'SUV', 5, 'PETROL', 'AUTOMATIC', 'AWD', '3.5L V6', 'IMPORTED', 4200, [2016, 2021], PREMIUM, 2),
];

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
