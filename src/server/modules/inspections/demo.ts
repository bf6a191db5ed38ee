import { vnDayKey } from '../../../contract/format';
import type { InspectionGroup, TemplateItem } from '../../../contract/inspections';
import type { Db } from '../../db/client';
import type { DemoSeeder } from '../../db/seed/bootstrap';
import { prepareImage, storeImage } from '../../platform/images';
import type { JobQueue } from '../../platform/jobs/queue';
import type { CarsService } from '../cars/service';
import { insertPlannedReports, type PlannedReport } from './bulk';
import { inspectionMarkers, inspectionPhotos } from './schema';
import type { InspectionsService } from './service';

const DAY = 86_400_000;
export const INSPECTORS = ['Trần Minh Khoa', 'Lê Quốc Bảo', 'Phạm Đức Thịnh', 'Nguyễn Hữu Tâm'];

const FIX_NOTES: Record<InspectionGroup, string[]> = {
  EXTERIOR: [
    'Đã đánh bóng vết xước nhẹ trên cản sau',
    'Đã thay hai lốp trước mới',
    'Đã phục hồi đèn pha bị ố vàng',
    'Đã thay lưỡi gạt mưa',
  ],
  INTERIOR: [
    'Đã vệ sinh, khử mùi nội thất',
    'Đã bơm ga điều hòa, thay lọc gió điều hòa',
    'Đã thay bóng đèn trần',
  ],
  ENGINE: ['Đã thay dầu máy và lọc dầu', 'Đã thay dây curoa dẫn động', 'Đã thay ắc quy mới'],
  UNDERCARRIAGE: ['Đã thay má phanh trước', 'Đã thay cao su cân bằng', 'Đã cân chỉnh góc đặt bánh xe'],
  ELECTRICAL: ['Đã thay cầu chì đèn sương mù', 'Đã sửa motor gập gương bên phải'],
  ROAD_TEST: ['Đã cân bằng động bánh xe, hết rung vô lăng'],
  PAPERS: ['Đã nộp phạt nguội trước khi nhận xe'],
};

const CONCLUSIONS = [
  'Xe nguyên bản, khung gầm chắc chắn, máy số vận hành êm. Đủ điều kiện bán.',
  'Xe giữ gìn tốt, đã khắc phục các hạng mục hao mòn thông thường. Đủ điều kiện bán.',
  'Xe chạy ít, nội thất sạch, giấy tờ đầy đủ. Đủ điều kiện bán.',
];

export interface ReportCar {
  carId: number;
  odo: number;
  createdAt: Date;
  fuel: string;
  transmission: string;
}

/** Items a car cannot have: marked Không áp dụng (never an item behind a pledge). */
function notApplicable(item: TemplateItem, car: ReportCar, roll: () => number): boolean {
  if (item.pledges.length) return false;
  if (/Pin cao áp/.test(item.label)) return car.fuel === 'PETROL' || car.fuel === 'DIESEL';
  if (/Ly hợp \(số sàn\)/.test(item.label)) return car.transmission === 'AUTOMATIC';
  if (/Turbo|Kim phun|Bugi/.test(item.label)) return car.fuel === 'ELECTRIC';
  return /\(nếu có\)/.test(item.label) && roll() < 0.4;
}

/** A believable report: nearly everything Đạt, a few wear items Đã khắc phục with a note. */
export function planReport(
  r: { next(): number; int(a: number, b: number): number },
  car: ReportCar,
  template: TemplateItem[],
  now: number,
): PlannedReport {
  const active = template.filter((i) => !i.retired);
  const exceptions: PlannedReport['exceptions'] = [];
  for (const item of active)
    if (notApplicable(item, car, () => r.next()))
      exceptions.push({ itemId: item.itemId, result: 'NA', note: '' });
  const wear = active.filter((i) => i.pledges.length === 0 && !exceptions.some((e) => e.itemId === i.itemId));
  const fixes = r.int(0, 4);
  for (let k = 0; k < fixes; k++) {
    const item = wear[r.int(0, wear.length - 1)];
    if (exceptions.some((e) => e.itemId === item.itemId)) continue;
    const notes = FIX_NOTES[item.group];
    exceptions.push({ itemId: item.itemId, result: 'FIXED', note: notes[r.int(0, notes.length - 1)] });
  }
  // Inspected a day to a few days before the car was listed, a few km before the listed odometer.
  const at = Math.min(car.createdAt.getTime() - r.int(1, 4) * DAY, now - DAY);
  return {
    carId: car.carId,
    inspectorName: INSPECTORS[r.int(0, INSPECTORS.length - 1)],
    inspectedOn: vnDayKey(new Date(at)),
    odometerKm: Math.max(0, car.odo - r.int(0, 40)),
    conclusion: CONCLUSIONS[r.int(0, CONCLUSIONS.length - 1)],
    exceptions,
  };
}

export const DEMO_MARKERS_JOB = 'demo.inspection-markers';

interface PendingMarker {
  carId: number;
  number: number;
  x: number;
  y: number;
  label: string;
}

/**
 * The markers of demo reports whose car had no photo yet: placed on the car's first photo once it has
 * one. Scheduled after the photos job, so it normally runs right after it; a car still without a photo
 * makes it fail and be retried later (platform/jobs), a marker already there is left as it is.
 */
export function defineDemoMarkers(jobs: JobQueue, db: Db, cars: CarsService): void {
  jobs.define(DEMO_MARKERS_JOB, async (payload) => {
    let waiting = 0;
    for (const m of payload.markers as PendingMarker[]) {
      const photo = (await cars.photos(m.carId))[0];
      if (!photo) {
        waiting++;
        continue;
      }
      await db
        .insert(inspectionMarkers)
        .values({ ...m, photoId: photo.photoId })
        .onConflictDoNothing();
    }
    cars.invalidate();
    if (waiting) throw new Error(`${waiting} demo car(s) have no photo yet`);
  });
}

/** A small picture of a noted item (a plain card with its note): the demo has no workshop photos. */
async function notePhoto(note: string, hue: number) {
  const sharp = (await import('sharp')).default;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480"><rect width="640" height="480" fill="hsl(${hue},25%,35%)"/><circle cx="320" cy="200" r="70" fill="none" stroke="#fbbf24" stroke-width="10"/><text x="320" y="360" font-family="sans-serif" font-size="26" fill="#fff" text-anchor="middle">${note.replace(/[<&>]/g, '')}</text></svg>`;
  return prepareImage(await sharp(Buffer.from(svg)).png().toBuffer());
}

export const seedDemoInspections: DemoSeeder = async (ctx, services) => {
  const cars = services.cars as CarsService;
  const inspections = services.inspections as InspectionsService;
  await inspections.template.ensure();
  const template = await inspections.template.list();
  const list: (ReportCar & { status: string })[] = [];
  for (let page = 1; ; page++) {
    const p = await cars.adminList({ page, size: 100, sort: 'newest' });
    list.push(...p.content.map((c) => ({ ...c, createdAt: new Date(c.createdAt) })));
    if (page >= p.totalPages) break;
  }
  // Newest first, as the list shows them: the photographed and the doubtful cars are on its first page.
  list.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.carId - a.carId);
  let s = 20_261_125;
  const r = {
    next: () => {
      s = (s * 1_664_525 + 1_013_904_223) >>> 0;
      return s / 2 ** 32;
    },
    int: (a: number, b: number) => a + Math.floor(r.next() * (b - a + 1)),
  };
  const now = Date.now();
  const plans = list.map((car) => planReport(r, car, template, now));
  // One car with a doubtful panel: Cần lưu ý behind "Không đâm đụng", so that pledge is not shown.
  const paint = template.find((i) => i.pledges.includes('NO_CRASH') && /Độ dày sơn/.test(i.label));
  const doubtful = plans.filter((_, i) => list[i].status === 'available')[2];
  if (paint && doubtful) {
    doubtful.exceptions.push({
      itemId: paint.itemId,
      result: 'ATTENTION',
      note: 'Cửa sau phải đã sơn lại, độ dày sơn cao hơn các tấm khác; chưa xác định nguyên nhân',
    });
  }
  // The first cars with a fix get a photo of it and a numbered marker on their first photo. A demo car's
  // photos are drawn after start (db/seed/demo-photos.ts): its marker is then placed by a job that runs
  // after theirs.
  let photographed = 0;
  const pending: PendingMarker[] = [];
  for (const [i, plan] of plans.entries()) {
    if (list[i].status === 'sold') continue;
    const fix = plan.exceptions.find((e) => e.result === 'FIXED');
    if (!fix || photographed >= 8) continue;
    photographed++;
    const stored = await storeImage(ctx.storage, 'inspections', await notePhoto(fix.note, photographed * 40));
    const [row] = await ctx.db
      .insert(inspectionPhotos)
      .values({ carId: plan.carId, key: stored.key, width: stored.width, height: stored.height })
      .returning();
    fix.photoId = row.id;
    const marker = { number: 1, x: 72, y: 58, label: fix.note.slice(0, 60) };
    const carPhoto = (await cars.photos(plan.carId))[0];
    if (carPhoto) plan.markers = [{ ...marker, photoId: carPhoto.photoId }];
    else pending.push({ carId: plan.carId, ...marker });
  }
  await ctx.db.transaction(async (tx) => {
    await insertPlannedReports(tx, cars, template, plans);
    if (pending.length)
      await (services.jobs as JobQueue).schedule(tx, {
        name: DEMO_MARKERS_JOB,
        key: `${DEMO_MARKERS_JOB}@${now}`,
        runAt: new Date(now),
        payload: { markers: pending },
      });
  });
  cars.invalidate();
};

/**
 * Reports for demo cars written after this seeder ran (the demo deals' own cars,
 * db/seed/demo-deal-cars.ts): planned the same way, without photos.
 */
export async function seedDemoReportsFor(
  ctx: Parameters<DemoSeeder>[0],
  services: Parameters<DemoSeeder>[1],
  cars: ReportCar[],
  seed: number,
): Promise<void> {
  const carsService = services.cars as CarsService;
  const inspections = services.inspections as InspectionsService | undefined;
  if (!inspections) return;
  const template = await inspections.template.list();
  let s = seed;
  const r = {
    next: () => {
      s = (s * 1_664_525 + 1_013_904_223) >>> 0;
      return s / 2 ** 32;
    },
    int: (a: number, b: number) => a + Math.floor(r.next() * (b - a + 1)),
  };
  const now = Date.now();
  const plans = cars.map((car) => planReport(r, car, template, now));
  await ctx.db.transaction((tx) => insertPlannedReports(tx, carsService, template, plans));
  carsService.invalidate();
}
