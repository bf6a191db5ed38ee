import type { Executor } from '../../db/client';
import type { ReconDeps } from './deps';
import { reconCostOf as costOf } from './items';
import { ReconService } from './service';

export type { PreparingCar, ReconDeps } from './deps';
export { reconRoutes } from './routes';
export { type ListingCandidate, ReconService } from './service';

/** The late-stage alarm's stored job: one pass a minute across every server process. */
export const LATE_JOB = 'recon.late-stages';
export const LATE_EVERY_MS = 60_000;

export function createRecon(deps: ReconDeps): ReconService {
  const service = new ReconService(deps);
  deps.jobs.every(LATE_JOB, async () => void (await service.ringLateCars()), LATE_EVERY_MS);
  return service;
}

/**
 * A car's reconditioning cost: the sum of the actual costs of its completed work items, whole VND
 * (the cost ledger reads it as reconCost).
 */
export function reconCostOf(exec: Executor, carId: number): Promise<number> {
  return costOf(exec, carId);
}
