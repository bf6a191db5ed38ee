import { and, inArray, isNotNull, lte, not, type SQL, sql } from 'drizzle-orm';
import { OPEN_LEAD_STATUSES } from '../../../contract/leads';
import { leads } from './schema';
import type { LeadsQueryParsed } from './types';

/** The list filters of the response clock and follow-ups, with the same rules as the view's flags. */
export function speedFilters(q: LeadsQueryParsed, now: Date): SQL[] {
  const out: SQL[] = [];
  if (q.followUpOverdue !== undefined) {
    const due = and(
      isNotNull(leads.followUpAt),
      inArray(leads.status, [...OPEN_LEAD_STATUSES]),
      lte(leads.followUpAt, now),
    )!;
    out.push(q.followUpOverdue ? due : not(sql`coalesce(${due}, false)`));
  }
  if (q.responseLate !== undefined) {
    const late = and(
      sql`${leads.status} = 'NEW'`,
      isNotNull(leads.responseDueAt),
      lte(leads.responseDueAt, now),
    )!;
    out.push(q.responseLate ? late : not(sql`coalesce(${late}, false)`));
  }
  return out;
}
