import { BODY_TYPE_LABELS, type BodyType, type CarData } from '../../../contract/cars';
import type { AppContext } from '../../context';
import { addSeededPhotos, type CarsService, carsWithoutPhotos } from '../../modules/cars';
import { defineDemoMarkers } from '../../modules/inspections/demo';
import {
  type PreparedImage,
  prepareImage,
  type StoredImage,
  storeImage,
  variantKeys,
} from '../../platform/images';
import type { JobQueue } from '../../platform/jobs/queue';
import { deleteQuietly } from '../../platform/storage';
import type { Executor } from '../client';
import { drawCarPhoto } from './demo-cars-photos';

/**
 * The demo showroom's car photos, drawn after the server has started: drawing and encoding them is most
 * of the work of a first start (about 10 s of CPU for some 120 cars), while the cars, sales and history
 * are written in a fraction of a second. The seed schedules one stored job in the transaction that
 * writes the cars; the job is the journal: a run cut short (the server stopped) is run again at the next
 * start, and skips the cars that already have their photos. Until a car has them, pages show the
 * placeholder a car without photos has.
 */

export const DEMO_PHOTOS_JOB = 'demo.car-photos';

/** What a car's photos show (the drawing needs nothing else). */
export interface PhotoSubject {
  title: string;
  subtitle: string;
  bodyType: BodyType;
  color: string;
}

export interface PhotoWork extends PhotoSubject {
  id: number;
  /** 1: the showroom shot with the car's name; 2: also an outdoor shot. */
  photos: number;
}

export function photoSubject(data: CarData): PhotoSubject {
  return {
    title: data.carName,
    subtitle: `${BODY_TYPE_LABELS[data.bodyType]} · Đời ${data.year} · ${data.exteriorColor}`,
    bodyType: data.bodyType,
    color: data.exteriorColor,
  };
}

/**
 * Inside the seed's transaction: the photos exist to be drawn exactly when the cars do. Cars seeded later
 * (the demo deals' own) pass `beforeStock`: due earlier, their job runs first and stays silent, so the
 * "demo photos drawn" line still means every demo car has its photos.
 */
export async function scheduleDemoPhotos(
  jobs: JobQueue,
  exec: Executor,
  work: PhotoWork[],
  now: Date,
  beforeStock = false,
) {
  const runAt = beforeStock ? new Date(now.getTime() - 365 * 86_400_000) : now;
  await jobs.schedule(exec, {
    name: DEMO_PHOTOS_JOB,
    key: `${DEMO_PHOTOS_JOB}@${runAt.getTime()}`,
    runAt,
    payload: { cars: work, beforeStock },
  });
}

/** 960 px wide: the detail page's largest size. */
const PHOTO_WIDTH = 960;

/** Cars drawn at once: sharp works on its own threads, and the server keeps a core for its visitors. */
const AT_ONCE = 2;

/**
 * Photo 1 carries the car's name; photo 2 (outdoors, mirrored) only depends on body type and colour,
 * so it is drawn once per pair and its bytes are stored again under each car's own key.
 */
async function photosFor(
  ctx: AppContext,
  w: PhotoWork,
  shared: Map<string, Promise<PreparedImage>>,
): Promise<StoredImage[]> {
  const first = await drawCarPhoto({ ...w, width: PHOTO_WIDTH });
  const stored = [await storeImage(ctx.storage, 'cars', await prepareImage(first))];
  if (w.photos > 1) {
    const key = `${w.bodyType}/${w.color}`;
    let second = shared.get(key);
    if (!second) {
      second = drawCarPhoto({ ...w, title: '', subtitle: '', scene: 1, width: PHOTO_WIDTH }).then((png) =>
        prepareImage(png),
      );
      shared.set(key, second);
    }
    stored.push(await storeImage(ctx.storage, 'cars', await second));
  }
  return stored;
}

/**
 * The jobs that finish the demo showroom after start (app.ts): its car photos, then the inspection
 * markers placed on them. Each runs in whichever process claims it first.
 */
export function defineDemoJobs(jobs: JobQueue, ctx: AppContext, cars: CarsService): void {
  defineDemoPhotos(jobs, ctx, cars);
  defineDemoMarkers(jobs, ctx.db, cars);
}

export function defineDemoPhotos(jobs: JobQueue, ctx: AppContext, cars: CarsService): void {
  jobs.define(DEMO_PHOTOS_JOB, async (payload, { signal }) => {
    const work = payload.cars as PhotoWork[];
    const pending = await carsWithoutPhotos(
      ctx.db,
      work.map((w) => w.id),
    );
    const todo = work.filter((w) => pending.has(w.id));
    const shared = new Map<string, Promise<PreparedImage>>();
    let next = 0;
    const worker = async () => {
      while (next < todo.length) {
        // A stop between two cars: the rest are drawn at the next start (the job stays pending).
        signal.throwIfAborted();
        const w = todo[next++];
        const stored = await photosFor(ctx, w, shared);
        const added = await ctx.db.transaction((tx) => addSeededPhotos(tx, w.id, stored));
        // Another process drew this car first, or staff deleted it meanwhile: these files belong to no one.
        if (!added)
          await deleteQuietly(
            ctx.storage,
            stored.flatMap((s) => variantKeys(s.key)),
            ctx.log,
          );
        cars.invalidate();
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: AT_ONCE }, worker));
    // bench/startup.ts waits for this line: the demo showroom is complete. A job scheduled to run before
    // the stock's (the demo deals' cars) stays silent: the stock's job, run after it, says it.
    if (!payload.beforeStock)
      ctx.log.info({ cars: todo.length, ms: Math.round(performance.now() - started) }, 'demo photos drawn');
  });
}
