import { formatPrice } from '@contract/format';
import { depositFor, type PublicReservationSettings, reservationsOpen } from '@contract/reservation-labels';
import type { ReactNode } from 'react';
import { useWebConfig } from '../../../lib/web-config';

/**
 * The frame of the car page's deposit offer, shared by the button (its own chunk, loaded when the visitor
 * nears the actions) and the slot drawn in its place until then, so the button takes exactly the room the
 * slot held and nothing below it moves.
 */

export interface ReservableCar {
  carId: number;
  carName: string;
  sellPrice: number;
  status: string;
}

/** The showroom's terms for this car, or null when it cannot be reserved online now. */
export function useReserveTerms(
  car: ReservableCar,
): { settings: PublicReservationSettings; amount: number; policy: string } | null {
  const { data: config } = useWebConfig();
  const settings = config?.reservations;
  if (car.status !== 'available' || !settings || !reservationsOpen(settings)) return null;
  // The deposit policy is written once in settings and shown wherever a buyer commits money.
  return { settings, amount: depositFor(car.sellPrice, settings), policy: config.policies?.deposit ?? '' };
}

export function ReserveFrame({
  amount,
  paidHoldDays,
  button,
  children,
}: {
  amount: number;
  paidHoldDays: number;
  /** 48 px tall, full width: the button, or the slot's placeholder of the same size. */
  button: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="mt-1 rounded-xl bg-brand-50 p-3 ring-1 ring-brand-100" data-testid="reserve-frame">
      {button}
      <p className="mt-2 text-center text-sm text-slate-700">
        Cọc {formatPrice(amount)}, giữ xe {paidHoldDays} ngày sau khi thanh toán
      </p>
      {children}
    </div>
  );
}

/** What the car page shows until the button's chunk is there: the same frame, the button's room kept. */
export function ReserveSlot({ car }: { car: ReservableCar }) {
  const terms = useReserveTerms(car);
  if (!terms) return null;
  return (
    <ReserveFrame
      amount={terms.amount}
      paidHoldDays={terms.settings.paidHoldDays}
      button={<div className="h-12 w-full animate-pulse rounded-lg bg-brand-200/60" aria-hidden="true" />}
    />
  );
}
