import { RESERVATION_STATUS_LABELS, type ReservationStatus } from '../contract/reservations';
import type { App } from './context';
import type { Database } from './db/client';
import { type CustomerPort, CustomersService, customersRoutes } from './modules/customers';
import type { ReservationRow, ReservationStep } from './modules/reservations';
import type { UsersService } from './modules/users/service';
import type { Clock } from './platform/clock';

interface CustomerContactDeps {
  db: Database['db'];
  clock: Clock;
  users: UsersService;
}

/**
 * The customer record wired across modules (docs/customers.md): leads, reservations and alert
 * subscriptions attach to it through `port` as they are created; a reservation's later steps update its
 * timeline entry. Deals attach through the same port when they exist.
 */
export function wireCustomerContact(d: CustomerContactDeps) {
  const customers = new CustomersService({
    db: d.db,
    clock: d.clock,
    namesOf: (ids) => d.users.namesOf(ids),
  });
  const port: CustomerPort = customers;
  /** After each reservation step: its state on the customer's timeline. */
  const onReservationStep = async (_step: ReservationStep, r: ReservationRow) => {
    await customers.touch(d.db, 'RESERVATION', r.id, {
      status: RESERVATION_STATUS_LABELS[r.status as ReservationStatus] ?? r.status,
    });
  };
  const routes = async (app: App) => {
    await app.register(customersRoutes(customers));
  };
  return { customers, port, onReservationStep, routes };
}
