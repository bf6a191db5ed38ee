import { and, eq, inArray } from 'drizzle-orm';
import {
  type InspectionData,
  type InspectionPhoto,
  type InspectionReport,
  type InspectionSummary,
  NO_REPORT_MESSAGE,
  type Pledge,
} from '../../../contract/inspections';
import type { Db, Executor } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { writeAudit } from '../../platform/audit';
import { badRequest, notFound } from '../../platform/errors';
import { type PreparedImage, withStoredImage } from '../../platform/images';
import type { Storage } from '../../platform/storage';
import type { CarsService } from '../cars/service';
import { odometerRollback, recordReading } from '../odometer/service';
import { loadReport, markerViews, photoView, resultViews, type StoredReport, summarise } from './report-rows';
import { inspectionMarkers, inspectionPhotos, inspectionReports, inspectionResults } from './schema';
import { InspectionTemplate } from './template';

/** The inspection reports: one per car, public without the staff notes; saved whole by staff. */
export class InspectionsService {
  readonly template: InspectionTemplate;

  constructor(
    private readonly db: Db,
    private readonly storage: Storage,
    private readonly cars: CarsService,
    private readonly log?: { warn(obj: unknown, msg: string): void },
  ) {
    this.template = new InspectionTemplate(db);
  }

  /**
   * The cars module's answer cache: a public report is served again by its URL until any change made
   * through this server (a save, a photo, a service record that moves the odometer history) or the
   * cache's lifetime, like the car page it belongs to.
   */
  get answers() {
    return this.cars.cache;
  }

  /** Each template item's label: how the audit log names the items of a reordered group. */
  async itemLabelsOf(ids: number[]): Promise<Map<number, string>> {
    const rows = await this.template.byIds(this.db, [...new Set(ids)]);
    return new Map(rows.map((r) => [r.id, r.label]));
  }

  /** "Không tua ODO" needs a history that never goes backwards (the odometer module judges it). */
  private async odometerConsistent(exec: Executor, carId: number): Promise<boolean> {
    return (await odometerRollback(exec, carId)) === null;
  }

  /** The car's report; `staff` adds the staff-only note. 404 with a Vietnamese message without one. */
  async get(carId: number, opts: { staff?: boolean } = {}): Promise<InspectionReport> {
    // Visitors never see a car being prepared (docs/reconditioning.md); staff do.
    if (!opts.staff && (await this.cars.findRow(this.db, carId))?.status === 'preparing')
      throw notFound('Không tìm thấy xe');
    const stored = await loadReport(this.db, carId);
    if (!stored) {
      if (!(await this.cars.findRow(this.db, carId))) throw notFound('Không tìm thấy xe');
      throw notFound(NO_REPORT_MESSAGE);
    }
    return this.view(stored, await this.odometerConsistent(this.db, carId), opts.staff ?? false);
  }

  /** The public report, or null without one (the advisor's records). */
  async find(carId: number): Promise<InspectionReport | null> {
    const stored = await loadReport(this.db, carId);
    return stored ? this.view(stored, await this.odometerConsistent(this.db, carId), false) : null;
  }

  /** The summary alone (the advisor, the compare page), or null without a report. */
  async summary(carId: number): Promise<InspectionSummary | null> {
    const stored = await loadReport(this.db, carId);
    if (!stored) return null;
    return summarise(
      stored.report.inspectedOn,
      stored.results,
      await this.odometerConsistent(this.db, carId),
    );
  }

  private async view(stored: StoredReport, consistent: boolean, staff: boolean): Promise<InspectionReport> {
    const { report } = stored;
    const carPhotoIds = new Set((await this.cars.photos(report.carId)).map((p) => p.photoId));
    return {
      carId: report.carId,
      inspectorName: report.inspectorName,
      inspectedAt: report.inspectedOn,
      odometerKm: report.odometerKm,
      conclusion: report.conclusion,
      ...(staff ? { staffNote: report.staffNote } : {}),
      results: resultViews(this.storage, stored),
      markers: markerViews(stored, carPhotoIds),
      summary: summarise(report.inspectedOn, stored.results, consistent),
      odometerConsistent: consistent,
      updatedAt: report.updatedAt.toISOString(),
    };
  }

  /**
   * Saves the whole report in one transaction: every active template item gets a row (not given: not
   * checked), a retired item stays only when the report already had it and a result is sent for it.
   * The summary is derived, kept on the car row, and audited before and after.
   */
  async save(carId: number, data: InspectionData, actor: Actor): Promise<InspectionReport> {
    const carPhotoIds = new Set((await this.cars.photos(carId)).map((p) => p.photoId));
    await this.db.transaction(async (tx) => {
      await this.cars.lock(tx, carId);
      const previous = await loadReport(tx, carId);
      const rows = await this.snapshot(tx, carId, data, previous);
      for (const m of data.markers) {
        if (!carPhotoIds.has(m.photoId))
          throw badRequest(`Điểm đánh dấu số ${m.number} phải nằm trên một ảnh của xe này`);
      }
      const consistentBefore = await this.odometerConsistent(tx, carId);
      const beforeSummary = previous
        ? summarise(previous.report.inspectedOn, previous.results, consistentBefore)
        : null;
      const values = {
        inspectorName: data.inspectorName,
        inspectedOn: data.inspectedOn,
        odometerKm: data.odometerKm,
        conclusion: data.conclusion,
        staffNote: data.staffNote,
        updatedBy: actor.userId,
        updatedAt: new Date(),
      };
      // The reading first: a km that contradicts the car's other readings refuses the whole report.
      await recordReading(tx, {
        carId,
        source: 'inspection',
        sourceId: carId,
        readOn: data.inspectedOn,
        km: data.odometerKm,
      });
      const consistent = await this.odometerConsistent(tx, carId);
      const summary = summarise(data.inspectedOn, rows, consistent);
      await tx
        .insert(inspectionReports)
        .values({ carId, ...values, summary })
        .onConflictDoUpdate({ target: inspectionReports.carId, set: { ...values, summary } });
      await tx.delete(inspectionResults).where(eq(inspectionResults.carId, carId));
      await tx.delete(inspectionMarkers).where(eq(inspectionMarkers.carId, carId));
      if (rows.length) await tx.insert(inspectionResults).values(rows);
      if (data.markers.length)
        await tx.insert(inspectionMarkers).values(data.markers.map((m) => ({ carId, ...m })));
      await this.cars.setInspectionIn(tx, carId, summary);
      await writeAudit(tx, actor, {
        action: previous ? 'update' : 'create',
        entity: 'inspection',
        entityId: carId,
        before: beforeSummary && {
          summary: beforeSummary,
          inspectorName: previous?.report.inspectorName,
          odometerKm: previous?.report.odometerKm,
        },
        after: {
          summary,
          inspectorName: data.inspectorName,
          odometerKm: data.odometerKm,
          markers: data.markers.length,
        },
      });
    });
    this.cars.invalidate();
    return this.get(carId, { staff: true });
  }

  /** The rows the report will hold, checked against the template and the car's uploaded photos. */
  private async snapshot(tx: Executor, carId: number, data: InspectionData, previous: StoredReport | null) {
    const active = await this.template.list(tx, false);
    const given = new Map(data.results.map((r) => [r.itemId, r]));
    const kept = new Map((previous?.results ?? []).map((r) => [r.itemId, r]));
    const activeIds = new Set(active.map((i) => i.itemId));
    for (const id of given.keys()) {
      if (activeIds.has(id) || kept.has(id)) continue;
      const [known] = await this.template.byIds(tx, [id]);
      throw badRequest(
        known ? `Hạng mục "${known.label}" đã ngừng sử dụng` : `Hạng mục kiểm định #${id} không tồn tại`,
      );
    }
    const photoIds = [...new Set(data.results.flatMap((r) => (r.photoId ? [r.photoId] : [])))];
    if (photoIds.length) {
      const found = await tx
        .select({ id: inspectionPhotos.id })
        .from(inspectionPhotos)
        .where(and(inArray(inspectionPhotos.id, photoIds), eq(inspectionPhotos.carId, carId)));
      if (found.length !== photoIds.length) throw badRequest('Ảnh hạng mục không thuộc xe này');
    }
    const row = (item: {
      itemId: number;
      group: string;
      label: string;
      position: number;
      pledges: Pledge[];
    }) => {
      const r = given.get(item.itemId);
      return {
        carId,
        itemId: item.itemId,
        group: item.group,
        label: item.label,
        position: item.position,
        pledges: item.pledges,
        result: r?.result ?? null,
        note: r?.note ?? '',
        photoId: r?.photoId ?? null,
      };
    };
    const retiredKept = [...kept.values()].filter((k) => !activeIds.has(k.itemId) && given.has(k.itemId));
    return [...active.map(row), ...retiredKept.map((k) => row({ ...k, pledges: k.pledges ?? [] }))];
  }

  /** Stores a photo of a noted item (the shared image pipeline: checked, re-encoded, stripped). */
  async addPhoto(carId: number, image: PreparedImage, actor: Actor): Promise<InspectionPhoto> {
    if (!(await this.cars.findRow(this.db, carId))) throw notFound('Không tìm thấy xe');
    return withStoredImage(
      this.storage,
      'inspections',
      image,
      async (stored) => {
        if (!stored) throw badRequest('Vui lòng chọn ảnh');
        const row = await this.db.transaction(async (tx) => {
          const [row] = await tx
            .insert(inspectionPhotos)
            .values({ carId, key: stored.key, width: stored.width, height: stored.height })
            .returning();
          await writeAudit(tx, actor, {
            action: 'upload',
            entity: 'inspection_photo',
            entityId: row.id,
            after: { carId, key: row.key },
          });
          return row;
        });
        return photoView(this.storage, row);
      },
      this.log,
    );
  }

  /** Writes the summary again (after the car's odometer history changed elsewhere). */
  async refreshSummary(carId: number): Promise<void> {
    const summary = await this.summary(carId);
    if (!summary) return;
    await this.db.transaction(async (tx) => {
      await tx.update(inspectionReports).set({ summary }).where(eq(inspectionReports.carId, carId));
      await this.cars.setInspectionIn(tx, carId, summary);
    });
    this.cars.invalidate();
  }
}
