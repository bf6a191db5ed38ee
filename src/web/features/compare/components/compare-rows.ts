import type { CarDetail } from '@contract/cars';
import { formatPrice } from '@contract/format';
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

/** One row a specification, the price first, with the best value marked where the cars differ. */
export function buildRows(cars: CarDetail[]): Row[] {
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
  }
  return rows;
}

/** True when not every car has the same value. */
export const differs = (values: string[]) => values.length > 1 && values.some((v) => v !== values[0]);
