import { ReservationsAdmin } from './admin';
import { type CarHold, carHold } from './car-hold';
import type { ReservationDeps } from './deps';
import { EXPIRE_JOB, LAPSE_JOB, SWEEP_JOB } from './holds';
import { PaymentsService } from './payments';
import { ReservationsService } from './service';
import { reservationTeller, type TellerPorts } from './tell';
import { ReservationLinks } from './views';

export type { ReservationLink } from './admin';
export type { CarHold } from './car-hold';
export type { OtherTransfer } from './payments';
export { reservationsRoutes } from './routes';
export { vietQrPayload } from './vietqr';
export { qrDataUrl } from './views';

/**
 * The safety net behind each hold's own job: a pass over everything due, once a minute across all
 * processes (holds made before the jobs existed, a job that failed for good).
 */
export const SWEEP_EVERY_MS = 60_000;

export interface Reservations {
  visitor: ReservationsService;
  admin: ReservationsAdmin;
  payments: PaymentsService;
  /** One pass of the clock's work: expire unpaid reservations, tell staff of paid holds that ran out. */
  sweep(): Promise<void>;
  /** The car's open deposit and when its hold ends, or null (the advisor tells a visitor). */
  holdOf(carId: number): Promise<CarHold | null>;
}

export type ReservationOptions = Omit<ReservationDeps, 'links' | 'tell'> &
  Omit<TellerPorts, 'links' | 'depositPolicy'> & {
    /** Signs the visitors' links. */
    secret: string;
    publicUrl: string;
  };

export function createReservations(opts: ReservationOptions): Reservations {
  const links = new ReservationLinks(opts.secret, opts.publicUrl);
  const depositPolicy = async () => (await opts.webConfig.get()).policies.deposit;
  const deps: ReservationDeps = {
    ...opts,
    links,
    tell: reservationTeller({ ...opts, links, depositPolicy }),
  };
  const visitor = new ReservationsService(deps);
  const admin = new ReservationsAdmin(deps, visitor);
  const payments = new PaymentsService(deps, admin);
  const sweep = async () => {
    await visitor.sweep();
    await admin.sweepLapsed();
  };
  // Stored jobs (platform/jobs): each hold's deadline and each paid hold's end run once across processes.
  opts.jobs.define(EXPIRE_JOB, async (payload) => visitor.expireOne(Number(payload.id)));
  opts.jobs.define(LAPSE_JOB, async (payload) => void (await admin.sweepLapsed(Number(payload.id))));
  opts.jobs.every(SWEEP_JOB, sweep, SWEEP_EVERY_MS);
  return { visitor, admin, payments, sweep, holdOf: (carId) => carHold(opts.db, opts.clock.now(), carId) };
}
