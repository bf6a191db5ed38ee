import { ShieldCheck } from 'lucide-react';
import { type ComponentType, useState } from 'react';
import { Button } from '../../../components/button';
import type { ReserveDialogProps } from './reserve-dialog';
import { type ReservableCar, ReserveFrame, useReserveTerms } from './reserve-frame';

export type { ReservableCar } from './reserve-frame';

// The form, its checks and the answers' handling come on the first click (or hover): the car page
// carries only this button.
const loadDialog = () => import('./reserve-dialog');

/**
 * "Đặt cọc giữ xe" on the car page, with the deposit in one line. Shown only for a car on sale while
 * the showroom takes deposits online; a held car already says "Đang giao dịch" above.
 */
export default function ReserveDeposit({ car }: { car: ReservableCar }) {
  const terms = useReserveTerms(car);
  const [Dialog, setDialog] = useState<ComponentType<ReserveDialogProps> | null>(null);
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const [loadError, setLoadError] = useState(false);
  if (!terms) return null;
  const { settings, amount, policy } = terms;

  async function openDialog() {
    setLoadError(false);
    if (!Dialog) {
      setLoading(true);
      try {
        const m = await loadDialog();
        setDialog(() => m.default);
      } catch {
        setLoadError(true);
        return;
      } finally {
        setLoading(false);
      }
    }
    setOpen(true);
  }

  return (
    <ReserveFrame
      amount={amount}
      paidHoldDays={settings.paidHoldDays}
      button={
        <Button
          className="min-h-12 w-full text-base"
          loading={loading}
          onClick={openDialog}
          onPointerEnter={() => void loadDialog().catch(() => undefined)}
          aria-haspopup="dialog"
          data-testid="reserve-open"
        >
          {loading ? null : <ShieldCheck className="size-5" aria-hidden="true" />}
          Đặt cọc giữ xe
        </Button>
      }
    >
      {loadError ? (
        <p className="mt-1 text-center text-sm text-red-600" role="alert">
          Không tải được biểu mẫu, vui lòng kiểm tra mạng và thử lại.
        </p>
      ) : null}
      {/* Stays mounted once loaded: what was typed and the request's id survive closing and reopening. */}
      {Dialog ? (
        <Dialog
          open={open}
          car={car}
          amount={amount}
          holdMinutes={settings.holdMinutes}
          paidHoldDays={settings.paidHoldDays}
          depositPolicy={policy}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </ReserveFrame>
  );
}
