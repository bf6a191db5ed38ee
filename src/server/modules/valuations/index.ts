import type { Db } from '../../db/client';
import { MarketPricesService } from '../market-prices';
import { type ValuationDeps, ValuationsService } from './service';

export type { ManualValuation, RangeAnswer, RangeQuery } from './range';
export { valuationsRoutes } from './routes';

export interface Valuations {
  market: MarketPricesService;
  valuations: ValuationsService;
}

/** Market prices and the valuation engine over them, the showroom's stock and its sales. */
export function createValuations(deps: Omit<ValuationDeps, 'market'> & { db: Db }): Valuations {
  const market = new MarketPricesService(deps.db, deps.clock);
  const valuations = new ValuationsService({ ...deps, market });
  return { market, valuations };
}
