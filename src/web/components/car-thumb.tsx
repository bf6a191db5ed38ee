import { Car } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cx } from '../lib/cx';

/** CarThumb: a car's cover (`src`) in a 3:2 box sized by className, a car icon (iconClassName) without one. */
export function CarThumb({
  src,
  className,
  iconClassName,
  lazy = true,
}: {
  src: string | undefined;
  className: string;
  iconClassName: string;
  lazy?: boolean;
}) {
  return (
    <div className={cx('relative aspect-[3/2] shrink-0 overflow-hidden bg-slate-100', className)}>
      {src ? (
        <img
          src={src}
          alt=""
          loading={lazy ? 'lazy' : undefined}
          className="absolute inset-0 size-full object-cover"
        />
      ) : (
        <Car className={cx('absolute inset-0 m-auto text-slate-400', iconClassName)} aria-hidden="true" />
      )}
    </div>
  );
}

/** CarRowTitle: the first cell of a car's row: its thumbnail, its name linking to `to`, a `meta` line. */
export function CarRowTitle({
  src,
  to,
  name,
  meta,
  className,
  thumbClassName,
  iconClassName,
}: {
  src: string | undefined;
  to: string;
  name: string;
  meta: ReactNode;
  /** The cell's minimum width, e.g. 'min-w-64'. */
  className: string;
  thumbClassName: string;
  iconClassName: string;
}) {
  return (
    <div className={cx('flex items-center gap-3', className)}>
      <CarThumb src={src} className={cx('rounded-md', thumbClassName)} iconClassName={iconClassName} />
      <div className="min-w-0">
        <Link
          to={to}
          className="line-clamp-2 font-medium text-slate-900 hover:text-brand-700 hover:underline"
        >
          {name}
        </Link>
        <p className="text-xs text-slate-500">{meta}</p>
      </div>
    </div>
  );
}
