import { formatPrice } from '@contract/format';
import type { ReconItem } from '@contract/recon';
import { ClipboardList } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormAlert } from '../../../components/form-field';
import { SkeletonText } from '../../../components/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { cx } from '../../../lib/cx';
import { useCan } from '../../../lib/session';
import { useReconCar, useWorkItemActions } from '../work-items-api';
import { WorkItemForm } from './work-item-form';
import { WorkItemRow } from './work-item-row';

const estimateOf = (i: ReconItem) => i.estimateParts + i.estimateLabour;

/** The work as a manager sums it in Excel: items, estimate, done, actual cost, and the overrun of the done. */
function Summary({ items }: { items: ReconItem[] }) {
  const live = items.filter((i) => i.status !== 'REJECTED');
  const done = items.filter((i) => i.status === 'DONE');
  const estimate = live.reduce((s, i) => s + estimateOf(i), 0);
  const actual = done.reduce((s, i) => s + (i.actualCost ?? 0), 0);
  // Estimate accuracy over the completed items that had an estimate (an unquoted finding has none).
  const quoted = done.filter((i) => estimateOf(i) > 0);
  const over = quoted.reduce((s, i) => s + (i.actualCost ?? 0) - estimateOf(i), 0);
  return (
    <div className="space-y-1">
      <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
        {[
          ['Hạng mục', `${live.length}`],
          ['Dự toán', formatPrice(estimate) || '0 đ'],
          ['Đã hoàn thành', `${done.length}/${live.length}`],
          ['Chi phí thực tế', formatPrice(actual) || '0 đ'],
        ].map(([label, value]) => (
          <div key={label} className="rounded-lg bg-slate-50 px-3 py-2 ring-1 ring-slate-200">
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd className="font-semibold text-slate-900 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {quoted.length > 0 && over !== 0 ? (
        <p className={cx('text-xs', over > 0 ? 'text-red-700' : 'text-emerald-700')}>
          Các hạng mục đã xong {over > 0 ? 'vượt' : 'thấp hơn'} dự toán {formatPrice(Math.abs(over))}.
        </p>
      ) : null}
    </div>
  );
}

/**
 * A car's work items ("Sửa chữa"): the list with each item's group, estimate, garage, status and actual
 * cost; a new item; approval and refusal for a manager (MANAGE_CAR: nobody else sees those buttons);
 * completion with its actual cost for anyone; and the inspection's "Cần lưu ý" findings made into items
 * in one click. Used by the car form's tab and by a card of the reconditioning board.
 */
export function WorkItems({
  carId,
  closed = false,
  framed = true,
}: {
  carId: number;
  /** A sold car: its work is history, shown without the forms. */
  closed?: boolean;
  /** Drawn as a card of its own (the car form); bare inside a dialog that frames it. */
  framed?: boolean;
}) {
  const titleId = useId();
  const recon = useReconCar(carId);
  const { add, update, estimate, fromInspection } = useWorkItemActions(carId);
  const can = useCan();
  const manager = can('MANAGE_CAR');
  const [refusing, setRefusing] = useState<ReconItem | null>(null);

  const setStatus = (
    item: ReconItem,
    status: 'APPROVED' | 'REJECTED' | 'DONE',
    actualCost?: number,
    done?: () => void,
  ) =>
    update.mutate(
      { itemId: item.itemId, status, actualCost },
      {
        onSuccess: () => {
          const verb = status === 'APPROVED' ? 'duyệt' : status === 'REJECTED' ? 'từ chối' : 'hoàn thành';
          toast.success(`Đã ${verb} "${item.title}"`);
          setRefusing(null);
          done?.();
        },
        onError: (err) => {
          toast.error(errorMessage(err));
          setRefusing(null);
        },
      },
    );

  const makeFromInspection = () =>
    fromInspection.mutate(undefined, {
      onSuccess: (made) =>
        made.length > 0
          ? toast.success(`Đã tạo ${made.length} hạng mục từ báo cáo kiểm định`)
          : toast.info('Các mục "Cần lưu ý" của báo cáo kiểm định đã có trong danh sách'),
      onError: (err) => toast.error(errorMessage(err)),
    });

  const items = recon.data?.items ?? [];
  return (
    <section
      aria-labelledby={titleId}
      className={cx('space-y-4', framed && 'rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6')}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={titleId} className="text-base font-semibold text-slate-900">
            Hạng mục sửa chữa
          </h2>
          <p className="text-sm text-slate-600">
            Quản lý duyệt hoặc từ chối; xong việc ghi chi phí thực tế, tính vào giá vốn của xe.
          </p>
        </div>
        {closed ? null : (
          <Button
            variant="secondary"
            loading={fromInspection.isPending}
            onClick={makeFromInspection}
            className="w-full sm:w-auto"
          >
            <ClipboardList className="size-4" aria-hidden="true" />
            Tạo từ mục Cần lưu ý
          </Button>
        )}
      </div>
      {recon.isError ? (
        <FormAlert>{errorMessage(recon.error)}</FormAlert>
      ) : !recon.data ? (
        <div aria-busy="true">
          <SkeletonText lines={4} />
        </div>
      ) : (
        <>
          {items.length > 0 ? <Summary items={items} /> : null}
          {items.length === 0 ? (
            <p className="rounded-lg border border-dashed border-slate-300 p-4 text-center text-sm text-slate-600">
              Chưa có hạng mục sửa chữa nào.
              {closed
                ? null
                : ' Thêm hạng mục bên dưới, hoặc tạo từ các mục "Cần lưu ý" của báo cáo kiểm định.'}
            </p>
          ) : (
            <ul className="divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200">
              {items.map((item) => (
                <WorkItemRow
                  key={item.itemId}
                  item={item}
                  manager={manager && !closed}
                  closed={closed}
                  busy={update.isPending || estimate.isPending}
                  onApprove={() => setStatus(item, 'APPROVED')}
                  onRefuse={() => setRefusing(item)}
                  onComplete={(cost, done) => setStatus(item, 'DONE', cost, done)}
                  onEstimate={(change, done) =>
                    estimate.mutate(
                      { itemId: item.itemId, ...change },
                      {
                        onSuccess: () => {
                          toast.success(`Đã lưu dự toán "${item.title}"`);
                          done();
                        },
                        onError: (err) => toast.error(errorMessage(err)),
                      },
                    )
                  }
                />
              ))}
            </ul>
          )}
          {closed ? null : (
            <WorkItemForm
              saving={add.isPending}
              onSave={(body, done) =>
                add.mutate(body, {
                  onSuccess: () => {
                    toast.success('Đã thêm hạng mục sửa chữa');
                    done.onSuccess();
                  },
                  onError: done.onError,
                })
              }
            />
          )}
        </>
      )}
      <ConfirmDialog
        open={refusing !== null}
        title="Từ chối hạng mục này?"
        message={
          refusing
            ? `"${refusing.title}" sẽ không được làm và không tính vào chi phí của xe. Việc từ chối được ghi nhật ký và không hoàn tác được.`
            : undefined
        }
        confirmLabel="Từ chối"
        loading={update.isPending}
        onCancel={() => setRefusing(null)}
        onConfirm={() => refusing && setStatus(refusing, 'REJECTED')}
      />
    </section>
  );
}
