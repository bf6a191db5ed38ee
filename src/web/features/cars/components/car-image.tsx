import type { ImageView } from '@contract/images';
import { Car } from 'lucide-react';
import { ResponsiveImage } from '../../../components/responsive-image';

/**
 * A car photo in a box of fixed aspect ratio (3:2), so nothing moves when it arrives: `srcset` of the
 * stored widths with `sizes`, lazy unless `eager` (the first row of a list), never dragged (galleries
 * swipe it).
 */
export function CarImage({
  image,
  alt,
  sizes,
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
    <ResponsiveImage
      image={image}
      alt={alt}
      sizes={sizes}
      priority={eager}
      ratio="aspect-[3/2]"
      className={className}
      imgClassName={imgClassName}
      draggable={false}
      placeholder={
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-1 text-slate-400">
          <Car className="size-10" aria-hidden="true" />
          <span className="text-xs">Chưa có ảnh</span>
        </div>
      }
    />
  );
}
