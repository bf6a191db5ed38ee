import { formatDateTime, formatPrice, formatThousands } from '@contract/format';
import {
  RESERVATION_STATUS_LABELS,
  RESERVATION_STATUSES,
  type ReservationAdminView,
} from '@contract/reservations';
import { useState } from 'react';
import { Link } from 'react-router';
import { ClearFiltersButton } from '../../../components/clear-filters-button';
import type { Column } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { FilterSelect } from '../../../components/filter-select';
import { actionsColumn } from '../../../components/row-actions';
import { SearchBox } from '../../../components/search-box';
import { enumOptions } from '../../../lib/enum-options';
import { useListParams } from '../../../lib/use-list-params';
import { type ActionTarget, ReservationActionDialog } from './action-dialogs';
import { ActionButton, actionsFor } from './actions';
import { useAdminReservations } from './api';
import { ListBody } from './list-body';
import { DeadlineCell, ReservationStatusCell, SignalBadges } from './reservation-cells';
import { ReservationDrawer } from './reservation-drawer';
import { useNow } from './time-left';

/** The reservations: filter by status, search code / name / phone, act on a row, open one in the drawer. */
export function ReservationsTab() {
  const list = useListParams({ table: 'reservations', defaultSize: 10 });
  const { params, page, size, search, choice, update, clear } = list;
  const status = choice('status', RESERVATION_STATUSES);
  const carId = /^\d{1,9}$/.test(params.get('carId') ?? '') ? Number(params.get('carId')) : undefined;
  const query = useAdminReservations({ page, size, status, search: search || undefined, carId });
  const now = useNow();
  const [opened, setOpened] = useState<ReservationAdminView | null>(null);
  const [target, setTarget] = useState<ActionTarget | null>(null);
  const filtered = Boolean(search || status || carId);
  // The drawer shows the row as the list has it now, so it follows each action.
  const open = opened
    ? (query.data?.content.find((r) => r.reservationId === opened.reservationId) ?? opened)
    : null;

  const columns: Column<ReservationAdminView>[] = [
    {
      key: 'code',
      header: 'Mã',
      mobile: 'title',
      cell: (r) => (
        <div>
          <button
            type="button"
            onClick={() => setOpened(r)}
            className="-my-2 min-h-11 font-mono font-semibold text-brand-700 hover:underline"
            aria-label={`Xem đặt cọc ${r.code}`}
          >
            {r.code}
          </button>
          {/* Below 2xl the "Tạo lúc" column gives way to the actions: the time sits under the code. */}
          <p className="hidden text-xs whitespace-nowrap text-slate-500 md:block 2xl:hidden">
            {formatDateTime(r.createdAt)}
          </p>
        </div>
      ),
    },
    {
      key: 'car',
      header: 'Xe',
      cell: (r) => (
        <div className="md:min-w-36">
          <Link
            to={`/dashboard/car/edit/${r.carId}`}
            className="font-medium text-slate-900 hover:text-brand-700 hover:underline"
          >
            {r.carName}
          </Link>
          <p className="text-xs text-slate-500">{formatPrice(r.carPrice)}</p>
        </div>
      ),
    },
    {
      key: 'customer',
      header: 'Khách hàng',
      cell: (r) => (
        <div className="md:min-w-32">
          <p className="text-slate-800">{r.customerName}</p>
          <p className="text-xs text-slate-500">{r.phone}</p>
          <SignalBadges r={r} />
        </div>
      ),
    },
    {
      key: 'amount',
      header: 'Tiền cọc',
      className: 'whitespace-nowrap',
      cell: (r) => (
        <span className="font-semibold text-slate-900 tabular-nums">{formatThousands(r.amount)} đ</span>
      ),
    },
    { key: 'status', header: 'Trạng thái', cell: (r) => <ReservationStatusCell r={r} /> },
    { key: 'deadline', header: 'Thời hạn', cell: (r) => <DeadlineCell r={r} now={now} /> },
    {
      key: 'created',
      header: 'Tạo lúc',
      className: 'whitespace-nowrap md:hidden 2xl:table-cell',
      cell: (r) => {
        const [day, time] = formatDateTime(r.createdAt).split(' ');
        return (
          <>
            <span>{day}</span> <span className="text-xs text-slate-500 md:block">{time}</span>
          </>
        );
      },
    },
    actionsColumn((r) => {
      const kinds = actionsFor(r);
      return (
        // Stacked in the table, so the words fit beside the other columns at 1366 px; in a row on a phone's card.
        <div className="flex justify-end gap-1 md:flex-col md:items-stretch md:gap-0.5">
          {kinds.map((kind) => (
            <ActionButton key={kind} kind={kind} code={r.code} onClick={() => setTarget({ kind, r })} />
          ))}
        </div>
      );
    }),
  ];

  return (
    <>
      <ListBody
        filters={
          <>
            <SearchBox
              value={search}
              onChange={(v) => update({ search: v })}
              placeholder="Tìm mã đặt cọc, tên, số điện thoại, email, IP..."
              label="Tìm đặt cọc"
              className="sm:min-w-64 sm:flex-1"
            />
            <FilterSelect
              label="Lọc theo trạng thái"
              value={status ?? ''}
              onChange={(v) => update({ status: v })}
              className="sm:w-48"
              all="Mọi trạng thái"
              options={enumOptions(RESERVATION_STATUSES, RESERVATION_STATUS_LABELS)}
            />
            {carId ? (
              <button
                type="button"
                onClick={() => update({ carId: undefined })}
                className="min-h-11 rounded-lg bg-slate-100 px-3 text-sm text-slate-700 hover:bg-slate-200"
              >
                Xe #{carId} ×
              </button>
            ) : null}
          </>
        }
        query={query}
        list={list}
        pageSizeId="reservations-page-size"
        caption="Danh sách đặt cọc giữ xe"
        columns={columns}
        rowKey={(r) => r.reservationId}
        empty={
          <EmptyState
            title={filtered ? 'Không có đặt cọc phù hợp' : 'Chưa có đặt cọc nào'}
            description={
              filtered
                ? 'Thử đổi trạng thái hoặc từ khóa.'
                : 'Khách đặt cọc giữ xe trên trang chi tiết xe; đơn mới hiện ở đây.'
            }
            action={filtered ? <ClearFiltersButton onClick={clear} /> : undefined}
          />
        }
      />
      <ReservationDrawer r={open} onClose={() => setOpened(null)} onAction={setTarget} />
      <ReservationActionDialog target={target} onClose={() => setTarget(null)} onChain={setTarget} />
    </>
  );
}
