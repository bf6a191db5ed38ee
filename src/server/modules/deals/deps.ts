import type { OnRoadPapers } from '../../../contract/car-costs';
import type { WebConfiguration } from '../../../contract/web-config';
import type { Db, Executor } from '../../db/client';
import type { Actor } from '../../platform/actor';
import type { Clock } from '../../platform/clock';
import type { Storage } from '../../platform/storage';
import type { CarsService } from '../cars/service';
import type { CustomerPort } from '../customers';
import type { ReservationLink } from '../reservations';
import type { SalesService } from '../sales/service';

/** What the deals module needs from the others, handed over in app.ts (deals-wiring.ts). */
export interface DealDeps {
  db: Db;
  clock: Clock;
  cars: Pick<CarsService, 'lock' | 'setStatusIn' | 'findRow'>;
  sales: Pick<SalesService, 'createIn' | 'costOn'>;
  reservations: {
    byCode(code: string, exec?: Executor): Promise<ReservationLink | null>;
    /** Cancels an open reservation and releases its car (its own transaction, after the deal's). */
    cancel(id: number, reason: string, actor: Actor): Promise<unknown>;
  };
  namesOf(ids: (number | null)[]): Promise<Map<number, string>>;
  settings(): Promise<WebConfiguration>;
  /** The car's papers as its page reads them (what is still valid is not charged again). */
  papers(carId: number): Promise<OnRoadPapers | null>;
  /** Cars, cached answers and rendered pages changed (a car held, released or sold). */
  changed(): void;
  /** The seller on the car's papers is a company (an invoice, not a notarised contract). */
  sellerIsCompany(carId: number): Promise<boolean>;
  /** A mail to the buyer (each transfer step done). */
  tellBuyer(mail: { to: string; subject: string; text: string }): Promise<void>;
  /** The bell of these staff (or, with null, of everyone who manages cars). */
  notifyStaff(userIds: number[] | null, message: string, link: string): Promise<void>;
  /** Where the checklist's scans are kept: the private storage (never a public address). */
  privateStorage: Storage;
  /** The customer record: the deal on the buyer's timeline, in the transaction that opens it; its steps. */
  customers?: Pick<CustomerPort, 'link' | 'touch'>;
  /** A Zalo message to the buyer (the messenger checks consent, a stop and the daily cap). */
  customerMessage?(m: {
    kind: 'DEAL_STEP' | 'TRANSFER_STEP';
    phone: string;
    dedupeKey: string;
    data: Record<string, string | number>;
  }): Promise<unknown>;
  /** Signs the buyer's links, and the site's address they start with. */
  secret: string;
  publicUrl: string;
}

export type CarRow = NonNullable<Awaited<ReturnType<CarsService['findRow']>>>;
