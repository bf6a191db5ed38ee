import {
  type LeadChannel,
  type LeadSource,
  type LeadSourceView,
  leadChannel,
  leadSourceLabel,
} from '../../../contract/leads';
import type { LeadRow, NewLead } from './types';

/** Where a lead came from: stored with the lead from the form's `source` (or the chat), shown in the drawer. */

export function sourceValues(
  source: LeadSource | undefined,
  chat = false,
): Pick<NewLead, 'sourceChannel' | 'utmSource' | 'utmCampaign' | 'referrerHost'> {
  return {
    sourceChannel: leadChannel({ chat, ...source }),
    utmSource: source?.utmSource ?? null,
    utmCampaign: source?.utmCampaign ?? null,
    referrerHost: source?.referrer ?? null,
  };
}

export function sourceView(row: LeadRow): LeadSourceView | null {
  if (!row.sourceChannel) return null;
  const view = {
    channel: row.sourceChannel as LeadChannel,
    utmSource: row.utmSource,
    utmCampaign: row.utmCampaign,
    referrer: row.referrerHost,
  };
  return { ...view, label: leadSourceLabel(view) };
}
