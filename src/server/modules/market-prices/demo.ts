import type { DemoSeeder } from '../../db/seed/bootstrap';
import { generateListings, listingsCsv } from '../../db/seed/market-listings';
import { SYSTEM_ACTOR } from '../../platform/actor';
import type { MarketPricesService } from './service';

/** How many listings the demo showroom's imported price list holds. */
export const DEMO_MARKET_ROWS = 480;

/**
 * The demo showroom's market price list: a few hundred listings of the last six months across the demo
 * brands and models, imported through the real import (CSV in the usual Vietnamese forms), so an
 * instant valuation works out of the box.
 */
export const seedDemoMarketPrices: DemoSeeder = async (_ctx, services) => {
  const market = services.market as MarketPricesService | undefined;
  if (!market) return;
  const listings = generateListings(DEMO_MARKET_ROWS, { seed: 20_261_001, now: new Date(), months: 6 });
  await market.importFile(
    { name: 'bang-gia-thi-truong-mau.csv', bytes: Buffer.from(listingsCsv(listings, 11)) },
    SYSTEM_ACTOR,
  );
};
