import { ReservationsAdmin } from './admin';
import { type CarHold, carHold } from './car-hold';
import type { ReservationDeps, ReservationTeller } from './deps';
import { EXPIRE_JOB, LAPSE_JOB, SWEEP_JOB } from './holds';
import { PaymentsService } from './payments';
import { ReservationsService } from './service';
import { reservationTeller, type TellerPorts } from './tell';
import { ReservationLinks, type ReservationRow } from './views';

export type { ReservationLink } from './admin';
export type { CarHold } from './car-hold';
export type { OtherTransfer } from './payments';
export { reservationsRoutes } from './routes';
export { vietQrPayload } from './vietqr';
export type { ReservationRow } from './views';
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

/** A reservation's step, as the teller tells it (created, paid, claimed, cancelled, ...). */
export type ReservationStep = Exclude<keyof ReservationTeller, 'unmatchedPayment'>;

export type ReservationOptions = Omit<ReservationDeps, 'links' | 'tell'> &
  Omit<TellerPorts, 'links' | 'depositPolicy'> & {
    /** Signs the visitors' links. */
    secret: string;
    publicUrl: string;
    /** After each step is told (the customer's timeline, a Zalo message): never undoes the step. */
    onStep?: (step: ReservationStep, r: ReservationRow) => Promise<void>;
  };

/** The teller, followed by `onStep` for each step of a reservation; a failure there is logged only. */
function followedBy(tell: ReservationTeller, opts: ReservationOptions): ReservationTeller {
  const onStep = opts.onStep;
  if (!onStep) return tell;
  const after = async (step: ReservationStep, r: ReservationRow) => {
    try {
      await onStep(step, r);
    } catch (err) {
      opts.log.error({ err, step, code: r.code }, 'reservation step follow-up failed');
    }
  };
  const wrapped = { ...tell };
  for (const step of Object.keys(tell) as (keyof ReservationTeller)[]) {
    if (step === 'unmatchedPayment') continue;
    const base = tell[step] as (r: ReservationRow, ...rest: unknown[]) => Promise<void>;
    (wrapped as Record<string, unknown>)[step] = async (r: ReservationRow, ...rest: unknown[]) => {
      await base(r, ...rest);
      await after(step, r);
    };
  }
  return wrapped;
}

export function createReservations(opts: ReservationOptions): Reservations {
  const links = new ReservationLinks(opts.secret, opts.publicUrl);
  const depositPolicy = async () => (await opts.webConfig.get()).policies.deposit;
  const deps: ReservationDeps = {
    ...opts,
    links,
    tell: followedBy(reservationTeller({ ...opts, links, depositPolicy }), opts),
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
