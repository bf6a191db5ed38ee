import { CAR_SORT_LABELS, CAR_STATUS_LABELS, CAR_STATUSES, type CarAdminRow } from '@contract/cars';
import { formatDate, formatKm, formatPrice } from '@contract/format';
import { HandCoins, Pencil, Plus, Receipt, Trash2 } from 'lucide-react';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { Badge } from '../../../components/badge';
import { IconButton } from '../../../components/button';
import { CarRowTitle } from '../../../components/car-thumb';
import { ClearFiltersButton } from '../../../components/clear-filters-button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import type { Column } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { ExportButtons } from '../../../components/export-buttons';
import { FilterSelect } from '../../../components/filter-select';
import { Select } from '../../../components/form-field';
import { ListAddLink, ListPage } from '../../../components/list-page';
import { NumberInput } from '../../../components/number-input';
import { actionsColumn, RowButton, RowLink } from '../../../components/row-actions';
import { enumOptions } from '../../../lib/enum-options';
import { useConfirmAction } from '../../../lib/use-confirm-action';
import { useListParams } from '../../../lib/use-list-params';
import { TrueCostCell, useCostSummaries } from '../../car-costs';
import { SaleDialog, type SaleTarget } from '../../sales';
import { useAdminCars, useDeleteCar, useInventoryOptions } from '../api';
import { STATUS_TONES } from '../status';

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
  const list = useListParams({ table: 'cars' });
  const { params, page, size, search, choice, update, clear } = list;
  const status = choice('status', CAR_STATUSES);
  const brand = params.get('brand') || undefined;
  const minPrice = num(params.get('minPrice'));
  const maxPrice = num(params.get('maxPrice'));
  const sort = choice('sort', SORTS) ?? 'newest';
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
  const costs = useCostSummaries(cars.data?.content.map((c) => c.carId) ?? []);
  const remove = useConfirmAction(
    useDeleteCar(),
    (c: CarAdminRow) => c.carId,
    (c) => `Đã xóa xe ${c.carName}`,
  );
  const [selling, setSelling] = useState<SaleTarget | null>(null);
  const filtered = Boolean(search || status || brand || minPrice !== undefined || maxPrice !== undefined);

  const columns: Column<CarAdminRow>[] = [
    {
      key: 'car',
      header: 'Xe',
      mobile: 'title',
      cell: (c) => (
        <CarRowTitle
          src={c.cover?.urls[480]}
          to={`/dashboard/car/edit/${c.carId}`}
          name={c.carName}
          meta={
            <>
              #{c.carId} · {c.year} · {formatKm(c.odo)}
            </>
          }
          className="min-w-64"
          thumbClassName="w-20"
          iconClassName="size-6"
        />
      ),
    },
    {
      key: 'price',
      header: 'Giá bán',
      className: 'whitespace-nowrap',
      cell: (c) => <span className="font-semibold text-slate-900">{formatPrice(c.sellPrice)}</span>,
    },
    {
      key: 'cost',
      header: 'Giá vốn thực · lãi',
      cell: (c) => <TrueCostCell summary={costs.data?.get(c.carId)} price={c.sellPrice} />,
    },
    {
      key: 'status',
      header: 'Trạng thái',
      cell: (c) => (
        <span className="flex flex-wrap gap-1">
          <Badge tone={STATUS_TONES[c.status]}>{CAR_STATUS_LABELS[c.status]}</Badge>
          {c.odometerRollback ? <Badge tone="danger">Lịch sử km bị lùi</Badge> : null}
        </span>
      ),
    },
    { key: 'photos', header: 'Ảnh', className: 'text-center', cell: (c) => c.photoCount },
    {
      key: 'updated',
      header: 'Cập nhật',
      className: 'whitespace-nowrap',
      cell: (c) => formatDate(c.updatedAt),
    },
    actionsColumn((c) => (
      <>
        {c.status === 'sold' ? (
          <RowLink
            to={`/dashboard/soldhistory?carId=${c.carId}`}
            label={`Xem giao dịch ${c.carName}`}
            title="Xem giao dịch"
            icon={Receipt}
          />
        ) : (
          <IconButton
            label={`Ghi nhận bán ${c.carName}`}
            className="text-emerald-700 hover:bg-emerald-50 hover:text-emerald-800"
            onClick={() => setSelling({ carId: c.carId, carName: c.carName, sellPrice: c.sellPrice })}
          >
            <HandCoins className="size-4" aria-hidden="true" />
          </IconButton>
        )}
        <RowLink to={`/dashboard/car/edit/${c.carId}`} label={`Sửa ${c.carName}`} title="Sửa" icon={Pencil} />
        <RowButton tone="danger" label={`Xóa ${c.carName}`} icon={Trash2} onClick={() => remove.ask(c)} />
      </>
    )),
  ];

  return (
    <ListPage
      title="Danh sách xe"
      description={cars.data ? `${cars.data.totalElements} xe trong kho` : 'Quản lý xe trong showroom'}
      actions={
        <>
          <ExportButtons path="cars" query={{ search, status, brand, minPrice, maxPrice, sort }} />
          <ListAddLink to="/dashboard/car/add" icon={Plus} label="Thêm xe" />
        </>
      }
      filtersClassName="grid grid-cols-2 gap-2 md:flex md:flex-wrap"
      search={{
        placeholder: 'Tìm tên xe, hãng, mã xe...',
        label: 'Tìm xe',
        className: 'col-span-2 md:min-w-64 md:flex-1',
      }}
      filters={
        <>
          <FilterSelect
            label="Lọc theo trạng thái"
            value={status ?? ''}
            onChange={(v) => update({ status: v })}
            className="md:w-44"
            all="Mọi trạng thái"
            options={enumOptions(CAR_STATUSES, CAR_STATUS_LABELS)}
          />
          <FilterSelect
            label="Lọc theo hãng"
            value={brand ?? ''}
            onChange={(v) => update({ brand: v })}
            className="md:w-44"
            all="Mọi hãng"
            options={options.data?.brands}
          >
            {brand && !options.data?.brands.some((b) => b.value === brand) ? (
              <option value={brand}>{brand}</option>
            ) : null}
          </FilterSelect>
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
        </>
      }
      query={cars}
      invalid={invalidRange ? 'Giá tối thiểu không được lớn hơn giá tối đa' : undefined}
      caption="Danh sách xe"
      columns={columns}
      rowKey={(c) => c.carId}
      empty={
        <EmptyState
          title={filtered ? 'Không có xe phù hợp' : 'Chưa có xe nào'}
          description={
            filtered ? 'Thử bỏ bớt bộ lọc hoặc từ khóa.' : 'Bấm "Thêm xe" để đăng chiếc xe đầu tiên.'
          }
          action={filtered ? <ClearFiltersButton onClick={clear} /> : undefined}
        />
      }
      list={list}
      pageSizeId="admin-page-size"
    >
      <ConfirmDialog
        {...remove.dialog}
        title="Xóa xe này?"
        message={
          remove.target ? (
            <>
              <strong>{remove.target.carName}</strong> và toàn bộ ảnh của xe sẽ bị xóa vĩnh viễn. Xe đã có
              giao dịch bán không thể xóa.
            </>
          ) : null
        }
        confirmLabel="Xóa xe"
      />
      <SaleDialog car={selling} onClose={() => setSelling(null)} />
    </ListPage>
  );
}
