import type { ImageView } from '@contract/images';
import { Car } from 'lucide-react';
import { cx } from '../../../lib/cx';

/**
 * A car photo in a box of fixed aspect ratio (3:2 by default), so nothing moves when it arrives:
 * `srcset` of the stored widths with `sizes`, lazy unless `eager` (the first row of a list).
 */
export function CarImage({
  image,
  alt,
  sizes = '(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw',
  eager = false,
  className,
  imgClassName,
}: {
  image: ImageView | null | undefined;
  alt: string;
  sizes?: string;
  eager?: boolean;
  className?: string;
  imgClassName?: string;
}) {
  return (
    <div className={cx('relative aspect-[3/2] overflow-hidden bg-slate-100', className)}>
      {image ? (
        <img
          src={image.src}
          srcSet={image.srcset}
          sizes={sizes}
          width={image.width}
          height={image.height}
          alt={alt}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : undefined}
          decoding="async"
          draggable={false}
          className={cx('absolute inset-0 size-full object-cover', imgClassName)}
        />
      ) : (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-1 text-slate-400">
          <Car className="size-10" aria-hidden="true" />
          <span className="text-xs">Chưa có ảnh</span>
        </div>
      )}
    </div>
  );
}
