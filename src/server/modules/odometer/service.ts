import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import {
  conflictingReading,
  findRollback,
  type OdometerReading,
  type OdometerRollback,
  type OdometerSource,
  rollbackMessage,
} from '../../../contract/odometer';
import type { Executor } from '../../db/client';
import { badRequest } from '../../platform/errors';
import { carOdometerReadings } from './schema';

/**
 * The odometer history shared by the listing, the inspection and the service records: each of those
 * modules writes its readings here, and this module alone decides whether a reading may be kept.
 */

export interface NewReading {
  carId: number;
  source: OdometerSource;
  /** The owning record; null for the listing (one per car). */
  sourceId: number | null;
  /** yyyy-mm-dd */
  readOn: string;
  km: number;
}

const sameOwner = (carId: number, source: OdometerSource, sourceId: number | null) =>
  and(
    eq(carOdometerReadings.carId, carId),
    eq(carOdometerReadings.source, source),
    sourceId === null ? isNull(carOdometerReadings.sourceId) : eq(carOdometerReadings.sourceId, sourceId),
  );

/** A car's readings in day order. */
export async function odometerReadings(exec: Executor, carId: number): Promise<OdometerReading[]> {
  const rows = await exec
    .select({
      source: carOdometerReadings.source,
      readOn: carOdometerReadings.readOn,
      km: carOdometerReadings.km,
    })
    .from(carOdometerReadings)
    .where(eq(carOdometerReadings.carId, carId))
    .orderBy(asc(carOdometerReadings.readOn), asc(carOdometerReadings.id));
  return rows as OdometerReading[];
}

/** Where the car's history goes backwards (an imported history can), or null. */
export async function odometerRollback(exec: Executor, carId: number): Promise<OdometerRollback | null> {
  return findRollback(await odometerReadings(exec, carId));
}

/** Cars among `carIds` whose history goes backwards. */
export async function carsWithRollback(exec: Executor, carIds: number[]): Promise<Set<number>> {
  if (!carIds.length) return new Set();
  const rows = await exec
    .select({
      carId: carOdometerReadings.carId,
      source: carOdometerReadings.source,
      readOn: carOdometerReadings.readOn,
      km: carOdometerReadings.km,
    })
    .from(carOdometerReadings)
    .where(inArray(carOdometerReadings.carId, carIds));
  const byCar = new Map<number, OdometerReading[]>();
  for (const r of rows) {
    const list = byCar.get(r.carId) ?? [];
    list.push(r as OdometerReading & { carId: number });
    byCar.set(r.carId, list);
  }
  return new Set([...byCar].filter(([, list]) => findRollback(list)).map(([id]) => id));
}

/**
 * Keeps a record's reading, replacing the one it held before. A staff entry (the default) that would make
 * the history go backwards is refused with a 400 naming the reading it contradicts; `imported` keeps it
 * anyway (a history brought in from elsewhere is a fact to show, not to correct).
 * Call inside the owning record's transaction, so a refusal writes nothing.
 */
export async function recordReading(
  exec: Executor,
  reading: NewReading,
  options: { imported?: boolean } = {},
): Promise<void> {
  if (!options.imported) {
    // The record's own earlier reading is being replaced, so it does not count against the new one; an
    // imported history is checked as a whole (the rollback flag), not held against each staff entry.
    const others = (
      await exec.select().from(carOdometerReadings).where(eq(carOdometerReadings.carId, reading.carId))
    ).filter(
      (r) => r.source !== 'import' && !(r.source === reading.source && r.sourceId === reading.sourceId),
    ) as OdometerReading[];
    const next = { source: reading.source, readOn: reading.readOn, km: reading.km };
    const other = conflictingReading(others, next);
    if (other) {
      const message = rollbackMessage(next, { source: other.source, readOn: other.readOn, km: other.km });
      throw badRequest(message, { odo: message });
    }
  }
  await removeReading(exec, reading.carId, reading.source, reading.sourceId);
  await exec.insert(carOdometerReadings).values(reading);
}

/** Drops a record's reading (the record was deleted). */
export async function removeReading(
  exec: Executor,
  carId: number,
  source: OdometerSource,
  sourceId: number | null,
): Promise<void> {
  await exec.delete(carOdometerReadings).where(sameOwner(carId, source, sourceId));
}

/** Readings written without a request (demo showroom, generated stock), in bulk and unchecked. */
export async function insertReadings(exec: Executor, readings: NewReading[]): Promise<void> {
  for (let i = 0; i < readings.length; i += 1000) {
    await exec.insert(carOdometerReadings).values(readings.slice(i, i + 1000));
  }
}
