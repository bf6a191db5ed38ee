import { and, count, eq, gte, sql } from 'drizzle-orm';
import { vnDayKey } from '../../../contract/format';
import { LEAD_TYPES, type LeadType } from '../../../contract/leads';
import {
  type LeadResponseStats,
  type LeadWeekRow,
  MAX_WEEKS,
  type StatsRange,
} from '../../../contract/stats';
import type { Db } from '../../db/client';
import { leadEvents, leads } from '../../db/schema';
import { leadSources } from './lead-sources';
import { addDays, DAY_MS, dayStart, daysBetween, echo, int, momentDays, mondayOf, VN_TZ } from './range';

/** Lead figures: leads per week and how fast they were first contacted (docs/statistics.md). */
export class LeadStats {
  constructor(private readonly db: Db) {}

  /** GET dashboard/leads-by-week: leads sent per Monday-to-Sunday week (default: the last 12 weeks). */
  async leadsByWeek(r: StatsRange, now = new Date()): Promise<LeadWeekRow[]> {
    const today = vnDayKey(now);
    const lastWeek = mondayOf(r.to ?? (r.from && r.from > today ? r.from : today));
    let firstWeek = r.from ? mondayOf(r.from) : addDays(lastWeek, -7 * 11);
    if (r.from && daysBetween(firstWeek, lastWeek) / 7 >= 12) {
      // A long range starts at its first lead rather than at an empty year.
      const [{ first }] = await this.db
        .select({ first: sql<Date | string | null>`min(${leads.createdAt})` })
        .from(leads)
        .where(momentDays(leads.createdAt, r));
      if (first) firstWeek = mondayOf(vnDayKey(first));
    }
    if (daysBetween(firstWeek, lastWeek) / 7 >= MAX_WEEKS)
      firstWeek = addDays(lastWeek, -7 * (MAX_WEEKS - 1));
    const lower = r.from && r.from > firstWeek ? r.from : firstWeek;
    const upper = r.to ?? addDays(lastWeek, 6);
    const week = sql<string>`to_char(date_trunc('week', ${leads.createdAt} at time zone ${VN_TZ}), 'YYYY-MM-DD')`;
    const rows = await this.db
      .select({ week, type: leads.type, n: count() })
      .from(leads)
      .where(momentDays(leads.createdAt, { from: lower, to: upper }))
      .groupBy(sql`1`, leads.type);
    const out: LeadWeekRow[] = [];
    for (let w = firstWeek; w <= lastWeek; w = addDays(w, 7)) {
      const byType = Object.fromEntries(LEAD_TYPES.map((t) => [t, 0])) as Record<LeadType, number>;
      for (const row of rows) if (row.week === w) byType[row.type as LeadType] = row.n;
      out.push({
        weekStart: w,
        weekEnd: addDays(w, 6),
        label: `${w.slice(8, 10)}/${w.slice(5, 7)}`,
        total: LEAD_TYPES.reduce((n, t) => n + byType[t], 0),
        byType,
      });
    }
    return out;
  }

  /** GET dashboard/lead-sources: "Nguồn khách hàng" (lead-sources.ts). */
  leadSources(r: StatsRange) {
    return leadSources(this.db, r);
  }

  /** GET dashboard/lead-response: the share of leads first contacted within 24 hours. */
  async leadResponse(r: StatsRange, now = new Date()): Promise<LeadResponseStats> {
    // The first status change away from NEW of each lead: one grouped pass over the events (a first
    // contact never precedes the lead, so the range's start bounds the events too).
    const first = this.db
      .select({ leadId: leadEvents.leadId, at: sql<Date>`min(${leadEvents.createdAt})`.as('first_at') })
      .from(leadEvents)
      .where(
        and(
          eq(leadEvents.kind, 'STATUS'),
          eq(leadEvents.fromStatus, 'NEW'),
          r.from ? gte(leadEvents.createdAt, dayStart(r.from)) : undefined,
        ),
      )
      .groupBy(leadEvents.leadId)
      .as('fc');
    const dayAgo = new Date(now.getTime() - DAY_MS).toISOString();
    const [row] = await this.db
      .select({
        total: count(),
        contacted: int(sql`count(${first.at})::int`),
        within: int(
          sql`count(*) filter (where ${first.at} <= ${leads.createdAt} + interval '24 hours')::int`,
        ),
        considered: int(
          sql`count(*) filter (where ${first.at} is not null or ${leads.createdAt} <= ${dayAgo}::timestamptz)::int`,
        ),
        hours: sql<number | null>`avg(extract(epoch from (${first.at} - ${leads.createdAt})) / 3600)::float8`,
      })
      .from(leads)
      .leftJoin(first, eq(first.leadId, leads.id))
      .where(momentDays(leads.createdAt, r));
    const hours = row.hours === null ? null : Number(row.hours);
    return {
      range: echo(r),
      total: row.total,
      considered: row.considered,
      contacted: row.contacted,
      within24h: row.within,
      share: row.considered ? row.within / row.considered : null,
      averageHours: hours === null ? null : Math.round(hours * 10) / 10,
    };
  }
}
