import type { CarCosts } from '@contract/car-cost-ledger';
import { formatDay, formatPrice, formatVnd } from '@contract/format';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { IconButton } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormAlert } from '../../../components/form-field';
import { SkeletonText } from '../../../components/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { cx } from '../../../lib/cx';
import { useCarCosts, useCostActions } from '../api';
import { CostLineForm } from './cost-line-form';

const percent = (rate: number) => `${(Math.round(rate * 1000) / 10).toString().replace('.', ',')}%`;

/** The figures that make the true cost, each with how it was reached. */
function Totals({ c }: { c: CarCosts }) {
  const others = c.lines
    .filter((l) => l.category !== 'purchase' && l.category !== 'recon')
    .reduce((s, l) => s + l.amount, 0);
  const rows: [string, string, string?][] = [
    ['Giá mua', c.purchasePrice === null ? 'Chưa nhập' : formatVnd(c.purchasePrice)],
    ['Tân trang, sửa chữa', formatVnd(c.reconCost), 'Các hạng mục sửa chữa đã hoàn thành'],
    ['Vận chuyển, phí, hoa hồng, khác', formatVnd(others)],
    [
      'Chi phí vốn tồn kho',
      formatVnd(c.holdingCost),
      `${percent(c.holdingRate)}/năm trên tiền đã chi, ${c.holdingDays} ngày từ ${formatDay(c.holdingFrom)} đến ${formatDay(c.holdingUntil)}`,
    ],
  ];
  const loss = c.margin < 0;
  const row = 'flex justify-between gap-3';
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <dl className="space-y-2 rounded-lg bg-slate-50 p-3 text-sm ring-1 ring-slate-200">
        {rows.map(([label, value, basis]) => (
          <div key={label} className={row}>
            <dt className="text-slate-600">
              {label}
              {basis ? <span className="block text-xs text-slate-600">{basis}</span> : null}
            </dt>
            <dd className="shrink-0 font-medium text-slate-900 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <dl className="space-y-2 rounded-lg p-3 text-sm ring-1 ring-slate-200">
        <div className={row}>
          <dt className="font-semibold text-slate-900">Giá vốn thực</dt>
          <dd className="text-lg font-bold text-slate-900 tabular-nums">{formatVnd(c.trueCost)}</dd>
        </div>
        <div className={row}>
          <dt className="text-slate-600">{c.sold ? 'Giá đã bán' : 'Giá bán hiện tại'}</dt>
          <dd className="font-medium tabular-nums">{formatVnd(c.sellPrice)}</dd>
        </div>
        <div className={row}>
          <dt className="text-slate-600">{loss ? 'Lỗ' : 'Lãi'} trên giá vốn thực</dt>
          <dd className={cx('font-bold tabular-nums', loss ? 'text-red-700' : 'text-emerald-700')}>
            {formatPrice(c.margin)}
            {c.marginRate === null ? null : ` (${percent(c.marginRate)})`}
          </dd>
        </div>
      </dl>
      {c.purchasePrice === null ? (
        <p className="text-xs text-amber-800 sm:col-span-2">Nhập giá mua xe để giá vốn thực có ý nghĩa.</p>
      ) : null}
    </div>
  );
}

/** The car form's "Chi phí" tab: the ledger, its totals, a line added or a mistaken one deleted. */
export function CostsTab({ carId }: { carId: number }) {
  const costs = useCarCosts(carId);
  const { add, remove } = useCostActions(carId);
  const [deleting, setDeleting] = useState<number | null>(null);
  if (costs.isError) return <FormAlert>{errorMessage(costs.error)}</FormAlert>;
  if (!costs.data)
    return (
      <div className="rounded-xl bg-white p-6 ring-1 ring-slate-200" aria-busy="true">
        <SkeletonText lines={6} />
      </div>
    );
  const c = costs.data;
  return (
    <section
      aria-labelledby="costs-title"
      className="space-y-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <div>
        <h2 id="costs-title" className="text-base font-semibold text-slate-900">
          Chi phí thực của xe
        </h2>
        <p className="text-sm text-slate-600">Chỉ nhân viên quản lý xe xem được; khách không bao giờ thấy.</p>
      </div>
      <Totals c={c} />
      {c.lines.length === 0 ? (
        <p className="text-sm text-slate-600">Chưa có dòng chi phí nào.</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200">
          {c.lines.map((l) => (
            <li
              key={`${l.source}-${l.id ?? l.category}`}
              className="flex items-start gap-3 px-3 py-2 text-sm"
            >
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <span className="font-medium text-slate-900">{l.label}</span>
                  <span className="font-medium text-slate-900 tabular-nums">{formatVnd(l.amount)}</span>
                </p>
                <p className="text-slate-600">
                  {formatDay(l.incurredOn)}
                  {l.note ? ` · ${l.note}` : null}
                </p>
                <p className="text-xs text-slate-500">
                  {l.source === 'buyIn'
                    ? 'Từ phiếu mua xe'
                    : l.source === 'recon'
                      ? 'Từ các hạng mục sửa chữa'
                      : `Nhập bởi ${l.enteredBy?.fullName ?? 'tài khoản đã xóa'}`}
                </p>
              </div>
              {l.id !== null ? (
                <IconButton label={`Xóa dòng ${l.label}`} onClick={() => setDeleting(l.id)}>
                  <Trash2 className="size-4" aria-hidden="true" />
                </IconButton>
              ) : (
                <span className="w-11 shrink-0" />
              )}
            </li>
          ))}
        </ul>
      )}
      <CostLineForm
        saving={add.isPending}
        hasPurchase={c.purchasePrice !== null}
        onSave={(body, done) =>
          add.mutate(body, {
            onSuccess: () => {
              toast.success('Đã thêm chi phí');
              done.onSuccess();
            },
            onError: done.onError,
          })
        }
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Xóa dòng chi phí này?"
        message="Dòng bị xóa không còn được tính vào giá vốn thực. Việc xóa được ghi vào nhật ký."
        confirmLabel="Xóa"
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting !== null &&
          remove.mutate(deleting, {
            onSuccess: () => {
              toast.success('Đã xóa dòng chi phí');
              setDeleting(null);
            },
            onError: (err) => {
              toast.error(errorMessage(err));
              setDeleting(null);
            },
          })
        }
      />
    </section>
  );
}
