import { DEAL_STATUS_LABELS, type DealStatus } from '@contract/deal-labels';
import { Badge, type BadgeTone } from '../../../components/badge';

const TONES: Record<DealStatus, BadgeTone> = {
  quote: 'neutral',
  deposit: 'info',
  contract_signed: 'brand',
  paid: 'warning',
  handed_over: 'success',
  transferred: 'success',
  cancelled: 'danger',
};

export function DealStatusBadge({ status }: { status: DealStatus }) {
  return <Badge tone={TONES[status]}>{DEAL_STATUS_LABELS[status]}</Badge>;
}
