import { and, desc, eq } from 'drizzle-orm';
import {
  type CarHistory,
  type CarHistoryStaff,
  type CarPapers,
  type CarPapersData,
  EMPTY_PAPERS,
  type ServiceRecord,
  type ServiceRecordData,
} from '../../../contract/car-records';
import { rollbackWarning } from '../../../contract/odometer';
import type { Db, Executor } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { writeAudit } from '../../platform/audit';
import { notFound } from '../../platform/errors';
import { odometerRollback, recordReading, removeReading } from '../odometer/service';
import { carPapers, carServiceRecords } from './schema';

/** What this module needs of the cars module (its service): the car's own history fields and its lock. */
export interface CarsPort {
  findRow(
    exec: Executor,
    id: number,
  ): Promise<{ previousOwners: number; licensePlateRegion: string; status: string } | undefined>;
  lock(tx: Executor, id: number): Promise<unknown>;
}

type PapersRow = typeof carPapers.$inferSelect;
type RecordRow = typeof carServiceRecords.$inferSelect;

const papersView = (row: PapersRow | undefined): CarPapers =>
  row
    ? {
        ownerType: row.ownerType as CarPapers['ownerType'],
        vatInvoice: row.vatInvoice,
        registrationUntil: row.registrationUntil,
        liabilityInsuranceUntil: row.liabilityInsuranceUntil,
        bodyInsuranceUntil: row.bodyInsuranceUntil,
        loanStatus: row.loanStatus as CarPapers['loanStatus'],
        fineCheckedOn: row.fineCheckedOn,
        fineResult: row.fineResult as CarPapers['fineResult'],
      }
    : { ...EMPTY_PAPERS };

const recordView = (r: RecordRow): ServiceRecord => ({
  id: r.id,
  servicedOn: r.servicedOn,
  km: r.km,
  work: r.work,
  place: r.place,
  imported: r.imported,
});

/** The odometer reading a service record holds: staff entries are checked, imported ones kept as they are. */
const readingOf = (carId: number, r: Pick<RecordRow, 'id' | 'servicedOn' | 'km' | 'imported'>) => ({
  carId,
  source: r.imported ? ('import' as const) : ('service' as const),
  sourceId: r.id,
  readOn: r.servicedOn,
  km: r.km,
});

const auditRecord = (r: RecordRow) => ({
  carId: r.carId,
  servicedOn: r.servicedOn,
  km: r.km,
  work: r.work,
  place: r.place,
  imported: r.imported,
});

/** Papers and service records of the cars. Readings go through the odometer module, in the same transaction. */
export class CarRecordsService {
  constructor(
    private readonly db: Db,
    private readonly cars: CarsPort,
    /** Called once a change of the service records has committed: the odometer pledge may have changed. */
    private readonly onReadingsChanged: (carId: number) => Promise<void> = async () => {},
  ) {}

  /** GET cars/{id}/history: papers without the staff note, service records newest first. */
  async history(carId: number): Promise<CarHistory> {
    // Visitors never see a car being prepared (docs/reconditioning.md).
    if ((await this.cars.findRow(this.db, carId))?.status === 'preparing')
      throw notFound('Không tìm thấy xe');
    const { history } = await this.read(this.db, carId);
    return history;
  }

  /** The car's papers alone, one read (a deal's fees and checklist need nothing else). */
  async papers(carId: number, exec: Executor = this.db): Promise<CarPapers> {
    const [row] = await exec.select().from(carPapers).where(eq(carPapers.carId, carId));
    return papersView(row);
  }

  /** The staff view: the same with the staff note and the odometer flag. */
  async staffHistory(carId: number, exec: Executor = this.db): Promise<CarHistoryStaff> {
    const { history, staffNote } = await this.read(exec, carId);
    const rollback = await odometerRollback(exec, carId);
    return { ...history, staffNote, odometerWarning: rollback ? rollbackWarning(rollback) : null };
  }

  private async read(exec: Executor, carId: number) {
    const car = await this.cars.findRow(exec, carId);
    if (!car) throw notFound('Không tìm thấy xe');
    const [[papers], records] = await Promise.all([
      exec.select().from(carPapers).where(eq(carPapers.carId, carId)),
      exec
        .select()
        .from(carServiceRecords)
        .where(eq(carServiceRecords.carId, carId))
        .orderBy(desc(carServiceRecords.servicedOn), desc(carServiceRecords.id)),
    ]);
    const history: CarHistory = {
      carId,
      previousOwners: car.previousOwners,
      licensePlateRegion: car.licensePlateRegion.trim() || null,
      papers: papersView(papers),
      serviceRecords: records.map(recordView),
    };
    return { history, staffNote: papers?.staffNote ?? '' };
  }

  async savePapers(carId: number, data: CarPapersData, actor: Actor): Promise<CarHistoryStaff> {
    await this.db.transaction(async (tx) => {
      await this.cars.lock(tx, carId);
      const [before] = await tx.select().from(carPapers).where(eq(carPapers.carId, carId));
      const values = { ...data, updatedAt: new Date() };
      const [after] = await tx
        .insert(carPapers)
        .values({ carId, ...values })
        .onConflictDoUpdate({ target: carPapers.carId, set: values })
        .returning();
      await writeAudit(tx, actor, {
        action: before ? 'update' : 'create',
        entity: 'car_papers',
        entityId: carId,
        before: before ? { ...papersView(before), staffNote: before.staffNote } : undefined,
        after: { ...papersView(after), staffNote: after.staffNote },
      });
    });
    return this.staffHistory(carId);
  }

  /** A staff entry: its km must fit the car's odometer history, or nothing is written. */
  async addRecord(carId: number, data: ServiceRecordData, actor: Actor): Promise<CarHistoryStaff> {
    await this.db.transaction(async (tx) => {
      await this.cars.lock(tx, carId);
      const [row] = await tx
        .insert(carServiceRecords)
        .values({ carId, ...data, imported: false })
        .returning();
      await recordReading(tx, readingOf(carId, row));
      await writeAudit(tx, actor, {
        action: 'create',
        entity: 'service_record',
        entityId: row.id,
        after: auditRecord(row),
      });
    });
    await this.onReadingsChanged(carId);
    return this.staffHistory(carId);
  }

  /** An imported record stays imported (its reading is kept as it is); a staff one is checked again. */
  async updateRecord(
    carId: number,
    recordId: number,
    data: ServiceRecordData,
    actor: Actor,
  ): Promise<CarHistoryStaff> {
    await this.db.transaction(async (tx) => {
      await this.cars.lock(tx, carId);
      const before = await this.findRecord(tx, carId, recordId);
      const [after] = await tx
        .update(carServiceRecords)
        .set(data)
        .where(eq(carServiceRecords.id, recordId))
        .returning();
      await recordReading(tx, readingOf(carId, after), { imported: after.imported });
      await writeAudit(tx, actor, {
        action: 'update',
        entity: 'service_record',
        entityId: recordId,
        before: auditRecord(before),
        after: auditRecord(after),
      });
    });
    await this.onReadingsChanged(carId);
    return this.staffHistory(carId);
  }

  async removeRecord(carId: number, recordId: number, actor: Actor): Promise<CarHistoryStaff> {
    await this.db.transaction(async (tx) => {
      await this.cars.lock(tx, carId);
      const before = await this.findRecord(tx, carId, recordId);
      await tx.delete(carServiceRecords).where(eq(carServiceRecords.id, recordId));
      const reading = readingOf(carId, before);
      await removeReading(tx, carId, reading.source, reading.sourceId);
      await writeAudit(tx, actor, {
        action: 'delete',
        entity: 'service_record',
        entityId: recordId,
        before: auditRecord(before),
      });
    });
    await this.onReadingsChanged(carId);
    return this.staffHistory(carId);
  }

  /**
   * A history brought in from elsewhere (a brand's service records), stored as it is: its readings are
   * kept even when they go backwards, which flags the car to staff (odometerWarning, the list's badge).
   */
  async importRecords(carId: number, rows: ServiceRecordData[], actor: Actor): Promise<CarHistoryStaff> {
    await this.db.transaction(async (tx) => {
      await this.cars.lock(tx, carId);
      const inserted = await tx
        .insert(carServiceRecords)
        .values(rows.map((r) => ({ carId, ...r, imported: true })))
        .returning();
      for (const row of inserted) await recordReading(tx, readingOf(carId, row), { imported: true });
      const rollback = await odometerRollback(tx, carId);
      await writeAudit(tx, actor, {
        action: 'import',
        entity: 'service_record',
        entityId: carId,
        after: {
          carId,
          count: inserted.length,
          records: inserted.map((r) => `${r.servicedOn} · ${r.km} km · ${r.work}`),
          odometerWarning: rollback ? rollbackWarning(rollback) : null,
        },
      });
    });
    await this.onReadingsChanged(carId);
    return this.staffHistory(carId);
  }

  private async findRecord(exec: Executor, carId: number, recordId: number): Promise<RecordRow> {
    const [row] = await exec
      .select()
      .from(carServiceRecords)
      .where(and(eq(carServiceRecords.id, recordId), eq(carServiceRecords.carId, carId)));
    if (!row) throw notFound('Không tìm thấy bản ghi bảo dưỡng');
    return row;
  }
}

/** Demo and generated stock: papers and records written in bulk, unchecked (the caller keeps them consistent). */
export async function insertCarRecords(
  exec: Executor,
  papers: (typeof carPapers.$inferInsert)[],
  records: (typeof carServiceRecords.$inferInsert)[],
): Promise<RecordRow[]> {
  for (let i = 0; i < papers.length; i += 1000)
    await exec.insert(carPapers).values(papers.slice(i, i + 1000));
  const out: RecordRow[] = [];
  for (let i = 0; i < records.length; i += 1000)
    out.push(
      ...(await exec
        .insert(carServiceRecords)
        .values(records.slice(i, i + 1000))
        .returning()),
    );
  return out;
}
