import type { FastifyBaseLogger } from 'fastify';
import { ReservationsAdmin } from './admin';
import type { ReservationDeps } from './deps';
import { type CarHold, carHold } from './holds';
import { PaymentsService } from './payments';
import { ReservationsService } from './service';
import { reservationTeller, type TellerPorts } from './tell';
import { ReservationLinks } from './views';

export type { CarHold } from './holds';
export { reservationsRoutes } from './routes';

/** How often each server process looks for unpaid reservations past their deadline. */
export const SWEEP_EVERY_MS = 30_000;

export interface Reservations {
  visitor: ReservationsService;
  admin: ReservationsAdmin;
  payments: PaymentsService;
  /** One pass of the clock's work: expire unpaid reservations, tell staff of paid holds that ran out. */
  sweep(): Promise<void>;
  /** Sweeps every SWEEP_EVERY_MS until the returned function is called. */
  startSweeping(log: FastifyBaseLogger): () => void;
  /** The car's open deposit and when its hold ends, or null (the advisor tells a visitor). */
  holdOf(carId: number): Promise<CarHold | null>;
}

export type ReservationOptions = Omit<ReservationDeps, 'links' | 'tell'> &
  Omit<TellerPorts, 'links'> & {
    /** Signs the visitors' links. */
    secret: string;
    publicUrl: string;
  };

export function createReservations(opts: ReservationOptions): Reservations {
  const links = new ReservationLinks(opts.secret, opts.publicUrl);
  const deps: ReservationDeps = { ...opts, links, tell: reservationTeller({ ...opts, links }) };
  const visitor = new ReservationsService(deps);
  const admin = new ReservationsAdmin(deps, visitor);
  const payments = new PaymentsService(deps, admin);
  const sweep = async () => {
    await visitor.sweep();
    await admin.sweepLapsed();
  };
  return {
    visitor,
    admin,
    payments,
    sweep,
    holdOf: (carId) => carHold(opts.db, opts.clock.now(), carId),
    startSweeping(log) {
      let running = false;
      const timer = setInterval(() => {
        if (running) return;
        running = true;
        sweep()
          .catch((err) => log.error({ err }, 'reservation sweep failed'))
          .finally(() => {
            running = false;
          });
      }, SWEEP_EVERY_MS);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}
