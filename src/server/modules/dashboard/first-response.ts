import { and, eq, inArray } from 'drizzle-orm';
import { openingMsBetween, openingWindow } from '../../../contract/leads';
import type { FirstResponseRow, StatsRange } from '../../../contract/stats';
import { withConfigDefaults } from '../../../contract/web-config';
import type { Db } from '../../db/client';
import { leads, users, webConfiguration } from '../../db/schema';
import { momentDays } from './range';

const MINUTE = 60_000;

/** The q-th quantile (0..1) of sorted numbers, nearest rank. */
export function quantile(sorted: number[], q: number): number | null {
  if (!sorted.length) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

/**
 * GET dashboard/first-response: per staff member (the lead's handler), how long their leads of the
 * range waited for the first response (a status change, a call logged, a Zalo sent by staff), counted
 * in opening hours: median, 90th percentile, and the share answered within 5 minutes.
 */
export async function firstResponseByStaff(db: Db, r: StatsRange): Promise<FirstResponseRow[]> {
  const [cfg] = await db.select().from(webConfiguration).where(eq(webConfiguration.id, 1));
  const window = openingWindow(withConfigDefaults(cfg?.data).openingHours);
  const rows = await db
    .select({
      assigneeId: leads.assigneeId,
      createdAt: leads.createdAt,
      firstResponseAt: leads.firstResponseAt,
    })
    .from(leads)
    .where(and(momentDays(leads.createdAt, r)));
  const groups = new Map<number | null, { waits: number[]; open: number }>();
  for (const row of rows) {
    const g = groups.get(row.assigneeId) ?? { waits: [], open: 0 };
    if (row.firstResponseAt)
      g.waits.push(openingMsBetween(row.createdAt, row.firstResponseAt, window) / MINUTE);
    else g.open++;
    groups.set(row.assigneeId, g);
  }
  const ids = [...groups.keys()].filter((id): id is number => id !== null);
  const names = ids.length
    ? new Map(
        (
          await db
            .select({ id: users.id, fullName: users.fullName })
            .from(users)
            .where(inArray(users.id, ids))
        ).map((u) => [u.id, u.fullName]),
      )
    : new Map<number, string>();
  const out: FirstResponseRow[] = [];
  for (const [userId, g] of groups) {
    const sorted = [...g.waits].sort((a, b) => a - b);
    const median = quantile(sorted, 0.5);
    const p90 = quantile(sorted, 0.9);
    out.push({
      userId,
      fullName: userId === null ? 'Chưa giao' : (names.get(userId) ?? `Nhân viên #${userId}`),
      answered: sorted.length,
      unanswered: g.open,
      medianMinutes: median === null ? null : Math.round(median * 10) / 10,
      p90Minutes: p90 === null ? null : Math.round(p90 * 10) / 10,
      within5Share: sorted.length ? sorted.filter((m) => m <= 5).length / sorted.length : null,
    });
  }
  return out.sort((a, b) =>
    a.userId === null ? 1 : b.userId === null ? -1 : a.fullName.localeCompare(b.fullName, 'vi'),
  );
}
