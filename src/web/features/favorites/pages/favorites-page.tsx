import type { CarSummary } from '@contract/cars';
import { PAGE_TITLES } from '@contract/page-titles';
import { Heart, Share2 } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, buttonClass } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { errorMessage } from '../../../lib/api-client';
import { useOrigin } from '../../../lib/browser-only';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { CarCard, CarCardSkeleton } from '../../cars';
import { useFavoriteCars } from '../api';
import { mergeFavorites, parseIds, removeFavorites, useFavorites } from '../store';

const say = (message: string) =>
  void import('sonner').then(({ toast }) => toast.success(message)).catch(() => undefined);

/** The list's link to share, and a button that shares it (the phone's share sheet) or copies it. */
function ShareBox({ ids }: { ids: readonly number[] }) {
  const origin = useOrigin();
  const inputId = useId();
  const [copied, setCopied] = useState(false);
  const url = `${origin}/favorites?ids=${ids.join(',')}`;
  async function share() {
    try {
      if (typeof navigator.share === 'function' && window.matchMedia('(pointer: coarse)').matches) {
        await navigator.share({ title: 'Xe yêu thích', url });
        return;
      }
      await navigator.clipboard.writeText(url);
      setCopied(true);
      say('Đã sao chép đường dẫn danh sách');
    } catch {
      // Share sheet closed, or no clipboard: the link is in the box to copy by hand.
      document.getElementById(inputId)?.focus();
    }
  }
  return (
    <div className="mt-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <label htmlFor={inputId} className="text-sm font-semibold text-slate-900">
        Đường dẫn chia sẻ danh sách
      </label>
      <p className="text-sm text-slate-600">Ai mở đường dẫn này cũng xem được các xe bạn đã lưu.</p>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row">
        <input
          id={inputId}
          readOnly
          value={url}
          onFocus={(e) => e.currentTarget.select()}
          className="min-h-11 w-full min-w-0 flex-1 rounded-lg border border-slate-300 bg-slate-50 px-3 text-sm text-slate-700"
          data-testid="favorites-share-url"
        />
        <Button variant="secondary" onClick={share} className="shrink-0">
          <Share2 className="size-4" aria-hidden="true" />
          {copied ? 'Đã sao chép' : 'Chia sẻ danh sách'}
        </Button>
      </div>
    </div>
  );
}

/**
 * /favorites: the cars saved in this browser with their price and status now (a sold car says so and
 * points at similar ones), and a link to share them. /favorites?ids=1,5,9 shows a shared list to
 * anyone, who can add it to their own.
 */
export default function FavoritesPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const raw = params.get('ids');
  const shared = useMemo(() => (raw === null ? null : parseIds(raw)), [raw]);
  const mine = useFavorites();
  const ids = shared ?? mine;
  const cars = useFavoriteCars(ids);
  useDocumentTitle(PAGE_TITLES['/favorites']);

  const byId = new Map((cars.data ?? []).map((c) => [c.carId, c]));
  const shown = ids.map((id) => byId.get(id)).filter((c): c is CarSummary => c !== undefined);
  const gone = cars.data && !cars.isPlaceholderData ? ids.filter((id) => !byId.has(id)) : [];
  const sharedIsMine = shared?.every((id) => mine.includes(id)) === true;

  function saveShared() {
    if (!shared) return;
    const added = mergeFavorites(shared);
    say(added ? `Đã lưu ${added} xe vào danh sách của bạn` : 'Các xe này đã có trong danh sách của bạn');
    navigate('/favorites');
  }

  return (
    <div className="bg-slate-50">
      <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">
          {shared ? 'Danh sách xe được chia sẻ' : 'Xe yêu thích'}
        </h1>
        <p className="mt-1 text-sm text-slate-600">
          {shared
            ? `${shared.length} xe được chia sẻ với bạn, giá và tình trạng cập nhật đến hôm nay.`
            : 'Các xe bạn đã lưu trên trình duyệt này (không cần tài khoản), giá và tình trạng cập nhật đến hôm nay.'}
        </p>

        {shared && shared.length > 0 ? (
          <div className="mt-4 flex flex-col gap-2 sm:flex-row">
            <Button onClick={saveShared} disabled={sharedIsMine} className="min-h-12 text-base">
              <Heart className="size-5" aria-hidden="true" />
              {sharedIsMine ? 'Đã có trong danh sách của bạn' : 'Lưu vào danh sách của tôi'}
            </Button>
            <Link to="/favorites" className={buttonClass('secondary', 'min-h-12 text-base')}>
              Xem danh sách của tôi
            </Link>
          </div>
        ) : null}
        {!shared && ids.length > 0 ? <ShareBox ids={ids} /> : null}

        <section aria-labelledby="favorite-cars-title" className="mt-6">
          {/* The cards' titles are h3: the outline stays h1 > h2 > h3. */}
          <h2 id="favorite-cars-title" className="sr-only">
            Danh sách xe
          </h2>
          {ids.length === 0 ? (
            <div className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
              <EmptyState
                icon={<Heart className="size-6" aria-hidden="true" />}
                title={shared ? 'Đường dẫn không có xe nào' : 'Chưa có xe yêu thích'}
                description="Bấm biểu tượng trái tim trên ảnh xe để lưu lại và so giá sau."
                action={
                  <Link to="/cars" className={buttonClass('primary')}>
                    Xem xe đang bán
                  </Link>
                }
              />
            </div>
          ) : cars.isError ? (
            <div
              className="rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200"
              role="alert"
            >
              <p className="font-medium text-red-600">{errorMessage(cars.error)}</p>
              <Button variant="secondary" className="mt-4" onClick={() => void cars.refetch()}>
                Thử lại
              </Button>
            </div>
          ) : cars.isPending ? (
            <ul className="grid gap-4 sm:grid-cols-2 sm:gap-5 lg:grid-cols-3 xl:grid-cols-4">
              {ids.slice(0, 4).map((id) => (
                <li key={id}>
                  <CarCardSkeleton />
                </li>
              ))}
            </ul>
          ) : (
            <ul
              className="grid gap-4 sm:grid-cols-2 sm:gap-5 lg:grid-cols-3 xl:grid-cols-4"
              data-testid="favorite-cars"
            >
              {shown.map((car) => (
                <li key={car.carId}>
                  <CarCard
                    car={car}
                    className="h-full"
                    sizes="(min-width: 1280px) 300px, (min-width: 640px) 50vw, 100vw"
                    action={
                      car.status === 'sold' ? (
                        <Link
                          to={`/cars/${car.carId}#similar`}
                          className="inline-flex min-h-11 items-center rounded-lg px-2 text-sm font-semibold text-brand-600 hover:bg-brand-50"
                        >
                          Xe đã bán · Xem xe tương tự
                        </Link>
                      ) : undefined
                    }
                  />
                </li>
              ))}
            </ul>
          )}
          {gone.length > 0 ? (
            <div className="mt-4 flex flex-wrap items-center gap-3 rounded-xl bg-white p-4 text-sm text-slate-700 ring-1 ring-slate-200">
              <p>{gone.length} xe trong danh sách không còn trên website.</p>
              {!shared ? (
                <Button variant="secondary" onClick={() => removeFavorites(gone)}>
                  Xóa khỏi danh sách
                </Button>
              ) : null}
            </div>
          ) : null}
        </section>
      </div>
    </div>
  );
}
