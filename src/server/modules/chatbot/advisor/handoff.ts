import { CAR_STATUS_LABELS } from '../../../../contract/cars';
import type { ChatCarInfo } from '../../../../contract/chat';
import { formatPrice } from '../../../../contract/format';
import { compactFold } from '../../../../contract/text';
import type { CarDetails } from '../inventory';
import { carStrengths } from './one-car';
import { bodyWord, carFacts } from './render';
import type { AdvisorReply, Turn } from './turn';

/** The car a visitor opened the chat from ("Tư vấn xe này"): found again in stock, described, its price weighed. */

export async function findHandedOver(t: Turn, info: ChatCarInfo): Promise<CarDetails | null> {
  const candidates = await t.inventory.searchCars({
    brandKeys: [compactFold(info.brand)],
    priceMin: info.sellPrice,
    priceMax: info.sellPrice,
    yearMin: info.year,
    yearMax: info.year,
    odoMin: info.odo,
    odoMax: info.odo,
    statuses: ['available', 'pending', 'sold'],
    sort: 'newest',
    limit: 10,
  });
  const name = compactFold(info.carName);
  const best = candidates.find((c) => compactFold(c.carName) === name) ?? candidates[0];
  return best ? t.inventory.getCar(best.id) : null;
}

export async function handoffAnswer(t: Turn, info: ChatCarInfo): Promise<AdvisorReply> {
  const car = await findHandedOver(t, info);
  if (!car) {
    return {
      kind: 'handoff',
      text:
        `Mình chưa tìm thấy xe ${info.carName} với thông tin này trong kho của showroom (có thể xe vừa được cập nhật). ` +
        `Bạn vui lòng tải lại trang xe hoặc gọi ${await t.hotline()} để được tư vấn chính xác.`,
      cars: [],
    };
  }
  const lines = [`Về xe ${carFacts(car)}:`];
  const strengths = carStrengths(t, car);
  if (strengths.length) lines.push(`- Điểm nổi bật: ${strengths.slice(0, 6).join('; ')}.`);
  lines.push(`- ${await priceVerdict(t, car)}`);
  if (car.status !== 'available')
    lines.push(`- Lưu ý: xe hiện ở trạng thái "${CAR_STATUS_LABELS[car.status]}".`);
  lines.push(
    '',
    `Bạn có thể hỏi mình "trả góp xe này mỗi tháng bao nhiêu?", hoặc đăng ký lái thử tại /testdrive?carId=${car.id}. Hotline: ${(await t.showroom()).phone || '/consulting'}.`,
  );
  return { kind: 'handoff', text: lines.join('\n'), cars: [car.id] };
}

/** The car's price against similar cars on sale: same model, else same body type of about the same age. */
export async function priceVerdict(t: Turn, car: CarDetails): Promise<string> {
  const sameModel = await t.inventory.priceStats({
    models: [{ brandKeys: [compactFold(car.brand)], keys: [compactFold(car.model)] }],
    excludeIds: [car.id],
  });
  let stats = sameModel;
  let group = `xe ${car.brand} ${car.model} khác`;
  if (!stats || stats.count < 2) {
    stats = await t.inventory.priceStats({
      bodyTypes: [car.bodyType],
      yearMin: car.year - 2,
      yearMax: car.year + 2,
      excludeIds: [car.id],
    });
    group = `xe ${bodyWord(car.bodyType)} đời tương đương`;
  }
  if (!stats) return 'Hiện không có xe tương tự đang bán để so sánh giá.';
  const position =
    car.sellPrice < stats.avg * 0.97
      ? 'thấp hơn mức giá trung bình của nhóm này'
      : car.sellPrice > stats.avg * 1.03
        ? 'cao hơn mức giá trung bình của nhóm này (thường do đời mới hơn, đi ít hơn hoặc trang bị tốt hơn)'
        : 'ngang mức giá trung bình của nhóm này';
  const range =
    stats.count === 1
      ? `có giá ${formatPrice(stats.min)}`
      : `có giá từ ${formatPrice(stats.min)} đến ${formatPrice(stats.max)}`;
  return `Về giá: showroom đang bán ${stats.count} ${group} ${range}; giá ${formatPrice(car.sellPrice)} của xe này ${position}.`;
}
