import type { Config } from './config';
import type { wireCustomerContact } from './customer-contact';
import type { Database } from './db/client';
import type { CarRecordsService } from './modules/car-records/service';
import type { CarsService } from './modules/cars/service';
import { createDeals } from './modules/deals';
import type { NotificationsService } from './modules/notifications/service';
import { createPrivateStorage } from './modules/recruitment/cv';
import type { Reservations } from './modules/reservations';
import type { SalesService } from './modules/sales/service';
import type { UsersService } from './modules/users/service';
import type { WebConfigService } from './modules/web-config/service';
import type { Clock } from './platform/clock';
import type { JobQueue } from './platform/jobs/queue';
import { byShowroom, type CustomerMailer } from './platform/visitor-mail';

interface DealsWiring {
  db: Database['db'];
  clock: Clock;
  cars: CarsService;
  sales: SalesService;
  users: UsersService;
  webConfig: WebConfigService;
  reservations: Reservations;
  carRecords: CarRecordsService;
  /** Rendered public pages, dropped when a car is held, released or sold. */
  pages: { clear(): void };
  customerMail: CustomerMailer;
  notifications: NotificationsService;
  jobs: JobQueue;
  config: Config;
  /** The customer record and the Zalo messenger (customer-contact.ts). */
  contact: Pick<ReturnType<typeof wireCustomerContact>, 'port' | 'messenger'>;
}

/**
 * Deals from the quote to the ownership transfer, wired across modules: the car is held and released
 * through the cars service, the sale is recorded by the sales book at handover, a reservation's deposit
 * is read and its hold cancelled through the reservations module, fees use the car's papers, the buyer
 * is a customer on the record and hears of each step on Zalo (customer-contact.ts).
 */
export function wireDeals(w: DealsWiring) {
  const deals = createDeals({
    ...{ db: w.db, clock: w.clock, cars: w.cars, sales: w.sales },
    reservations: {
      byCode: (code, exec) => w.reservations.admin.byCode(code, exec),
      cancel: (id, reason, actor) => w.reservations.admin.cancel(id, reason, actor),
    },
    namesOf: (ids) => w.users.namesOf(ids),
    settings: () => w.webConfig.get(),
    papers: (carId) => w.carRecords.papers(carId),
    changed: () => {
      w.cars.invalidate();
      w.pages.clear();
    },
    sellerIsCompany: async (carId) => (await w.carRecords.papers(carId)).ownerType === 'company',
    tellBuyer: async (mail) => void (await w.customerMail.send(mail, byShowroom('deal-transfer'))),
    notifyStaff: async (ids, message, link) =>
      void (await w.notifications.notifySafely(
        ids ?? w.users.idsWithPermission('MANAGE_CAR'),
        message,
        link,
      )),
    // The deal on the buyer's one timeline, and its steps on their Zalo.
    customers: w.contact.port,
    customerMessage: (m) => w.contact.messenger.queue(m),
    // The checklist's scans beside the CVs: the private storage, never served at a public address.
    privateStorage: createPrivateStorage(w.config),
    secret: w.config.jwtSecret,
    publicUrl: w.config.publicUrl,
  });
  // The balance paid by VietQR reaches the same webhook as deposits; a deal's code in the content is ours.
  w.reservations.payments.onOtherCode((tx, t) => deals.transfers.receive(tx, t));
  // Late transfer steps ring a bell once: a pass every hour across every process (stored jobs).
  w.jobs.every(LATE_STEPS_JOB, async () => void (await deals.service.afterSale.alertLate()), 3_600_000);
  return deals;
}

export const LATE_STEPS_JOB = 'deals.late-transfer-steps';
