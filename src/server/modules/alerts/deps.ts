import type { CarSummary } from '../../../contract/cars';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { CounterStore } from '../../platform/rate-limit';
import type { CustomerMailer } from '../../platform/visitor-mail';
import type { ListFilters } from '../cars/service';
import type { CustomerPort } from '../customers';
import type { AlertLinks } from './links';

/** What the alerts module uses of the others (the cars service, settings, the customers' mail), as ports. */
export interface AlertDeps {
  db: Db;
  clock: Clock;
  /** Confirmations are capped per mailbox and IP a day as the visitor's; digests (opted in) are not. */
  customerMail: CustomerMailer;
  counters: CounterStore;
  links: AlertLinks;
  log: { error(obj: unknown, msg: string): void; info(obj: unknown, msg: string): void };
  cars: {
    summaries(ids: number[]): Promise<CarSummary[]>;
    lastCarId(): Promise<number>;
    listedBetween(
      filters: ListFilters,
      afterId: number,
      upToId: number,
      limit: number,
    ): Promise<{ cars: CarSummary[]; total: number }>;
    similar(id: number, limit?: number): Promise<CarSummary[]>;
  };
  /** The customer record: each subscription joins its customer's timeline (by phone, else e-mail) as it is made. */
  customers?: CustomerPort;
  /**
   * A Zalo message to a subscriber who gave a phone (the messenger checks consent, a stop and the daily
   * cap; the same dedupeKey twice is one message). `customer_name` is filled by the wiring from the record.
   */
  customerMessage?(m: {
    kind: 'PRICE_DROP' | 'SAVED_SEARCH';
    phone: string;
    dedupeKey: string;
    data: Record<string, string | number>;
  }): Promise<unknown>;
  /** The showroom's name and the mailbox a person reads (the List-Unsubscribe mailto). */
  showroom(): Promise<{ name: string; email: string }>;
}
