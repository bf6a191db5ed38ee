import type { CarHistory } from '@contract/car-records';
import type { CarDetail } from '@contract/cars';
import { CAR_STATUS_LABELS } from '@contract/cars-labels';
import { formatDay, formatPrice } from '@contract/format';
import { PLEDGE_LABELS, summaryLine } from '@contract/inspections-labels';
import { specRows } from '../../cars';

export interface Row {
  label: string;
  values: string[];
  /** Index of the best value (lowest price / odometer, newest year), when the values differ. */
  best?: number;
}

function bestIndex(nums: number[], pick: 'min' | 'max'): number | undefined {
  if (nums.length < 2 || nums.every((n) => n === nums[0])) return undefined;
  const target = pick === 'min' ? Math.min(...nums) : Math.max(...nums);
  return nums.filter((n) => n === target).length === 1 ? nums.indexOf(target) : undefined;
}

/**
 * What a buyer weighs besides the specification: the inspection, the pledges it supports, the owners and
 * the registration inspection's validity (from each car's papers; "Đang tải…" until they arrive).
 */
function trustRows(cars: CarDetail[], histories: (CarHistory | undefined)[]): Row[] {
  const inspected = cars.map((c) => (c.inspection ? c.inspection.passed + c.inspection.fixed : -1));
  return [
    {
      label: 'Kiểm định',
      values: cars.map((c) =>
        c.inspection
          ? `${summaryLine(c.inspection)} (${formatDay(c.inspection.inspectedAt)})`
          : 'Chưa kiểm định',
      ),
      best: bestIndex(inspected, 'max'),
    },
    {
      label: 'Cam kết',
      values: cars.map((c) =>
        c.inspection?.pledges.length ? c.inspection.pledges.map((p) => PLEDGE_LABELS[p]).join(', ') : '—',
      ),
    },
    {
      label: 'Hạn đăng kiểm',
      values: histories.map((h) =>
        !h
          ? 'Đang tải…'
          : h.papers.registrationUntil
            ? formatDay(h.papers.registrationUntil)
            : 'Chưa có thông tin',
      ),
    },
  ];
}

/** One row a specification, the price first, with the best value marked where the cars differ. */
export function buildRows(cars: CarDetail[], histories: (CarHistory | undefined)[] = []): Row[] {
  const specs = cars.map((c) => specRows(c));
  const labels = [...new Set(specs.flatMap((rows) => rows.map((r) => r.label)))].filter(
    (l) => l !== 'Hãng xe' && l !== 'Ngày đăng',
  );
  const rows: Row[] = [
    {
      label: 'Giá bán',
      values: cars.map((c) => formatPrice(c.sellPrice)),
      best: bestIndex(
        cars.map((c) => c.sellPrice),
        'min',
      ),
    },
    // A car held by a deposit cannot be bought today: the buyer sees it before anything else.
    { label: 'Trạng thái', values: cars.map((c) => CAR_STATUS_LABELS[c.status]) },
  ];
  for (const label of labels) {
    const values = specs.map((rows) => rows.find((r) => r.label === label)?.value ?? '—');
    let best: number | undefined;
    if (label === 'Năm sản xuất')
      best = bestIndex(
        cars.map((c) => c.year),
        'max',
      );
    if (label === 'Số km đã đi')
      best = bestIndex(
        cars.map((c) => c.odo),
        'min',
      );
    rows.push({ label, values, best });
    // The trust rows follow the owners, where a buyer reads the car's past.
    if (label === 'Số chủ sở hữu trước')
      rows.push(
        ...trustRows(
          cars,
          cars.map((_, i) => histories[i]),
        ),
      );
  }
  return rows;
}

/** What the mark under the best value says, by row. */
export const BEST_WORDS: Record<string, string> = {
  'Giá bán': 'Giá tốt nhất',
  'Năm sản xuất': 'Đời mới nhất',
  'Số km đã đi': 'Đi ít nhất',
  'Kiểm định': 'Nhiều hạng mục đạt nhất',
};

/** True when not every car has the same value. */
export const differs = (values: string[]) => values.length > 1 && values.some((v) => v !== values[0]);
