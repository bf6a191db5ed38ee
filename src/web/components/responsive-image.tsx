import type { ImageView } from '@contract/images';
import { ImageOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { cx } from '../lib/cx';

/**
 * An uploaded picture (ImageView) in a box of fixed aspect ratio, so nothing moves when it arrives:
 * `srcset` of the stored widths with `sizes`; lazy unless `priority` (then fetchpriority high).
 * `ratio` is a Tailwind aspect class ('aspect-video' by default); `placeholder` shows without a picture.
 */
export function ResponsiveImage({
  image,
  alt,
  sizes = '(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw',
  priority = false,
  ratio = 'aspect-video',
  className,
  imgClassName,
  draggable,
  placeholder,
}: {
  image: ImageView | null | undefined;
  alt: string;
  sizes?: string;
  priority?: boolean;
  ratio?: string;
  className?: string;
  imgClassName?: string;
  draggable?: boolean;
  placeholder?: ReactNode;
}) {
  return (
    <div className={cx('relative overflow-hidden bg-slate-100', ratio, className)}>
      {image ? (
        <img
          src={image.src}
          srcSet={image.srcset}
          sizes={sizes}
          width={image.width}
          height={image.height}
          alt={alt}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding="async"
          draggable={draggable}
          className={cx('absolute inset-0 size-full object-cover', imgClassName)}
        />
      ) : (
        (placeholder ?? (
          <div className="absolute inset-0 flex items-center justify-center text-slate-400">
            <ImageOff className="size-8" aria-hidden="true" />
            <span className="sr-only">{alt}</span>
          </div>
        ))
      )}
    </div>
  );
}
