import { formatKm } from '../../../../contract/format';
import type { BrandRef } from '../../../../contract/query';
import { compactFold } from '../../../../contract/text';
import type { AdvisorCar } from '../inventory';
import { type BrandWarranty, FACTORY_WARRANTY, type WarrantyTerms } from './factory-warranty-data';
import { carRef } from './render';
import type { AdvisorReply, Turn } from './turn';

/**
 * "Còn bảo hành hãng không?": what is known of the maker's warranty (its usual terms in Vietnam, from
 * factory-warranty-data.ts, against the car's model year and odometer), always marked as to be checked
 * with the maker, then the showroom's own warranty. A maker the table lacks is said to be unknown.
 */

export const CHECK_WITH_MAKER =
  'Thời hạn thực tế tính từ ngày xe được giao cho chủ đầu tiên và tùy việc bảo dưỡng đúng hạn tại đại lý chính hãng: cần kiểm tra lại với hãng (đại lý tra theo số khung); nhân viên showroom có thể tra giúp bạn.';

export function brandWarranty(brand: string): BrandWarranty | null {
  const key = compactFold(brand);
  return FACTORY_WARRANTY.find((b) => b.keys.includes(key)) ?? null;
}

/** The terms for this car: its model's own when the maker has them, else the brand's. */
export function termsFor(car: Pick<AdvisorCar, 'brand' | 'model' | 'carName'>): WarrantyTerms | null {
  const b = brandWarranty(car.brand);
  if (!b) return null;
  const model = compactFold(car.model);
  const name = compactFold(car.carName);
  const own = b.models?.find((m) => m.keys.some((k) => model === k || name.includes(k)));
  return own?.terms ?? b.terms;
}

export function termsWords(terms: WarrantyTerms): string {
  return terms.km === null
    ? `${terms.years} năm, không giới hạn km`
    : `${terms.years} năm hoặc ${formatKm(terms.km)} (tùy điều kiện nào đến trước)`;
}

/** Whether the usual cover may still run, from the model year (delivery is often a year later) and the km. */
function verdict(car: AdvisorCar, terms: WarrantyTerms, year: number): string {
  const age = Math.max(0, year - car.year);
  const ageWords = age === 0 ? 'xe đời năm nay' : `xe đời ${car.year} đến nay khoảng ${age} năm`;
  if (terms.km !== null && car.odo > terms.km)
    return `Xe đã đi ${formatKm(car.odo)}, vượt mức ${formatKm(terms.km)}: bảo hành hãng thông thường đã hết.`;
  if (age > terms.years + 1)
    return `${capital(ageWords)}, quá thời hạn ${terms.years} năm: nhiều khả năng bảo hành hãng đã hết.`;
  if (age >= terms.years)
    return `${capital(ageWords)}, đã đi ${formatKm(car.odo)}: có thể đã hết hoặc sắp hết bảo hành hãng, tùy ngày xe được giao lần đầu.`;
  return `${capital(ageWords)}, đã đi ${formatKm(car.odo)}: có thể vẫn còn bảo hành hãng đến khoảng năm ${car.year + terms.years}${
    terms.km !== null ? ` nếu chưa vượt ${formatKm(terms.km)}` : ''
  }.`;
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function carLines(car: AdvisorCar, year: number): string[] {
  const b = brandWarranty(car.brand);
  const terms = termsFor(car);
  const head = `Bảo hành hãng của xe ${carRef(car)} (đời ${car.year}, đã đi ${formatKm(car.odo)}):`;
  if (!b || !terms)
    return [
      head,
      `- Mình chưa có thông tin bảo hành thông thường của ${car.brand} tại Việt Nam, nên không ước tính được; cần kiểm tra lại với hãng (đại lý tra theo số khung).`,
    ];
  return [
    head,
    `- Bảo hành hãng thông thường của ${b.brand} tại Việt Nam: ${termsWords(terms)}${b.note ? `; ${b.note}` : ''}.`,
    `- ${verdict(car, terms, year)}`,
    `- ${CHECK_WITH_MAKER}`,
  ];
}

function brandLines(brands: BrandRef[]): string[] {
  return brands.map((ref) => {
    const b = brandWarranty(ref.brand);
    return b
      ? `- ${b.brand}: bảo hành hãng thông thường ${termsWords(b.terms)}${b.note ? `; ${b.note}` : ''} (cần kiểm tra lại với hãng).`
      : `- ${ref.brand}: mình chưa có thông tin bảo hành thông thường của hãng; cần kiểm tra lại với hãng.`;
  });
}

export async function warrantyAnswer(
  t: Turn,
  car: AdvisorCar | null,
  brands: BrandRef[] = [],
): Promise<AdvisorReply> {
  const s = await t.showroom();
  const lines = car
    ? carLines(car, t.year)
    : brands.length
      ? ['Bảo hành hãng khi xe còn mới:', ...brandLines(brands), `- ${CHECK_WITH_MAKER}`]
      : [
          'Bạn hỏi bảo hành hãng của xe nào? Gửi mình tên xe (hoặc mở trang xe rồi bấm "Tư vấn với AI"), mình sẽ đối chiếu đời xe và số km với bảo hành thông thường của hãng.',
        ];
  lines.push(
    '',
    s.policies.warranty
      ? `Bảo hành của showroom (áp dụng thêm cho xe mua tại showroom): ${s.policies.warranty}`
      : `Bảo hành của showroom: showroom chưa công bố chính sách này trên website; bạn vui lòng hỏi qua ${await t.hotline()}.`,
  );
  return { kind: 'warranty', text: lines.join('\n'), cars: car ? [car.id] : [] };
}
