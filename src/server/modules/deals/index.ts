import type { DealDocumentKind } from '../../../contract/deal-documents';
import type { DealStatus, DealView } from '../../../contract/deals';
import type { StaffActor } from '../../platform/actor';
import type { Clock } from '../../platform/clock';
import { DealTransfers } from './bank-transfers';
import type { DealDeps } from './deps';
import { renderDealDocument } from './documents';
import { DealLoans } from './loans';
import { moveDeal } from './moves';
import { DealScans } from './scans';
import { DealsService } from './service';

export type { DealDeps } from './deps';
export { dealsRoutes } from './routes';

export interface Deals {
  service: DealsService;
  loans: DealLoans;
  transfers: DealTransfers;
  scans: DealScans;
  move(id: number, input: { status: DealStatus; reason?: string }, actor: StaffActor): Promise<DealView>;
  /** One of the deal's documents as a PDF, made from the deal's own data and the settings. */
  document(id: number, kind: DealDocumentKind): Promise<{ pdf: Buffer; fileName: string }>;
  /**
   * The same deals on another clock, telling nobody (no mail, Zalo or bell) and dropping no cache at
   * each step (the caller drops them once at the end, CarsService.invalidate): what the demo showroom
   * plays its deals' past days with (demo.ts).
   */
  quietlyAt(clock: Clock): Deals;
}

export function createDeals(deps: DealDeps): Deals {
  const service = new DealsService(deps);
  return {
    service,
    loans: new DealLoans(deps, service),
    transfers: new DealTransfers(deps, service),
    scans: new DealScans(deps, service),
    move: (id, input, actor) => moveDeal(deps, service, id, input, actor),
    document: (id, kind) => renderDealDocument(deps, service, id, kind),
    quietlyAt: (clock) =>
      createDeals({
        ...deps,
        clock,
        changed: () => {},
        tellBuyer: async () => {},
        notifyStaff: async () => {},
        customerMessage: undefined,
      }),
  };
}
