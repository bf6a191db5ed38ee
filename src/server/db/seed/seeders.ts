import type { DemoSeeder } from './bootstrap';

/** The demo showroom's content, one seeder per domain, run in order on an empty database. */
export const demoSeeders: DemoSeeder[] = [];
