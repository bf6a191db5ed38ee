import { DEAL_PATH, DEAL_STATUS_LABELS, type DealStatus } from '@contract/deal-labels';
import type { DealView } from '@contract/deals';
import { formatVnd } from '@contract/format';
import { Check } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/button';
import { FormAlert, FormField, Textarea } from '../../../components/form-field';
import { ModalDialog } from '../../../components/modal-dialog';
import { errorMessage } from '../../../lib/api-client';
import { useMoveDeal } from '../api';
import { Card } from './card';

const ACTION_LABELS: Record<DealStatus, string> = {
  quote: 'Báo giá',
  deposit: 'Xác nhận đặt cọc',
  contract_signed: 'Đã ký hợp đồng',
  paid: 'Xác nhận đã thanh toán đủ',
  handed_over: 'Bàn giao xe',
  transferred: 'Hoàn tất sang tên',
  cancelled: 'Hủy giao dịch',
};

/** The path as steps, and a button for each move the deal may make now; a reason when one is needed. */
export function StatusCard({ deal }: { deal: DealView }) {
  const move = useMoveDeal(deal.dealId);
  const [asking, setAsking] = useState<DealStatus | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reached = DEAL_PATH.indexOf(deal.status);
  const needsReason = (to: DealStatus) =>
    to === 'cancelled' || (to === 'handed_over' && deal.money.balanceDue > 0);

  const run = (to: DealStatus, why?: string) =>
    move.mutate(
      { status: to, reason: why || undefined },
      {
        onSuccess: () => {
          toast.success(`Giao dịch ${deal.code}: ${DEAL_STATUS_LABELS[to]}`);
          setAsking(null);
        },
        onError: (err) => (asking ? setError(errorMessage(err)) : toast.error(errorMessage(err))),
      },
    );
  const start = (to: DealStatus) => {
    setError(null);
    setReason('');
    if (needsReason(to)) setAsking(to);
    else run(to);
  };

  return (
    <Card title="Tiến trình">
      <ol className="mb-4 grid grid-cols-2 gap-2 text-sm sm:grid-cols-3 xl:grid-cols-6">
        {DEAL_PATH.map((s, i) => {
          const done = deal.status !== 'cancelled' && i <= reached;
          return (
            <li
              key={s}
              aria-current={s === deal.status ? 'step' : undefined}
              className={`flex items-center gap-1.5 rounded-lg px-2 py-1.5 ${done ? 'bg-emerald-50 text-emerald-800' : 'bg-slate-50 text-slate-600'}`}
            >
              {done ? (
                <Check className="size-4 shrink-0" aria-hidden="true" />
              ) : (
                <span className="w-4 shrink-0 text-center">{i + 1}</span>
              )}
              {DEAL_STATUS_LABELS[s]}
            </li>
          );
        })}
      </ol>
      {deal.moves.length ? (
        <div className="flex flex-wrap gap-2">
          {deal.moves.map((to, i) => (
            <Button
              key={to}
              variant={to === 'cancelled' ? 'ghost' : i === 0 ? 'primary' : 'secondary'}
              className={to === 'cancelled' ? 'text-red-700 sm:ml-auto' : undefined}
              loading={move.isPending && move.variables?.status === to}
              onClick={() => start(to)}
            >
              {ACTION_LABELS[to]}
            </Button>
          ))}
        </div>
      ) : (
        <p className="text-sm text-slate-600">Giao dịch đã kết thúc.</p>
      )}
      <ModalDialog
        open={asking !== null}
        title={asking ? ACTION_LABELS[asking] : ''}
        onClose={() => setAsking(null)}
      >
        <form
          className="space-y-3 p-4 sm:p-6"
          onSubmit={(e) => {
            e.preventDefault();
            if (asking) run(asking, reason.trim());
          }}
        >
          {asking === 'handed_over' ? (
            <p className="text-sm text-slate-700">
              Khách còn thiếu {formatVnd(deal.money.balanceDue)}. Chỉ quản lý được bàn giao xe trước khi thanh
              toán đủ, kèm lý do.
            </p>
          ) : (
            <p className="text-sm text-slate-700">
              Xe trở lại Đang bán; đặt cọc giữ xe (nếu có) được hủy theo chính sách đặt cọc.
            </p>
          )}
          <FormField label="Lý do" htmlFor="deal-move-reason" required error={error ?? undefined}>
            <Textarea
              id="deal-move-reason"
              rows={3}
              maxLength={500}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </FormField>
          {error && !reason ? <FormAlert>{error}</FormAlert> : null}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => setAsking(null)}>
              Đóng
            </Button>
            <Button
              type="submit"
              variant={asking === 'cancelled' ? 'danger' : 'primary'}
              loading={move.isPending}
            >
              {asking ? ACTION_LABELS[asking] : ''}
            </Button>
          </div>
        </form>
      </ModalDialog>
    </Card>
  );
}
