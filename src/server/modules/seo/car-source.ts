import { desc, inArray } from 'drizzle-orm';
import { VISIBLE_STATUSES } from '../../../contract/cars';
import type { Db } from '../../db/client';
import { cars } from '../../db/schema';
import { ApiError } from '../../platform/errors';
import type { CarsService } from '../cars/service';
import type { CarSource } from './service';

/**
 * Car pages read CarsService.detail (sold cars too: their page still opens and says so).
 * The sitemap needs every visible car with its last change, which CarsService does not offer yet:
 * until it does (a `sitemapEntries()` there), this one read of id and updated_at stays here.
 */
export function carSourceFrom(service: CarsService, db: Db): CarSource {
  return {
    async find(id) {
      try {
        return await service.detail(id);
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
    async sitemap() {
      const rows = await db
        .select({ carId: cars.id, updatedAt: cars.updatedAt })
        .from(cars)
        .where(inArray(cars.status, [...VISIBLE_STATUSES]))
        .orderBy(desc(cars.updatedAt));
      return rows;
    },
  };
}
