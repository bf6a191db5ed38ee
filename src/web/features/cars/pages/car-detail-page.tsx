import type { CarDetail } from '@contract/cars';
import { BODY_TYPE_LABELS, CAR_STATUS_LABELS, FUEL_LABELS, TRANSMISSION_LABELS } from '@contract/cars-labels';
import { formatKm, formatPrice, formatVnd } from '@contract/format';
import { carTitle } from '@contract/page-titles';
import {
  ArrowLeftRight,
  Bot,
  Calendar,
  CalendarCheck,
  Car,
  ChevronRight,
  Fuel,
  Gauge,
  Phone,
  Settings2,
  Users,
} from 'lucide-react';
import { lazy, Suspense, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { Button, buttonClass } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { Skeleton, SkeletonText } from '../../../components/skeleton';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useOfferPageAction } from '../../../lib/page-action';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useNearScreen } from '../../../lib/use-near-screen';
import { useWebConfig } from '../../../lib/web-config';
import { SubscribeButton } from '../../alerts/public';
import { CarHistorySection, PolicyBlock } from '../../car-records/public';
import { HeartButton } from '../../favorites/public';
import { InspectionReportSection, InspectionSummaryBox, useDefectMarkers } from '../../inspections/public';
import { loadReserveDeposit, ReserveSlot } from '../../reservations/public';
import { useCar, useCarCalculations, useSimilarCars } from '../api';
import { handOffToChat } from '../chat-handoff';
import { CarGallery } from '../components/car-gallery';
import { CarRow } from '../components/car-row';
import { CarFeatures, CarSpecs } from '../components/car-specs';
import { CostCalculator } from '../components/cost-calculator';
import { FreshnessBadges } from '../components/freshness-badges';
import { PriceHistory } from '../components/price-history';
import { PriceRatingNote } from '../components/price-rating-badge';
import { TradeInEntry } from '../components/trade-in-entry';

// The deposit button comes in its own small chunk when the visitor nears the actions (its form only on
// a click): the car page's first download stays within its script budget.
const ReserveDeposit = lazy(loadReserveDeposit);

function Facts({ car }: { car: CarDetail }) {
  const facts = [
    { icon: Calendar, label: 'Năm sản xuất', value: String(car.year) },
    { icon: Gauge, label: 'Đã đi', value: formatKm(car.odo) },
    { icon: Fuel, label: 'Nhiên liệu', value: FUEL_LABELS[car.fuel] },
    { icon: Settings2, label: 'Hộp số', value: TRANSMISSION_LABELS[car.transmission] },
    { icon: Car, label: 'Kiểu dáng', value: BODY_TYPE_LABELS[car.bodyType] },
    { icon: Users, label: 'Số chỗ', value: `${car.size} chỗ` },
  ];
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-2">
      {facts.map((f) => (
        // A <dl> group holds only its <dt> and <dd>: the icon sits inside the term.
        <div key={f.label} className="relative min-w-0 rounded-xl bg-slate-50 py-2.5 pr-3 pl-10.5">
          <dt className="text-xs text-slate-500">
            <f.icon
              className="absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-400"
              aria-hidden="true"
            />
            {f.label}
          </dt>
          <dd className="truncate text-sm font-semibold text-slate-900">{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Summary({ car }: { car: CarDetail }) {
  const { data: config } = useWebConfig();
  const phone = config?.showroomPhone;
  const sold = car.status === 'sold';
  const actions = useRef<HTMLDivElement>(null);
  const near = useNearScreen(actions, '300px');
  return (
    <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      {car.status !== 'available' ? (
        <span
          className={
            sold
              ? 'mb-3 inline-flex rounded-full bg-slate-900 px-3 py-1 text-sm font-semibold text-white'
              : 'mb-3 inline-flex rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-900'
          }
        >
          {CAR_STATUS_LABELS[car.status]}
        </span>
      ) : null}
      <h1 className="text-2xl leading-tight font-bold text-slate-900 sm:text-[1.7rem]">{car.carName}</h1>
      <p className="mt-1 text-sm text-slate-500">
        {[car.brand, car.model, car.version].filter(Boolean).join(' · ')}
      </p>
      <div className="mt-4">
        <p className="text-sm text-slate-500">{sold ? 'Giá niêm yết khi bán' : 'Giá bán'}</p>
        <p className="text-3xl font-bold text-brand-600 sm:text-4xl" data-testid="car-detail-price">
          {formatPrice(car.sellPrice)}
        </p>
        <p className="text-sm text-slate-500 tabular-nums">{formatVnd(car.sellPrice)}</p>
        <FreshnessBadges car={car} className="mt-2" />
        {sold ? null : <PriceRatingNote car={car} />}
        <PriceHistory carId={car.carId} />
        <InspectionSummaryBox summary={car.inspection} />
        <PolicyBlock className="mt-3" />
      </div>
      <div className={sold ? 'mt-4 grid' : 'mt-4 grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-1'}>
        <HeartButton carId={car.carId} variant="page" />
        {sold ? null : (
          <SubscribeButton
            target={{
              kind: 'price',
              car: { carId: car.carId, carName: car.carName, sellPrice: car.sellPrice },
            }}
          />
        )}
      </div>
      <div className="mt-5">
        <Facts car={car} />
      </div>
      {sold ? (
        <div className="mt-5 rounded-xl bg-slate-100 p-4 text-sm text-slate-700" role="status">
          <p className="font-semibold text-slate-900">Xe này đã bán</p>
          <p className="mt-1">Mời bạn tham khảo những xe tương tự đang có tại showroom bên dưới.</p>
          <a href="#similar" className={buttonClass('primary', 'mt-3 w-full')}>
            Xem xe tương tự
          </a>
        </div>
      ) : (
        <div ref={actions} className="mt-5 grid gap-2" data-testid="car-actions">
          <Link to={`/testdrive?carId=${car.carId}`} className={buttonClass('primary', 'min-h-12 text-base')}>
            <CalendarCheck className="size-5" aria-hidden="true" />
            Đăng ký lái thử
          </Link>
          <Button variant="secondary" className="min-h-12 text-base" onClick={() => handOffToChat(car)}>
            <Bot className="size-5" aria-hidden="true" />
            Tư vấn với AI
          </Button>
          <div className="grid grid-cols-2 gap-2">
            <Link
              to={`/compare?carIds=${car.carId}`}
              className={buttonClass('ghost', 'ring-1 ring-slate-200')}
            >
              <ArrowLeftRight className="size-4" aria-hidden="true" />
              So sánh
            </Link>
            {phone ? (
              <a
                href={`tel:${phone.replace(/\s/g, '')}`}
                className={buttonClass('ghost', 'ring-1 ring-slate-200')}
              >
                <Phone className="size-4" aria-hidden="true" />
                Gọi ngay
              </a>
            ) : (
              <Link to="/consulting" className={buttonClass('ghost', 'ring-1 ring-slate-200')}>
                <Phone className="size-4" aria-hidden="true" />
                Liên hệ
              </Link>
            )}
          </div>
          {car.status !== 'available' ? null : near ? (
            <Suspense fallback={<ReserveSlot car={car} />}>
              <ReserveDeposit key={car.carId} car={car} />
            </Suspense>
          ) : (
            <ReserveSlot car={car} />
          )}
        </div>
      )}
    </div>
  );
}

function DetailSkeleton() {
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_380px] lg:gap-8" aria-busy="true">
      <Skeleton className="aspect-[3/2] w-full rounded-2xl" />
      <div className="space-y-4 rounded-2xl bg-white p-6 ring-1 ring-slate-200">
        <Skeleton className="h-8 w-4/5" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-10 w-1/2" />
        <SkeletonText lines={4} />
        <Skeleton className="h-12 w-full" />
      </div>
    </div>
  );
}

/** /cars/:carId: gallery, price, specs, features, calculator, test drive and AI advice, similar cars. */
export default function CarDetailPage() {
  const { carId } = useParams();
  const n = Number(carId);
  const id = Number.isInteger(n) && n > 0 ? n : null;
  const car = useCar(id);
  const similar = useSimilarCars(car.data ? id : null);
  const settings = useCarCalculations();
  const markers = useDefectMarkers(id, car.data?.photos ?? [], Boolean(car.data?.inspection));
  useDocumentTitle(car.data ? carTitle(car.data) : null);
  // The phone's bottom bar offers the test drive beside call and Zalo; a sold car has none.
  useOfferPageAction(
    car.data && car.data.status !== 'sold'
      ? { label: 'Đăng ký lái thử', to: `/testdrive?carId=${car.data.carId}` }
      : null,
  );

  const notFound = id === null || (car.error instanceof ApiError && car.error.status === 404);
  const data = car.data;

  return (
    <div className="bg-slate-50">
      <div className="mx-auto max-w-7xl px-4 py-4 sm:px-6 sm:py-6">
        <nav aria-label="Đường dẫn" className="mb-4 text-sm text-slate-500">
          <ol className="flex min-w-0 items-center gap-1">
            <li className="shrink-0 whitespace-nowrap">
              <Link to="/" className="hover:text-slate-800">
                Trang chủ
              </Link>
            </li>
            <ChevronRight className="size-4 shrink-0" aria-hidden="true" />
            <li className="shrink-0 whitespace-nowrap">
              <Link to="/cars" className="hover:text-slate-800">
                Mua xe
              </Link>
            </li>
            {data ? (
              <>
                <ChevronRight className="size-4 shrink-0" aria-hidden="true" />
                <li className="min-w-0 truncate font-medium text-slate-800" aria-current="page">
                  {data.carName}
                </li>
              </>
            ) : null}
          </ol>
        </nav>

        {notFound ? (
          <div className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
            <EmptyState
              icon={<Car className="size-6" aria-hidden="true" />}
              title="Không tìm thấy xe"
              description="Xe bạn tìm không tồn tại hoặc đã được gỡ khỏi showroom."
              action={
                <Link to="/cars" className={buttonClass('primary')}>
                  Xem xe đang bán
                </Link>
              }
            />
          </div>
        ) : car.isError ? (
          <div
            className="rounded-2xl bg-white p-6 text-center text-red-600 shadow-sm ring-1 ring-slate-200"
            role="alert"
          >
            {errorMessage(car.error)}
          </div>
        ) : !data ? (
          <DetailSkeleton />
        ) : (
          <>
            <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_380px] lg:gap-8">
              <div className="min-w-0">
                <CarGallery photos={data.photos} alt={data.carName} overlay={markers.overlay} />
                {markers.toggle}
              </div>
              <aside className="lg:row-span-2" aria-label="Giá và liên hệ">
                <div className="space-y-6 lg:sticky lg:top-24">
                  <Summary car={data} />
                </div>
              </aside>
              <div className="min-w-0 space-y-6">
                <section aria-labelledby="specs-title">
                  <h2 id="specs-title" className="mb-3 text-lg font-bold text-slate-900">
                    Thông số kỹ thuật
                  </h2>
                  <CarSpecs car={data} />
                </section>
                <section
                  aria-labelledby="features-title"
                  className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
                >
                  <h2 id="features-title" className="mb-3 text-lg font-bold text-slate-900">
                    Tiện nghi và an toàn
                  </h2>
                  <CarFeatures features={data.features} />
                </section>
                {data.description ? (
                  <section
                    aria-labelledby="desc-title"
                    className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
                  >
                    <h2 id="desc-title" className="mb-3 text-lg font-bold text-slate-900">
                      Mô tả
                    </h2>
                    <p className="text-sm leading-relaxed whitespace-pre-line text-slate-700">
                      {data.description}
                    </p>
                  </section>
                ) : null}
                <InspectionReportSection carId={data.carId} summary={data.inspection} />
                <CarHistorySection carId={data.carId} />
                {data.status !== 'sold' ? (
                  <CostCalculator
                    settings={settings.data}
                    loading={settings.isPending}
                    carId={data.carId}
                    car={{
                      price: data.sellPrice,
                      seats: data.size,
                      year: data.year,
                      brand: data.brand,
                      model: data.model,
                      version: data.version,
                    }}
                  />
                ) : null}
                {data.status === 'available' ? (
                  <TradeInEntry
                    settings={settings.data}
                    car={{
                      carId: data.carId,
                      carName: data.carName,
                      price: data.sellPrice,
                      seats: data.size,
                      year: data.year,
                      brand: data.brand,
                      model: data.model,
                      version: data.version,
                    }}
                  />
                ) : null}
              </div>
            </div>
            <div id="similar" className="mt-10 scroll-mt-24">
              <CarRow
                title="Xe tương tự"
                description="Cùng kiểu dáng hoặc cùng hãng, giá gần nhất"
                cars={similar.data}
                loading={similar.isPending}
                moreTo={`/cars?bodyType=${data.bodyType}`}
                empty={<p className="text-sm text-slate-500">Hiện chưa có xe tương tự.</p>}
              />
            </div>
          </>
        )}
      </div>
    </div>
  );
}
