import { formatDate, formatKm, formatPrice } from '@contract/format';
import { AGE_BUCKETS, type AgeBucket, type StockAgeingRow } from '@contract/valuations';
import { TrendingDown } from 'lucide-react';
import { useState } from 'react';
import { Badge, type BadgeTone } from '../../../components/badge';
import { Button } from '../../../components/button';
import { CarRowTitle } from '../../../components/car-thumb';
import type { Column } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { QueryTable } from '../../../components/list-page';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { actionsColumn } from '../../../components/row-actions';
import { cx } from '../../../lib/cx';
import { useListParams } from '../../../lib/use-list-params';
import { TrueCostCell, useCostSummaries } from '../../car-costs';
import { useStockAgeing } from '../api';
import { MarkdownDialog } from '../components/markdown-dialog';

const BUCKET_TONES: Record<AgeBucket, BadgeTone> = {
  '0-30': 'success',
  '31-60': 'info',
  '61-90': 'warning',
  '90+': 'danger',
};

const percent = (x: number) => `${x > 0 ? '+' : x < 0 ? '−' : ''}${Math.round(Math.abs(x) * 100)}%`;

/**
 * /dashboard/stock-ageing ("Tuổi tồn kho"): the cars on sale by days on the lot, the longest first, each
 * against the market's estimate with the suggested markdown; "Giảm giá" applies a price in one action.
 */
export default function StockAgeingPage() {
  const list = useListParams({ table: 'stock-ageing', defaultSize: 20 });
  const bucket = list.choice('bucket', AGE_BUCKETS);
  const q = useStockAgeing({ page: list.page, size: list.size, bucket });
  const [repricing, setRepricing] = useState<StockAgeingRow | null>(null);
  const costs = useCostSummaries(q.data?.content.map((r) => r.carId) ?? []);
  const repricingCost = repricing ? costs.data?.get(repricing.carId) : undefined;

  const columns: Column<StockAgeingRow>[] = [
    {
      key: 'car',
      header: 'Xe',
      mobile: 'title',
      cell: (r) => (
        <CarRowTitle
          src={r.cover?.urls[480]}
          to={`/dashboard/car/edit/${r.carId}`}
          name={r.carName}
          meta={`Đời ${r.year} · ${formatKm(r.odo)}`}
          className="min-w-44"
          thumbClassName="w-14"
          iconClassName="size-5"
        />
      ),
    },
    {
      key: 'days',
      header: 'Trong kho',
      className: 'whitespace-nowrap',
      cell: (r) => (
        <div>
          <Badge tone={BUCKET_TONES[r.bucket]}>{r.daysOnLot} ngày</Badge>
          <p className="mt-1 text-xs text-slate-500">Từ {formatDate(r.listedAt)}</p>
        </div>
      ),
    },
    {
      key: 'price',
      header: 'Giá bán · giá vốn thực',
      className: 'whitespace-nowrap',
      cell: (r) => (
        <div>
          <p className="font-semibold text-slate-900">{formatPrice(r.sellPrice)}</p>
          {r.gap !== null ? (
            <p className={cx('text-xs tabular-nums', r.gap > 0.03 ? 'text-amber-700' : 'text-slate-500')}>
              {percent(r.gap)} so với thị trường
            </p>
          ) : null}
          {/* The true cost beside the price, not in a column of its own: the actions stay on screen. */}
          <div className="mt-1 text-xs text-slate-500">
            <span>Giá vốn thực </span>
            <TrueCostCell summary={costs.data?.get(r.carId)} price={r.sellPrice} />
          </div>
        </div>
      ),
    },
    {
      key: 'market',
      header: 'Thị trường',
      className: 'whitespace-nowrap',
      cell: (r) =>
        r.estimate !== null ? (
          <div>
            <p className="text-slate-900">{formatPrice(r.estimate)}</p>
            <p className="text-xs text-slate-500">
              {formatPrice(r.low)} – {formatPrice(r.high)}
            </p>
            <p className="text-xs text-slate-500">Tin cậy: {r.confidence}</p>
          </div>
        ) : (
          <span className="text-slate-400">—</span>
        ),
    },
    {
      key: 'advice',
      header: 'Đề xuất',
      cell: (r) => (
        <div className="md:min-w-48 md:max-w-64">
          {r.suggestedPrice !== null ? (
            <p className="font-medium text-slate-900">Giá mới {formatPrice(r.suggestedPrice)}</p>
          ) : null}
          <p className="text-sm text-slate-600">{r.advice}</p>
        </div>
      ),
    },
    actionsColumn((r) => (
      <Button
        variant={r.markdown ? 'primary' : 'secondary'}
        className="whitespace-nowrap px-3"
        onClick={() => setRepricing(r)}
        aria-label={`${r.markdown ? 'Giảm giá' : 'Đổi giá'} ${r.carName}`}
      >
        <TrendingDown className="size-4" aria-hidden="true" />
        {r.markdown ? 'Giảm giá' : 'Đổi giá'}
      </Button>
    )),
  ];

  return (
    <>
      <PageHeader
        title="Tuổi tồn kho"
        description="Xe đang bán theo số ngày trong kho, so với giá thị trường, kèm đề xuất giảm giá."
      />
      <fieldset className="mb-5 grid grid-cols-2 gap-3 lg:grid-cols-4">
        <legend className="sr-only">Nhóm theo số ngày trong kho</legend>
        {q.data?.buckets.map((b) => {
          const on = bucket === b.bucket;
          return (
            <button
              key={b.bucket}
              type="button"
              aria-pressed={on}
              onClick={() => list.update({ bucket: on ? undefined : b.bucket })}
              className={cx(
                'min-h-11 rounded-xl bg-white p-4 text-left shadow-sm ring-1 transition-colors hover:bg-slate-50',
                'focus-visible:outline-2 focus-visible:outline-brand-600',
                on ? 'ring-2 ring-brand-600' : 'ring-slate-200',
              )}
            >
              <span className="block text-sm text-slate-600">{b.label}</span>
              <span className="mt-1 block text-2xl font-bold text-slate-900">{b.count} xe</span>
              <span className="block text-xs text-slate-500">{formatPrice(b.value) || '0 đ'}</span>
            </button>
          );
        })}
      </fieldset>
      <QueryTable
        query={q}
        columns={columns}
        rowKey={(r) => r.carId}
        caption="Xe theo tuổi tồn kho"
        empty={
          <EmptyState
            title={bucket ? 'Không có xe trong nhóm này' : 'Không có xe đang bán'}
            description="Xe đang bán và đang giao dịch hiện ở đây theo số ngày trong kho."
          />
        }
      />
      <Pagination
        className="mt-4"
        page={list.page}
        totalPages={q.data?.totalPages ?? 0}
        onChange={(page) => list.update({ page })}
      />
      <MarkdownDialog
        row={repricing}
        trueCost={repricingCost?.purchasePrice != null ? repricingCost.trueCost : null}
        onClose={() => setRepricing(null)}
      />
    </>
  );
}
