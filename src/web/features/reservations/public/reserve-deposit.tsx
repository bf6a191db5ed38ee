import { formatPrice } from '@contract/format';
import { depositFor, reservationsOpen } from '@contract/reservation-labels';
import { ShieldCheck } from 'lucide-react';
import { type ComponentType, useState } from 'react';
import { Button } from '../../../components/button';
import { useWebConfig } from '../../../lib/web-config';
import type { ReserveDialogProps } from './reserve-dialog';

export interface ReservableCar {
  carId: number;
  carName: string;
  sellPrice: number;
  status: string;
}

// The form, its checks and the answers' handling come on the first click (or hover): the car page
// carries only this button.
const loadDialog = () => import('./reserve-dialog');

/**
 * "Đặt cọc giữ xe" on the car page, with the deposit in one line. Shown only for a car on sale while
 * the showroom takes deposits online; a held car already says "Đang giao dịch" above.
 */
export default function ReserveDeposit({ car }: { car: ReservableCar }) {
  const { data: config } = useWebConfig();
  const [Dialog, setDialog] = useState<ComponentType<ReserveDialogProps> | null>(null);
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const [loadError, setLoadError] = useState(false);
  const settings = config?.reservations;
  if (car.status !== 'available' || !settings || !reservationsOpen(settings)) return null;
  const amount = depositFor(car.sellPrice, settings);

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
    <div className="mt-1 rounded-xl bg-brand-50 p-3 ring-1 ring-brand-100">
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
      <p className="mt-2 text-center text-sm text-slate-700">
        Cọc {formatPrice(amount)}, giữ xe {settings.paidHoldDays} ngày sau khi thanh toán
      </p>
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
          onClose={() => setOpen(false)}
        />
      ) : null}
    </div>
  );
}
