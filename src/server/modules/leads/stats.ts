import { and, asc, count, eq, gte, lt } from 'drizzle-orm';
import {
  LEAD_STATUS_LABELS,
  LEAD_STATUSES,
  LEAD_TYPE_LABELS,
  LEAD_TYPE_STATUSES,
  LEAD_TYPES,
  type LeadStatus,
  type LeadType,
  type ServiceRequestStats,
} from '../../../contract/leads';
import { vnDayStart } from '../../../contract/vn-time';
import { leads } from './schema';
import type { LeadsDeps } from './types';

export async function leadStats(
  deps: LeadsDeps,
  status?: LeadStatus,
  range: { from?: string; to?: string } = {},
): Promise<ServiceRequestStats> {
  const dayStart = vnDayStart;
  const rows = await deps.db
    .select({ type: leads.type, status: leads.status, n: count() })
    .from(leads)
    .where(
      and(
        status ? eq(leads.status, status) : undefined,
        // Sent on the range's Vietnamese days.
        range.from ? gte(leads.createdAt, dayStart(range.from)) : undefined,
        range.to ? lt(leads.createdAt, new Date(dayStart(range.to).getTime() + 86_400_000)) : undefined,
      ),
    )
    .groupBy(leads.type, leads.status)
    .orderBy(asc(leads.type));
  const cell = new Map(rows.map((r) => [`${r.type}:${r.status}`, r.n]));
  const statuses = status ? [status] : [...LEAD_STATUSES];
  // Only the pairs a type can be in: a buy-in is never "Hoàn thành", a test drive never "Đã mua".
  const byTypeAndStatus = LEAD_TYPES.flatMap((t) =>
    statuses
      .filter((s) => LEAD_TYPE_STATUSES[t].includes(s))
      .map((s) => ({ type: t, status: s, count: cell.get(`${t}:${s}`) ?? 0 })),
  );
  const sum = (f: (c: { type: LeadType; status: LeadStatus }) => boolean) =>
    byTypeAndStatus.filter(f).reduce((n, c) => n + c.count, 0);
  return {
    status: status ?? null,
    total: sum(() => true),
    byType: LEAD_TYPES.map((t) => ({
      type: t,
      label: LEAD_TYPE_LABELS[t],
      count: sum((c) => c.type === t),
    })),
    byStatus: statuses.map((s) => ({
      status: s,
      label: LEAD_STATUS_LABELS[s],
      count: sum((c) => c.status === s),
    })),
    byTypeAndStatus,
  };
}
