import type { CarSummary } from '@contract/cars';
import { cx } from '../../../lib/cx';
import { freshnessBadges } from '../freshness';

/** "Mới về" and "Vừa giảm X triệu" as small pills (nothing when neither applies). */
export function FreshnessBadges({
  car,
  className,
  solid = false,
}: {
  car: Pick<CarSummary, 'createdAt' | 'priceDrop' | 'status'>;
  className?: string;
  /** Solid pills with a shadow, readable over a photo. */
  solid?: boolean;
}) {
  const badges = freshnessBadges(car);
  if (badges.length === 0) return null;
  return (
    <ul className={cx('flex flex-wrap gap-1.5', className)} aria-label="Tình trạng giá">
      {badges.map((b) => (
        <li
          key={b.kind}
          className={cx(
            'rounded-full px-2 py-0.5 text-xs font-semibold',
            solid
              ? cx('px-2.5 py-1 text-white shadow', b.kind === 'drop' ? 'bg-emerald-700' : 'bg-sky-700')
              : b.kind === 'drop'
                ? 'bg-emerald-50 text-emerald-800'
                : 'bg-sky-50 text-sky-800',
          )}
        >
          {b.label}
        </li>
      ))}
    </ul>
  );
}
