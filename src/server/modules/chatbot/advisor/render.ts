import { BODY_TYPE_LABELS, type BodyType, type Fuel, type Transmission } from '../../../../contract/cars';
import { formatKm, formatPrice } from '../../../../contract/format';
import type { Colour, Constraints, Purpose } from '../../../../contract/query';
import { foldVietnamese } from '../../../../contract/text';
import type { AdvisorCar } from '../inventory';

/** Words the answers use: every number in them comes from a car, the configuration or the buyer. */

export const FUEL_WORDS: Record<Fuel, string> = {
  PETROL: 'máy xăng',
  DIESEL: 'máy dầu',
  HYBRID: 'hybrid',
  ELECTRIC: 'xe điện',
};
export const TRANSMISSION_WORDS: Record<Transmission, string> = { AUTOMATIC: 'số tự động', MANUAL: 'số sàn' };
export const COLOUR_WORDS: Record<Colour, string> = {
  den: 'đen',
  trang: 'trắng',
  bac: 'bạc',
  xam: 'xám',
  do: 'đỏ',
  xanh: 'xanh',
  vang: 'vàng',
  nau: 'nâu',
  cam: 'cam',
  be: 'be',
  dong: 'đồng',
  tim: 'tím',
};
export const PURPOSE_WORDS: Record<Purpose, string> = {
  service: 'chạy dịch vụ',
  city: 'đi phố',
  long_trip: 'đi đường dài',
  rough_road: 'đi đường xấu',
  family: 'gia đình',
  cargo: 'chở hàng',
  luxury: 'sang trọng',
  beginner: 'người mới lái',
  economy: 'tiết kiệm chi phí',
};

export function bodyWord(b: BodyType): string {
  return b === 'PICKUP' ? 'bán tải' : b === 'CONVERTIBLE' ? 'mui trần' : BODY_TYPE_LABELS[b];
}

/** "Toyota Vios 1.5G": the brand in front when the name lacks it. */
export function carTitle(car: Pick<AdvisorCar, 'carName' | 'brand'>): string {
  const name = car.carName.trim();
  return foldVietnamese(name).startsWith(foldVietnamese(car.brand)) ? name : `${car.brand} ${name}`;
}

export const carLink = (id: number) => `/cars/${id}`;

/** "[Toyota Vios 1.5G](/cars/12)": the chat shows the car's name as the link to its page, never a bare path. */
export function carRef(car: Pick<AdvisorCar, 'id' | 'carName' | 'brand'>): string {
  return `[${carTitle(car).replace(/[[\]]/g, '')}](${carLink(car.id)})`;
}

/** "[Toyota Vios 1.5G](/cars/12) – đời 2020 – 480 triệu – 35.000 km" */
export function carFacts(car: AdvisorCar): string {
  return `${carRef(car)} – đời ${car.year} – ${formatPrice(car.sellPrice)} – ${formatKm(car.odo)}`;
}

/** One entry of a list: the linked name with its facts, then why it fits. */
export function carEntry(index: number, car: AdvisorCar, reasons: string[]): string {
  const lines = [`${index}. ${carFacts(car)}`];
  if (reasons.length) lines.push(`   Phù hợp vì: ${reasons.join('; ')}.`);
  return lines.join('\n');
}

function budgetWords(c: Constraints): string | null {
  const b = c.budget;
  if (!b) return null;
  if (b.target !== undefined) return `khoảng ${formatPrice(b.target)}`;
  if (b.min !== undefined && b.max !== undefined) return `từ ${formatPrice(b.min)} đến ${formatPrice(b.max)}`;
  if (b.max !== undefined) return `không quá ${formatPrice(b.max)}`;
  if (b.min !== undefined) return `từ ${formatPrice(b.min)} trở lên`;
  return null;
}

function yearWords(c: Constraints): string | null {
  if (c.yearMin && c.yearMax)
    return c.yearMin === c.yearMax ? `đời ${c.yearMin}` : `đời ${c.yearMin}–${c.yearMax}`;
  if (c.yearMin) return `đời ${c.yearMin} trở lên`;
  if (c.yearMax) return `đời ${c.yearMax} trở về trước`;
  return null;
}

function seatWords(c: Constraints): string | null {
  if (c.seatsMin && c.seatsMax)
    return c.seatsMin === c.seatsMax ? `${c.seatsMin} chỗ` : `${c.seatsMin}–${c.seatsMax} chỗ`;
  if (c.seatsMin) return c.purposes?.includes('family') && c.seatsMin === 5 ? null : `từ ${c.seatsMin} chỗ`;
  return null;
}

/** The buyer's wishes in words, with the buyer's own numbers: "SUV 7 chỗ, máy dầu, không quá 1,2 tỷ". */
export function describeConstraints(c: Constraints): string {
  const parts: string[] = [];
  const names = [
    ...(c.models ?? []).map((m) => `${m.brand} ${m.model}`),
    ...(c.brands ?? []).filter((b) => !c.models?.some((m) => m.brand === b.brand)).map((b) => b.brand),
  ];
  if (names.length) parts.push(names.join(' hoặc '));
  if (c.bodyTypes?.length) {
    const gamCao =
      c.bodyTypes.length === 2 && c.bodyTypes.includes('SUV') && c.bodyTypes.includes('CROSSOVER');
    parts.push(gamCao ? 'gầm cao (SUV/crossover)' : c.bodyTypes.map(bodyWord).join(' hoặc '));
  }
  const seats = seatWords(c);
  if (seats) parts.push(seats);
  if (c.fuels?.length) parts.push(c.fuels.map((f) => FUEL_WORDS[f]).join(' hoặc '));
  if (c.transmission) parts.push(TRANSMISSION_WORDS[c.transmission]);
  const year = yearWords(c);
  if (year) parts.push(year);
  if (c.odoMax !== undefined) parts.push(`đi dưới ${formatKm(c.odoMax)}`);
  if (c.odoMin !== undefined) parts.push(`đi trên ${formatKm(c.odoMin)}`);
  if (c.colours?.length) parts.push(`màu ${c.colours.map((x) => COLOUR_WORDS[x]).join(' hoặc ')}`);
  const budget = budgetWords(c);
  if (budget) parts.push(`giá ${budget}`);
  if (c.purposes?.length) parts.push(`để ${c.purposes.map((p) => PURPOSE_WORDS[p]).join(', ')}`);
  return parts.join(', ');
}

/** Why a car fits: the wishes it meets, in the car's own figures, then what suits the purposes. */
export function reasonsFor(car: AdvisorCar, c: Constraints, currentYear: number): string[] {
  const out: string[] = [];
  const b = c.budget;
  if (b) {
    if (b.target !== undefined) {
      if (Math.abs(car.sellPrice - b.target) <= b.target * 0.1)
        out.push(`giá sát ngân sách khoảng ${formatPrice(b.target)}`);
    } else if (b.max !== undefined && car.sellPrice <= b.max)
      out.push(`trong ngân sách ${formatPrice(b.max)}`);
    else if (b.min !== undefined && car.sellPrice >= b.min) out.push(`đúng tầm giá từ ${formatPrice(b.min)}`);
  }
  if (c.models?.length) out.push(`đúng dòng ${car.model}`);
  else if (c.brands?.length) out.push(`xe ${car.brand}`);
  if (c.bodyTypes?.length || c.seatsMin) out.push(`${bodyWord(car.bodyType)} ${car.size} chỗ`);
  if (c.fuels?.length) out.push(FUEL_WORDS[car.fuel]);
  if (c.transmission) out.push(TRANSMISSION_WORDS[car.transmission]);
  if (c.yearMin || c.yearMax) out.push(`đời ${car.year}`);
  if (c.odoMax !== undefined) out.push(`mới đi ${formatKm(car.odo)}`);
  if (c.colours?.length) out.push(`màu ${car.exteriorColor.toLowerCase()}`);
  for (const p of c.purposes ?? []) {
    const why = purposeReason(car, p);
    if (why) out.push(why);
  }
  if (out.length < 2) {
    if (car.year >= currentYear - 3) out.push('xe đời mới');
    const age = Math.max(1, currentYear - car.year);
    if (car.odo / age < 12_000) out.push('số km thấp so với tuổi xe');
  }
  return out.slice(0, 5);
}

export function purposeReason(car: AdvisorCar, p: Purpose): string | null {
  switch (p) {
    case 'service':
      if (['SEDAN', 'MPV', 'HATCHBACK'].includes(car.bodyType) && car.fuel !== 'DIESEL') {
        return car.size >= 7
          ? `${car.size} chỗ, chở được nhiều khách khi chạy dịch vụ`
          : 'kiểu xe phổ biến, chi phí vận hành hợp lý để chạy dịch vụ';
      }
      return null;
    case 'city':
      if (car.bodyType === 'HATCHBACK') return 'nhỏ gọn, dễ xoay trở và đỗ xe trong phố';
      if (car.transmission === 'AUTOMATIC' && ['SEDAN', 'CROSSOVER'].includes(car.bodyType))
        return 'số tự động, kích thước vừa phải để đi phố';
      if (car.fuel === 'ELECTRIC' || car.fuel === 'HYBRID') return 'tiết kiệm nhiên liệu khi đi phố đông';
      return null;
    case 'long_trip':
      if (car.fuel === 'DIESEL') return 'máy dầu bền bỉ, tiết kiệm khi đi đường dài';
      if (['SUV', 'MPV', 'SEDAN'].includes(car.bodyType))
        return `${bodyWord(car.bodyType)} chạy đầm, thoải mái cho đường dài`;
      return null;
    case 'rough_road':
      if (['SUV', 'PICKUP', 'CROSSOVER'].includes(car.bodyType))
        return 'gầm cao, đi đường xấu và ngập nước tốt hơn';
      return null;
    case 'family':
      // A minibus seats a family too, but it is a van for groups, not a family car.
      if (car.size >= 10) return `${car.size} chỗ, hợp chở đoàn đông người hơn là đi lại gia đình`;
      if (car.size >= 7) return `${car.size} chỗ rộng rãi cho cả gia đình`;
      if (car.size >= 5) return `${car.size} chỗ, đủ cho gia đình nhỏ`;
      return null;
    case 'cargo':
      if (car.bodyType === 'PICKUP') return 'có thùng sau để chở hàng';
      if (car.bodyType === 'VAN' || car.bodyType === 'MPV') return 'khoang rộng, chở được nhiều đồ';
      return null;
    case 'luxury':
      if (LUXURY_BRANDS.has(foldVietnamese(car.brand).replace(/[^a-z]/g, '')))
        return `thương hiệu sang ${car.brand}`;
      return null;
    case 'beginner':
      if (car.transmission === 'AUTOMATIC' && car.size <= 5) return 'số tự động, cỡ xe vừa phải, dễ làm quen';
      return null;
    case 'economy':
      if (car.fuel === 'HYBRID' || car.fuel === 'ELECTRIC')
        return `${FUEL_WORDS[car.fuel]}, chi phí nhiên liệu thấp`;
      if (['HATCHBACK', 'SEDAN'].includes(car.bodyType) && car.fuel !== 'DIESEL')
        return 'xe cỡ nhỏ, chi phí nuôi xe thấp';
      return null;
  }
}

export const LUXURY_BRANDS = new Set([
  'mercedesbenz',
  'mercedes',
  'bmw',
  'audi',
  'lexus',
  'porsche',
  'landrover',
  'volvo',
  'jaguar',
  'maserati',
  'bentley',
  'rollsroyce',
  'genesis',
  'infiniti',
  'cadillac',
  'lincoln',
]);

/** How well a car suits the purposes, for ordering (0 = no opinion). */
export function purposeScore(car: AdvisorCar, purposes: Purpose[] | undefined): number {
  let s = 0;
  for (const p of purposes ?? []) {
    if (purposeReason(car, p)) s += 1;
    if (p === 'family' && car.size >= 7 && car.size <= 9) s += 1;
    if (p === 'service' && POPULAR_SERVICE_BRANDS.has(foldVietnamese(car.brand).replace(/[^a-z]/g, '')))
      s += 0.5;
    if (p === 'luxury' && LUXURY_BRANDS.has(foldVietnamese(car.brand).replace(/[^a-z]/g, ''))) s += 1;
  }
  return s;
}

const POPULAR_SERVICE_BRANDS = new Set([
  'toyota',
  'hyundai',
  'kia',
  'mitsubishi',
  'honda',
  'vinfast',
  'suzuki',
  'mazda',
]);
