import { formatDate, formatPrice, vnDayKey } from '@contract/format';
import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type PaymentMethod,
  SALE_STATUS_LABELS,
  SALE_STATUSES,
  type SaleStatus,
  type SaleView,
} from '@contract/sales';
import { Ban, Car, Eye } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Badge } from '../../../components/badge';
import { buttonClass, IconButton, iconButtonClass } from '../../../components/button';
import { type Column, DataTable } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { Select } from '../../../components/form-field';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { SearchBox } from '../../../components/search-box';
import { errorMessage } from '../../../lib/api-client';
import { ExportButtons } from '../../dashboard/components/export-buttons';
import { useSales } from '../api';
import { CancelSaleDialog } from '../components/cancel-sale-dialog';
import { DateInput } from '../components/date-input';

const PAGE_SIZES = [5, 10, 20, 50];
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** /dashboard/soldhistory: the sales book, newest first; search, date range, status and payment filters. */
export default function SoldHistoryPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const sizeParam = Number(params.get('size')) || 5;
  const size = PAGE_SIZES.includes(sizeParam) ? sizeParam : 5;
  const search = params.get('search') ?? '';
  const from = DAY.test(params.get('from') ?? '') ? params.get('from')! : '';
  const to = DAY.test(params.get('to') ?? '') ? params.get('to')! : '';
  const status = (SALE_STATUSES as readonly string[]).includes(params.get('status') ?? '')
    ? (params.get('status') as SaleStatus)
    : undefined;
  const paymentMethod = (PAYMENT_METHODS as readonly string[]).includes(params.get('paymentMethod') ?? '')
    ? (params.get('paymentMethod') as PaymentMethod)
    : undefined;
  const badRange = Boolean(from && to && from > to);
  const sales = useSales(
    {
      page,
      size,
      search: search || undefined,
      from: from || undefined,
      to: to || undefined,
      status,
      paymentMethod,
    },
    !badRange,
  );
  const [cancelling, setCancelling] = useState<SaleView | null>(null);
  const today = vnDayKey(new Date());

  const update = (patch: Record<string, string | number | undefined>) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v === undefined || v === '') p.delete(k);
      else p.set(k, String(v));
    }
    if (!('page' in patch)) p.delete('page');
    setParams(p, { replace: !('page' in patch) });
  };
  const filtered = Boolean(search || from || to || status || paymentMethod);

  const columns: Column<SaleView>[] = [
    {
      key: 'car',
      header: 'Xe',
      mobile: 'title',
      cell: (s) => (
        <div className="flex min-w-52 items-center gap-3">
          <div className="relative aspect-[3/2] w-16 shrink-0 overflow-hidden rounded-md bg-slate-100">
            {s.cover ? (
              <img
                src={s.cover.urls[480]}
                alt=""
                loading="lazy"
                className="absolute inset-0 size-full object-cover"
              />
            ) : (
              <Car className="absolute inset-0 m-auto size-5 text-slate-400" aria-hidden="true" />
            )}
          </div>
          <div className="min-w-0">
            <Link
              to={`/dashboard/soldhistory/${s.transactionId}`}
              className="line-clamp-2 font-medium text-slate-900 hover:text-brand-700 hover:underline"
            >
              {s.carName}
            </Link>
            <p className="text-xs text-slate-500">GD #{s.transactionId}</p>
          </div>
        </div>
      ),
    },
    {
      key: 'buyer',
      header: 'Người mua',
      cell: (s) => (
        <div className="md:min-w-36">
          <p className="text-slate-800">{s.buyerName}</p>
          <p className="text-xs text-slate-500">{s.buyerPhone}</p>
        </div>
      ),
    },
    {
      key: 'price',
      header: 'Giá bán',
      className: 'whitespace-nowrap',
      cell: (s) => <span className="font-semibold text-slate-900">{formatPrice(s.salePrice)}</span>,
    },
    {
      key: 'date',
      header: 'Ngày bán',
      className: 'whitespace-nowrap',
      cell: (s) => (
        <div>
          <p>{formatDate(s.saleDate)}</p>
          <p className="text-xs text-slate-500">{PAYMENT_METHOD_LABELS[s.paymentMethod]}</p>
        </div>
      ),
    },
    { key: 'seller', header: 'Nhân viên', cell: (s) => s.salesperson?.fullName ?? '—' },
    {
      key: 'status',
      header: 'Trạng thái',
      cell: (s) => (
        <Badge tone={s.status === 'active' ? 'success' : 'neutral'}>{SALE_STATUS_LABELS[s.status]}</Badge>
      ),
    },
    {
      key: 'actions',
      header: <span className="sr-only">Thao tác</span>,
      mobile: 'actions',
      className: 'w-px text-right',
      cell: (s) => (
        <div className="flex justify-end gap-1">
          <Link
            to={`/dashboard/soldhistory/${s.transactionId}`}
            className={iconButtonClass}
            aria-label={`Xem giao dịch #${s.transactionId}`}
            title="Xem chi tiết"
          >
            <Eye className="size-4" aria-hidden="true" />
          </Link>
          {s.status === 'active' ? (
            <IconButton
              label={`Hủy giao dịch #${s.transactionId}`}
              className="text-red-600 hover:bg-red-50 hover:text-red-700"
              onClick={() => setCancelling(s)}
            >
              <Ban className="size-4" aria-hidden="true" />
            </IconButton>
          ) : (
            <span className="size-11" aria-hidden="true" />
          )}
        </div>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Lịch sử bán hàng"
        description={
          sales.data ? `${sales.data.totalElements} giao dịch` : 'Các giao dịch bán xe của showroom'
        }
        actions={
          <>
            <ExportButtons path="sales" query={{ search, from, to, status, paymentMethod }} />
            <Link to="/dashboard/carManagement" className={buttonClass('secondary')}>
              Danh sách xe
            </Link>
          </>
        }
      />
      <div className="mb-4 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <SearchBox
          value={search}
          onChange={(v) => update({ search: v })}
          placeholder="Tìm tên xe, người mua, số điện thoại..."
          label="Tìm giao dịch"
          className="sm:min-w-64 sm:flex-1"
        />
        <div className="flex items-center gap-2 sm:w-48">
          <label htmlFor="sales-from" className="shrink-0 text-sm text-slate-600">
            Từ
          </label>
          <DateInput id="sales-from" value={from} max={to || today} onChange={(v) => update({ from: v })} />
        </div>
        <div className="flex items-center gap-2 sm:w-48">
          <label htmlFor="sales-to" className="shrink-0 text-sm text-slate-600">
            Đến
          </label>
          <DateInput
            id="sales-to"
            value={to}
            min={from || undefined}
            max={today}
            onChange={(v) => update({ to: v })}
          />
        </div>
        <Select
          aria-label="Lọc theo trạng thái"
          value={status ?? ''}
          onChange={(e) => update({ status: e.target.value })}
          className="sm:w-44"
        >
          <option value="">Mọi trạng thái</option>
          {SALE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {SALE_STATUS_LABELS[s]}
            </option>
          ))}
        </Select>
        <Select
          aria-label="Lọc theo hình thức thanh toán"
          value={paymentMethod ?? ''}
          onChange={(e) => update({ paymentMethod: e.target.value })}
          className="sm:w-44"
        >
          <option value="">Mọi hình thức</option>
          {PAYMENT_METHODS.map((m) => (
            <option key={m} value={m}>
              {PAYMENT_METHOD_LABELS[m]}
            </option>
          ))}
        </Select>
      </div>
      {badRange ? (
        <p className="mb-3 text-sm text-red-600" role="alert">
          Từ ngày không được sau đến ngày
        </p>
      ) : null}
      {sales.isError ? (
        <div
          className="rounded-xl bg-white p-6 text-center text-red-600 shadow-sm ring-1 ring-slate-200"
          role="alert"
        >
          {errorMessage(sales.error)}
        </div>
      ) : (
        <DataTable
          caption="Lịch sử bán hàng"
          columns={columns}
          rows={badRange ? [] : sales.data?.content}
          rowKey={(s) => s.transactionId}
          loading={sales.isPending && !badRange}
          className={sales.isPlaceholderData ? 'opacity-70' : undefined}
          empty={
            <EmptyState
              title={filtered ? 'Không có giao dịch phù hợp' : 'Chưa có giao dịch nào'}
              description={
                filtered ? 'Thử đổi khoảng ngày hoặc từ khóa.' : 'Giao dịch được ghi nhận từ danh sách xe.'
              }
              action={
                filtered ? (
                  <button
                    type="button"
                    className={buttonClass('secondary')}
                    onClick={() => setParams(new URLSearchParams(), { replace: true })}
                  >
                    Xóa bộ lọc
                  </button>
                ) : undefined
              }
            />
          }
        />
      )}
      <div className="mt-4 flex flex-col items-center justify-between gap-3 sm:flex-row">
        <div className="flex items-center gap-2 text-sm text-slate-600">
          <label htmlFor="sales-page-size" className="whitespace-nowrap">
            Mỗi trang
          </label>
          <Select
            id="sales-page-size"
            value={size}
            onChange={(e) => update({ size: Number(e.target.value) === 5 ? undefined : e.target.value })}
            className="w-20"
          >
            {PAGE_SIZES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </Select>
        </div>
        <Pagination
          page={page}
          totalPages={sales.data?.totalPages ?? 0}
          onChange={(p) => update({ page: p > 1 ? p : undefined })}
        />
      </div>
      <CancelSaleDialog sale={cancelling} onClose={() => setCancelling(null)} />
    </>
  );
}
