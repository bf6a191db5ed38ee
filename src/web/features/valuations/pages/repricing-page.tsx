import { formatPrice } from '@contract/format';
import { PRICE_RATING_LABELS, type PriceRating } from '@contract/price-rating';
import { PRICING_AGE_BUCKET_LABELS, type PricingRow, type RepricingRow } from '@contract/pricing';
import { Check } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Badge, type BadgeTone } from '../../../components/badge';
import { Button } from '../../../components/button';
import { type Column, DataTable } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { actionsColumn } from '../../../components/row-actions';
import { errorMessage } from '../../../lib/api-client';
import { cx } from '../../../lib/cx';
import { useApplyRepricing, usePricing, useRepricingQueue } from '../api';

const RATING_TONES: Record<PriceRating, BadgeTone> = {
  GREAT: 'success',
  GOOD: 'success',
  FAIR: 'neutral',
  HIGH: 'warning',
};

const pct = (x: number | null) => (x === null ? '—' : `${Math.round(x * 100)}%`);

function CarCell({ r }: { r: PricingRow }) {
  return (
    <div className="min-w-40">
      <Link to={`/dashboard/car/edit/${r.carId}`} className="font-medium text-slate-900 hover:underline">
        {r.carName}
      </Link>
      <p className="text-xs text-slate-500">
        {r.daysInStock} ngày trong kho · {PRICING_AGE_BUCKET_LABELS[r.bucket]}
      </p>
    </div>
  );
}

function MarketCell({ r }: { r: PricingRow }) {
  if (r.marketValue === null) return <span className="text-slate-400">—</span>;
  return (
    <div className="whitespace-nowrap">
      <p className="text-slate-900">{formatPrice(r.marketValue)}</p>
      <p className="text-xs text-slate-500">
        {formatPrice(r.low)} – {formatPrice(r.high)} · tin cậy {r.confidence}
      </p>
    </div>
  );
}

/**
 * /dashboard/repricing ("Giá so với thị trường"): the repricing queue (cars outside the price-to-market
 * band of their days in stock, with the suggested price and why; "Áp dụng" applies it in one click), then
 * every car in stock with its market value, price- and cost-to-market, comparables and public label.
 */
export default function RepricingPage() {
  const queue = useRepricingQueue();
  const pricing = usePricing();
  const apply = useApplyRepricing();

  const queueColumns: Column<RepricingRow>[] = [
    { key: 'car', header: 'Xe', mobile: 'title', cell: (r) => <CarCell r={r} /> },
    {
      key: 'price',
      header: 'Giá bán · thị trường',
      className: 'whitespace-nowrap',
      cell: (r) => (
        <div>
          <p className="font-semibold text-slate-900">{formatPrice(r.sellPrice)}</p>
          <p className="text-xs text-slate-500">
            {pct(r.priceToMarket)} của {formatPrice(r.marketValue)} · nên {pct(r.band.min)}–{pct(r.band.max)}
          </p>
        </div>
      ),
    },
    {
      key: 'suggestion',
      header: 'Đề xuất',
      cell: (r) => (
        <div className="md:min-w-56 md:max-w-80">
          <p className="font-medium text-slate-900">Giá mới {formatPrice(r.suggestedPrice)}</p>
          <p className="text-sm text-slate-600">{r.reason}</p>
        </div>
      ),
    },
    actionsColumn((r) => (
      <Button
        className="whitespace-nowrap px-3"
        disabled={apply.isPending}
        aria-label={`Áp dụng giá ${formatPrice(r.suggestedPrice)} cho ${r.carName}`}
        onClick={() =>
          apply.mutate(r.carId, {
            onSuccess: () => toast.success(`Đã đổi giá ${r.carName} thành ${formatPrice(r.suggestedPrice)}`),
            onError: (err) => toast.error(errorMessage(err)),
          })
        }
      >
        <Check className="size-4" aria-hidden="true" />
        Áp dụng
      </Button>
    )),
  ];

  const stockColumns: Column<PricingRow>[] = [
    { key: 'car', header: 'Xe', mobile: 'title', cell: (r) => <CarCell r={r} /> },
    { key: 'market', header: 'Thị trường', cell: (r) => <MarketCell r={r} /> },
    {
      key: 'ratios',
      header: 'Giá bán · so với thị trường',
      className: 'whitespace-nowrap tabular-nums',
      cell: (r) => (
        <div>
          <p className="font-semibold text-slate-900">{formatPrice(r.sellPrice) || '—'}</p>
          <p className={cx('text-xs', (r.priceToMarket ?? 0) > 1.04 ? 'text-amber-700' : 'text-slate-500')}>
            Giá bán {pct(r.priceToMarket)}
          </p>
          <p className={cx('text-xs', (r.costToMarket ?? 0) > 1 ? 'text-red-700' : 'text-slate-500')}>
            Giá vốn thực {r.costToMarket === null ? 'chưa rõ' : pct(r.costToMarket)}
          </p>
        </div>
      ),
    },
    {
      key: 'comparables',
      header: 'Xe so sánh',
      className: 'whitespace-nowrap',
      cell: (r) => (
        <div>
          <p>
            {r.comparables} xe · {r.recentComparables} gần đây
          </p>
          {r.newestComparableDays !== null ? (
            <p className="text-xs text-slate-500">
              Cách đây {r.newestComparableDays}–{r.oldestComparableDays} ngày
            </p>
          ) : null}
        </div>
      ),
    },
    {
      key: 'rating',
      header: 'Nhãn công khai',
      cell: (r) =>
        r.priceRating ? (
          <Badge tone={RATING_TONES[r.priceRating]}>{PRICE_RATING_LABELS[r.priceRating]}</Badge>
        ) : (
          <span className="text-xs text-slate-500">{r.note ?? 'Không có'}</span>
        ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Giá so với thị trường"
        description="Xe có giá lệch khỏi khoảng nên có theo số ngày trong kho, kèm giá đề xuất; bên dưới là toàn bộ xe trong kho so với giá thị trường."
      />
      <h2 className="mb-3 text-lg font-semibold text-slate-900">Cần điều chỉnh giá</h2>
      {queue.error ? (
        <p className="text-red-600" role="alert">
          {errorMessage(queue.error)}
        </p>
      ) : (
        <DataTable
          columns={queueColumns}
          rows={queue.data?.content}
          loading={queue.isPending}
          rowKey={(r) => r.carId}
          caption="Xe cần điều chỉnh giá"
          empty={
            <EmptyState
              title="Không có xe cần điều chỉnh giá"
              description="Mọi xe có đủ dữ liệu thị trường đều nằm trong khoảng giá nên có theo số ngày trong kho."
            />
          }
        />
      )}
      <h2 className="mt-8 mb-3 text-lg font-semibold text-slate-900">Toàn bộ xe trong kho</h2>
      {pricing.error ? (
        <p className="text-red-600" role="alert">
          {errorMessage(pricing.error)}
        </p>
      ) : (
        <DataTable
          columns={stockColumns}
          rows={pricing.data?.content}
          loading={pricing.isPending}
          rowKey={(r) => r.carId}
          caption="Xe trong kho so với giá thị trường"
          empty={<EmptyState title="Không có xe trong kho" />}
        />
      )}
    </>
  );
}
