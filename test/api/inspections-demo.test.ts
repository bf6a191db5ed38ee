import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CarSummary } from '../../src/contract/cars';
import type { InspectionReport } from '../../src/contract/inspections';
import { seedDemoCars } from '../../src/server/db/seed/demo-cars';
import { DEMO_PASSWORD, DEMO_STAFF } from '../../src/server/db/seed/demo-staff';
import { seedDemoInspections } from '../../src/server/modules/inspections/demo';
import { startTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  for (const s of DEMO_STAFF) await t.services.users.create({ ...s, role: 'STAFF' }, null, DEMO_PASSWORD);
  await seedDemoCars(t.ctx, t.services);
  await seedDemoInspections(t.ctx, t.services);
  // The car photos, then the markers placed on them: the jobs a first start runs once it serves.
  await t.services.jobs.drain();
}, 180_000);
afterAll(() => t.close());

describe('demo inspection reports', () => {
  it('gives every demo car a believable report; one car lacks "Không đâm đụng" for a Cần lưu ý item', async () => {
    const page = (await t.call('GET', '/api/cars', { query: { pageSize: 60 } })).json;
    const all = (await t.call('GET', '/api/cars', { query: { pageSize: 60, inspected: 'true' } })).json;
    expect(all.totalElements).toBe(page.totalElements);
    const summaries = page.content.map((c: CarSummary) => c.inspection!);
    expect(summaries.every((s: { total: number }) => s.total === 176)).toBe(true);
    expect(summaries.some((s: { fixed: number }) => s.fixed > 0)).toBe(true);
    const all3 = summaries.filter((s: { pledges: string[] }) => s.pledges.length === 3).length;
    expect(all3).toBeGreaterThan(summaries.length / 2);

    let found: InspectionReport | null = null;
    for (let p = 1; p <= page.totalPages + 2 && !found; p++) {
      const list = (await t.call('GET', '/api/cars', { query: { pageSize: 60, page: p } })).json;
      const car = list.content.find(
        (c: CarSummary) => c.inspection && !c.inspection.pledges.includes('NO_CRASH'),
      );
      if (car) found = (await t.call('GET', `/api/cars/${car.carId}/inspection`)).json;
    }
    const doubt = found?.results.find((r) => r.result === 'ATTENTION');
    expect(doubt?.pledges).toContain('NO_CRASH');
    expect(doubt?.note).toMatch(/sơn lại/);
    const withPhoto = (await Promise.all(
      page.content
        .slice(0, 60)
        .map(async (c: CarSummary) => (await t.call('GET', `/api/cars/${c.carId}/inspection`)).json),
    )) as InspectionReport[];
    expect(withPhoto.some((r) => r.results.some((x) => x.result === 'FIXED' && x.photo && x.note))).toBe(
      true,
    );
    expect(withPhoto.some((r) => r.markers.length > 0)).toBe(true);
  });
});
