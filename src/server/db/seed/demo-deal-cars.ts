import type { CarData } from '../../../contract/cars';
import { vnDayKey } from '../../../contract/format';
import { type CarsService, insertSeededCars } from '../../modules/cars';
import { seedDemoReportsFor } from '../../modules/inspections/demo';
import type { JobQueue } from '../../platform/jobs/queue';
import type { DemoSeeder } from './bootstrap';
import { seedCarRecords } from './demo-car-records';
import { CAR_TEMPLATES, makeCar, rng } from './demo-cars-data';
import { photoSubject, scheduleDemoPhotos } from './demo-photos';

const DAY = 86_400_000;

/** A car the demo's deals are played on: its model, and how many days ago it was listed. */
export interface DealCarPlan {
  brand: string;
  model: string;
  listedDaysAgo: number;
}

export interface DealCar {
  carId: number;
  data: CarData;
}

interface CostLines {
  insertSeeded(
    exec: Parameters<typeof insertSeededCars>[0],
    values: {
      carId: number;
      category: string;
      amount: number;
      note: string;
      incurredOn: string;
      enteredBy: number | null;
    }[],
  ): Promise<void>;
}

/**
 * The cars of the demo's deals, beside the showroom's stock so that its cars on sale stay as the
 * journeys know them: written the way the demo cars are (one statement, their papers and service
 * history, an inspection report, their photos drawn by the stored job after start) and with what the
 * showroom paid for them and the usual costs, so a sale records its true cost. Their own generator: the
 * same showroom each time.
 */
export async function seedDemoDealCars(
  ctx: Parameters<DemoSeeder>[0],
  services: Parameters<DemoSeeder>[1],
  plans: DealCarPlan[],
  enteredBy: number | null,
): Promise<DealCar[]> {
  const cars = services.cars as CarsService;
  const jobs = services.jobs as JobQueue;
  const costs = services.carCosts as CostLines | undefined;
  const now = ctx.clock.now();
  const r = rng(20_261_130);
  const year = Number(vnDayKey(now).slice(0, 4));
  const planned = plans.map((p) => {
    const template = CAR_TEMPLATES.find((t) => t.brand === p.brand && t.model === p.model);
    if (!template) throw new Error(`Không có mẫu xe ${p.brand} ${p.model}`);
    const createdAt = new Date(now.getTime() - p.listedDaysAgo * DAY - r.int(0, 8 * 3600) * 1000);
    return { data: makeCar(r, template, year), createdAt };
  });
  const million = (n: number) => Math.round(n / 1_000_000) * 1_000_000;
  const seeded = await ctx.db.transaction(async (tx) => {
    const ids = await insertSeededCars(
      tx,
      planned.map((p) => ({ ...p.data, status: 'available' as const, createdAt: p.createdAt })),
    );
    await seedCarRecords(
      tx,
      planned.map((p, i) => ({ id: ids[i], ...p.data, createdAt: p.createdAt })),
      20_261_131,
    );
    await costs?.insertSeeded(
      tx,
      planned.flatMap((p, i) => {
        const bought = p.createdAt.getTime() - r.int(3, 7) * DAY;
        const line = (category: string, amount: number, at: number, note: string) => ({
          ...{ carId: ids[i], category, amount, note, incurredOn: vnDayKey(at), enteredBy },
        });
        return [
          line(
            'purchase',
            million(p.data.sellPrice * (0.84 + r.next() * 0.04)),
            bought,
            'Mua lại của khách, thanh toán chuyển khoản',
          ),
          line('transport', r.int(8, 25) * 100_000, bought + DAY, 'Thuê tài xế lái về showroom'),
          line('other', r.int(10, 30) * 100_000, bought + 2 * DAY, 'Rửa xe, đánh bóng, dọn nội thất'),
        ];
      }),
    );
    await scheduleDemoPhotos(
      jobs,
      tx,
      planned.map((p, i) => ({ id: ids[i], ...photoSubject(p.data), photos: 2 })),
      now,
      true,
    );
    return planned.map((p, i) => ({ carId: ids[i], data: p.data }));
  });
  // Every demo car has its inspection report; these came after that seeder.
  await seedDemoReportsFor(
    ctx,
    services,
    seeded.map((c, i) => ({ carId: c.carId, ...c.data, createdAt: planned[i].createdAt })),
    20_261_132,
  );
  cars.invalidate();
  return seeded;
}
