import { and, count, desc, eq, gte, inArray, like, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Page } from '../../../contract/common';
import { vnDayKey } from '../../../contract/format';
import {
  AWAITING_VISIT_STATUSES,
  type LeadType,
  type LeadView,
  openingWindow,
} from '../../../contract/leads';
import { compactFold, foldVietnamese } from '../../../contract/text';
import { vnDayEnd, vnDayStart, vnWall } from '../../../contract/vn-time';
import { withPurchases } from './purchase-views';
import { leads } from './schema';
import { speedFilters } from './speed-filters';
import type { LeadsDeps, LeadsQueryParsed } from './types';
import { leadView, staffNames } from './views';

function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const nowHhmm = (now: Date) => vnWall(now).toISOString().slice(11, 16);

/** One form's leads, newest first: found by folded words or plate, status, staff, days, lateness. */
export async function listLeads(
  deps: LeadsDeps,
  type: LeadType,
  q: LeadsQueryParsed,
  now = new Date(),
): Promise<Page<LeadView>> {
  const conditions: (SQL | undefined)[] = [eq(leads.type, type)];
  if (q.status) conditions.push(eq(leads.status, q.status));
  if (q.assigneeId) conditions.push(eq(leads.assigneeId, q.assigneeId));
  const folded = q.search ? foldVietnamese(q.search) : '';
  if (folded) {
    const compact = compactFold(q.search!);
    conditions.push(
      or(
        like(leads.searchText, `%${escapeLike(folded)}%`),
        compact.length >= 3 && compact !== folded
          ? like(leads.searchText, `%${escapeLike(compact)}%`)
          : undefined,
      ),
    );
  }
  if (type === 'CONSULTING') {
    if (q.from) conditions.push(gte(leads.createdAt, vnDayStart(q.from)));
    if (q.to) conditions.push(lt(leads.createdAt, vnDayEnd(q.to)));
  } else {
    if (q.from) conditions.push(gte(leads.preferredDate, q.from));
    if (q.to) conditions.push(lte(leads.preferredDate, q.to));
  }
  if (q.overdue !== undefined) {
    const today = vnDayKey(now);
    const late = and(
      inArray(leads.status, [...AWAITING_VISIT_STATUSES]),
      or(
        lt(leads.preferredDate, today),
        and(
          eq(leads.preferredDate, today),
          sql`${leads.timeSlot} is not null`,
          lt(leads.timeSlot, nowHhmm(now)),
        ),
      ),
    );
    conditions.push(q.overdue ? late : sql`not coalesce(${late}, false)`);
  }
  conditions.push(...speedFilters(q, now));
  const where = and(...conditions);
  const [{ total }] = await deps.db.select({ total: count() }).from(leads).where(where);
  const rows = await deps.db
    .select()
    .from(leads)
    .where(where)
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  const staff = await staffNames(
    deps,
    rows.map((r) => r.assigneeId),
  );
  const w = openingWindow((await deps.webConfig.get()).openingHours);
  return {
    content: await withPurchases(
      deps,
      type,
      rows.map((r) => leadView(r, staff, now, w)),
      now,
    ),
    totalElements: total,
    totalPages: Math.ceil(total / q.size),
    page: q.page,
    size: q.size,
  };
}
