import { count, desc, isNotNull, or, sql } from 'drizzle-orm';
import {
  LEAD_CHANNEL_LABELS,
  LEAD_CHANNELS,
  type LeadChannel,
  type LeadSourceStats,
  OTHER_SOURCES_LABEL,
  TOP_SOURCES,
} from '../../../contract/leads';
import type { StatsRange } from '../../../contract/stats';
import type { Db } from '../../db/client';
import { leads } from '../../db/schema';
import { echo, momentDays } from './range';

/**
 * "Nguồn khách hàng": leads sent in the range by the channel they came through, by source (a campaign's
 * utm_source, the referring site, else the channel; the chat is one source) and by campaign. Leads sent before sources were
 * recorded are counted apart as unknown.
 */
export async function leadSources(db: Db, r: StatsRange): Promise<LeadSourceStats> {
  const where = momentDays(leads.createdAt, r);
  const name = sql<string | null>`coalesce(${leads.utmSource}, ${leads.referrerHost})`;
  const [bySource, campaigns] = await Promise.all([
    db
      .select({ channel: leads.sourceChannel, name, n: count() })
      .from(leads)
      .where(where)
      .groupBy(leads.sourceChannel, sql`2`),
    db
      .select({ utmSource: leads.utmSource, utmCampaign: leads.utmCampaign, n: count() })
      .from(leads)
      .where(sql`${where ?? sql`true`} and ${or(isNotNull(leads.utmSource), isNotNull(leads.utmCampaign))}`)
      .groupBy(leads.utmSource, leads.utmCampaign)
      .orderBy(desc(count()), leads.utmSource, leads.utmCampaign)
      .limit(TOP_SOURCES),
  ]);
  const channelCount = new Map<LeadChannel, number>(LEAD_CHANNELS.map((c) => [c, 0]));
  let unknown = 0;
  let total = 0;
  const sources = new Map<string, { name: string; channel: LeadChannel; count: number }>();
  for (const row of bySource) {
    total += row.n;
    if (!row.channel) {
      unknown += row.n;
      continue;
    }
    const channel = row.channel as LeadChannel;
    channelCount.set(channel, (channelCount.get(channel) ?? 0) + row.n);
    // A chat lead counts as the chat, whatever site the visitor had come from before.
    const label = channel === 'CHAT' || !row.name ? LEAD_CHANNEL_LABELS[channel] : row.name;
    const key = `${channel}:${label}`;
    const entry = sources.get(key) ?? { name: label, channel, count: 0 };
    entry.count += row.n;
    sources.set(key, entry);
  }
  const ranked = [...sources.values()].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
  const top = ranked.slice(0, TOP_SOURCES);
  const rest = ranked.slice(TOP_SOURCES);
  if (rest.length) {
    // The rest keep the channel most of them came through.
    top.push({
      name: OTHER_SOURCES_LABEL,
      channel: rest[0].channel,
      count: rest.reduce((n, s) => n + s.count, 0),
    });
  }
  return {
    range: echo(r),
    total,
    unknown,
    channels: LEAD_CHANNELS.map((c) => ({
      channel: c,
      label: LEAD_CHANNEL_LABELS[c],
      count: channelCount.get(c) ?? 0,
    })),
    sources: top,
    campaigns: campaigns.map((c) => ({ utmSource: c.utmSource, utmCampaign: c.utmCampaign, count: c.n })),
  };
}
