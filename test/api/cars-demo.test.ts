import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCars } from '../../src/server/db/seed/demo-cars';
import { DEMO_PHOTOS_JOB, defineDemoPhotos } from '../../src/server/db/seed/demo-photos';
import { DEMO_PASSWORD, DEMO_STAFF } from '../../src/server/db/seed/demo-staff';
import { JobQueue } from '../../src/server/platform/jobs/queue';
import { jobs } from '../../src/server/platform/jobs/schema';
import { startTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
let seconds = 0;
/** Cars on sale and their covers right after the seed, before the photos job ran. */
let beforePhotos: { total: number; covered: number; jobs: { state: string; attempts: number }[] };
let releasedByStop: { state: string; attempts: number; lockedBy: string | null } | undefined;
let drawnFirst: { carId: number; photoCount: number } | undefined;

async function photoJobs() {
  return t.ctx.db
    .select({ key: jobs.key, state: jobs.state, attempts: jobs.attempts, lockedBy: jobs.lockedBy })
    .from(jobs)
    .where(eq(jobs.name, DEMO_PHOTOS_JOB))
    .orderBy(jobs.id);
}

beforeAll(async () => {
  t = await startTestApp();
  // As the first start seeds them: the server sets the demo password, nobody sends one.
  for (const s of DEMO_STAFF) await t.services.users.create({ ...s, role: 'STAFF' }, null, DEMO_PASSWORD);
  const started = performance.now();
  await seedDemoCars(t.ctx, t.services);
  seconds = (performance.now() - started) / 1000;
  const page = (await t.call('GET', '/api/cars', { query: { pageSize: 60 } })).json;
  beforePhotos = {
    total: page.totalElements,
    covered: page.content.filter((c: { cover: unknown }) => c.cover).length,
    jobs: await photoJobs(),
  };
  // A server stopping while the job runs: the job goes back to pending, its attempt uncounted.
  const stopped = new JobQueue(t.ctx.db, t.ctx.clock, t.ctx.log, { pollMs: 0, leaseMs: 60_000 });
  defineDemoPhotos(stopped, t.ctx, t.services.cars);
  await stopped.stop();
  await stopped.runDue();
  const [job] = await photoJobs();
  releasedByStop = { state: job.state, attempts: job.attempts, lockedBy: job.lockedBy };
  // The next process runs it; then it is replayed whole, as after a stop between two cars.
  const first = page.content[0] as { carId: number };
  await t.services.jobs.runDue();
  drawnFirst = {
    carId: first.carId,
    photoCount: (await t.call('GET', `/api/cars/${first.carId}`)).json.photos.length,
  };
  // Scheduled again as if the journal were replayed: nothing is added twice.
  const { payload } = (await t.services.jobs.find((await photoJobs())[0].key))!;
  await t.services.jobs.schedule(t.ctx.db, {
    name: DEMO_PHOTOS_JOB,
    key: `${DEMO_PHOTOS_JOB}@again`,
    runAt: new Date(),
    payload,
  });
  await t.services.jobs.drain();
}, 180_000);
afterAll(() => t.close());

describe('demo showroom', () => {
  it('is written at once; its photos come from a stored job that a stop leaves pending', () => {
    expect(beforePhotos.total).toBeGreaterThanOrEqual(60);
    expect(beforePhotos.covered).toBe(0);
    expect(beforePhotos.jobs).toEqual([expect.objectContaining({ state: 'pending', attempts: 0 })]);
    expect(releasedByStop).toEqual({ state: 'pending', attempts: 0, lockedBy: null });
    expect(drawnFirst?.photoCount).toBe(2);
  });

  it('draws each photo once, even when the job runs again', async () => {
    const jobs = await photoJobs();
    expect(jobs.map((j) => j.state)).toEqual(['done', 'done']);
    const detail = (await t.call('GET', `/api/cars/${drawnFirst!.carId}`)).json;
    expect(detail.photos).toHaveLength(2);
  });

  it('holds 60+ believable cars of 12+ brands, with photos', async () => {
    console.log(`demo cars seeded in ${seconds.toFixed(1)} s`);
    const filters = (await t.call('GET', '/api/cars/filters')).json;
    expect(filters.total).toBeGreaterThanOrEqual(60);
    expect(filters.brands.length).toBeGreaterThanOrEqual(12);
    for (const b of [
      'Toyota',
      'Honda',
      'Hyundai',
      'Kia',
      'Mazda',
      'Ford',
      'Mitsubishi',
      'VinFast',
      'Mercedes-Benz',
      'BMW',
      'Suzuki',
      'Peugeot',
    ]) {
      expect(filters.brands.map((x: { value: string }) => x.value)).toContain(b);
    }
    const page = (await t.call('GET', '/api/cars', { query: { pageSize: 60 } })).json;
    for (const car of page.content) {
      expect(car.cover).not.toBeNull();
      expect(car.sellPrice).toBeGreaterThanOrEqual(150_000_000);
      expect(car.year).toBeGreaterThanOrEqual(2015);
    }
    const detail = (await t.call('GET', `/api/cars/${page.content[0].carId}`)).json;
    expect(detail.photos).toHaveLength(2);
    expect(detail.description).toMatch(/sản xuất năm/);
    const img = await t.call('GET', detail.photos[0].urls[960]);
    expect(img.status).toBe(200);
    expect(
      (await t.call('GET', '/api/cars', { query: { carName: 'cx5' } })).json.totalElements,
    ).toBeGreaterThan(0);
    expect(
      (await t.call('GET', '/api/cars', { query: { carName: 'ban tai' } })).json.totalElements,
    ).toBeGreaterThan(0);
  });

  it('has a few recent price drops, first in "Vừa giảm giá", each from its recorded change', async () => {
    const sorted = (await t.call('GET', '/api/cars', { query: { sort: 'price_drop', pageSize: 60 } })).json
      .content as { carId: number; sellPrice: number; priceDrop: number | null }[];
    const dropped = sorted.filter((c) => c.priceDrop);
    expect(dropped.length).toBeGreaterThanOrEqual(3);
    expect(sorted.slice(0, dropped.length).every((c) => c.priceDrop)).toBe(true);
    for (const car of dropped) {
      const h = (await t.call('GET', `/api/cars/${car.carId}/price-history`)).json;
      expect(h.changes[0].newPrice).toBe(car.sellPrice);
      expect(h.changes[0].oldPrice - h.changes[0].newPrice).toBe(car.priceDrop);
    }
  });

  it('has sales spread over the last 24 months, by demo staff, a few cancelled', async () => {
    const all = (await t.call('GET', '/api/soldhistory', { token: t.adminToken, query: { size: 100 } })).json;
    expect(all.totalElements).toBeGreaterThanOrEqual(40);
    const months = new Set(all.content.map((s: { saleDate: string }) => s.saleDate.slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(18);
    const oldest = all.content.map((s: { saleDate: string }) => s.saleDate).sort()[0];
    expect(Date.now() - new Date(oldest).getTime()).toBeLessThan(25 * 31 * 86_400_000);
    const sellers = new Set(
      all.content.map((s: { salesperson: { fullName: string } }) => s.salesperson.fullName),
    );
    expect(sellers.size).toBeGreaterThanOrEqual(2);
    expect(all.content.filter((s: { status: string }) => s.status === 'cancelled')).toHaveLength(3);
    const active = all.content.filter((s: { status: string }) => s.status === 'active');
    for (const s of active) expect(s.carStatus).toBe('sold');
  });

  it('records a true cost on every sale whose purchase price is known, above it by the costs of holding the car', async () => {
    type Sale = {
      status: string;
      salePrice: number;
      purchasePrice: number | null;
      trueCost: number | null;
      trueMargin: number | null;
    };
    const all = (await t.call('GET', '/api/soldhistory', { token: t.adminToken, query: { size: 100 } })).json;
    const active = (all.content as Sale[]).filter((s) => s.status === 'active');
    const known = active.filter((s) => s.purchasePrice !== null);
    expect(known.length).toBeGreaterThan(20);
    for (const s of known) {
      expect(s.trueCost).toBeGreaterThan(s.purchasePrice!);
      // Transport, papers, reconditioning and holding: a few percent of the car, not a second car.
      expect(s.trueCost! / s.purchasePrice!).toBeLessThan(1.15);
      expect(s.trueMargin).toBe(s.salePrice - s.trueCost!);
    }
    for (const s of active.filter((x) => x.purchasePrice === null)) expect(s.trueCost).toBeNull();
    // The manager's figure: the margin on true cost over the sold cars is there, and positive on the whole.
    const recon = (await t.call('GET', '/api/dashboard/recon', { token: t.adminToken })).json;
    expect(recon.margin.withTrueCost).toBeGreaterThan(0);
    expect(recon.margin.averageMargin).toBeGreaterThan(0);
  });
});
