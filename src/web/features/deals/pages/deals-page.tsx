import { DEAL_STATUS_LABELS, DEAL_STATUSES } from '@contract/deal-labels';
import type { DealSummary } from '@contract/deals';
import { formatDateTime, formatPrice, formatVnd } from '@contract/format';
import { Eye, Plus } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/button';
import { ClearFiltersButton } from '../../../components/clear-filters-button';
import type { Column } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { FilterSelect } from '../../../components/filter-select';
import { ListPage } from '../../../components/list-page';
import { actionsColumn, RowLink } from '../../../components/row-actions';
import { enumOptions } from '../../../lib/enum-options';
import { useListParams } from '../../../lib/use-list-params';
import { useDeals } from '../api';
import { DealStatusBadge } from '../components/status-badge';

/** /dashboard/deals: every deal by status, the latest change first; search by buyer, phone, car or code. */
export default function DealsPage() {
  const list = useListParams({ table: 'deals' });
  const { page, size, search, choice, update, clear } = list;
  const status = choice('status', DEAL_STATUSES);
  const deals = useDeals({ page, size, search: search || undefined, status });
  const filtered = Boolean(search || status);

  const columns: Column<DealSummary>[] = [
    {
      key: 'code',
      header: 'Giao dịch',
      mobile: 'title',
      cell: (d) => (
        <div className="min-w-44">
          <Link to={`/dashboard/deals/${d.dealId}`} className="font-semibold text-slate-900 hover:underline">
            {d.code}
          </Link>
          <p className="text-xs text-slate-500">{d.carName}</p>
        </div>
      ),
    },
    {
      key: 'buyer',
      header: 'Khách hàng',
      cell: (d) => (
        <div className="md:min-w-36">
          <p className="text-slate-800">{d.customerName}</p>
          <p className="text-xs text-slate-500">{d.customerPhone}</p>
        </div>
      ),
    },
    {
      key: 'price',
      header: 'Giá bán',
      className: 'whitespace-nowrap',
      cell: (d) => <span className="font-semibold text-slate-900">{formatPrice(d.price)}</span>,
    },
    {
      key: 'due',
      header: 'Còn phải thu',
      className: 'whitespace-nowrap',
      cell: (d) =>
        d.balanceDue > 0 ? formatVnd(d.balanceDue) : <span className="text-emerald-700">Đã đủ</span>,
    },
    { key: 'status', header: 'Trạng thái', cell: (d) => <DealStatusBadge status={d.status} /> },
    { key: 'seller', header: 'Nhân viên', cell: (d) => d.salesperson?.fullName ?? '—' },
    {
      key: 'updated',
      header: 'Cập nhật',
      className: 'whitespace-nowrap',
      cell: (d) => formatDateTime(d.updatedAt),
    },
    actionsColumn((d) => (
      <RowLink
        to={`/dashboard/deals/${d.dealId}`}
        label={`Xem giao dịch ${d.code}`}
        title="Xem chi tiết"
        icon={Eye}
      />
    )),
  ];

  return (
    <ListPage
      title="Giao dịch bán xe"
      description={deals.data ? `${deals.data.totalElements} giao dịch` : 'Từ báo giá đến hoàn tất sang tên'}
      actions={
        <Link to="/dashboard/deals/new" className={buttonClass('primary')}>
          <Plus className="size-4" aria-hidden="true" />
          Lập giao dịch
        </Link>
      }
      filtersClassName="flex flex-col gap-2 sm:flex-row sm:flex-wrap"
      search={{
        placeholder: 'Tìm mã giao dịch, khách hàng, số điện thoại, xe...',
        label: 'Tìm giao dịch',
        className: 'sm:min-w-64 sm:flex-1',
      }}
      filters={
        <FilterSelect
          label="Lọc theo trạng thái"
          value={status ?? ''}
          onChange={(v) => update({ status: v })}
          className="sm:w-52"
          all="Mọi trạng thái"
          options={enumOptions(DEAL_STATUSES, DEAL_STATUS_LABELS)}
        />
      }
      query={deals}
      caption="Giao dịch bán xe"
      columns={columns}
      rowKey={(d) => d.dealId}
      empty={
        <EmptyState
          title={filtered ? 'Không có giao dịch phù hợp' : 'Chưa có giao dịch nào'}
          description={
            filtered
              ? 'Thử đổi trạng thái hoặc từ khóa.'
              : 'Lập giao dịch từ một xe, một đặt cọc hoặc một khách hàng tiềm năng.'
          }
          action={filtered ? <ClearFiltersButton onClick={clear} /> : undefined}
        />
      }
      list={list}
      pageSizeId="deals-page-size"
    />
  );
}
