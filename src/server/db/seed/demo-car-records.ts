import { vnDayKey } from '../../../contract/format';
import { vnDayStart } from '../../../contract/vn-time';
import { insertCarRecords } from '../../modules/car-records/service';
import { insertReadings } from '../../modules/odometer/service';
import type { Executor } from '../client';
import { type Rng, rng } from './demo-cars-data';

/**
 * Papers and service records for seeded and generated cars: believable and consistent with the car.
 * Every service record is dated after the car was new and before it reached the lot, with km rising
 * and staying below the listing's odometer, so the odometer history of a seeded car never goes back.
 */

const DAY = 86_400_000;

export interface SeededCar {
  id: number;
  brand: string;
  year: number;
  odo: number;
  createdAt: Date;
}

const DEALER_PLACES = [
  'Thăng Long',
  'Giải Phóng',
  'Gò Vấp',
  'Phú Mỹ Hưng',
  'Biên Hòa',
  'Bình Dương',
  'Đà Nẵng',
  'Cần Thơ',
];
const GARAGES = ['Garage Minh Phát', 'Garage Thành Công', 'Trung tâm dịch vụ Đức Huy'];
const NOTES = [
  '',
  '',
  'Đủ 2 chìa khóa và sổ bảo hành gốc.',
  'Thiếu chìa khóa phụ, đã báo khách khi nhập xe.',
  'Đăng ký gốc lưu trong két, bản sao ở hồ sơ xe.',
  'Chủ cũ còn giữ hóa đơn bảo dưỡng bản giấy.',
];

/** What was done at a service, by the km it was done at. */
function workAt(r: Rng, km: number): string {
  const level = Math.max(5, Math.round(km / 5000) * 5);
  if (level % 40 === 0)
    return `Bảo dưỡng cấp ${level}.000 km: thay dầu máy, lọc dầu, dầu hộp số, nước làm mát`;
  if (level % 20 === 0) return `Bảo dưỡng cấp ${level}.000 km: thay dầu máy, lọc gió, lọc gió điều hòa`;
  if (km > 30_000 && r.chance(0.2)) return r.pick(['Thay 4 lốp', 'Thay ắc quy', 'Thay má phanh trước']);
  return `Bảo dưỡng cấp ${level}.000 km: thay dầu máy, lọc dầu, kiểm tra tổng quát`;
}

const dayOf = (ms: number) => vnDayKey(ms);

/** One car's papers and 1 to 5 service records, drawn from `r`. `index` pins a few cases the demo shows. */
export function planCarRecords(r: Rng, car: SeededCar, index: number) {
  const arrived = car.createdAt.getTime();
  const company = index % 37 === 2 || index % 37 === 9 || r.chance(0.06);
  const released = index === 5 || r.chance(0.06);
  const papers = {
    carId: car.id,
    ownerType: company ? 'company' : 'personal',
    vatInvoice: company ? index % 37 !== 20 : false,
    registrationUntil: dayOf(arrived + r.int(90, 540) * DAY),
    liabilityInsuranceUntil: dayOf(arrived + r.int(30, 330) * DAY),
    bodyInsuranceUntil: r.chance(0.6) ? dayOf(arrived + r.int(20, 300) * DAY) : null,
    loanStatus: released ? 'released' : 'none',
    fineCheckedOn: dayOf(arrived - r.int(0, 3) * DAY),
    fineResult: r.chance(0.15) ? 'paid' : 'none',
    staffNote: r.pick(NOTES),
  };

  // From a few weeks after it was new to a few days before it reached the lot.
  const start = Math.max(vnDayStart(`${car.year}-02-01`).getTime(), arrived - 8 * 365 * DAY);
  const end = arrived - r.int(3, 20) * DAY;
  const span = Math.max(0, end - start);
  const count = span < 60 * DAY ? 1 : Math.min(5, 1 + Math.floor(span / (200 * DAY)), r.int(2, 5));
  const dealer = `${car.brand} ${r.pick(DEALER_PLACES)}`;
  const records: { carId: number; servicedOn: string; km: number; work: string; place: string }[] = [];
  let lastKm = 0;
  let lastDay = '';
  for (let i = 1; i <= count; i++) {
    const share = count === 1 ? 1 : i / count;
    const at = start + span * share - (i === count ? 0 : r.int(0, 15) * DAY);
    // km up to 97% of the listing's, always rising, always below it.
    const km = Math.max(
      lastKm + 100,
      Math.round((car.odo * 0.97 * share * (0.9 + r.next() * 0.1)) / 100) * 100,
    );
    const day = dayOf(Math.min(at, end));
    if (km >= car.odo || day <= lastDay) break;
    records.push({
      carId: car.id,
      servicedOn: day,
      km,
      work: workAt(r, km),
      place: r.chance(0.8) ? dealer : r.pick(GARAGES),
    });
    lastKm = km;
    lastDay = day;
  }
  return { papers, records };
}

/** Writes the papers, records and their odometer readings of these cars (demo showroom, generated stock). */
export async function seedCarRecords(exec: Executor, cars: SeededCar[], seed = 20_261_125): Promise<void> {
  const r = rng(seed);
  const plans = cars.map((c, i) => planCarRecords(r, c, i));
  const rows = await insertCarRecords(
    exec,
    plans.map((p) => p.papers),
    plans.flatMap((p) => p.records),
  );
  await insertReadings(
    exec,
    rows.map((row) => ({
      carId: row.carId,
      source: 'service' as const,
      sourceId: row.id,
      readOn: row.servicedOn,
      km: row.km,
    })),
  );
}
