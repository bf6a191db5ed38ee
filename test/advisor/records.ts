import { formatDate, formatKm, formatPrice } from '../../src/contract/format';
import {
  deriveInspection,
  type InspectionGroup,
  type InspectionResult,
  type Pledge,
  summaryLine,
} from '../../src/contract/inspections-labels';
import { findRollback, type OdometerReading } from '../../src/contract/odometer';
import type { AdvisorCar, CarDetails, CarRecords } from '../../src/server/modules/chatbot/inventory';

/**
 * The advisor tests' records for a few fixture cars, written out so every answer can be checked by eye:
 * a clean report, a report whose flood pledge is withheld, one with a repaired item, a car whose imported
 * odometer history goes backwards, and cars with no report at all.
 */

const ITEMS: { group: InspectionGroup; label: string; pledges: Pledge[] }[] = [
  { group: 'EXTERIOR', label: 'Khung sườn, dầm dọc', pledges: ['NO_CRASH'] },
  { group: 'EXTERIOR', label: 'Cột A, B, C', pledges: ['NO_CRASH'] },
  { group: 'EXTERIOR', label: 'Sơn và độ dày lớp sơn', pledges: ['NO_CRASH'] },
  { group: 'INTERIOR', label: 'Sàn xe, thảm và lớp cách âm', pledges: ['NO_FLOOD'] },
  { group: 'INTERIOR', label: 'Dây an toàn kéo hết chiều dài', pledges: ['NO_FLOOD'] },
  { group: 'ENGINE', label: 'Dầu máy và nước làm mát', pledges: [] },
  { group: 'UNDERCARRIAGE', label: 'Gầm xe, dấu gỉ sét', pledges: ['NO_FLOOD'] },
  { group: 'ELECTRICAL', label: 'Giắc điện và hộp cầu chì', pledges: ['NO_FLOOD'] },
  { group: 'ROAD_TEST', label: 'Hộp số khi chuyển số', pledges: [] },
  { group: 'PAPERS', label: 'Số km khớp lịch sử bảo dưỡng', pledges: ['NO_ODO_ROLLBACK'] },
  { group: 'PAPERS', label: 'Số khung, số máy khớp giấy đăng ký', pledges: [] },
];

type Marks = Record<string, { result: InspectionResult; note: string }>;

function report(
  inspectedAt: string,
  odometerKm: number,
  marks: Marks,
  readings: OdometerReading[] = [],
): NonNullable<CarRecords['inspection']> {
  const items = ITEMS.map((item) => ({
    ...item,
    result: marks[item.label]?.result ?? ('PASS' as InspectionResult),
    note: marks[item.label]?.note ?? '',
  }));
  const odometerConsistent = findRollback(readings) === null;
  const summary = deriveInspection(
    { inspectedAt, results: items.map((item, i) => ({ itemId: i + 1, result: item.result })) },
    ITEMS.map((item, i) => ({ itemId: i + 1, pledges: item.pledges })),
    odometerConsistent,
  );
  return {
    inspectorName: 'Nguyễn Văn Hùng',
    inspectedAt,
    odometerKm,
    conclusion: 'Xe đạt tiêu chuẩn bán của showroom.',
    summary,
    odometerConsistent,
    items,
  };
}

const EMPTY: Omit<CarRecords, 'licensePlateRegion'> = {
  inspection: null,
  papers: null,
  serviceRecords: [],
  odometerRollback: null,
  priceChanges: [],
};

const TRANSIT_READINGS: OdometerReading[] = [
  { source: 'import', readOn: '2024-03-01', km: 140_000 },
  { source: 'import', readOn: '2025-06-01', km: 118_000 },
  { source: 'listing', readOn: '2026-10-01', km: 120_000 },
];

/** Records by car, keyed "name|year" in the fixture showroom. */
const BY_CAR: Record<string, CarRecords> = {
  'Toyota Vios 1.5G CVT|2022': {
    ...EMPTY,
    licensePlateRegion: 'TP.HCM',
    inspection: report('2026-11-02', 20_950, {}),
    papers: {
      ownerType: 'personal',
      vatInvoice: null,
      registrationUntil: '2027-05-10',
      liabilityInsuranceUntil: '2027-03-01',
      bodyInsuranceUntil: null,
      loanStatus: 'none',
      fineCheckedOn: '2026-11-05',
      fineResult: 'none',
    },
    serviceRecords: [
      {
        servicedOn: '2025-04-02',
        km: 18_000,
        work: 'Bảo dưỡng cấp trung, thay dầu hộp số',
        place: 'Toyota Lý Thường Kiệt',
      },
      {
        servicedOn: '2023-10-20',
        km: 10_200,
        work: 'Bảo dưỡng định kỳ 10.000 km',
        place: 'Toyota Lý Thường Kiệt',
      },
      { servicedOn: '2022-10-12', km: 5_000, work: 'Bảo dưỡng lần đầu', place: 'Toyota Lý Thường Kiệt' },
    ],
  },
  'Mazda CX-5 2.0 Premium|2022': {
    ...EMPTY,
    licensePlateRegion: 'Hà Nội',
    inspection: report('2026-10-28', 24_800, {
      'Sàn xe, thảm và lớp cách âm': { result: 'ATTENTION', note: 'có vết ố nước dưới thảm hàng ghế sau' },
    }),
    papers: {
      ownerType: 'company',
      vatInvoice: true,
      registrationUntil: '2026-09-30',
      liabilityInsuranceUntil: null,
      bodyInsuranceUntil: null,
      loanStatus: 'released',
      fineCheckedOn: null,
      fineResult: null,
    },
    serviceRecords: [
      { servicedOn: '2024-06-15', km: 15_000, work: 'Bảo dưỡng 15.000 km', place: 'Mazda Giải Phóng' },
    ],
  },
  'Honda CR-V L|2021': {
    ...EMPTY,
    licensePlateRegion: 'TP.HCM',
    inspection: report('2026-11-08', 38_900, {
      'Sơn và độ dày lớp sơn': { result: 'FIXED', note: 'sơn lại cản trước do trầy xước' },
    }),
    priceChanges: [{ changedAt: '2026-11-10T03:00:00.000Z', oldPrice: 965_000_000, newPrice: 935_000_000 }],
  },
  'Ford Transit 16 chỗ|2020': {
    ...EMPTY,
    licensePlateRegion: 'Bình Dương',
    inspection: report('2026-10-05', 120_000, {}, TRANSIT_READINGS),
    odometerRollback: findRollback(TRANSIT_READINGS),
    serviceRecords: [
      { servicedOn: '2025-06-01', km: 118_000, work: 'Thay lốp, bảo dưỡng phanh', place: 'Garage Minh Phát' },
      { servicedOn: '2024-03-01', km: 140_000, work: 'Bảo dưỡng định kỳ', place: 'Ford Thủ Đức' },
    ],
  },
};

export function recordsFor(car: Pick<AdvisorCar, 'carName' | 'year'>): CarRecords {
  return BY_CAR[`${car.carName}|${car.year}`] ?? { ...EMPTY, licensePlateRegion: '' };
}

/** The cars that have records, for the API tests to write through the real services. */
export const RECORDED_CARS = Object.keys(BY_CAR).map((key) => {
  const [carName, year] = key.split('|');
  return { carName, year: Number(year), records: BY_CAR[key] };
});

const dayText = (yyyyMmDd: string) => formatDate(`${yyyyMmDd}T12:00:00+07:00`);

/** A car's records in the words an answer may quote: every date, distance, price and count they hold. */
export function recordText(car: Pick<CarDetails, 'sellPrice' | 'previousOwners'>, rec: CarRecords): string {
  const parts: string[] = [rec.licensePlateRegion, formatPrice(car.sellPrice), `${car.previousOwners}`];
  const r = rec.inspection;
  if (r) {
    parts.push(dayText(r.inspectedAt), formatKm(r.odometerKm), summaryLine(r.summary), r.conclusion);
    const behind = (p: Pledge) => r.items.filter((i) => i.pledges.includes(p)).length;
    parts.push(`${behind('NO_CRASH')} ${behind('NO_FLOOD')} ${behind('NO_ODO_ROLLBACK')}`);
    for (const i of r.items) parts.push(i.label, i.note);
  }
  const p = rec.papers;
  if (p) {
    for (const d of [p.registrationUntil, p.liabilityInsuranceUntil, p.bodyInsuranceUntil, p.fineCheckedOn])
      if (d) parts.push(dayText(d));
  }
  parts.push(`${rec.serviceRecords.length}`);
  for (const s of rec.serviceRecords) parts.push(dayText(s.servicedOn), formatKm(s.km), s.work, s.place);
  if (rec.odometerRollback) {
    const { earlier, later } = rec.odometerRollback;
    parts.push(dayText(earlier.readOn), formatKm(earlier.km), dayText(later.readOn), formatKm(later.km));
  }
  parts.push(`${rec.priceChanges.length}`);
  for (const c of rec.priceChanges)
    parts.push(formatDate(c.changedAt), formatPrice(c.oldPrice), formatPrice(c.newPrice));
  return parts.join(' | ');
}
