import { formatDay, formatKm, formatPrice, vnDayKey } from '../../../../contract/format';
import {
  INSPECTION_RESULT_LABELS,
  PLEDGE_LABELS,
  type Pledge,
  summaryLine,
} from '../../../../contract/inspections-labels';
import { rollbackWarning } from '../../../../contract/odometer';
import type { TrustTopic } from '../../../../contract/query';
import type { CarDetails, CarRecords } from '../inventory';
import { statusNote } from './one-car';
import { carRef } from './render';
import type { AdvisorReply, Turn } from './turn';

/**
 * Answers about a car's past and papers, from its records only: the inspection report (and the pledges
 * derived from it), the odometer history, papers, service records and price changes. Where a record is
 * missing the answer says so and never guesses; what a buyer can do instead comes from the policies.
 */

const PLEDGE_OF: Partial<Record<TrustTopic, Pledge>> = {
  flood: 'NO_FLOOD',
  crash: 'NO_CRASH',
  odometer: 'NO_ODO_ROLLBACK',
};

/** The fear in words, for "chưa thể khẳng định xe …". */
const FEAR: Record<Pledge, string> = {
  NO_FLOOD: 'không bị ngập nước',
  NO_CRASH: 'không bị đâm đụng',
  NO_ODO_ROLLBACK: 'không bị tua ODO',
};

/** The line's title: the fear, whether or not the pledge holds. */
const TOPIC_TITLE: Record<Pledge, string> = {
  NO_FLOOD: 'Ngập nước',
  NO_CRASH: 'Đâm đụng',
  NO_ODO_ROLLBACK: 'Số km (ODO)',
};

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

type Inspection = NonNullable<CarRecords['inspection']>;

function reportIntro(r: Inspection): string {
  const who = r.inspectorName ? ` (người kiểm định: ${r.inspectorName})` : '';
  return `Báo cáo kiểm định ngày ${formatDay(r.inspectedAt)}${who}, lúc xe đi ${formatKm(r.odometerKm)}`;
}

function noted(item: Inspection['items'][number]): string {
  const result = item.result ? INSPECTION_RESULT_LABELS[item.result] : 'chưa kiểm tra';
  return `${item.label}: ${result.toLowerCase()}${item.note ? ` (${item.note})` : ''}`;
}

/** One pledge: held with the items behind it, or withheld with the items that broke it. */
function pledgeLine(rec: CarRecords, pledge: Pledge): string {
  const r = rec.inspection;
  if (!r)
    return `- ${TOPIC_TITLE[pledge]}: xe này chưa có báo cáo kiểm định, nên mình chưa thể khẳng định xe ${FEAR[pledge]}.`;
  const behind = r.items.filter((i) => i.pledges.includes(pledge));
  const held = r.summary.pledges.includes(pledge);
  if (held) {
    const fixed = behind.filter((i) => i.result === 'FIXED');
    const names = behind.slice(0, 4).map((i) => i.label.toLowerCase());
    const more = behind.length > names.length ? ', …' : '';
    const fixedText = fixed.length ? `; đã khắc phục: ${fixed.map(noted).join('; ')}` : '';
    return (
      `- ${TOPIC_TITLE[pledge]}: showroom cam kết "${PLEDGE_LABELS[pledge]}". ${reportIntro(r)}: ${behind.length} hạng mục liên quan ` +
      `(${names.join(', ')}${more}) đều đạt${fixedText}.`
    );
  }
  const reasons = behind.filter((i) => i.result !== 'PASS' && i.result !== 'FIXED').map(noted);
  if (pledge === 'NO_ODO_ROLLBACK' && rec.odometerRollback)
    reasons.push(rollbackWarning(rec.odometerRollback));
  return (
    `- ${TOPIC_TITLE[pledge]}: showroom KHÔNG cam kết "${PLEDGE_LABELS[pledge]}" cho xe này. ${reportIntro(r)} ghi nhận: ` +
    `${reasons.length ? reasons.map(lowerFirst).join('; ') : 'không có hạng mục nào xác nhận điều này'}. ` +
    'Bạn nên xem xe trực tiếp và hỏi kỹ nhân viên trước khi quyết định.'
  );
}

function inspectionLine(rec: CarRecords): string {
  const r = rec.inspection;
  if (!r) return '- Kiểm định: xe này chưa có báo cáo kiểm định.';
  const pledges = r.summary.pledges.map((p) => PLEDGE_LABELS[p]);
  const lines = [
    `- ${reportIntro(r)}: ${summaryLine(r.summary)}.`,
    `- Cam kết: ${pledges.length ? pledges.join(', ') : 'chưa có cam kết nào được xác nhận'}.`,
  ];
  const attention = r.items.filter((i) => i.result === 'ATTENTION');
  const fixed = r.items.filter((i) => i.result === 'FIXED');
  if (attention.length) lines.push(`- Cần lưu ý: ${attention.map(noted).join('; ')}.`);
  if (fixed.length) lines.push(`- Đã khắc phục: ${fixed.map(noted).join('; ')}.`);
  if (r.conclusion) lines.push(`- Kết luận: ${r.conclusion}`);
  return lines.join('\n');
}

function ownersLine(car: CarDetails, rec: CarRecords): string {
  const owners =
    car.previousOwners === 1
      ? 'một chủ sử dụng từ đầu'
      : `${car.previousOwners} đời chủ trước khi về showroom`;
  const p = rec.papers;
  const kind =
    p?.ownerType === 'company'
      ? `xe công ty${p.vatInvoice === true ? ', có hóa đơn VAT' : p.vatInvoice === false ? ', không có hóa đơn VAT' : ''}`
      : p?.ownerType === 'personal'
        ? 'xe cá nhân'
        : 'chưa ghi nhận xe cá nhân hay xe công ty';
  return `- Chủ xe: ${owners}; ${kind}.`;
}

const LOAN_WORDS = {
  none: 'không thế chấp ngân hàng',
  mortgaged: 'đang thế chấp ngân hàng (showroom giải chấp trước khi sang tên)',
  released: 'từng thế chấp, đã giải chấp',
} as const;

function validity(until: string | null, today: string): string {
  if (!until) return 'chưa có thông tin';
  return `${until >= today ? 'còn hạn đến' : 'đã hết hạn từ'} ${formatDay(until)}`;
}

function papersLine(rec: CarRecords, today: string): string {
  const p = rec.papers;
  const plate = rec.licensePlateRegion ? `biển ${rec.licensePlateRegion}` : 'chưa ghi nhận tỉnh đăng ký biển';
  if (!p) return `- Giấy tờ: ${plate}; các giấy tờ khác của xe chưa được cập nhật trên website.`;
  const fines = p.fineCheckedOn
    ? `đã tra cứu phạt nguội ngày ${formatDay(p.fineCheckedOn)}${p.fineResult === 'paid' ? ', đã nộp hết phạt nguội' : p.fineResult === 'none' ? ', không có lỗi' : ''}`
    : 'chưa tra cứu phạt nguội';
  return [
    `- Giấy tờ: ${plate}; đăng kiểm ${validity(p.registrationUntil, today)}; bảo hiểm TNDS ${validity(p.liabilityInsuranceUntil, today)}; bảo hiểm thân vỏ ${validity(p.bodyInsuranceUntil, today)}.`,
    `- Thế chấp: ${p.loanStatus ? LOAN_WORDS[p.loanStatus] : 'chưa có thông tin'}; ${fines}.`,
  ].join('\n');
}

function serviceLine(rec: CarRecords): string {
  if (!rec.serviceRecords.length)
    return '- Bảo dưỡng: chưa có lịch sử bảo dưỡng nào được ghi nhận cho xe này.';
  const shown = rec.serviceRecords.slice(0, 5);
  const lines = shown.map(
    (s) => `  • ${formatDay(s.servicedOn)} – ${formatKm(s.km)} – ${s.work}${s.place ? ` (${s.place})` : ''}`,
  );
  const more =
    rec.serviceRecords.length > shown.length
      ? `\n  … và ${rec.serviceRecords.length - shown.length} lần khác`
      : '';
  return `- Lịch sử bảo dưỡng (${rec.serviceRecords.length} lần, mới nhất trước):\n${lines.join('\n')}${more}`;
}

function priceLine(car: CarDetails, rec: CarRecords): string {
  if (!rec.priceChanges.length)
    return `- Giá: chưa thay đổi từ khi đăng bán (${formatPrice(car.sellPrice)}).`;
  const changes = rec.priceChanges
    .slice(0, 3)
    .map(
      (c) => `${formatDay(vnDayKey(c.changedAt))}: ${formatPrice(c.oldPrice)} → ${formatPrice(c.newPrice)}`,
    );
  return `- Giá đã điều chỉnh ${rec.priceChanges.length} lần: ${changes.join('; ')}; giá hiện tại ${formatPrice(car.sellPrice)}.`;
}

function topicLines(car: CarDetails, rec: CarRecords, topics: TrustTopic[], today: string): string[] {
  const lines: string[] = [];
  for (const topic of topics) {
    const pledge = PLEDGE_OF[topic];
    if (pledge) lines.push(pledgeLine(rec, pledge));
    else if (topic === 'inspection') lines.push(inspectionLine(rec));
    else if (topic === 'owners') lines.push(ownersLine(car, rec));
    else if (topic === 'papers') lines.push(papersLine(rec, today));
    else if (topic === 'service') lines.push(serviceLine(rec));
    else if (topic === 'priceHistory') lines.push(priceLine(car, rec));
  }
  // The odometer is also vouched for by the service history: show it beside the pledge.
  if (topics.includes('odometer') && !topics.includes('service') && rec.serviceRecords.length)
    lines.push(serviceLine(rec));
  return lines;
}

/** One car, or each car of a short list: what its records say on the topics asked. */
export async function recordsAnswer(
  t: Turn,
  cars: CarDetails[],
  topics: TrustTopic[],
  today: string,
): Promise<AdvisorReply> {
  const s = await t.showroom();
  const blocks: string[] = [];
  for (const car of cars.slice(0, 5)) {
    const rec = await t.inventory.carRecords(car.id);
    if (!rec) continue;
    blocks.push(
      [`Xe ${carRef(car)} (đời ${car.year}):`, ...topicLines(car, rec, topics, today)].join('\n') +
        statusNote(car),
    );
  }
  const fears = topics.some((x) => PLEDGE_OF[x] || x === 'inspection');
  const tail: string[] = [];
  if (fears && s.policies.returns) tail.push(`Chính sách đổi trả: ${s.policies.returns}`);
  if (fears && s.policies.independentCheck) tail.push(`Kiểm tra độc lập: ${s.policies.independentCheck}`);
  tail.push(`Cần xem giấy tờ gốc hoặc hỏi thêm, bạn gọi ${await t.hotline()}.`);
  return {
    kind: 'records',
    text: `${blocks.join('\n\n')}\n\n${tail.join('\n')}`,
    cars: cars.slice(0, 5).map((c) => c.id),
  };
}

/** A question about a car's past with no car in the conversation: what every report shows, and a question back. */
export async function recordsWithoutCarAnswer(t: Turn): Promise<AdvisorReply> {
  const s = await t.showroom();
  const lines = [
    'Bạn đang hỏi về xe nào? Mỗi xe có báo cáo kiểm định sẽ hiện trên trang chi tiết xe: số hạng mục đạt, các hạng mục đã khắc phục hoặc cần lưu ý, và các cam kết (không đâm đụng, không ngập nước, không tua ODO) chỉ khi mọi hạng mục liên quan đều đạt.',
    'Bạn gửi mình tên xe hoặc mở trang xe rồi bấm "Tư vấn xe này", mình sẽ trả lời theo báo cáo của chính xe đó.',
  ];
  if (s.policies.returns) lines.push(`Chính sách đổi trả: ${s.policies.returns}`);
  return { kind: 'records', text: lines.join('\n'), cars: [] };
}
