import type { CarDetail } from '@contract/cars';
import {
  BODY_TYPE_LABELS,
  DRIVETRAIN_LABELS,
  FUEL_LABELS,
  ORIGIN_LABELS,
  TRANSMISSION_LABELS,
} from '@contract/cars-labels';
import { formatDate, formatKm } from '@contract/format';
import { Check } from 'lucide-react';

/** The specification rows of a car, with their Vietnamese labels (shared with the compare table). */
export function specRows(car: CarDetail): { label: string; value: string }[] {
  return [
    { label: 'Hãng xe', value: car.brand },
    { label: 'Dòng xe', value: car.model },
    { label: 'Phiên bản', value: car.version },
    { label: 'Năm sản xuất', value: String(car.year) },
    { label: 'Số km đã đi', value: formatKm(car.odo) },
    { label: 'Kiểu dáng', value: BODY_TYPE_LABELS[car.bodyType] },
    { label: 'Số chỗ ngồi', value: `${car.size} chỗ` },
    { label: 'Nhiên liệu', value: FUEL_LABELS[car.fuel] },
    { label: 'Hộp số', value: TRANSMISSION_LABELS[car.transmission] },
    { label: 'Dẫn động', value: car.drivetrain ? DRIVETRAIN_LABELS[car.drivetrain] : '' },
    { label: 'Động cơ', value: car.engine },
    { label: 'Màu ngoại thất', value: car.exteriorColor },
    { label: 'Màu nội thất', value: car.interiorColor },
    { label: 'Xuất xứ', value: ORIGIN_LABELS[car.origin] },
    { label: 'Biển số', value: car.licensePlateRegion },
    { label: 'Số chủ sở hữu trước', value: String(car.previousOwners) },
    { label: 'Ngày đăng', value: formatDate(car.createdAt) },
  ].filter((r) => r.value !== '');
}

export function CarSpecs({ car }: { car: CarDetail }) {
  return (
    <dl className="grid overflow-hidden rounded-xl ring-1 ring-slate-200 sm:grid-cols-2">
      {specRows(car).map((r) => (
        <div
          key={r.label}
          className="flex items-baseline justify-between gap-4 border-b border-slate-100 bg-white px-4 py-3 text-sm sm:odd:border-r"
        >
          <dt className="text-slate-500">{r.label}</dt>
          <dd className="text-right font-medium text-slate-900">{r.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function CarFeatures({ features }: { features: string[] }) {
  if (features.length === 0) return <p className="text-sm text-slate-500">Chưa có thông tin tiện nghi.</p>;
  return (
    <ul className="grid gap-x-6 gap-y-2.5 sm:grid-cols-2">
      {features.map((f) => (
        <li key={f} className="flex items-start gap-2 text-sm text-slate-700">
          <span className="mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full bg-emerald-50 text-emerald-600">
            <Check className="size-3.5" aria-hidden="true" />
          </span>
          {f}
        </li>
      ))}
    </ul>
  );
}
