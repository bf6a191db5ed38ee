import { seedDemoCarCosts } from '../../modules/car-costs/demo';
import { seedDemoDeals } from '../../modules/deals/demo';
import { seedDemoInspections } from '../../modules/inspections/demo';
import { seedDemoLeads } from '../../modules/leads/demo';
import { seedDemoMarketPrices } from '../../modules/market-prices/demo';
import type { DemoSeeder } from './bootstrap';
import { seedDemoCars } from './demo-cars';
import { seedDemoContent } from './demo-content';
import { seedDemoRecon } from './demo-recon';

/** Seeders run one after another. */
const inOrder =
  (...seeders: DemoSeeder[]): DemoSeeder =>
  async (ctx, services) => {
    for (const seed of seeders) await seed(ctx, services);
  };

/**
 * Seeders that share nothing but the staff, run side by side: the pictures one draws on sharp's threads
 * are drawn while the other writes its rows (the embedded database works on the main thread).
 */
const sideBySide =
  (...seeders: DemoSeeder[]): DemoSeeder =>
  async (ctx, services) => {
    await Promise.all(seeders.map((seed) => seed(ctx, services)));
  };

/** The demo showroom's content, one seeder per domain, on an empty database. */
export const demoSeeders: DemoSeeder[] = [
  sideBySide(
    inOrder(
      seedDemoCars,
      seedDemoInspections,
      // After the inspections' seeder: it reports on every car in stock, these get their own.
      seedDemoRecon,
    ),
    // Banners, posts and job offers: their pictures take the longest to draw.
    seedDemoContent,
  ),
  seedDemoLeads,
  seedDemoMarketPrices,
  seedDemoCarCosts,
  // Last, on cars of its own: the stock, its costs and the sales book the other seeders drew stay as they were.
  seedDemoDeals,
];
