/**
 * Fills the database with N generated used cars (default 10,000) for benchmarks and load trials.
 *
 *   npx tsx scripts/generate-cars.ts [N]          # the embedded database in DATA_DIR (stop the server first)
 *   DATABASE_URL=postgres://… npx tsx scripts/generate-cars.ts 10000
 *
 * Cars are drawn from the same models as the demo showroom (src/server/db/seed/demo-cars-data.ts), about
 * 85% on sale, 5% pending, 10% sold; they share a few drawn photos stored under "bench/". Each gets an
 * inspection report (the default template, nearly every item Đạt), papers and service records; about one car
 * on sale in eight was repriced down in the last four weeks (a recorded price change, "Vừa giảm giá").
 */
import { pathToFileURL } from 'node:url';
import type { BodyType, CarStatus } from '../src/contract/cars';
import { loadConfig } from '../src/server/config';
import type { Db } from '../src/server/db/client';
import { openPglite, openPostgres } from '../src/server/db/client';
import { seedCarRecords } from '../src/server/db/seed/demo-car-records';
import { CAR_TEMPLATES, makeCar, planPriceDrop, rng } from '../src/server/db/seed/demo-cars-data';
import { drawCarPhoto } from '../src/server/db/seed/demo-cars-photos';
import { insertSeededCars } from '../src/server/modules/cars';
import type { CarsService } from '../src/server/modules/cars/service';
import { SHARED_PHOTO_FOLDER } from '../src/server/modules/cars/service';
import { insertPlannedReports } from '../src/server/modules/inspections/bulk';
import { planReport } from '../src/server/modules/inspections/demo';
import { InspectionTemplate } from '../src/server/modules/inspections/template';
import { prepareImage, type StoredImage, storeImage } from '../src/server/platform/images';
import { createStorage, type Storage } from '../src/server/platform/storage';

const DAY = 86_400_000;

/** One shared photo per body type, drawn once. */
async function sharedPhotos(storage: Storage): Promise<Map<BodyType, StoredImage>> {
  const map = new Map<BodyType, StoredImage>();
  const colors = ['Trắng', 'Đen', 'Bạc', 'Đỏ', 'Xanh dương', 'Xám', 'Cam', 'Nâu', 'Vàng cát'];
  const bodies = [...new Set(CAR_TEMPLATES.map((t) => t.bodyType))];
  for (const [i, bodyType] of bodies.entries()) {
    const png = await drawCarPhoto({
      title: '',
      subtitle: '',
      bodyType,
      color: colors[i % colors.length],
      width: 960,
    });
    map.set(
      bodyType,
      await storeImage(storage, SHARED_PHOTO_FOLDER.replace(/\/$/, ''), await prepareImage(png)),
    );
  }
  return map;
}

/** Inserts n generated cars; returns their ids. */
export async function generateCars(
  db: Db,
  cars: CarsService,
  storage: Storage,
  n: number,
  seed = 42,
): Promise<number[]> {
  const r = rng(seed);
  const photos = await sharedPhotos(storage);
  const now = Date.now();
  const year = new Date().getFullYear();
  const ids: number[] = [];
  // Every generated car has an inspection report too: nearly all items Đạt, a few fixed (bulk inserts).
  const template = new InspectionTemplate(db);
  await template.ensure();
  const items = await template.list();
  // Its own sequence, so the cars drawn from `r` stay the ones earlier runs made.
  const reports = rng(seed + 1);
  // Price drops on their own sequence too: about one car on sale in eight was repriced in the last 4 weeks.
  const drops = rng(seed + 2);
  const today = new Date(now);
  for (let start = 0; start < n; start += 2000) {
    const rows = Array.from({ length: Math.min(2000, n - start) }, () => {
      const t = r.pick(CAR_TEMPLATES);
      const x = r.next();
      const status: CarStatus = x < 0.85 ? 'available' : x < 0.9 ? 'pending' : 'sold';
      const data = makeCar(r, t, year);
      const createdAt = new Date(now - r.int(0, 720) * DAY);
      return {
        ...data,
        status,
        createdAt,
        photo: photos.get(t.bodyType) ?? null,
        priceDrop: planPriceDrop(drops, { status, createdAt, sellPrice: data.sellPrice }, today),
      };
    });
    await db.transaction(async (tx) => {
      const inserted = await insertSeededCars(tx, rows);
      const plans = inserted.map((carId, i) => planReport(reports, { carId, ...rows[i] }, items, now));
      await insertPlannedReports(tx, cars, items, plans);
      // Papers and service records too, so a generated car page is as full as a demo one.
      await seedCarRecords(
        tx,
        inserted.map((id, i) => ({ id, ...rows[i] })),
        seed + start,
      );
      ids.push(...inserted);
    });
  }
  cars.invalidate();
  return ids;
}

async function main() {
  const n = Number(process.argv[2] ?? 10_000);
  if (!Number.isInteger(n) || n <= 0 || n > 1_000_000) {
    console.error('Số xe không hợp lệ: dùng một số nguyên từ 1 đến 1.000.000');
    process.exit(1);
  }
  const config = loadConfig();
  const database = config.databaseUrl
    ? await openPostgres(config.databaseUrl)
    : await openPglite(config.dataDir);
  try {
    const { CarsService } = await import('../src/server/modules/cars/service');
    const storage = createStorage(config);
    const service = new CarsService(database.db, storage);
    const started = performance.now();
    const ids = await generateCars(database.db, service, storage, n);
    console.log(`Đã thêm ${ids.length} xe trong ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
