import { CAR_STATUS_LABELS } from '../../../../contract/cars';
import { formatKm, formatPrice } from '../../../../contract/format';
import type { CarAttribute, ParsedMessage } from '../../../../contract/query';
import { compactFold } from '../../../../contract/text';
import type { AdvisorCar, CarDetails } from '../inventory';
import { bodyWord, carFacts, carRef, carTitle, FUEL_WORDS, TRANSMISSION_WORDS } from './render';
import type { AdvisorReply, Turn } from './turn';

/** Answers about given cars: one car's facts and strengths, and two to four cars compared. */

export function carStrengths(t: Turn, car: CarDetails): string[] {
  const out: string[] = [];
  const age = Math.max(1, t.year - car.year);
  if (car.year >= t.year - 3) out.push(`xe đời mới (${car.year})`);
  if (car.odo / age < 12_000) out.push(`số km thấp so với tuổi xe (${formatKm(car.odo)})`);
  if (car.previousOwners === 1) out.push('một chủ sử dụng từ đầu');
  if (car.fuel === 'DIESEL') out.push('máy dầu bền bỉ, tiết kiệm nhiên liệu khi đi xa');
  if (car.fuel === 'HYBRID') out.push('hybrid rất tiết kiệm xăng, nhất là khi đi phố');
  if (car.fuel === 'ELECTRIC') out.push('xe điện êm ái, chi phí vận hành thấp');
  if (car.size >= 10) out.push(`${car.size} chỗ, chở được đoàn đông người`);
  else if (car.size >= 7) out.push(`${car.size} chỗ, rộng rãi cho gia đình`);
  // Ground clearance only: whether the car itself was ever flooded is its report's business.
  if (car.bodyType === 'SUV' || car.bodyType === 'CROSSOVER') out.push('gầm cao, tự tin khi đi đường xấu');
  if (car.bodyType === 'PICKUP') out.push('bán tải đa dụng, vừa đi lại vừa chở hàng');
  if (car.bodyType === 'HATCHBACK') out.push('nhỏ gọn, dễ đi phố và đỗ xe');
  if (car.bodyType === 'SEDAN') out.push('sedan êm ái, cốp rộng');
  if (car.bodyType === 'MPV') out.push('MPV rộng rãi, linh hoạt chở người và đồ');
  if (car.transmission === 'AUTOMATIC') out.push('số tự động, dễ lái');
  if (car.origin === 'IMPORTED') out.push('xe nhập khẩu');
  if (car.features.length) out.push(`trang bị: ${car.features.slice(0, 4).join(', ')}`);
  return out;
}

function factLine(car: CarDetails, attribute: CarAttribute): string | null {
  switch (attribute) {
    case 'odo':
      return `đã đi ${formatKm(car.odo)}`;
    case 'price':
      return `giá bán ${formatPrice(car.sellPrice)}`;
    case 'year':
      return `sản xuất năm ${car.year}`;
    case 'colour':
      return `màu ngoại thất ${car.exteriorColor.toLowerCase()}, nội thất ${car.interiorColor.toLowerCase()}`;
    case 'fuel':
      return `${FUEL_WORDS[car.fuel]}${car.engine ? `, động cơ ${car.engine}` : ''}`;
    case 'transmission':
      return TRANSMISSION_WORDS[car.transmission];
    case 'seats':
      return `${car.size} chỗ ngồi`;
    case 'body':
      return `kiểu dáng ${bodyWord(car.bodyType)}`;
    default:
      return null;
  }
}

export function statusNote(car: AdvisorCar): string {
  return car.status === 'available'
    ? ''
    : `\nLưu ý: xe này hiện ở trạng thái "${CAR_STATUS_LABELS[car.status]}".`;
}

export async function detailAnswer(
  t: Turn,
  cars: CarDetails[],
  attributes: CarAttribute[],
): Promise<AdvisorReply> {
  const specific = attributes.filter((a) => a !== 'all');
  const blocks = cars.map((car) => {
    if (specific.length) {
      const facts = specific.map((a) => factLine(car, a)).filter(Boolean);
      return `Xe ${carRef(car)} (đời ${car.year}) ${facts.join(', ')}.${statusNote(car)}`;
    }
    const lines = [
      `${carFacts(car)}`,
      `- Kiểu dáng: ${bodyWord(car.bodyType)}, ${car.size} chỗ; ${FUEL_WORDS[car.fuel]}${car.engine ? ` ${car.engine}` : ''}, ${TRANSMISSION_WORDS[car.transmission]}`,
      `- Màu ngoại thất ${car.exteriorColor.toLowerCase()}, nội thất ${car.interiorColor.toLowerCase()}`,
    ];
    const strengths = carStrengths(t, car);
    if (strengths.length) lines.push(`- Điểm nổi bật: ${strengths.slice(0, 5).join('; ')}`);
    return lines.join('\n') + statusNote(car);
  });
  const tail =
    cars.length === 1
      ? `\n\nBạn có thể đăng ký lái thử tại /testdrive?carId=${cars[0].id} hoặc hỏi mình về trả góp xe này.`
      : '';
  return { kind: 'detail', text: blocks.join('\n\n') + tail, cars: cars.map((x) => x.id) };
}

export async function compareAnswer(
  t: Turn,
  p: ParsedMessage,
  referenced: CarDetails[],
): Promise<AdvisorReply | null> {
  let cars = referenced;
  if (cars.length < 2 && (p.constraints.models?.length ?? 0) >= 2) {
    // "so sánh CX-5 và CR-V": the best car in stock of each model.
    const found = await Promise.all(
      p.constraints.models!.map(async (m) => {
        const [car] = await t.inventory.searchCars({
          models: [{ brandKeys: [compactFold(m.brand)], keys: m.keys }],
          sort: 'year_desc',
          limit: 1,
        });
        return car ? t.inventory.getCar(car.id) : null;
      }),
    );
    cars = found.filter((x): x is CarDetails => x !== null);
  }
  if (cars.length < 2 && t.conv.lastList.length >= 2 && !p.reference?.positions.length) {
    cars = (await Promise.all(t.conv.lastList.slice(0, 2).map((id) => t.inventory.getCar(id)))).filter(
      (x): x is CarDetails => x !== null,
    );
  }
  if (cars.length < 2) return null;
  cars = cars.slice(0, 4);
  const label = (car: CarDetails, i: number) => `Xe ${i + 1} – ${carRef(car)}`;
  const lines: string[] = [`So sánh ${cars.map((c) => carTitle(c)).join(' và ')}:`, ''];
  cars.forEach((car, i) => {
    lines.push(
      `${label(car, i)}: đời ${car.year}, ${formatPrice(car.sellPrice)}, ${formatKm(car.odo)}, ${bodyWord(car.bodyType)} ${car.size} chỗ, ` +
        `${FUEL_WORDS[car.fuel]}, ${TRANSMISSION_WORDS[car.transmission]}, màu ${car.exteriorColor.toLowerCase()}`,
    );
  });
  const best = (pickBest: (a: CarDetails, b: CarDetails) => number) =>
    cars.reduce((a, b) => (pickBest(a, b) <= 0 ? a : b));
  const cheapest = best((a, b) => a.sellPrice - b.sellPrice);
  const newest = best((a, b) => b.year - a.year);
  const leastKm = best((a, b) => a.odo - b.odo);
  const mostSeats = best((a, b) => b.size - a.size);
  const verdict: string[] = [];
  const most = cars.length === 2 ? 'hơn' : 'nhất';
  if (new Set(cars.map((c) => c.sellPrice)).size > 1)
    verdict.push(`${carTitle(cheapest)} có giá thấp ${most}`);
  if (new Set(cars.map((c) => c.year)).size > 1) verdict.push(`${carTitle(newest)} đời mới ${most}`);
  if (new Set(cars.map((c) => c.odo)).size > 1) verdict.push(`${carTitle(leastKm)} đi ít km ${most}`);
  if (new Set(cars.map((c) => c.size)).size > 1) verdict.push(`${carTitle(mostSeats)} nhiều chỗ ${most}`);
  lines.push('');
  lines.push(
    verdict.length ? `Tóm lại: ${verdict.join('; ')}.` : 'Hai xe rất tương đồng về giá, đời và số km.',
  );
  lines.push(
    'Nếu ưu tiên chi phí, chọn xe giá thấp hơn; nếu muốn xe bền lâu và giữ giá, ưu tiên xe đời mới, đi ít. Bạn có thể xem hai xe trực tiếp khi đăng ký lái thử tại /testdrive.',
  );
  return { kind: 'compare', text: lines.join('\n'), cars: cars.map((c) => c.id) };
}
