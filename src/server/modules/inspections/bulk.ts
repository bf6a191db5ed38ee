import { sql } from 'drizzle-orm';
import { deriveInspection, type InspectionResult, type TemplateItem } from '../../../contract/inspections';
import type { Executor } from '../../db/client';
import type { CarsService } from '../cars/service';
import { carsWithRollback, insertReadings } from '../odometer/service';
import { inspectionMarkers, inspectionReports } from './schema';

/** A report written without a request (demo showroom, generated stock): every item PASS but the exceptions. */
export interface PlannedReport {
  carId: number;
  inspectorName: string;
  inspectedOn: string;
  odometerKm: number;
  conclusion: string;
  exceptions: { itemId: number; result: InspectionResult; note: string; photoId?: number | null }[];
  markers?: { number: number; x: number; y: number; label: string; photoId: number }[];
}

/**
 * Writes many reports in a few statements: the reports, then every active template item as PASS for all
 * the cars at once (one insert-select per chunk), then the exceptions, then the summaries on the car rows.
 * Like the other seeded data, no audit entry; the caller drops the cars read cache afterwards.
 */
export async function insertPlannedReports(
  exec: Executor,
  cars: CarsService,
  template: TemplateItem[],
  plans: PlannedReport[],
): Promise<void> {
  const active = template.filter((i) => !i.retired);
  await insertReadings(
    exec,
    plans.map((p) => ({
      carId: p.carId,
      source: 'inspection' as const,
      sourceId: p.carId,
      readOn: p.inspectedOn,
      km: p.odometerKm,
    })),
  );
  // A history imported as going backwards (the odometer module keeps it) breaks "Không tua ODO" here too.
  const rolledBack = await carsWithRollback(
    exec,
    plans.map((p) => p.carId),
  );
  const entries = plans.map((p) => {
    const over = new Map(p.exceptions.map((e) => [e.itemId, e.result]));
    const summary = deriveInspection(
      {
        inspectedAt: p.inspectedOn,
        results: active.map((i) => ({ itemId: i.itemId, result: over.get(i.itemId) ?? 'PASS' })),
      },
      active,
      !rolledBack.has(p.carId),
    );
    return { plan: p, summary };
  });
  for (let i = 0; i < entries.length; i += 500) {
    const chunk = entries.slice(i, i + 500);
    await exec.insert(inspectionReports).values(
      chunk.map(({ plan: p, summary }) => ({
        carId: p.carId,
        inspectorName: p.inspectorName,
        inspectedOn: p.inspectedOn,
        odometerKm: p.odometerKm,
        conclusion: p.conclusion,
        summary,
      })),
    );
    const ids = chunk.map((e) => e.plan.carId);
    await exec.execute(sql`
      insert into inspection_results (car_id, item_id, "group", label, position, pledges, result)
      select c.id, i.id, i."group", i.label, i.position, i.pledges, 'PASS'
      from unnest(${sql.raw(`'{${ids.join(',')}}'::int[]`)}) as c(id)
      cross join inspection_items i
      where not i.retired`);
    const exceptions = chunk.flatMap((e) =>
      e.plan.exceptions.map(
        (x) =>
          sql`(${e.plan.carId}::int, ${x.itemId}::int, ${x.result}::text, ${x.note}::text, ${x.photoId ?? null}::int)`,
      ),
    );
    if (exceptions.length)
      await exec.execute(sql`
        update inspection_results r set result = v.result, note = v.note, photo_id = v.photo
        from (values ${sql.join(exceptions, sql`, `)}) as v(car, item, result, note, photo)
        where r.car_id = v.car and r.item_id = v.item`);
    const markers = chunk.flatMap((e) => (e.plan.markers ?? []).map((m) => ({ carId: e.plan.carId, ...m })));
    if (markers.length) await exec.insert(inspectionMarkers).values(markers);
  }
  await cars.setInspectionsIn(
    exec,
    entries.map((e) => ({ carId: e.plan.carId, summary: e.summary })),
  );
}
