import { LEAD_TYPE_LABELS, type LeadType } from '../../../contract/leads';
import type { LeadRow, LeadsDeps } from './types';
import { dmy } from './wording';

/** What the leads module asks the messaging side to send to a lead's customer by Zalo. */
export interface LeadZaloMessage {
  kind: 'BOOKING_CONFIRMED' | 'BOOKING_REMINDER' | 'PURCHASE_OFFER';
  leadId: number;
  phone: string;
  /** One message per cause: a step told twice sends once. */
  dedupeKey: string;
  data: Record<string, string | number>;
}

/**
 * The lead's customer hears of this step on Zalo as well (when they agreed to it; the messaging side
 * decides). Never fails the step: a failure is logged.
 */
export async function zaloAbout(
  deps: LeadsDeps,
  kind: LeadZaloMessage['kind'],
  row: LeadRow,
  cause: string,
  extra: Record<string, string | number> = {},
): Promise<void> {
  if (!deps.customerMessage) return;
  const config = await deps.webConfig.get().catch(() => null);
  const data: Record<string, string | number> = {
    customer_name: row.fullName,
    request_code: row.reference,
    request_type: LEAD_TYPE_LABELS[row.type as LeadType],
    car_name: row.carLabel ?? [row.make, row.model, row.year].filter(Boolean).join(' '),
    booking_date: row.preferredDate ? dmy(row.preferredDate) : '',
    booking_time: row.timeSlot ?? '',
    showroom_address: config?.showroomAddress ?? '',
    showroom_phone: config?.showroomPhone ?? '',
    ...extra,
  };
  try {
    await deps.customerMessage({
      kind,
      leadId: row.id,
      phone: row.phone,
      dedupeKey: `${kind}:lead:${row.id}:${cause}`,
      data,
    });
  } catch (err) {
    deps.log.error({ err, leadId: row.id, kind }, 'zalo message to the lead’s customer failed');
  }
}
