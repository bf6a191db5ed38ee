import type { Db } from '../../db/client';
import type { JobQueue } from '../../platform/jobs/queue';
import { MarketPricesService } from '../market-prices';
import { type ValuationDeps, ValuationsService } from './service';

export type { ManualValuation, RangeAnswer, RangeQuery } from './range';
export { valuationsRoutes } from './routes';

export interface Valuations {
  market: MarketPricesService;
  valuations: ValuationsService;
}

/** The deal labels re-derived every day at 03:00 in Vietnam (20:00 UTC), in whichever process claims it. */
export const PRICE_RATINGS_JOB = 'valuations.price-ratings';
const DAY_MS = 86_400_000;

/** Market prices and the valuation engine over them, the showroom's stock and its sales. */
export function createValuations(
  deps: Omit<ValuationDeps, 'market'> & { db: Db; jobs: JobQueue },
): Valuations {
  const { jobs, ...rest } = deps;
  const market = new MarketPricesService(deps.db, deps.clock);
  const valuations = new ValuationsService({ ...rest, market });
  jobs.every(PRICE_RATINGS_JOB, () => valuations.refreshDaily(), DAY_MS, 20 * 3_600_000);
  return { market, valuations };
}
