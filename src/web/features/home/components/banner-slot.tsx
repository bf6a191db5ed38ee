import type { SliderView } from '@contract/sliders';
import { useQuery } from '@tanstack/react-query';
import { ArrowRight, ChevronLeft, ChevronRight, ShieldCheck } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/button';
import { Skeleton } from '../../../components/skeleton';
import { api } from '../../../lib/api-client';
import { cx } from '../../../lib/cx';

const AUTO_ADVANCE_MS = 6000;

/** GET overview/sliders (public): the active banners in order. A failure is just "no banners". */
function useSliders() {
  return useQuery({
    queryKey: ['overview', 'sliders', 'public'],
    queryFn: ({ signal }) => api<SliderView[]>('overview/sliders', { signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

function SlideLink({ slide, className }: { slide: SliderView; className: string }) {
  const label = slide.buttonText || 'Xem chi tiết';
  const content = (
    <>
      {label}
      <ArrowRight className="size-5" aria-hidden="true" />
    </>
  );
  if (slide.link.startsWith('/'))
    return (
      <Link to={slide.link} className={className}>
        {content}
      </Link>
    );
  return (
    <a href={slide.link} className={className} target="_blank" rel="noopener noreferrer">
      {content}
    </a>
  );
}

/** The static hero shown when no banner is active (or the banner call fails). */
function StaticHero({ name }: { name: string }) {
  return (
    <section className="relative overflow-hidden bg-slate-950 text-white">
      <div
        className="absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,rgba(185,28,28,0.55),transparent_60%)]"
        aria-hidden="true"
      />
      <div className="relative mx-auto max-w-7xl px-4 pt-12 pb-20 sm:px-6 sm:pt-16 sm:pb-24 lg:pt-20 lg:pb-28">
        <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-medium text-red-100 ring-1 ring-white/15">
          <ShieldCheck className="size-4" aria-hidden="true" />
          Showroom ô tô đã qua sử dụng {name}
        </p>
        <h1 className="mt-5 max-w-3xl text-3xl leading-tight font-bold tracking-tight text-balance sm:text-5xl">
          Xe cũ chất lượng, <span className="text-red-400">giá minh bạch</span>, an tâm cầm lái
        </h1>
        <p className="mt-4 max-w-xl text-base leading-relaxed text-slate-300 sm:text-lg">
          Xe đã qua kiểm định, giá niêm yết rõ ràng, hỗ trợ trả góp và lái thử. Tìm chiếc xe phù hợp với bạn
          chỉ trong vài phút.
        </p>
        <div className="mt-7 flex flex-col gap-3 sm:flex-row">
          <Link to="/cars" className={buttonClass('primary', 'min-h-12 px-6 text-base')}>
            Xem xe đang bán
            <ArrowRight className="size-5" aria-hidden="true" />
          </Link>
          <Link
            to="/testdrive"
            className="inline-flex min-h-12 items-center justify-center gap-2 rounded-lg border border-white/25 px-6 text-base font-semibold text-white hover:bg-white/10"
          >
            Đăng ký lái thử
          </Link>
        </div>
      </div>
    </section>
  );
}

function Carousel({ slides, name }: { slides: SliderView[]; name: string }) {
  const strip = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);

  const go = useCallback(
    (i: number) => {
      const el = strip.current;
      if (!el) return;
      const target = (i + slides.length) % slides.length;
      el.scrollTo({ left: target * el.clientWidth, behavior: 'smooth' });
      setIndex(target);
    },
    [slides.length],
  );

  useEffect(() => {
    if (paused || slides.length < 2) return;
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') go(index + 1);
    }, AUTO_ADVANCE_MS);
    return () => clearInterval(timer);
  }, [go, index, paused, slides.length]);

  return (
    <section
      className="relative bg-slate-900"
      aria-roledescription="băng chuyền"
      aria-label="Banner"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <h1 className="sr-only">Showroom ô tô đã qua sử dụng {name}</h1>
      <div
        ref={strip}
        onScroll={(e) => {
          const el = e.currentTarget;
          if (el.clientWidth) setIndex(Math.round(el.scrollLeft / el.clientWidth));
        }}
        onTouchStart={() => setPaused(true)}
        className="flex snap-x snap-mandatory overflow-x-auto [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
      >
        {slides.map((s, i) => (
          <div
            key={s.overviewId}
            className="relative aspect-[4/3] w-full shrink-0 snap-center sm:aspect-[2/1] lg:aspect-auto lg:h-[480px]"
          >
            {s.image ? (
              <img
                src={s.image.src}
                srcSet={s.image.srcset}
                sizes="100vw"
                width={s.image.width}
                height={s.image.height}
                alt=""
                loading={i === 0 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : undefined}
                className="absolute inset-0 size-full object-cover object-[75%_center]"
                draggable={false}
              />
            ) : null}
            <div
              className="absolute inset-0 bg-gradient-to-t from-black/75 via-black/30 to-transparent sm:bg-gradient-to-r sm:from-black/70 sm:via-black/35"
              aria-hidden="true"
            />
            <div className="absolute inset-0 mx-auto flex max-w-7xl flex-col justify-end px-4 pb-14 sm:justify-center sm:px-6 sm:pb-0">
              <div className="max-w-xl text-white">
                <p className="text-2xl leading-tight font-bold text-balance sm:text-4xl lg:text-5xl">
                  {s.title}
                </p>
                {s.subtitle ? (
                  <p className="mt-2 line-clamp-2 text-sm text-white/85 sm:mt-3 sm:text-lg">{s.subtitle}</p>
                ) : null}
                {s.link ? (
                  <SlideLink
                    slide={s}
                    className={buttonClass('primary', 'mt-4 min-h-12 px-5 text-base sm:mt-6')}
                  />
                ) : null}
              </div>
            </div>
          </div>
        ))}
      </div>
      {slides.length > 1 ? (
        <>
          <button
            type="button"
            onClick={() => go(index - 1)}
            className="absolute top-1/2 left-3 hidden size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/15 text-white backdrop-blur hover:bg-white/30 lg:inline-flex"
            aria-label="Banner trước"
          >
            <ChevronLeft className="size-6" aria-hidden="true" />
          </button>
          <button
            type="button"
            onClick={() => go(index + 1)}
            className="absolute top-1/2 right-3 hidden size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/15 text-white backdrop-blur hover:bg-white/30 lg:inline-flex"
            aria-label="Banner sau"
          >
            <ChevronRight className="size-6" aria-hidden="true" />
          </button>
          <div className="absolute inset-x-0 bottom-10 flex justify-center gap-1 sm:bottom-12">
            {slides.map((s, i) => (
              <button
                key={s.overviewId}
                type="button"
                onClick={() => go(i)}
                aria-label={`Banner ${i + 1}`}
                aria-current={i === index ? 'true' : undefined}
                className="inline-flex size-8 items-center justify-center"
              >
                <span
                  className={cx(
                    'block h-2 rounded-full transition-all',
                    i === index ? 'w-6 bg-white' : 'w-2 bg-white/50',
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

/**
 * The home page's banner slot: the active sliders (managed in /dashboard/sliders) as a swipeable
 * carousel that advances every 6 s (paused on hover, focus, touch and for reduced motion); the static
 * hero when there is none.
 */
export function BannerSlot({ name }: { name: string }) {
  const { data, isPending } = useSliders();
  if (isPending)
    return (
      <Skeleton className="aspect-[4/3] w-full rounded-none sm:aspect-[2/1] lg:aspect-auto lg:h-[480px]" />
    );
  const slides = (data ?? []).filter((s) => s.active !== false && s.image);
  if (slides.length === 0) return <StaticHero name={name} />;
  return <Carousel slides={slides} name={name} />;
}
