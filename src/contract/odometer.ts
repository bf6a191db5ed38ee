import { z } from 'zod';
import { formatDay, formatKm } from './format';

/** Where an odometer reading comes from. */
export const ODOMETER_SOURCES = ['listing', 'inspection', 'service', 'import'] as const;
export type OdometerSource = (typeof ODOMETER_SOURCES)[number];
export const ODOMETER_SOURCE_LABELS: Record<OdometerSource, string> = {
  listing: 'tin đăng bán',
  inspection: 'báo cáo kiểm định',
  service: 'sổ bảo dưỡng',
  import: 'lịch sử nhập từ nguồn ngoài',
};

export const odometerReadingSchema = z.object({
  source: z.enum(ODOMETER_SOURCES),
  /** yyyy-mm-dd, the day it was read. */
  readOn: z.string(),
  km: z.number(),
});
export type OdometerReading = z.infer<typeof odometerReadingSchema>;

/** The first place where a car's readings, in day order, go down. */
export const odometerRollbackSchema = z.object({
  earlier: odometerReadingSchema,
  later: odometerReadingSchema,
});
export type OdometerRollback = z.infer<typeof odometerRollbackSchema>;

const dayOrder = (a: OdometerReading, b: OdometerReading) =>
  a.readOn < b.readOn ? -1 : a.readOn > b.readOn ? 1 : 0;

/**
 * The first reading lower than one taken on an earlier day, with that earlier (highest) reading; null when
 * the history never goes down. Readings of the same day have no order between them, so they never conflict.
 */
export function findRollback(readings: readonly OdometerReading[]): OdometerRollback | null {
  const sorted = [...readings].sort(dayOrder);
  let highest: OdometerReading | null = null;
  let dayHighest: OdometerReading | null = null;
  let day = '';
  for (const r of sorted) {
    if (r.readOn !== day) {
      if (dayHighest && (!highest || dayHighest.km > highest.km)) highest = dayHighest;
      day = r.readOn;
      dayHighest = null;
    }
    if (highest && r.km < highest.km) return { earlier: highest, later: r };
    if (!dayHighest || r.km > dayHighest.km) dayHighest = r;
  }
  return null;
}

/** Whether a new reading fits the history: the conflicting reading, or null. */
export function conflictingReading(
  readings: readonly OdometerReading[],
  next: OdometerReading,
): OdometerReading | null {
  for (const r of readings) {
    if (r.readOn < next.readOn && r.km > next.km) return r;
    if (r.readOn > next.readOn && r.km < next.km) return r;
  }
  return null;
}

/** The refusal a staff member reads when a reading would make the odometer go backwards. */
export function rollbackMessage(next: OdometerReading, other: OdometerReading): string {
  const otherText = `${formatKm(other.km)} ngày ${formatDay(other.readOn)} (${ODOMETER_SOURCE_LABELS[other.source]})`;
  const nextText = `${formatKm(next.km)} ngày ${formatDay(next.readOn)}`;
  return other.readOn < next.readOn
    ? `Số km ${nextText} thấp hơn số km đã ghi trước đó: ${otherText}. Đồng hồ km không thể lùi.`
    : `Số km ${nextText} cao hơn số km ghi sau đó: ${otherText}. Đồng hồ km không thể lùi.`;
}

/** The staff flag's wording for an imported history that goes backwards. */
export function rollbackWarning(rollback: OdometerRollback): string {
  const { earlier, later } = rollback;
  return (
    `Lịch sử km bị lùi: ${formatKm(later.km)} ngày ${formatDay(later.readOn)} (${ODOMETER_SOURCE_LABELS[later.source]}) ` +
    `thấp hơn ${formatKm(earlier.km)} ngày ${formatDay(earlier.readOn)} (${ODOMETER_SOURCE_LABELS[earlier.source]})`
  );
}
