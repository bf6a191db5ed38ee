import { formatPrice, formatThousands } from '@contract/format';
import type { ServiceRequestStats } from '@contract/leads';
import {
  LEAD_STATUS_LABELS,
  LEAD_STATUSES,
  LEAD_TYPE_LABELS,
  LEAD_TYPES,
  type LeadType,
} from '@contract/leads';
import type { BrandSalesRow, BrandStockRow, LeadWeekRow, MonthSalesRow } from '@contract/stats';
import { type ReactNode, useEffect, useState } from 'react';
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

/** Recharts lives here only: the overview page is its one user, so it loads with the dashboard chunk. */

export const COLORS = {
  sold: '#b91c1c',
  revenue: '#0f766e',
  stock: '#94a3b8',
  TEST_DRIVE: '#b91c1c',
  MAINTENANCE: '#0284c7',
  CONSULTING: '#d97706',
  PURCHASE: '#7c3aed',
} as const;

const axis = { fontSize: 12, fill: '#64748b' };
const tooltipStyle = { borderRadius: 8, borderColor: '#e2e8f0', fontSize: 13 };
const cars = (n: unknown) => `${formatThousands(Number(n)) || '0'} xe`;
const requests = (n: unknown) => `${formatThousands(Number(n)) || '0'} yêu cầu`;

/** True on phone widths: smaller ticks, slanted category labels. */
function useNarrow(query = '(max-width: 639px)') {
  const [narrow, setNarrow] = useState(
    () => typeof window !== 'undefined' && window.matchMedia(query).matches,
  );
  useEffect(() => {
    const media = window.matchMedia(query);
    const change = () => setNarrow(media.matches);
    media.addEventListener('change', change);
    return () => media.removeEventListener('change', change);
  }, [query]);
  return narrow;
}

/** A titled card around a chart: skeleton while loading, a sentence when there is nothing to draw. */
export function ChartCard({
  title,
  caption,
  loading,
  empty,
  height = 280,
  children,
  className,
  testId,
}: {
  title: string;
  caption?: ReactNode;
  loading: boolean;
  empty: boolean;
  height?: number;
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <section
      className={`min-w-0 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 ${className ?? ''}`}
      aria-label={title}
      data-testid={testId}
    >
      <div className="mb-3">
        <h2 className="font-semibold text-slate-900">{title}</h2>
        {caption ? <p className="text-sm text-slate-500">{caption}</p> : null}
      </div>
      {loading ? (
        <div className="w-full animate-pulse rounded-lg bg-slate-200" style={{ height }} aria-hidden="true" />
      ) : empty ? (
        <div
          className="flex items-center justify-center text-center text-sm text-slate-500"
          style={{ height }}
        >
          Không có dữ liệu trong khoảng thời gian này
        </div>
      ) : (
        <div style={{ height }} className="w-full">
          {children}
        </div>
      )}
    </section>
  );
}

/** A money tick on one line ('1,2 tỷ', '900 triệu'): the default tick wraps words to the axis width. */
function MoneyTick({
  x,
  y,
  payload,
}: {
  x?: number | string;
  y?: number | string;
  payload?: { value: number };
}) {
  return (
    <text
      x={Number(x)}
      y={Number(y)}
      dx={4}
      dy={4}
      textAnchor="start"
      fontSize={axis.fontSize}
      fill={axis.fill}
    >
      {formatPrice(payload?.value ?? 0)}
    </text>
  );
}

/** Cars sold (bars) and revenue (line, right axis in tỷ / triệu) per month. */
export function SalesByMonthChart({ rows, today }: { rows: MonthSalesRow[]; today: string }) {
  const narrow = useNarrow();
  // Months still to come have no revenue yet: no line point rather than a fall to zero.
  const current = today.slice(0, 7);
  const data = rows.map((r) => {
    const key = `${r.year}-${String(r.month).padStart(2, '0')}`;
    return key > current ? { ...r, revenue: null } : r;
  });
  return (
    <ResponsiveContainer width="100%" height="100%">
      <ComposedChart data={data} margin={{ top: 8, right: 0, bottom: 0, left: -12 }}>
        <CartesianGrid stroke="#e2e8f0" vertical={false} />
        <XAxis dataKey="label" tick={axis} tickLine={false} interval="preserveStartEnd" minTickGap={8} />
        <YAxis
          yAxisId="count"
          allowDecimals={false}
          tick={axis}
          tickLine={false}
          axisLine={false}
          width={40}
        />
        <YAxis
          yAxisId="revenue"
          orientation="right"
          tick={MoneyTick}
          tickLine={false}
          axisLine={false}
          width={narrow ? 66 : 84}
        />
        <Tooltip
          contentStyle={tooltipStyle}
          formatter={(value, name) => (name === 'Doanh thu' ? formatPrice(Number(value)) : cars(value))}
        />
        <Legend wrapperStyle={{ fontSize: 13 }} />
        <Bar
          yAxisId="count"
          dataKey="count"
          name="Số xe bán"
          fill={COLORS.sold}
          radius={[4, 4, 0, 0]}
          maxBarSize={28}
        />
        <Line
          yAxisId="revenue"
          type="monotone"
          dataKey="revenue"
          name="Doanh thu"
          stroke={COLORS.revenue}
          strokeWidth={2}
          dot={{ r: 2 }}
        />
      </ComposedChart>
    </ResponsiveContainer>
  );
}

export interface BrandPoint {
  brand: string;
  stock: number;
  sold: number;
}

/** Stock (available + pending) and sales per brand, the largest first, at most `limit` brands. */
export function brandPoints(stock: BrandStockRow[], sold: BrandSalesRow[], limit = 8): BrandPoint[] {
  const key = (b: string) => b.trim().toLowerCase();
  const map = new Map<string, BrandPoint>();
  for (const s of stock) map.set(key(s.brand), { brand: s.brand, stock: s.available + s.pending, sold: 0 });
  for (const s of sold) {
    const point = map.get(key(s.brand)) ?? { brand: s.brand, stock: 0, sold: 0 };
    point.sold = s.count;
    map.set(key(s.brand), point);
  }
  return [...map.values()]
    .filter((p) => p.stock + p.sold > 0)
    .sort((a, b) => b.stock + b.sold - (a.stock + a.sold) || a.brand.localeCompare(b.brand, 'vi'))
    .slice(0, limit);
}

/** Horizontal bars: brand names stay readable on a phone. */
export function BrandChart({ points }: { points: BrandPoint[] }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={points} layout="vertical" margin={{ top: 0, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid stroke="#e2e8f0" horizontal={false} />
        <XAxis type="number" allowDecimals={false} tick={axis} tickLine={false} axisLine={false} />
        <YAxis type="category" dataKey="brand" tick={axis} tickLine={false} width={84} />
        <Tooltip contentStyle={tooltipStyle} formatter={(value) => cars(value)} />
        <Legend wrapperStyle={{ fontSize: 13 }} />
        <Bar dataKey="stock" name="Đang bán" fill={COLORS.stock} radius={[0, 4, 4, 0]} maxBarSize={16} />
        <Bar dataKey="sold" name="Đã bán" fill={COLORS.sold} radius={[0, 4, 4, 0]} maxBarSize={16} />
      </BarChart>
    </ResponsiveContainer>
  );
}

/** Leads per status, stacked by type. */
export function LeadsByStatusChart({ stats }: { stats: ServiceRequestStats }) {
  const narrow = useNarrow();
  const data = LEAD_STATUSES.map((status) => {
    const row: Record<string, string | number> = { status: LEAD_STATUS_LABELS[status] };
    for (const type of LEAD_TYPES) {
      row[type] = stats.byTypeAndStatus.find((c) => c.type === type && c.status === status)?.count ?? 0;
    }
    return row;
  });
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={data} margin={{ top: 8, right: 4, bottom: 0, left: -20 }}>
        <CartesianGrid stroke="#e2e8f0" vertical={false} />
        <XAxis
          dataKey="status"
          tick={narrow ? { ...axis, fontSize: 11 } : axis}
          tickLine={false}
          interval={0}
          angle={narrow ? -35 : 0}
          textAnchor={narrow ? 'end' : 'middle'}
          height={narrow ? 58 : 30}
        />
        <YAxis allowDecimals={false} tick={axis} tickLine={false} axisLine={false} />
        <Tooltip contentStyle={tooltipStyle} formatter={(value) => requests(value)} />
        <Legend wrapperStyle={{ fontSize: 13 }} />
        {LEAD_TYPES.map((type: LeadType) => (
          <Bar
            key={type}
            dataKey={type}
            name={LEAD_TYPE_LABELS[type]}
            stackId="t"
            fill={COLORS[type]}
            maxBarSize={40}
          />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}

/** Leads per week, stacked by type. */
export function LeadsByWeekChart({ rows }: { rows: LeadWeekRow[] }) {
  const data = rows.map((r) => ({ label: r.label, ...r.byType }));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <AreaChart data={data} margin={{ top: 8, right: 4, bottom: 0, left: -20 }}>
        <CartesianGrid stroke="#e2e8f0" vertical={false} />
        <XAxis dataKey="label" tick={axis} tickLine={false} minTickGap={12} />
        <YAxis allowDecimals={false} tick={axis} tickLine={false} axisLine={false} />
        <Tooltip
          contentStyle={tooltipStyle}
          labelFormatter={(label) => `Tuần từ ${label}`}
          formatter={(value) => requests(value)}
        />
        <Legend wrapperStyle={{ fontSize: 13 }} />
        {LEAD_TYPES.map((type) => (
          <Area
            key={type}
            type="monotone"
            dataKey={type}
            name={LEAD_TYPE_LABELS[type]}
            stackId="w"
            stroke={COLORS[type]}
            fill={COLORS[type]}
            fillOpacity={0.25}
          />
        ))}
      </AreaChart>
    </ResponsiveContainer>
  );
}
