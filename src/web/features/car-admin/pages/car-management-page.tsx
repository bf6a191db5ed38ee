import {
  CAR_SORT_LABELS,
  CAR_STATUS_LABELS,
  CAR_STATUSES,
  type CarAdminRow,
  type CarStatus,
} from '@contract/cars';
import { formatDate, formatKm, formatPrice } from '@contract/format';
import { Car, HandCoins, Pencil, Plus, Receipt, Trash2 } from 'lucide-react';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Badge } from '../../../components/badge';
import { buttonClass, IconButton, iconButtonClass } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { type Column, DataTable } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { Select } from '../../../components/form-field';
import { NumberInput } from '../../../components/number-input';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { SearchBox } from '../../../components/search-box';
import { errorMessage } from '../../../lib/api-client';
import { ExportButtons } from '../../dashboard/components/export-buttons';
import { SaleDialog, type SaleTarget } from '../../sales';
import { useAdminCars, useDeleteCar, useInventoryOptions } from '../api';
import { STATUS_TONES } from '../status';

const PAGE_SIZES = [5, 10, 20, 50];
const SORTS = ['newest', 'updated', 'price_desc', 'price_asc', 'year_desc', 'odo_asc'] as const;
const SORT_LABELS: Record<(typeof SORTS)[number], string> = { ...CAR_SORT_LABELS, updated: 'Mới cập nhật' };

const num = (v: string | null) => (v && /^\d+$/.test(v) ? Number(v) : undefined);

/** A price bound that changes the URL on blur or Enter, not on every key. */
function PriceBound({
  id,
  label,
  value,
  onCommit,
}: {
  id: string;
  label: string;
  value: number | undefined;
  onCommit: (v: number | undefined) => void;
}) {
  const [draft, setDraft] = useState<number | null>(value ?? null);
  useEffect(() => setDraft(value ?? null), [value]);
  const commit = () => {
    if ((draft ?? undefined) !== value) onCommit(draft ?? undefined);
  };
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <NumberInput
        id={id}
        value={draft}
        onChange={setDraft}
        onBlur={commit}
        onKeyDown={(e: KeyboardEvent) => {
          if (e.key === 'Enter') commit();
        }}
        placeholder={label}
        suffix="đ"
      />
    </div>
  );
}

/** /dashboard/carManagement: every car, with search, status / brand / price filters, paging and actions. */
export default function CarManagementPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, num(params.get('page')) ?? 1);
  const size = PAGE_SIZES.includes(num(params.get('size')) ?? 5) ? (num(params.get('size')) ?? 5) : 5;
  const search = params.get('search') ?? '';
  const status = (CAR_STATUSES as readonly string[]).includes(params.get('status') ?? '')
    ? (params.get('status') as CarStatus)
    : undefined;
  const brand = params.get('brand') || undefined;
  const minPrice = num(params.get('minPrice'));
  const maxPrice = num(params.get('maxPrice'));
  const sortParam = params.get('sort') ?? 'newest';
  const sort = (SORTS as readonly string[]).includes(sortParam) ? sortParam : 'newest';
  const invalidRange = minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice;

  const cars = useAdminCars({
    page,
    size,
    search: search || undefined,
    status,
    brand,
    minPrice,
    maxPrice,
    sort,
  });
  const options = useInventoryOptions();
  const remove = useDeleteCar();
  const [deleting, setDeleting] = useState<CarAdminRow | null>(null);
  const [selling, setSelling] = useState<SaleTarget | null>(null);

  const update = (patch: Record<string, string | number | undefined>) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v === undefined || v === '') p.delete(k);
      else p.set(k, String(v));
    }
    if (!('page' in patch)) p.delete('page');
    setParams(p, { replace: !('page' in patch) });
  };
  const filtered = Boolean(search || status || brand || minPrice !== undefined || maxPrice !== undefined);

  const columns: Column<CarAdminRow>[] = [
    {
      key: 'car',
      header: 'Xe',
      mobile: 'title',
      cell: (c) => (
        <div className="flex min-w-64 items-center gap-3">
          <div className="relative aspect-[3/2] w-20 shrink-0 overflow-hidden rounded-md bg-slate-100">
            {c.cover ? (
              <img
                src={c.cover.urls[480]}
                alt=""
                loading="lazy"
                className="absolute inset-0 size-full object-cover"
              />
            ) : (
              <Car className="absolute inset-0 m-auto size-6 text-slate-400" aria-hidden="true" />
            )}
          </div>
          <div className="min-w-0">
            <Link
              to={`/dashboard/car/edit/${c.carId}`}
              className="line-clamp-2 font-medium text-slate-900 hover:text-brand-700 hover:underline"
            >
              {c.carName}
            </Link>
            <p className="text-xs text-slate-500">
              #{c.carId} · {c.year} · {formatKm(c.odo)}
            </p>
          </div>
        </div>
      ),
    },
    {
      key: 'price',
      header: 'Giá bán',
      className: 'whitespace-nowrap',
      cell: (c) => <span className="font-semibold text-slate-900">{formatPrice(c.sellPrice)}</span>,
    },
    {
      key: 'status',
      header: 'Trạng thái',
      cell: (c) => <Badge tone={STATUS_TONES[c.status]}>{CAR_STATUS_LABELS[c.status]}</Badge>,
    },
    { key: 'photos', header: 'Ảnh', className: 'text-center', cell: (c) => c.photoCount },
    {
      key: 'updated',
      header: 'Cập nhật',
      className: 'whitespace-nowrap',
      cell: (c) => formatDate(c.updatedAt),
    },
    {
      key: 'actions',
      header: <span className="sr-only">Thao tác</span>,
      mobile: 'actions',
      className: 'w-px text-right',
      cell: (c) => (
        <div className="flex justify-end gap-1">
          {c.status === 'sold' ? (
            c.saleId ? (
              <Link
                to={`/dashboard/soldhistory/${c.saleId}`}
                className={iconButtonClass}
                aria-label={`Xem giao dịch ${c.carName}`}
                title="Xem giao dịch"
              >
                <Receipt className="size-4" aria-hidden="true" />
              </Link>
            ) : null
          ) : (
            <IconButton
              label={`Ghi nhận bán ${c.carName}`}
              className="text-emerald-700 hover:bg-emerald-50 hover:text-emerald-800"
              onClick={() => setSelling({ carId: c.carId, carName: c.carName, sellPrice: c.sellPrice })}
            >
              <HandCoins className="size-4" aria-hidden="true" />
            </IconButton>
          )}
          <Link
            to={`/dashboard/car/edit/${c.carId}`}
            className={iconButtonClass}
            aria-label={`Sửa ${c.carName}`}
            title="Sửa"
          >
            <Pencil className="size-4" aria-hidden="true" />
          </Link>
          <IconButton
            label={`Xóa ${c.carName}`}
            className="text-red-600 hover:bg-red-50 hover:text-red-700"
            onClick={() => setDeleting(c)}
          >
            <Trash2 className="size-4" aria-hidden="true" />
          </IconButton>
        </div>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Danh sách xe"
        description={cars.data ? `${cars.data.totalElements} xe trong kho` : 'Quản lý xe trong showroom'}
        actions={
          <>
            <ExportButtons path="cars" query={{ search, status, brand, minPrice, maxPrice, sort }} />
            <Link to="/dashboard/car/add" className={buttonClass('primary')}>
              <Plus className="size-4" aria-hidden="true" />
              Thêm xe
            </Link>
          </>
        }
      />
      <div className="mb-4 grid grid-cols-2 gap-2 md:flex md:flex-wrap">
        <SearchBox
          value={search}
          onChange={(v) => update({ search: v })}
          placeholder="Tìm tên xe, hãng, mã xe..."
          label="Tìm xe"
          className="col-span-2 md:min-w-64 md:flex-1"
        />
        <Select
          aria-label="Lọc theo trạng thái"
          value={status ?? ''}
          onChange={(e) => update({ status: e.target.value })}
          className="md:w-44"
        >
          <option value="">Mọi trạng thái</option>
          {CAR_STATUSES.map((s) => (
            <option key={s} value={s}>
              {CAR_STATUS_LABELS[s]}
            </option>
          ))}
        </Select>
        <Select
          aria-label="Lọc theo hãng"
          value={brand ?? ''}
          onChange={(e) => update({ brand: e.target.value })}
          className="md:w-44"
        >
          <option value="">Mọi hãng</option>
          {options.data?.brands.map((b) => (
            <option key={b.value} value={b.value}>
              {b.label}
            </option>
          ))}
          {brand && !options.data?.brands.some((b) => b.value === brand) ? (
            <option value={brand}>{brand}</option>
          ) : null}
        </Select>
        <div className="md:w-40">
          <PriceBound
            id="admin-min-price"
            label="Giá từ"
            value={minPrice}
            onCommit={(v) => update({ minPrice: v })}
          />
        </div>
        <div className="md:w-40">
          <PriceBound
            id="admin-max-price"
            label="Giá đến"
            value={maxPrice}
            onCommit={(v) => update({ maxPrice: v })}
          />
        </div>
        <Select
          aria-label="Sắp xếp"
          value={sort}
          onChange={(e) => update({ sort: e.target.value === 'newest' ? undefined : e.target.value })}
          className="col-span-2 md:w-48"
        >
          {SORTS.map((s) => (
            <option key={s} value={s}>
              {SORT_LABELS[s]}
            </option>
          ))}
        </Select>
      </div>
      {invalidRange ? (
        <p className="mb-3 text-sm text-red-600" role="alert">
          Giá tối thiểu không được lớn hơn giá tối đa
        </p>
      ) : null}
      {cars.isError && !invalidRange ? (
        <div
          className="rounded-xl bg-white p-6 text-center text-red-600 shadow-sm ring-1 ring-slate-200"
          role="alert"
        >
          {errorMessage(cars.error)}
        </div>
      ) : (
        <DataTable
          caption="Danh sách xe"
          columns={columns}
          rows={invalidRange ? [] : cars.data?.content}
          rowKey={(c) => c.carId}
          loading={cars.isPending && !invalidRange}
          className={cars.isPlaceholderData ? 'opacity-70' : undefined}
          empty={
            <EmptyState
              title={filtered ? 'Không có xe phù hợp' : 'Chưa có xe nào'}
              description={
                filtered ? 'Thử bỏ bớt bộ lọc hoặc từ khóa.' : 'Bấm "Thêm xe" để đăng chiếc xe đầu tiên.'
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
          <label htmlFor="admin-page-size" className="whitespace-nowrap">
            Mỗi trang
          </label>
          <Select
            id="admin-page-size"
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
          totalPages={cars.data?.totalPages ?? 0}
          onChange={(p) => update({ page: p > 1 ? p : undefined })}
        />
      </div>
      <ConfirmDialog
        open={deleting !== null}
        title="Xóa xe này?"
        message={
          deleting ? (
            <>
              <strong>{deleting.carName}</strong> và toàn bộ ảnh của xe sẽ bị xóa vĩnh viễn. Xe đã có giao
              dịch bán không thể xóa.
            </>
          ) : null
        }
        confirmLabel="Xóa xe"
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          remove.mutate(deleting!.carId, {
            onSuccess: () => {
              toast.success(`Đã xóa xe ${deleting!.carName}`);
              setDeleting(null);
            },
            onError: (err) => {
              toast.error(errorMessage(err));
              setDeleting(null);
            },
          })
        }
      />
      <SaleDialog car={selling} onClose={() => setSelling(null)} />
    </>
  );
}
