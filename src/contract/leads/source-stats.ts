import { z } from 'zod';
import { rangeEchoSchema } from '../stats';
import { LEAD_CHANNELS } from './source';

/**
 * GET dashboard/lead-sources ("Nguồn khách hàng"): the leads sent in the range by channel, by source
 * (the campaign's utm_source, the referring site, or the channel itself) and by campaign.
 */
export const leadSourceStatsSchema = z.object({
  range: rangeEchoSchema,
  total: z.number(),
  /** Leads sent before sources were recorded. */
  unknown: z.number(),
  /** Every channel, zeros included. */
  channels: z.array(z.object({ channel: z.enum(LEAD_CHANNELS), label: z.string(), count: z.number() })),
  /** The most frequent sources, most first (at most 10; the rest summed as "Khác"). */
  sources: z.array(z.object({ name: z.string(), channel: z.enum(LEAD_CHANNELS), count: z.number() })),
  /** The campaigns (utm_source / utm_campaign), most leads first, at most 10. */
  campaigns: z.array(
    z.object({ utmSource: z.string().nullable(), utmCampaign: z.string().nullable(), count: z.number() }),
  ),
});
export type LeadSourceStats = z.infer<typeof leadSourceStatsSchema>;

export const TOP_SOURCES = 10;
export const OTHER_SOURCES_LABEL = 'Khác';
