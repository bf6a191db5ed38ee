import type { CarPriceHistory } from '../../../contract/cars';
import type { Executor } from '../../db/client';
import { odometerRollback } from '../odometer/service';
import type { CarRowLike } from './cars-inventory';
import type { CarRecords } from './inventory';

/**
 * Where a car's records come from, each through its owning module's service: the cars service (plate
 * province, price changes), the odometer history, the inspection report and the papers with service
 * records. A source that is not wired answers as "no record", which the advisor says plainly.
 */
export interface RecordSources {
  cars: {
    findRow(exec: Executor, id: number): Promise<(CarRowLike & { licensePlateRegion: string }) | undefined>;
    priceHistory(id: number): Promise<CarPriceHistory>;
  };
  db: Executor;
  inspection?: (carId: number) => Promise<CarRecords['inspection']>;
  history?: (
    carId: number,
  ) => Promise<{ papers: CarRecords['papers']; serviceRecords: CarRecords['serviceRecords'] } | null>;
}

export async function readCarRecords(src: RecordSources, carId: number): Promise<CarRecords | null> {
  const row = await src.cars.findRow(src.db, carId);
  if (!row || row.status === 'preparing') return null;
  const [prices, rollback, inspection, history] = await Promise.all([
    src.cars.priceHistory(carId),
    odometerRollback(src.db, carId),
    src.inspection ? src.inspection(carId) : null,
    src.history ? src.history(carId) : null,
  ]);
  return {
    licensePlateRegion: row.licensePlateRegion,
    inspection,
    papers: history?.papers ?? null,
    serviceRecords: history?.serviceRecords ?? [],
    odometerRollback: rollback,
    priceChanges: prices.changes,
  };
}
