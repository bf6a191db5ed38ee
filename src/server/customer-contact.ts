import { join } from 'node:path';
import { bankByBin } from '../contract/banks';
import { formatDateTime, formatPrice } from '../contract/format';
import type { ZaloMessageKind } from '../contract/messaging';
import { RESERVATION_STATUS_LABELS, type ReservationStatus } from '../contract/reservations';
import type { Config } from './config';
import type { App } from './context';
import type { Database } from './db/client';
import { type CustomerPort, CustomersService, customersRoutes } from './modules/customers';
import { messagingRoutes, StaffSender, ZaloMessenger } from './modules/messaging';
import type { ReservationRow, ReservationStep } from './modules/reservations';
import type { UsersService } from './modules/users/service';
import type { WebConfigService } from './modules/web-config/service';
import type { Clock } from './platform/clock';
import type { JobQueue } from './platform/jobs/queue';
import type { CounterStore } from './platform/rate-limit';

type LeadContactRecorder = (
  leadId: number,
  what: string,
  at: Date,
  by: { userId: number; name: string },
) => Promise<void>;

interface CustomerContactDeps {
  db: Database['db'];
  clock: Clock;
  log: App['log'];
  config: Config;
  jobs: JobQueue;
  counters: CounterStore;
  users: UsersService;
  webConfig: WebConfigService;
}

/** Which Zalo message a reservation's step sends its customer. */
const RESERVATION_ZALO: Partial<Record<ReservationStep, ZaloMessageKind>> = {
  created: 'RESERVATION_PAYMENT_REQUEST',
  paid: 'RESERVATION_PAID',
  claimed: 'RESERVATION_CLAIM_RECEIVED',
};

/**
 * The customer record and the messages that reach customers, wired across modules (docs/customers.md):
 * leads, reservations and alert subscriptions attach to the record through `port` as they are created;
 * their steps send Zalo messages through the messenger (stored jobs). Deals attach through the same
 * port when they exist.
 */
export function wireCustomerContact(d: CustomerContactDeps) {
  // The leads module hands over how it records a contact once it exists (built after this).
  let recordLeadContact: LeadContactRecorder | null = null;
  const contacted: LeadContactRecorder = async (leadId, what, at, by) => {
    await recordLeadContact?.(leadId, what, at, by);
  };
  const customers = new CustomersService({
    db: d.db,
    clock: d.clock,
    namesOf: (ids) => d.users.namesOf(ids),
    contacted,
  });
  const port: CustomerPort = customers;
  const messenger = new ZaloMessenger({
    ...{ db: d.db, clock: d.clock, log: d.log, jobs: d.jobs, counters: d.counters, customers },
    config: d.config.zalo,
    outboxDir: join(d.config.dataDir, 'outbox'),
    settings: async () => (await d.webConfig.get()).zalo,
    // Speed to lead: a process that polls looks at once rather than at its next poll.
    kick: d.config.jobs.pollMs > 0 ? () => void d.jobs.runDue().catch(() => {}) : undefined,
  });
  const showroom = async () => {
    const c = await d.webConfig.get();
    return { name: c.showroomName, phone: c.showroomPhone };
  };

  /** After each reservation step: its state on the timeline, and the customer's Zalo message. */
  const onReservationStep = async (step: ReservationStep, r: ReservationRow) => {
    await customers.touch(d.db, 'RESERVATION', r.id, {
      status: RESERVATION_STATUS_LABELS[r.status as ReservationStatus] ?? r.status,
    });
    const kind = RESERVATION_ZALO[step];
    if (!kind) return;
    await messenger.queue({
      kind,
      phone: r.phone,
      dedupeKey: `${kind}:reservation:${r.id}`,
      data: {
        customer_name: r.customerName,
        reservation_code: r.code,
        car_name: r.carName,
        amount: formatPrice(r.paidAmount ?? r.amount),
        bank_name: bankByBin(r.bankBin)?.shortName ?? r.bankBin,
        account_number: r.accountNumber,
        transfer_content: r.code,
        expires_at: formatDateTime(r.expiresAt),
      },
    });
  };

  const staff = new StaffSender({
    ...{ messenger, showroom, customer: (id: number) => customers.phoneOf(id) },
    contacted: (leadId, _actor, user) =>
      contacted(leadId, 'Gửi tin Zalo: Chăm sóc khách hàng', d.clock.now(), {
        userId: user.id,
        name: user.name,
      }),
  });
  const routes = async (app: App) => {
    await app.register(customersRoutes(customers));
    await app.register(messagingRoutes(messenger, staff, d.config.zalo.webhookSecret));
  };
  return {
    customers,
    messenger,
    /** What tests and the seed reach: the customer record and the Zalo messenger. */
    services: { customers, zalo: messenger },
    staff,
    port,
    onReservationStep,
    /** The leads module's ports: the customer record, and the messages to a lead's customer. */
    leadPorts: {
      customers: port,
      connectContacts: (record: LeadContactRecorder) => {
        recordLeadContact = record;
      },
      customerMessage: (m: {
        kind: ZaloMessageKind;
        phone: string;
        dedupeKey: string;
        data: Record<string, string | number>;
      }) => messenger.queue(m),
    },
    /**
     * The alerts module's ports: the customer record, and its digest's news on Zalo. Subscribers give no
     * name: the record's name when it knows one (another form), "Quý khách" otherwise.
     */
    alertPorts: {
      customers: port,
      customerMessage: async (m: {
        kind: 'PRICE_DROP' | 'SAVED_SEARCH';
        phone: string;
        dedupeKey: string;
        data: Record<string, string | number>;
      }) =>
        messenger.queue({
          ...m,
          data: { customer_name: (await customers.nameOf(m.phone)) || 'Quý khách', ...m.data },
        }),
    },
    routes,
  };
}
