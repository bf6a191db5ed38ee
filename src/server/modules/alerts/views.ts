import {
  ALERT_KIND_LABELS,
  ALERT_STATUS_LABELS,
  type AlertKind,
  type AlertStatus,
  type AlertSubscriptionView,
  describeSearch,
  searchListPath,
} from '../../../contract/alerts-labels';
import type { CarSummary } from '../../../contract/cars';
import type { alertSubscriptions } from './schema';

export type SubscriptionRow = typeof alertSubscriptions.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A subscription as its owner reads it; `car` is the watched car now (absent once it is gone). */
export function subscriptionView(row: SubscriptionRow, car?: CarSummary): AlertSubscriptionView {
  const kind = row.kind as AlertKind;
  const status = row.status as AlertStatus;
  const filters = kind === 'search' ? (row.filters ?? {}) : null;
  return {
    subscriptionId: row.id,
    kind,
    kindLabel: ALERT_KIND_LABELS[kind],
    status,
    statusLabel: ALERT_STATUS_LABELS[status],
    description: filters
      ? describeSearch(filters)
      : car
        ? `${car.carName} ${car.year}`
        : 'Xe không còn trên website',
    filters,
    listPath: filters ? searchListPath(filters) : null,
    carId: row.carId,
    carName: car?.carName ?? null,
    carPrice: car?.sellPrice ?? null,
    carStatus: car?.status ?? null,
    createdAt: row.createdAt.toISOString(),
    confirmedAt: iso(row.confirmedAt),
    endedAt: iso(row.endedAt),
  };
}

/** Views of these rows, with their watched cars read in one call. */
export async function subscriptionViews(
  rows: SubscriptionRow[],
  summaries: (ids: number[]) => Promise<CarSummary[]>,
): Promise<AlertSubscriptionView[]> {
  const ids = rows.map((r) => r.carId).filter((id): id is number => id !== null);
  const cars = new Map((await summaries(ids)).map((c) => [c.carId, c]));
  return rows.map((r) => subscriptionView(r, r.carId ? cars.get(r.carId) : undefined));
}
