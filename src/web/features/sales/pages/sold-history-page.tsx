import { formatDate, formatPrice, vnDayKey } from '@contract/format';
import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  SALE_STATUS_LABELS,
  SALE_STATUSES,
  type SaleView,
} from '@contract/sales';
import { Ban, Eye } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/badge';
import { buttonClass } from '../../../components/button';
import { CarRowTitle } from '../../../components/car-thumb';
import { ClearFiltersButton } from '../../../components/clear-filters-button';
import type { Column } from '../../../components/data-table';
import { DateInput } from '../../../components/date-input';
import { EmptyState } from '../../../components/empty-state';
import { ExportButtons } from '../../../components/export-buttons';
import { FilterSelect } from '../../../components/filter-select';
import { ListPage } from '../../../components/list-page';
import { actionsColumn, RowButton, RowButtonSpace, RowLink } from '../../../components/row-actions';
import { enumOptions } from '../../../lib/enum-options';
import { useListParams } from '../../../lib/use-list-params';
import { useSales } from '../api';
import { CancelSaleDialog } from '../components/cancel-sale-dialog';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** /dashboard/soldhistory: the sales book, newest first; search, date range, status and payment filters. */
export default function SoldHistoryPage() {
  const list = useListParams({ table: 'sales' });
  const { params, page, size, search, choice, update, clear } = list;
  const from = DAY.test(params.get('from') ?? '') ? params.get('from')! : '';
  const to = DAY.test(params.get('to') ?? '') ? params.get('to')! : '';
  const status = choice('status', SALE_STATUSES);
  const paymentMethod = choice('paymentMethod', PAYMENT_METHODS);
  const carId = /^\d{1,9}$/.test(params.get('carId') ?? '') ? Number(params.get('carId')) : undefined;
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
      carId,
    },
    !badRange,
  );
  const [cancelling, setCancelling] = useState<SaleView | null>(null);
  const today = vnDayKey(new Date());
  const filtered = Boolean(search || from || to || status || paymentMethod || carId);

  const columns: Column<SaleView>[] = [
    {
      key: 'car',
      header: 'Xe',
      mobile: 'title',
      cell: (s) => (
        <CarRowTitle
          src={s.cover?.urls[480]}
          to={`/dashboard/soldhistory/${s.transactionId}`}
          name={s.carName}
          meta={<>GD #{s.transactionId}</>}
          className="min-w-52"
          thumbClassName="w-16"
          iconClassName="size-5"
        />
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
    actionsColumn((s) => (
      <>
        <RowLink
          to={`/dashboard/soldhistory/${s.transactionId}`}
          label={`Xem giao dịch #${s.transactionId}`}
          title="Xem chi tiết"
          icon={Eye}
        />
        {s.status === 'active' ? (
          <RowButton
            tone="danger"
            label={`Hủy giao dịch #${s.transactionId}`}
            icon={Ban}
            onClick={() => setCancelling(s)}
          />
        ) : (
          <RowButtonSpace />
        )}
      </>
    )),
  ];

  return (
    <ListPage
      title="Lịch sử bán hàng"
      description={sales.data ? `${sales.data.totalElements} giao dịch` : 'Các giao dịch bán xe của showroom'}
      actions={
        <>
          <ExportButtons path="sales" query={{ search, from, to, status, paymentMethod }} />
          <Link to="/dashboard/carManagement" className={buttonClass('secondary')}>
            Danh sách xe
          </Link>
        </>
      }
      filtersClassName="flex flex-col gap-2 sm:flex-row sm:flex-wrap"
      search={{
        placeholder: 'Tìm tên xe, người mua, số điện thoại...',
        label: 'Tìm giao dịch',
        className: 'sm:min-w-64 sm:flex-1',
      }}
      filters={
        <>
          <div className="flex items-center gap-2 sm:w-48">
            <label htmlFor="sales-from" className="w-8 shrink-0 text-sm text-slate-600">
              Từ
            </label>
            <div className="min-w-0 flex-1">
              <DateInput
                id="sales-from"
                value={from}
                max={to || today}
                onChange={(v) => update({ from: v })}
              />
            </div>
          </div>
          <div className="flex items-center gap-2 sm:w-48">
            <label htmlFor="sales-to" className="w-8 shrink-0 text-sm text-slate-600">
              Đến
            </label>
            <div className="min-w-0 flex-1">
              <DateInput
                id="sales-to"
                value={to}
                min={from || undefined}
                max={today}
                onChange={(v) => update({ to: v })}
              />
            </div>
          </div>
          <FilterSelect
            label="Lọc theo trạng thái"
            value={status ?? ''}
            onChange={(v) => update({ status: v })}
            className="sm:w-44"
            all="Mọi trạng thái"
            options={enumOptions(SALE_STATUSES, SALE_STATUS_LABELS)}
          />
          <FilterSelect
            label="Lọc theo hình thức thanh toán"
            value={paymentMethod ?? ''}
            onChange={(v) => update({ paymentMethod: v })}
            className="sm:w-44"
            all="Mọi hình thức"
            options={enumOptions(PAYMENT_METHODS, PAYMENT_METHOD_LABELS)}
          />
        </>
      }
      query={sales}
      invalid={badRange ? 'Từ ngày không được sau đến ngày' : undefined}
      caption="Lịch sử bán hàng"
      columns={columns}
      rowKey={(s) => s.transactionId}
      empty={
        <EmptyState
          title={filtered ? 'Không có giao dịch phù hợp' : 'Chưa có giao dịch nào'}
          description={
            filtered ? 'Thử đổi khoảng ngày hoặc từ khóa.' : 'Giao dịch được ghi nhận từ danh sách xe.'
          }
          action={filtered ? <ClearFiltersButton onClick={clear} /> : undefined}
        />
      }
      list={list}
      pageSizeId="sales-page-size"
    >
      <CancelSaleDialog sale={cancelling} onClose={() => setCancelling(null)} />
    </ListPage>
  );
}
