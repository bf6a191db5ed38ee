import { ApiError } from '../../platform/errors';
import type { CarsService } from '../cars/service';
import type { CarSource } from './service';

/** Car pages read CarsService.detail (sold cars too: their page still opens and says so); the sitemap its visible cars. */
export function carSourceFrom(service: CarsService): CarSource {
  return {
    async find(id) {
      try {
        return await service.detail(id);
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
    sitemap: () => service.sitemapEntries(),
  };
}
