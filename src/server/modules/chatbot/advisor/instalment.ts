import { formatPrice } from '../../../../contract/format';
import type { ParsedMessage } from '../../../../contract/query';
import type { AdvisorCar, CarDetails } from '../inventory';
import { findHandedOver } from './handoff';
import { carRef } from './render';
import { findCars } from './search';
import type { AdvisorReply, Turn } from './turn';

/** Instalment estimates: for a named or handed-over car, a stated price, or the bank's terms alone. */

export async function instalmentAnswer(
  t: Turn,
  p: ParsedMessage,
  referenced: CarDetails[],
): Promise<AdvisorReply> {
  const plan = p.instalment ?? {};
  let car: AdvisorCar | null = referenced[0] ?? null;
  if (!car && t.conv.handoff && t.conv.handoffActive) car = await findHandedOver(t, t.conv.handoff);
  if (!car && (p.constraints.models?.length || p.constraints.brands?.length)) {
    const outcome = await findCars(t.inventory, { ...p.constraints }, t.year);
    if (!outcome.dropped.length && !outcome.priceRelaxed) car = outcome.cars[0] ?? null;
  }
  const price = car?.sellPrice ?? p.constraints.budget?.target ?? p.constraints.budget?.max;
  const s = await t.showroom();
  if (!price) {
    const terms = await t.inventory.loanTerms();
    return {
      kind: 'instalment',
      text:
        `Showroom hỗ trợ trả góp qua ngân hàng: vay tối đa ${Math.round(terms.maxLoanRatio * 100)}% giá xe, thời hạn đến ${terms.maxTermMonths} tháng, ` +
        `lãi suất tham khảo ${formatRate(terms.annualRate)}/năm, trả theo dư nợ giảm dần. ` +
        'Bạn cho mình biết xe muốn mua (hoặc hỏi "trả góp xe này" ngay sau khi mình gợi ý xe) để mình tính số tiền trả mỗi tháng. ' +
        `Tư vấn chi tiết: /consulting hoặc ${await t.hotline()}.`,
      cars: [],
    };
  }
  const estimate = await t.inventory.instalment({
    price,
    downPayment: plan.downPayment,
    downRatio: plan.downRatio,
    termMonths: plan.termMonths,
  });
  const subject = car
    ? `xe ${carRef(car)} (đời ${car.year}, giá ${formatPrice(car.sellPrice)})`
    : `xe giá ${formatPrice(price)}`;
  const lines = [
    `Ước tính trả góp ${subject}:`,
    `- Trả trước: ${formatPrice(estimate.downPayment)}${estimate.capped ? ` (ngân hàng cho vay tối đa ${Math.round(estimate.maxLoanRatio * 100)}% giá xe)` : ''}`,
    `- Số tiền vay: ${formatPrice(estimate.loan)} trong ${estimate.termMonths} tháng, lãi suất tham khảo ${formatRate(estimate.annualRate)}/năm (dư nợ giảm dần)`,
    `- Tháng đầu trả khoảng ${formatPrice(estimate.firstPayment)}, giảm dần đến khoảng ${formatPrice(estimate.lastPayment)} ở tháng cuối`,
    `- Tổng tiền lãi ước tính: ${formatPrice(estimate.totalInterest)}`,
    '',
    `Đây là số liệu tham khảo theo cấu hình của showroom ${s.name}; lãi suất thực tế tùy ngân hàng và hồ sơ. Tư vấn chi tiết: /consulting hoặc ${await t.hotline()}.`,
  ];
  if (car) lines.push(`Đăng ký lái thử xe này: /testdrive?carId=${car.id}`);
  return { kind: 'instalment', text: lines.join('\n'), cars: car ? [car.id] : [] };
}

function formatRate(rate: number): string {
  return `${(Math.round(rate * 10000) / 100).toString().replace('.', ',')}%`;
}
