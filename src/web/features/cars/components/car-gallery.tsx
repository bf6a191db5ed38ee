import type { ImageView } from '@contract/images';
import { LCP_IMAGE_SIZES } from '@contract/page-images';
import { Car, ChevronLeft, ChevronRight, Expand, X } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { cx } from '../../../lib/cx';

/**
 * A strip of photos the width of its box that scrolls sideways with snap points: a finger swipes it
 * natively on phones; buttons and arrow keys call `go`. The shown index follows the scroll position.
 */
function useStrip(count: number, onIndex: (i: number) => void) {
  const ref = useRef<HTMLDivElement>(null);
  const go = useCallback(
    (i: number, smooth = true) => {
      const el = ref.current;
      if (!el || count === 0) return;
      const target = (i + count) % count;
      el.scrollTo({ left: target * el.clientWidth, behavior: smooth ? 'smooth' : 'instant' });
      onIndex(target);
    },
    [count, onIndex],
  );
  const onScroll = () => {
    const el = ref.current;
    if (!el || el.clientWidth === 0) return;
    onIndex(Math.round(el.scrollLeft / el.clientWidth));
  };
  return { ref, go, onScroll };
}

function ArrowButton({ dir, onClick, dark }: { dir: 'prev' | 'next'; onClick: () => void; dark?: boolean }) {
  const Icon = dir === 'prev' ? ChevronLeft : ChevronRight;
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={dir === 'prev' ? 'Ảnh trước' : 'Ảnh sau'}
      className={cx(
        'absolute top-1/2 z-10 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full shadow-md transition',
        dir === 'prev' ? 'left-2 sm:left-3' : 'right-2 sm:right-3',
        dark ? 'bg-white/15 text-white hover:bg-white/25' : 'bg-white/90 text-slate-800 hover:bg-white',
      )}
    >
      <Icon className="size-6" aria-hidden="true" />
    </button>
  );
}

function FullScreen({
  photos,
  alt,
  start,
  onClose,
}: {
  photos: ImageView[];
  alt: string;
  start: number;
  onClose: (index: number) => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [index, setIndex] = useState(start);
  const strip = useStrip(photos.length, setIndex);
  const { go } = strip;

  useEffect(() => {
    dialog.current?.showModal();
    // Jump to the photo that was shown, once the strip has its width.
    requestAnimationFrame(() => go(start, false));
  }, [go, start]);

  const keyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowRight') go(index + 1);
    if (e.key === 'ArrowLeft') go(index - 1);
  };
  return (
    <dialog
      ref={dialog}
      aria-label={`Ảnh ${alt}, toàn màn hình`}
      onClose={() => onClose(index)}
      onKeyDown={keyDown}
      className="m-0 h-dvh max-h-none w-screen max-w-none bg-black p-0 text-white backdrop:bg-black"
    >
      <div className="relative flex h-full flex-col">
        <div className="flex items-center justify-between px-3 py-2">
          <span className="text-sm tabular-nums text-white/80" aria-live="polite">
            {index + 1} / {photos.length}
          </span>
          <button
            type="button"
            onClick={() => dialog.current?.close()}
            className="inline-flex size-11 items-center justify-center rounded-full text-white hover:bg-white/15"
            aria-label="Đóng"
          >
            <X className="size-6" aria-hidden="true" />
          </button>
        </div>
        <div className="relative min-h-0 flex-1">
          <div
            ref={strip.ref}
            onScroll={strip.onScroll}
            className="flex h-full snap-x snap-mandatory overflow-x-auto overscroll-x-contain [scrollbar-width:none]"
          >
            {photos.map((p, i) => (
              <div
                key={p.src}
                className="flex h-full w-full shrink-0 snap-center items-center justify-center"
              >
                <img
                  src={p.urls[1600] ?? p.src}
                  srcSet={p.srcset}
                  sizes="100vw"
                  alt={`${alt} - ảnh ${i + 1}`}
                  loading={Math.abs(i - start) <= 1 ? 'eager' : 'lazy'}
                  className="max-h-full max-w-full object-contain"
                  draggable={false}
                />
              </div>
            ))}
          </div>
          {photos.length > 1 ? (
            <>
              <ArrowButton dir="prev" onClick={() => go(index - 1)} dark />
              <ArrowButton dir="next" onClick={() => go(index + 1)} dark />
            </>
          ) : null}
        </div>
        <div className="h-4" />
      </div>
    </dialog>
  );
}

/**
 * The detail page's photos: a swipeable 3:2 strip with arrows, a counter and thumbnails; a tap opens
 * the full-screen view (swipe, arrows, arrow keys, Escape).
 */
export function CarGallery({
  photos,
  alt,
  overlay,
}: {
  photos: ImageView[];
  alt: string;
  /** Drawn over photo i (the inspection's defect markers). */
  overlay?: (index: number) => ReactNode;
}) {
  const [index, setIndex] = useState(0);
  const [full, setFull] = useState(false);
  const strip = useStrip(photos.length, setIndex);
  const thumbs = useRef<HTMLUListElement>(null);

  // Keep the current thumbnail in view, scrolling the thumbnail row only (never the page).
  useEffect(() => {
    const row = thumbs.current;
    const item = row?.children[index] as HTMLElement | undefined;
    if (!row || !item) return;
    const left = item.offsetLeft - row.offsetLeft;
    if (left < row.scrollLeft || left + item.offsetWidth > row.scrollLeft + row.clientWidth)
      row.scrollTo({ left: left - (row.clientWidth - item.offsetWidth) / 2, behavior: 'smooth' });
  }, [index]);

  if (photos.length === 0) {
    return (
      <div className="flex aspect-[3/2] flex-col items-center justify-center gap-2 rounded-2xl bg-slate-100 text-slate-400">
        <Car className="size-14" aria-hidden="true" />
        <span className="text-sm">Xe chưa có ảnh</span>
      </div>
    );
  }

  return (
    <div>
      <div className="relative overflow-hidden rounded-2xl bg-slate-100">
        <div
          ref={strip.ref}
          onScroll={strip.onScroll}
          className="flex aspect-[3/2] snap-x snap-mandatory overflow-x-auto overscroll-x-contain [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
        >
          {photos.map((p, i) => (
            <button
              key={p.src}
              type="button"
              onClick={() => setFull(true)}
              className="relative h-full w-full shrink-0 snap-center cursor-zoom-in"
              aria-label={`Xem ảnh ${i + 1} toàn màn hình`}
            >
              <img
                src={p.src}
                srcSet={p.srcset}
                sizes={LCP_IMAGE_SIZES.carGallery}
                width={p.width}
                height={p.height}
                alt={`${alt} - ảnh ${i + 1}`}
                loading={i === 0 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : undefined}
                draggable={false}
                className="absolute inset-0 size-full object-cover"
              />
              {overlay?.(i)}
            </button>
          ))}
        </div>
        {photos.length > 1 ? (
          <>
            <ArrowButton dir="prev" onClick={() => strip.go(index - 1)} />
            <ArrowButton dir="next" onClick={() => strip.go(index + 1)} />
          </>
        ) : null}
        <span
          className="pointer-events-none absolute bottom-3 left-3 rounded-full bg-black/60 px-2.5 py-1 text-xs font-medium tabular-nums text-white"
          aria-live="polite"
        >
          {index + 1} / {photos.length}
        </span>
        <button
          type="button"
          onClick={() => setFull(true)}
          className="absolute right-3 bottom-3 inline-flex min-h-11 items-center gap-1.5 rounded-full bg-black/60 px-3 text-xs font-medium text-white hover:bg-black/75"
        >
          <Expand className="size-4" aria-hidden="true" />
          Toàn màn hình
        </button>
      </div>
      {photos.length > 1 ? (
        <ul
          ref={thumbs}
          className="mt-3 flex gap-2 overflow-x-auto pb-1 [scrollbar-width:thin]"
          aria-label="Ảnh nhỏ"
        >
          {photos.map((p, i) => (
            <li key={p.src} className="shrink-0">
              <button
                type="button"
                onClick={() => strip.go(i)}
                aria-label={`Ảnh ${i + 1}`}
                aria-current={i === index ? 'true' : undefined}
                className={cx(
                  'block w-20 overflow-hidden rounded-lg ring-2 transition sm:w-24',
                  i === index ? 'ring-brand-600' : 'opacity-70 ring-transparent hover:opacity-100',
                )}
              >
                <img
                  src={p.urls[480] ?? p.src}
                  alt=""
                  loading="lazy"
                  width={p.width}
                  height={p.height}
                  className="aspect-[3/2] w-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {full ? (
        <FullScreen
          photos={photos}
          alt={alt}
          start={index}
          onClose={(i) => {
            setFull(false);
            strip.go(i, false);
          }}
        />
      ) : null}
    </div>
  );
}
