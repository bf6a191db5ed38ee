import { CAR_STATUS_LABELS } from '../../../../contract/cars';
import { CHAT_PERSON_OFFER } from '../../../../contract/chat-handoff';
import { formatDay, formatPrice, vnDayKey } from '../../../../contract/format';
import type { CarDetails } from '../inventory';
import { priceVerdict } from './handoff';
import { carRef } from './render';
import type { AdvisorReply, Turn } from './turn';

/**
 * An offer on the car in hand ("anh trả 550 triệu được không em") is a negotiation, never a search
 * for other cars near that price: the car's asking price and its recent changes, the offer against
 * it, similar cars' prices, the showroom's written policy on prices, and a person to agree the price
 * with. The advisor never accepts or refuses a price for the showroom. The offer is restated in the
 * answer so the hand-off's transcript carries it to the person who calls back.
 */

/** Price changes shown at most. */
const CHANGES_SHOWN = 3;

function gapWords(offer: number, price: number): string {
  if (offer >= price) return 'bằng hoặc cao hơn giá niêm yết';
  const gap = price - offer;
  const share = Math.round((gap / price) * 100);
  return `thấp hơn giá niêm yết ${formatPrice(gap)} (khoảng ${share}%)`;
}

export async function negotiationAnswer(
  t: Turn,
  car: CarDetails,
  offer: number | null,
): Promise<AdvisorReply> {
  const s = await t.showroom();
  const records = await t.inventory.carRecords(car.id);
  const lines: string[] = [];
  if (offer !== null) {
    lines.push(
      `Mình ghi lại đề nghị của bạn để chuyển cho nhân viên: Khách đề nghị mua xe ${carRef(car)} (đời ${car.year}) với giá ${formatPrice(offer)}.`,
      `- Giá niêm yết hiện tại: ${formatPrice(car.sellPrice)}; đề nghị của bạn ${gapWords(offer, car.sellPrice)}.`,
    );
  } else {
    lines.push(
      `Về giá xe ${carRef(car)} (đời ${car.year}):`,
      `- Giá niêm yết hiện tại: ${formatPrice(car.sellPrice)}.`,
    );
  }
  const changes = records?.priceChanges ?? [];
  lines.push(
    changes.length
      ? `- Lịch sử giá: ${changes
          .slice(0, CHANGES_SHOWN)
          .map(
            (c) =>
              `${formatDay(vnDayKey(c.changedAt))}: ${formatPrice(c.oldPrice)} → ${formatPrice(c.newPrice)}`,
          )
          .join('; ')}.`
      : '- Lịch sử giá: chưa thay đổi từ khi đăng bán.',
    `- ${await priceVerdict(t, car)}`,
  );
  if (car.status !== 'available')
    lines.push(`- Lưu ý: xe hiện ở trạng thái "${CAR_STATUS_LABELS[car.status]}".`);
  lines.push(
    s.policies.negotiation
      ? `- Chính sách về giá của showroom: ${s.policies.negotiation}`
      : `- Showroom chưa công bố chính sách thương lượng giá trên website.`,
    '',
    offer !== null && offer >= car.sellPrice && car.status === 'available'
      ? 'Với mức giá này bạn có thể bấm "Đặt cọc giữ xe" trên trang xe để giữ xe ngay.'
      : 'Mức giá cuối cùng do nhân viên showroom trao đổi với bạn (thường khi bạn xem xe trực tiếp); mình không thể nhận lời thay showroom.',
    CHAT_PERSON_OFFER,
  );
  return { kind: 'negotiation', text: lines.join('\n'), cars: [car.id] };
}
