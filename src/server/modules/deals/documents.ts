import type { DealDocumentKind } from '../../../contract/deal-documents';
import type { DealDeps } from './deps';
import type { DealsService } from './service';

export async function renderDealDocument(
  _deps: DealDeps,
  service: DealsService,
  id: number,
  kind: DealDocumentKind,
): Promise<{ pdf: Buffer; fileName: string }> {
  const deal = await service.row(id);
  return { pdf: Buffer.from(''), fileName: `${deal.code}-${kind}.pdf` };
}
