import { VISIBLE_STATUSES } from '../../../contract/cars';
import { foldVietnamese } from '../../../contract/text';
import type { Db, Executor } from '../../db/client';

/** What the leads module needs to know about a car a visitor chose. */
export interface CarDirectory {
  /** The car when visitors may see it (on sale or deposit pending), with its display label; else null. */
  visibleCar(id: number): Promise<{ carId: number; label: string } | null>;
}

interface CarLike {
  id: number;
  carName: string;
  brand: string;
  year: number;
  status: string;
}

/** "Toyota Vios 1.5G 2020": the brand when the name lacks it, the year when the name lacks it. */
export function carLabel(car: Pick<CarLike, 'carName' | 'brand' | 'year'>): string {
  let label = car.carName.trim();
  if (car.brand && !foldVietnamese(label).startsWith(foldVietnamese(car.brand)))
    label = `${car.brand} ${label}`;
  if (car.year && !label.includes(String(car.year))) label = `${label} ${car.year}`;
  return label;
}

/** Adapts the cars module's service (findRow) to the directory, through its public method only. */
export function carDirectory(
  db: Db,
  cars: { findRow(exec: Executor, id: number): Promise<CarLike | undefined> },
): CarDirectory {
  return {
    async visibleCar(id) {
      const row = await cars.findRow(db, id);
      if (!row || !(VISIBLE_STATUSES as readonly string[]).includes(row.status)) return null;
      return { carId: row.id, label: carLabel(row) };
    },
  };
}
