import { asc, eq, inArray } from 'drizzle-orm';
import {
  deriveInspection,
  type InspectionGroup,
  type InspectionItemResult,
  type InspectionMarker,
  type InspectionPhoto,
  type InspectionResult,
  type InspectionSummary,
} from '../../../contract/inspections';
import type { Executor } from '../../db/client';
import { imageView } from '../../platform/images';
import type { Storage } from '../../platform/storage';
import { inspectionMarkers, inspectionPhotos, inspectionReports, inspectionResults } from './schema';
import { sortItems } from './template';

export type ReportRow = typeof inspectionReports.$inferSelect;
export type ResultRow = typeof inspectionResults.$inferSelect;
export type PhotoRow = typeof inspectionPhotos.$inferSelect;

/** A report with its items, markers and photos, as stored. */
export interface StoredReport {
  report: ReportRow;
  results: ResultRow[];
  markers: (typeof inspectionMarkers.$inferSelect)[];
  photos: Map<number, PhotoRow>;
}

export async function loadReport(exec: Executor, carId: number): Promise<StoredReport | null> {
  const [report] = await exec.select().from(inspectionReports).where(eq(inspectionReports.carId, carId));
  if (!report) return null;
  const [results, markers] = await Promise.all([
    exec.select().from(inspectionResults).where(eq(inspectionResults.carId, carId)),
    exec
      .select()
      .from(inspectionMarkers)
      .where(eq(inspectionMarkers.carId, carId))
      .orderBy(asc(inspectionMarkers.number)),
  ]);
  const photoIds = [...new Set(results.flatMap((r) => (r.photoId ? [r.photoId] : [])))];
  const photoRows = photoIds.length
    ? await exec.select().from(inspectionPhotos).where(inArray(inspectionPhotos.id, photoIds))
    : [];
  return { report, results, markers, photos: new Map(photoRows.map((p) => [p.id, p])) };
}

/** The summary of stored results: the report's own snapshot of items is its template. */
export function summarise(
  inspectedAt: string,
  results: Pick<ResultRow, 'itemId' | 'pledges' | 'result'>[],
  odometerConsistent: boolean,
): InspectionSummary {
  return deriveInspection(
    {
      inspectedAt,
      results: results.map((r) => ({ itemId: r.itemId, result: r.result as InspectionResult | null })),
    },
    results.map((r) => ({ itemId: r.itemId, pledges: r.pledges ?? [] })),
    odometerConsistent,
  );
}

export function photoView(storage: Storage, p: PhotoRow): InspectionPhoto {
  return { photoId: p.id, ...imageView(storage, p.key, p.width, p.height) };
}

export function resultViews(storage: Storage, stored: StoredReport): InspectionItemResult[] {
  return sortItems(
    stored.results.map((r) => {
      const photo = r.photoId ? stored.photos.get(r.photoId) : undefined;
      return {
        itemId: r.itemId,
        group: r.group as InspectionGroup,
        label: r.label,
        position: r.position,
        pledges: r.pledges ?? [],
        result: (r.result as InspectionResult | null) ?? null,
        note: r.note,
        photo: photo ? photoView(storage, photo) : null,
      };
    }),
  );
}

export function markerViews(stored: StoredReport, carPhotoIds: Set<number>): InspectionMarker[] {
  // A marker whose photo was removed from the car has nothing to stand on: it is not shown.
  return stored.markers
    .filter((m) => carPhotoIds.has(m.photoId))
    .map((m) => ({ number: m.number, x: m.x, y: m.y, label: m.label, photoId: m.photoId }));
}
