import { vnDayKey } from '../../../contract/format';
import { vnDayStart } from '../../../contract/vn-time';
import { insertCarRecords } from '../../modules/car-records/service';
import { insertReadings } from '../../modules/odometer/service';
import type { Executor } from '../client';
import { type Rng, rng } from './demo-cars-data';

/**
 * Papers and service records for seeded and generated cars: believable and consistent with the car.
 * Every service record is dated after the car was new and weeks before it reached the lot, its km rising
 * at the car's own believable pace up to the inspection and the listing, so the odometer history of a
 * seeded car never goes back nor runs faster than a private car does.
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
const dayStart = (ms: number) => vnDayStart(vnDayKey(ms)).getTime();

/**
 * How far a private car in Vietnam runs: 10,000 to 20,000 km a year is usual (30 to 55 km a day), a
 * family car used daily for work and weekend trips reaches 25,000 (70 a day). A record's step never
 * exceeds MAX_KM_PER_DAY × its days, so a "Không tua ODO" pledge sits on a history a buyer believes.
 */
export const MAX_KM_PER_DAY = 70;
/** The first service of a car: its 1,000 km check at the earliest. */
const MIN_FIRST_SERVICE_KM = 1_000;

/**
 * The car's usual pace (km a day): its own average since it was new (its odometer over its age), held within
 * what a private car does, then drawn a little around it; each step below varies it by -15 % to +15 %.
 */
function carPace(r: Rng, car: SeededCar, arrived: number): number {
  const sinceNew = Math.max(30, (arrived - vnDayStart(`${car.year}-01-15`).getTime()) / DAY);
  const average = car.odo / sinceNew;
  return Math.min(MAX_KM_PER_DAY / 1.15, Math.max(12, average * (0.9 + r.next() * 0.2)));
}

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

  // Dated first, from a few weeks after it was new to a fortnight or more before it reached the lot, at
  // least a month apart.
  const start = Math.max(vnDayStart(`${car.year}-02-01`).getTime(), arrived - 8 * 365 * DAY);
  const end = dayStart(arrived - r.int(12, 40) * DAY);
  const span = Math.max(0, end - start);
  const count = span < 60 * DAY ? 1 : Math.min(5, 1 + Math.floor(span / (200 * DAY)), r.int(2, 5));
  const days: number[] = [];
  for (let i = count; i >= 1; i--) {
    const share = count === 1 ? 1 : i / count;
    const day = dayStart(Math.min(start + span * share - (i === count ? 0 : r.int(0, 15) * DAY), end));
    if (days.length && day > days[days.length - 1] - 30 * DAY) break;
    days.push(day);
  }
  // Then the km, walking back at the car's own pace from the lowest and earliest the inspection can read
  // (40 km under the listing, 4 days before it): every step between two readings is one a private car makes.
  const pace = carPace(r, car, arrived);
  const dealer = `${car.brand} ${r.pick(DEALER_PLACES)}`;
  const newestFirst: { day: number; km: number }[] = [];
  let laterKm = car.odo - 40;
  let laterDay = dayStart(arrived) - 4 * DAY;
  for (const day of days) {
    const driven = ((laterDay - day) / DAY) * pace * (0.85 + r.next() * 0.3);
    let km = Math.round(laterKm - driven);
    // A car listed with very few km still has its one record, at a gentler pace.
    if (!newestFirst.length) km = Math.max(km, Math.round(Math.min(laterKm - 60, car.odo * 0.6)));
    else if (km < MIN_FIRST_SERVICE_KM) break;
    newestFirst.push({ day, km });
    laterKm = km;
    laterDay = day;
  }
  const records = newestFirst.reverse().map(({ day, km }) => ({
    carId: car.id,
    servicedOn: dayOf(day),
    km,
    work: workAt(r, km),
    place: r.chance(0.8) ? dealer : r.pick(GARAGES),
  }));
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
