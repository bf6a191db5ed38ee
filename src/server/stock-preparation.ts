import type { Database } from './db/client';
import { CarCostsService } from './modules/car-costs';
import type { CarsService } from './modules/cars/service';
import type { InspectionsService } from './modules/inspections/service';
import type { NotificationsService } from './modules/notifications/service';
import { createRecon } from './modules/recon';
import type { SalesService } from './modules/sales/service';
import type { UsersService } from './modules/users/service';
import type { WebConfigService } from './modules/web-config/service';
import type { Clock } from './platform/clock';
import type { JobQueue } from './platform/jobs/queue';
import type { Mailer } from './platform/mailer';

interface StockPreparationDeps {
  db: Database['db'];
  clock: Clock;
  jobs: JobQueue;
  mailer: Mailer;
  log: Parameters<typeof createRecon>[0]['log'];
  publicUrl: string;
  cars: CarsService;
  sales: SalesService;
  users: UsersService;
  webConfig: WebConfigService;
  inspections: InspectionsService;
  notifications: NotificationsService;
}

/**
 * What happens to a car between its purchase and its listing, wired across modules: the reconditioning
 * board and its gate before a car is listed, and the cost ledger that counts the completed work.
 */
export function wireStockPreparation(d: StockPreparationDeps) {
  const { cars, users, webConfig } = d;
  const recon = createRecon({
    ...{ db: d.db, clock: d.clock, jobs: d.jobs, mailer: d.mailer, log: d.log, publicUrl: d.publicUrl },
    cars: {
      preparing: () => cars.preparing(),
      statusOf: async (id) => (await cars.findRow(d.db, id))?.status ?? null,
      invalidate: () => cars.invalidate(),
    },
    openingHours: async () => (await webConfig.get()).openingHours,
    inspectionResults: async (carId) => (await d.inspections.find(carId))?.results ?? null,
    users: {
      namesOf: (ids) => users.namesOf(ids),
      contact: async (id) => {
        const m = await users.staffMember(id);
        return m && { fullName: m.fullName, email: m.email, active: m.active };
      },
      idsWithPermission: (p) => users.idsWithPermission(p),
      active: async () =>
        (await users.list({ page: 1, size: 500 })).content
          .filter((u) => u.active)
          .map((u) => ({ userId: u.userId, fullName: u.fullName })),
    },
    notify: async (ids, message, link) => void (await d.notifications.notifySafely(ids, message, link)),
  });
  cars.setListingGate((tx, car) => recon.listingGaps(tx, car));
  // What each car really costs (docs/car-costs.md); reconditioning is the recon module's completed work.
  const carCosts = new CarCostsService({
    ...{ db: d.db, clock: d.clock, cars, users },
    settings: async () => (await webConfig.get()).stockCosts,
    saleOf: (carId) => d.sales.activeSaleOf(carId),
  });
  carCosts.connectRecon({ reconCostOf: (carId) => recon.reconCostOf(carId) });
  d.sales.onCost((carId, day) => carCosts.trueCostOn(carId, day));
  return { recon, carCosts };
}
