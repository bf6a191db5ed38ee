import { BODY_TYPE_LABELS, FUEL_LABELS, TRANSMISSION_LABELS } from '@contract/cars';
import { formatDay, formatKm, formatPrice } from '@contract/format';
import type { MarketPriceView } from '@contract/market-prices';
import { Trash2, X } from 'lucide-react';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import type { Column } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { Select } from '../../../components/form-field';
import { QueryTable } from '../../../components/list-page';
import { Pagination } from '../../../components/pagination';
import { actionsColumn, RowButton } from '../../../components/row-actions';
import { SearchBox } from '../../../components/search-box';
import { useConfirmAction } from '../../../lib/use-confirm-action';
import type { ListParams } from '../../../lib/use-list-params';
import { useDeleteMarketPrice, useMarketPrices } from '../api';

/** The stored prices: searched without accents, narrowed to one import, paged in the address. */
export function PricesList({ list, batchName }: { list: ListParams; batchName: string | null }) {
  const { params, page, size, search, update } = list;
  const batchId = /^\d{1,9}$/.test(params.get('batchId') ?? '') ? Number(params.get('batchId')) : undefined;
  const rows = useMarketPrices({ page, size, search: search || undefined, batchId });
  const remove = useDeleteMarketPrice();
  const confirm = useConfirmAction(
    remove,
    (r: MarketPriceView) => r.id,
    (r) => `Đã xóa giá của ${r.title}`,
  );

  const columns: Column<MarketPriceView>[] = [
    {
      key: 'car',
      header: 'Xe',
      mobile: 'title',
      cell: (r) => (
        <div className="min-w-0 md:max-w-80">
          <p className="font-medium text-slate-900">{r.title}</p>
          <p className="text-xs text-slate-500">
            {[r.brand, r.model, r.version].filter(Boolean).join(' · ')}
            {r.bodyType ? ` · ${BODY_TYPE_LABELS[r.bodyType]}` : ''}
          </p>
        </div>
      ),
    },
    { key: 'year', header: 'Năm', className: 'tabular-nums', cell: (r) => r.year },
    {
      key: 'odo',
      header: 'Số km',
      className: 'whitespace-nowrap tabular-nums',
      cell: (r) => formatKm(r.odo),
    },
    {
      key: 'price',
      header: 'Giá',
      className: 'whitespace-nowrap',
      cell: (r) => <span className="font-semibold text-slate-900">{formatPrice(r.price)}</span>,
    },
    {
      key: 'specs',
      header: 'Hộp số · nhiên liệu',
      cell: (r) =>
        [r.transmission && TRANSMISSION_LABELS[r.transmission], r.fuel && FUEL_LABELS[r.fuel]]
          .filter(Boolean)
          .join(' · ') || '—',
    },
    {
      key: 'where',
      header: 'Nơi · nguồn',
      cell: (r) => [r.province, r.source].filter(Boolean).join(' · ') || '—',
    },
    {
      key: 'date',
      header: 'Ngày',
      className: 'whitespace-nowrap',
      cell: (r) => (r.listedOn ? formatDay(r.listedOn) : '—'),
    },
    actionsColumn((r) => (
      <RowButton
        tone="danger"
        label={`Xóa giá của ${r.title}`}
        icon={Trash2}
        onClick={() => confirm.ask(r)}
      />
    )),
  ];

  return (
    <section aria-labelledby="prices-title">
      <h2 id="prices-title" className="mb-2 text-base font-semibold text-slate-900">
        Dữ liệu giá{' '}
        {rows.data ? <span className="font-normal text-slate-600">({rows.data.totalElements})</span> : null}
      </h2>
      <div className="mb-3 flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
        <SearchBox
          value={search}
          onChange={(v) => update({ search: v })}
          placeholder="Tìm tên xe, hãng, nơi bán, nguồn..."
          label="Tìm giá thị trường"
          className="sm:min-w-64 sm:flex-1"
        />
        {batchId ? (
          <Button variant="secondary" onClick={() => update({ batchId: undefined })}>
            <X className="size-4" aria-hidden="true" />
            Lần nhập: {batchName ?? `#${batchId}`}
          </Button>
        ) : null}
      </div>
      <QueryTable
        query={rows}
        columns={columns}
        rowKey={(r) => r.id}
        caption="Giá thị trường"
        empty={
          <EmptyState
            title={search || batchId ? 'Không có giá phù hợp' : 'Chưa có giá thị trường'}
            description={
              search || batchId
                ? 'Thử từ khóa khác hoặc bỏ lọc lần nhập.'
                : 'Nhập bảng giá để định giá xe theo thị trường.'
            }
          />
        }
      />
      <div className="mt-4 flex flex-col items-center justify-between gap-3 sm:flex-row">
        <div className="flex items-center gap-2 text-sm text-slate-600">
          <label htmlFor="market-page-size" className="whitespace-nowrap">
            Mỗi trang
          </label>
          <Select
            id="market-page-size"
            value={size}
            onChange={(e) => list.setSize(Number(e.target.value))}
            className="w-20"
          >
            {list.sizes.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </Select>
        </div>
        <Pagination
          page={page}
          totalPages={rows.data?.totalPages ?? 0}
          onChange={(p) => update({ page: p })}
        />
      </div>
      <ConfirmDialog
        {...confirm.dialog}
        title="Xóa dòng giá này?"
        message={confirm.target ? `${confirm.target.title}: ${formatPrice(confirm.target.price)}` : null}
        confirmLabel="Xóa"
      />
    </section>
  );
}
