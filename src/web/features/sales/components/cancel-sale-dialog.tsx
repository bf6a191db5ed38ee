import { maxLengths } from '@contract/limits';
import { type SaleView, saleCancelBody } from '@contract/sales';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { CountedTextarea } from '../../../components/char-count';
import { ConfirmDialog } from '../../../components/confirm-dialog';

import { errorMessage } from '../../../lib/api-client';
import { useCancelSale } from '../api';

const LIMITS = maxLengths(saleCancelBody);

/** Cancels a sale after a confirmation with a reason (required by the contract); the car goes back on sale. */
export function CancelSaleDialog({ sale, onClose }: { sale: SaleView | null; onClose: () => void }) {
  const cancel = useCancelSale();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (sale) {
      setReason('');
      setError(null);
    }
  }, [sale]);

  const confirm = () => {
    if (!sale) return;
    const parsed = saleCancelBody.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Lý do hủy không hợp lệ');
      return;
    }
    cancel.mutate(
      { id: sale.transactionId, reason: parsed.data.reason },
      {
        onSuccess: () => {
          toast.success(`Đã hủy giao dịch #${sale.transactionId}; xe ${sale.carName} trở lại Đang bán`);
          onClose();
        },
        onError: (err) => setError(errorMessage(err)),
      },
    );
  };

  return (
    <ConfirmDialog
      open={sale !== null}
      title="Hủy giao dịch bán xe?"
      confirmLabel="Hủy giao dịch"
      cancelLabel="Đóng"
      loading={cancel.isPending}
      onCancel={onClose}
      onConfirm={confirm}
      message={
        sale ? (
          <div className="space-y-3">
            <p>
              Giao dịch #{sale.transactionId} ({sale.carName}, người mua {sale.buyerName}) sẽ bị hủy và xe trở
              lại trạng thái Đang bán.
            </p>
            <div className="space-y-1.5">
              <label htmlFor="cancel-reason" className="block font-medium text-slate-700">
                Lý do hủy <span className="text-red-600">*</span>
              </label>
              <CountedTextarea
                id="cancel-reason"
                rows={3}
                maxLength={LIMITS.reason}
                value={reason}
                onChange={(e) => {
                  setReason(e.target.value);
                  setError(null);
                }}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? 'cancel-reason-error' : undefined}
                placeholder="Ví dụ: khách đổi ý, không hoàn tất thanh toán"
              />
              {error ? (
                <p id="cancel-reason-error" className="text-sm text-red-600" role="alert">
                  {error}
                </p>
              ) : null}
            </div>
          </div>
        ) : null
      }
    />
  );
}
