import type { CarStatus, CarSummary } from '../../../contract/cars';
import type { WebConfiguration } from '../../../contract/web-config';
import type { Db, Executor } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { JobQueue } from '../../platform/jobs/queue';
import type { CustomerPort } from '../customers';
import type { ReservationLinks, ReservationRow } from './views';

/** The car as a reservation needs it, locked for the caller's transaction. */
export interface HeldCar {
  id: number;
  carName: string;
  sellPrice: number;
  status: CarStatus;
}

/** What the reservations module uses of the others (the cars service, settings), as ports. */
export interface ReservationDeps {
  db: Db;
  clock: Clock;
  cars: {
    lock(tx: Executor, id: number): Promise<HeldCar>;
    setStatusIn(tx: Executor, id: number, status: CarStatus): Promise<void>;
    similar(id: number, limit?: number): Promise<CarSummary[]>;
  };
  webConfig: { get(): Promise<WebConfiguration> };
  /** The stored jobs: each unpaid hold expires, and each paid hold's end is told, by a job of its own. */
  jobs: Pick<JobQueue, 'schedule' | 'define' | 'every'>;
  /** How long an unpaid reservation holds its car (RESERVATION_HOLD_MINUTES). */
  holdMinutes: number;
  links: ReservationLinks;
  tell: ReservationTeller;
  /** The customer record: each reservation joins its customer's timeline as it is made. */
  customers?: CustomerPort;
  /** A car's status changed: cached answers and rendered pages that show it are stale. */
  changed(): void;
}

/** Who hears of each step: the visitor by e-mail, staff through the bell. Never throws. */
export interface ReservationTeller {
  /** `ip`: the visitor's, for the cap on mail a visitor can cause. */
  created(r: ReservationRow, ip: string | null): Promise<void>;
  paid(r: ReservationRow): Promise<void>;
  extended(r: ReservationRow): Promise<void>;
  /** The visitor said "Tôi đã chuyển khoản": staff check the bank and confirm. */
  claimed(r: ReservationRow): Promise<void>;
  cancelled(r: ReservationRow, byVisitor: boolean, ip?: string | null): Promise<void>;
  expired(r: ReservationRow): Promise<void>;
  refunded(r: ReservationRow): Promise<void>;
  /** A paid hold closed by the sale of its car: the deposit went into the price. */
  sold(r: ReservationRow): Promise<void>;
  /** A paid hold ran out: staff decide. */
  lapsed(r: ReservationRow): Promise<void>;
  /** A bank transfer that confirmed nothing. */
  unmatchedPayment(summary: string): Promise<void>;
}
