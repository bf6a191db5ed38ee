import { formatThousands } from '@contract/format';
import {
  LEAD_CHANNEL_LABELS,
  type LeadChannel,
  type LeadSourceStats,
  UNKNOWN_SOURCE_LABEL,
} from '@contract/leads';
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartCard } from './charts';

/** One colour a channel, in the bars and the legend. */
const CHANNEL_COLORS: Record<LeadChannel, string> = {
  CAMPAIGN: '#b91c1c',
  REFERRAL: '#0284c7',
  CHAT: '#7c3aed',
  DIRECT: '#64748b',
};

const axis = { fontSize: 12, fill: '#64748b' };
const requests = (n: unknown) => `${formatThousands(Number(n)) || '0'} yêu cầu`;

/**
 * "Nguồn khách hàng" on the overview: the channels as a legend with their counts, the top sources
 * (utm_source, the referring site, else the channel) as horizontal bars coloured by channel, and the
 * leading campaigns. GET dashboard/lead-sources.
 */
export function LeadSourcesCard({ stats, caption }: { stats: LeadSourceStats | undefined; caption: string }) {
  const rows = stats?.sources ?? [];
  const height = Math.max(140, rows.length * 36 + 24);
  return (
    <ChartCard
      testId="chart-lead-sources"
      title="Nguồn khách hàng"
      caption={caption}
      loading={!stats}
      empty={!!stats && stats.total === 0}
      height={height + 96}
    >
      <ul className="mb-3 flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label="Yêu cầu theo kênh">
        {stats?.channels.map((c) => (
          <li key={c.channel} className="flex items-center gap-1.5 text-slate-700">
            <span
              className="inline-block size-2.5 rounded-full"
              style={{ background: CHANNEL_COLORS[c.channel] }}
              aria-hidden="true"
            />
            {c.label}:{' '}
            <strong className="font-semibold text-slate-900">{formatThousands(c.count) || '0'}</strong>
          </li>
        ))}
        {stats?.unknown ? (
          <li className="text-slate-500">
            {UNKNOWN_SOURCE_LABEL}: {formatThousands(stats.unknown)}
          </li>
        ) : null}
      </ul>
      <div style={{ height }} className="w-full">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={rows} layout="vertical" margin={{ top: 0, right: 12, bottom: 0, left: 0 }}>
            <CartesianGrid stroke="#e2e8f0" horizontal={false} />
            <XAxis type="number" allowDecimals={false} tick={axis} tickLine={false} axisLine={false} />
            <YAxis type="category" dataKey="name" tick={axis} tickLine={false} width={124} />
            <Tooltip
              contentStyle={{ borderRadius: 8, borderColor: '#e2e8f0', fontSize: 13 }}
              formatter={(value, _name, item) => [
                requests(value),
                LEAD_CHANNEL_LABELS[(item.payload as { channel: LeadChannel }).channel],
              ]}
            />
            <Bar dataKey="count" name="Yêu cầu" radius={[0, 4, 4, 0]} maxBarSize={18}>
              {rows.map((r) => (
                <Cell key={`${r.channel}:${r.name}`} fill={CHANNEL_COLORS[r.channel]} />
              ))}
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </div>
      {stats?.campaigns.length ? (
        <p className="mt-2 truncate text-xs text-slate-500">
          Chiến dịch nhiều yêu cầu nhất:{' '}
          {stats.campaigns
            .slice(0, 3)
            .map((c) => `${[c.utmSource, c.utmCampaign].filter(Boolean).join(' / ')} (${c.count})`)
            .join(', ')}
        </p>
      ) : null}
    </ChartCard>
  );
}
