import type { CarStatus } from '@contract/cars';
import type { BadgeTone } from '../../components/badge';

/** Badge colours of the car statuses: being prepared blue, on sale green, in a deal amber, sold grey. */
export const STATUS_TONES: Record<CarStatus, BadgeTone> = {
  preparing: 'info',
  available: 'success',
  pending: 'warning',
  sold: 'neutral',
};
