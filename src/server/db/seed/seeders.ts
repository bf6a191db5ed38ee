import { seedDemoCarCosts } from '../../modules/car-costs/demo';
import { seedDemoDeals } from '../../modules/deals/demo';
import { seedDemoInspections } from '../../modules/inspections/demo';
import { seedDemoLeads } from '../../modules/leads/demo';
import { seedDemoMarketPrices } from '../../modules/market-prices/demo';
import type { DemoSeeder } from './bootstrap';
import { seedDemoCars } from './demo-cars';
import { seedDemoContent } from './demo-content';
import { seedDemoRecon } from './demo-recon';

/** The demo showroom's content, one seeder per domain, run in order on an empty database. */
export const demoSeeders: DemoSeeder[] = [
  seedDemoCars,
  seedDemoInspections,
  // After the inspections' seeder: it reports on every car in stock, these get their own.
  seedDemoRecon,
  seedDemoContent,
  seedDemoLeads,
  seedDemoMarketPrices,
  seedDemoCarCosts,
  // Last, on cars of its own: the stock, its costs and the sales book the other seeders drew stay as they were.
  seedDemoDeals,
];
