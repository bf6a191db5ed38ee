import { isExternalLink, isInternalLink } from '@contract/links';
import { LCP_IMAGE_SIZES } from '@contract/page-images';
import type { SliderView } from '@contract/sliders';
import { ArrowRight, ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import { type PointerEvent, type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useMediaQuery } from '../../../lib/browser-only';
import { cx } from '../../../lib/cx';
import { usePublicSliders } from '../api';

/** Time each banner stays when rotating on its own. */
const INTERVAL_MS = 6000;
/** A horizontal drag longer than this changes the banner. */
const SWIPE_PX = 40;
/** Same box before and after the pictures arrive: no layout shift. */
const BOX = 'aspect-[5/4] sm:aspect-[2/1] lg:aspect-[5/2]';

function usePrefersReducedMotion() {
  return useMediaQuery('(prefers-reduced-motion: reduce)');
}

function SlideAction({ slide }: { slide: SliderView }) {
  // A stored link that is neither ours nor a plain http(s) address (saved before the rule) shows no button.
  if (!slide.link || !(isInternalLink(slide.link) || isExternalLink(slide.link))) return null;
  const label = slide.buttonText || 'Xem chi tiết';
  const cls =
    'mt-4 inline-flex min-h-11 items-center gap-2 rounded-lg bg-brand-600 px-5 text-sm font-semibold text-white shadow-lg hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white sm:mt-6 sm:min-h-12 sm:text-base';
  const content = (
    <>
      {label}
      <ArrowRight className="size-4 sm:size-5" aria-hidden="true" />
    </>
  );
  return isInternalLink(slide.link) ? (
    <Link to={slide.link} className={cls}>
      {content}
    </Link>
  ) : (
    <a href={slide.link} className={cls} target="_blank" rel="noopener noreferrer">
      {content}
    </a>
  );
}

/**
 * The home page's banners (GET overview/sliders) as an accessible carousel: arrows, dots, swipe,
 * arrow keys; rotates on its own unless the visitor prefers reduced motion, pauses on hover, on focus
 * and with its pause button. The box has a fixed aspect ratio; the first picture loads at once with
 * high priority, the others after it.
 */
export function BannerCarousel({
  className,
  heading,
  fallback = null,
}: {
  className?: string;
  /** The page's h1, read by screen readers over the pictures (the home page has no other). */
  heading?: string;
  /** Shown instead when no banner is active (or the call fails). */
  fallback?: ReactNode;
}) {
  const { data, isPending, isError } = usePublicSliders();
  const slides = data ?? [];
  const count = slides.length;
  const reduced = usePrefersReducedMotion();
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [paused, setPaused] = useState(false);
  const [warm, setWarm] = useState(false);
  const drag = useRef<{ x: number; y: number; id: number } | null>(null);
  const [dx, setDx] = useState(0);
  const swiped = useRef(false);
  const id = useId();

  const current = count ? Math.min(index, count - 1) : 0;
  const go = useCallback((next: number) => setIndex(count ? (next + count) % count : 0), [count]);
  const rotating = count > 1 && !reduced && !paused && !hovered && !focused;

  useEffect(() => {
    if (!rotating) return;
    const t = setTimeout(() => go(current + 1), INTERVAL_MS);
    return () => clearTimeout(t);
  }, [rotating, current, go]);

  // Load the other pictures once the first one is in, or after a short while.
  useEffect(() => {
    if (warm || !count) return;
    const t = setTimeout(() => setWarm(true), 2500);
    return () => clearTimeout(t);
  }, [warm, count]);

  if (isPending) {
    return (
      <div className={cx('relative w-full animate-pulse bg-slate-800', BOX, className)} aria-hidden="true" />
    );
  }
  if (!count || isError) return <>{fallback}</>;

  function onPointerDown(e: PointerEvent<HTMLDivElement>) {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    swiped.current = false;
    drag.current = { x: e.clientX, y: e.clientY, id: e.pointerId };
  }
  function onPointerMove(e: PointerEvent<HTMLDivElement>) {
    const d = drag.current;
    if (!d || d.id !== e.pointerId) return;
    const moveX = e.clientX - d.x;
    if (Math.abs(moveX) > Math.abs(e.clientY - d.y)) setDx(moveX);
  }
  function onPointerEnd(e: PointerEvent<HTMLDivElement>) {
    const d = drag.current;
    drag.current = null;
    if (!d || d.id !== e.pointerId) return;
    const moveX = e.clientX - d.x;
    setDx(0);
    if (Math.abs(moveX) >= SWIPE_PX && Math.abs(moveX) > Math.abs(e.clientY - d.y)) {
      swiped.current = true;
      go(moveX < 0 ? current + 1 : current - 1);
    }
  }

  const arrow =
    'absolute top-1/2 z-10 hidden size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/85 text-slate-800 shadow-md backdrop-blur transition hover:bg-white focus-visible:outline-2 focus-visible:outline-white sm:inline-flex';

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Banner nổi bật"
      className={cx('relative w-full overflow-hidden bg-slate-900', BOX, className)}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
      onKeyDown={(e) => {
        if (e.key === 'ArrowLeft') go(current - 1);
        else if (e.key === 'ArrowRight') go(current + 1);
      }}
    >
      {heading ? <h1 className="sr-only">{heading}</h1> : null}
      <div
        id={id}
        aria-live={rotating ? 'off' : 'polite'}
        className="flex h-full touch-pan-y select-none"
        style={{
          transform: `translateX(calc(${-current * 100}% + ${dx}px))`,
          transition: dx || reduced ? 'none' : 'transform 500ms ease',
        }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        onClickCapture={(e) => {
          // The click that ends a swipe must not follow the slide's link.
          if (swiped.current) {
            e.preventDefault();
            e.stopPropagation();
          }
          swiped.current = false;
        }}
      >
        {slides.map((slide, i) => {
          const active = i === current;
          return (
            // biome-ignore lint/a11y/useSemanticElements: the ARIA carousel pattern's slide is a group
            <div
              key={slide.overviewId}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} / ${count}: ${slide.title}`}
              aria-hidden={!active || undefined}
              inert={!active || undefined}
              className="relative h-full w-full shrink-0"
            >
              {slide.image ? (
                <img
                  src={slide.image.src}
                  srcSet={slide.image.srcset}
                  sizes={LCP_IMAGE_SIZES.homeBanner}
                  width={slide.image.width}
                  height={slide.image.height}
                  alt={slide.title}
                  loading={i === 0 || warm ? 'eager' : 'lazy'}
                  fetchPriority={i === 0 ? 'high' : 'low'}
                  decoding={i === 0 ? 'sync' : 'async'}
                  draggable={false}
                  onLoad={i === 0 ? () => setWarm(true) : undefined}
                  className="absolute inset-0 size-full object-cover"
                />
              ) : null}
              <div
                className="absolute inset-0 bg-gradient-to-t from-slate-950/85 via-slate-950/35 to-transparent sm:bg-gradient-to-r sm:from-slate-950/80 sm:via-slate-950/35"
                aria-hidden="true"
              />
              <div className="absolute inset-0 mx-auto flex max-w-7xl items-end px-4 pb-20 sm:items-center sm:px-16 sm:pb-8 lg:px-20">
                <div className="max-w-xl text-white">
                  <h2 className="text-xl leading-tight font-bold text-balance drop-shadow sm:text-3xl lg:text-5xl">
                    {slide.title}
                  </h2>
                  {slide.subtitle ? (
                    <p className="mt-2 line-clamp-2 text-sm text-slate-100 drop-shadow sm:mt-3 sm:text-lg">
                      {slide.subtitle}
                    </p>
                  ) : null}
                  <SlideAction slide={slide} />
                </div>
              </div>
            </div>
          );
        })}
      </div>

      {count > 1 ? (
        <>
          <button
            type="button"
            className={cx(arrow, 'left-3 lg:left-5')}
            onClick={() => go(current - 1)}
            aria-controls={id}
            aria-label="Banner trước"
          >
            <ChevronLeft className="size-6" aria-hidden="true" />
          </button>
          <button
            type="button"
            className={cx(arrow, 'right-3 lg:right-5')}
            onClick={() => go(current + 1)}
            aria-controls={id}
            aria-label="Banner tiếp theo"
          >
            <ChevronRight className="size-6" aria-hidden="true" />
          </button>
          <div className="absolute inset-x-0 bottom-10 z-10 flex items-center justify-center gap-1 sm:bottom-14">
            {reduced ? null : (
              <button
                type="button"
                onClick={() => setPaused((p) => !p)}
                className="inline-flex size-11 items-center justify-center rounded-full text-white/90 hover:text-white focus-visible:outline-2 focus-visible:outline-white"
                aria-label={paused ? 'Tiếp tục chạy banner' : 'Tạm dừng banner'}
              >
                {paused ? (
                  <Play className="size-4" aria-hidden="true" />
                ) : (
                  <Pause className="size-4" aria-hidden="true" />
                )}
              </button>
            )}
            {slides.map((slide, i) => (
              <button
                key={slide.overviewId}
                type="button"
                onClick={() => go(i)}
                aria-controls={id}
                aria-label={`Banner ${i + 1}: ${slide.title}`}
                aria-current={i === current ? 'true' : undefined}
                className="group inline-flex size-11 items-center justify-center focus-visible:outline-2 focus-visible:outline-white"
              >
                <span
                  className={cx(
                    'block h-2 rounded-full transition-all',
                    i === current ? 'w-6 bg-white' : 'w-2 bg-white/50 group-hover:bg-white/80',
                  )}
                />
              </button>
            ))}
          </div>
        </>
      ) : null}
    </section>
  );
}
