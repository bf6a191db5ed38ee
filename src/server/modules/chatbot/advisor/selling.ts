import { CHAT_PERSON_OFFER } from '../../../../contract/chat-handoff';
import { formatKm, formatPrice } from '../../../../contract/format';
import { VALUATION_NOTE } from '../../../../contract/valuations';
import type { CarDetails } from '../inventory';
import { SELLING_PAGE, type SellerCar } from './context';
import { carRef } from './render';
import type { AdvisorReply, Turn } from './turn';

/**
 * A visitor selling their car ("em muốn bán xe Kia Morning 2015, showroom mua lại bao nhiêu?") or
 * trading it in ("có nhận đổi xe cũ không? xe anh Vios 2019") is not shown cars for sale: the answer
 * is the valuation engine's range for the car named (through the valuations module's public entry),
 * a question for what is missing (model, year, km), the way to /sell-car, and for a trade-in the
 * button on a car's page, with what the buyer would add for the car in hand. When the engine cannot
 * value the car, a person values it.
 */

/** Kilometres a year assumed when the seller has not said: the usual Vietnamese private car's. */
export const TYPICAL_KM_PER_YEAR = 15_000;

const SELL_PAGE_LINE = `Bán xe cho showroom: điền thông tin xe tại ${SELLING_PAGE} (định giá ngay, hẹn ngày kiểm tra xe); nhân viên báo giá mua chính thức sau khi xem xe.`;
const TRADE_IN_LINE =
  'Showroom có nhận thu cũ đổi mới: giá xe cũ được trừ vào giá xe bạn mua. Trên trang một xe đang bán, bấm "Đổi xe cũ lấy xe này" để xem số tiền cần thêm và tính trả góp phần chênh lệch.';

function carName(s: SellerCar): string | null {
  const m = s.models?.[0];
  if (m) return `${m.brand} ${m.model}`;
  return s.brands?.[0]?.brand ?? null;
}

export async function sellingAnswer(
  t: Turn,
  seller: SellerCar,
  inHand: CarDetails | null,
): Promise<AdvisorReply> {
  const lines: string[] = [];
  if (seller.kind === 'tradeIn') lines.push(TRADE_IN_LINE);
  const model = seller.models?.[0];
  const name = carName(seller);
  if (!model || seller.year === undefined) {
    lines.push(
      !name
        ? 'Để định giá, bạn cho mình biết xe của bạn là hãng nào, dòng xe gì, đời năm mấy và đã đi bao nhiêu km?'
        : !model
          ? `Xe ${name} của bạn là dòng xe nào, đời năm mấy và đã đi bao nhiêu km?`
          : `Xe ${name} của bạn đời năm mấy (năm sản xuất) và đã đi bao nhiêu km? Mình sẽ tính giá tham khảo ngay.`,
      SELL_PAGE_LINE,
    );
    return { kind: 'sell', text: lines.join('\n'), cars: [] };
  }
  const assumed = seller.odo === undefined;
  const odo = seller.odo ?? Math.max(0, t.year - seller.year) * TYPICAL_KM_PER_YEAR;
  const value = await t.inventory.valueCar({
    brand: model.brand,
    model: model.model,
    year: seller.year,
    odo,
  });
  const described = `${name} đời ${seller.year}, ${assumed ? 'chưa rõ số km' : `đã đi ${formatKm(odo)}`}`;
  if (!value.ok) {
    lines.push(`Xe ${described}: ${value.message}`, SELL_PAGE_LINE, CHAT_PERSON_OFFER);
    return { kind: 'sell', text: lines.join('\n'), cars: [] };
  }
  lines.push(
    `Xe ${described}: giá tham khảo từ ${formatPrice(value.low)} đến ${formatPrice(value.high)} (ước tính ${formatPrice(value.estimate)}, độ tin cậy ${value.confidence}, từ ${value.comparables} giá xe tương tự trên thị trường và giao dịch của showroom).`,
  );
  if (assumed)
    lines.push(
      `Bạn chưa cho biết số km, nên mình giả định xe đi khoảng ${formatKm(odo)} (trung bình ${formatKm(TYPICAL_KM_PER_YEAR)} mỗi năm). Bạn gửi mình số km thực tế (ODO) để tính sát hơn.`,
    );
  if (seller.kind === 'tradeIn' && inHand && inHand.status === 'available') {
    const add = inHand.sellPrice - value.estimate;
    lines.push(
      add > 0
        ? `Nếu đổi lấy xe ${carRef(inHand)} (giá ${formatPrice(inHand.sellPrice)}), bạn cần thêm khoảng ${formatPrice(add)} (giá tham khảo, chưa gồm chi phí lăn bánh).`
        : `Giá tham khảo xe của bạn đã bằng hoặc cao hơn giá xe ${carRef(inHand)} (${formatPrice(inHand.sellPrice)}).`,
    );
  }
  lines.push(VALUATION_NOTE, SELL_PAGE_LINE, CHAT_PERSON_OFFER);
  return {
    kind: 'sell',
    text: lines.join('\n'),
    cars: inHand && seller.kind === 'tradeIn' ? [inHand.id] : [],
  };
}
