import { formatDateTime, formatThousands } from '@contract/format';
import type { ReservationPublicView, ReservationStatus } from '@contract/reservation-labels';
import { BadgeCheck, CalendarCheck, Car, CircleSlash, Clock, HandCoins, PartyPopper } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/button';

/** The paid hold: the thank-you, until when the car waits, and what happens next. */
export function PaidPanel({ view }: { view: ReservationPublicView }) {
  return (
    <section
      aria-labelledby="paid-title"
      className="rounded-2xl bg-emerald-50 p-5 text-emerald-950 ring-1 ring-emerald-200 sm:p-6"
    >
      <h2 id="paid-title" className="flex items-center gap-2 text-xl font-bold">
        <BadgeCheck className="size-7 shrink-0 text-emerald-600" aria-hidden="true" />
        Đã đặt cọc
      </h2>
      <p className="mt-2">
        Cảm ơn {view.customerName}! Showroom đã nhận {formatThousands(view.amount)} đ tiền cọc
        {view.paidAt ? ` lúc ${formatDateTime(view.paidAt)}` : ''}.
      </p>
      {view.holdUntil ? (
        <p className="mt-2 font-semibold" data-testid="reservation-hold-until">
          Xe được giữ cho bạn đến {formatDateTime(view.holdUntil)}.
        </p>
      ) : null}
      <p className="mt-2 text-sm">
        Nhân viên sẽ liên hệ để hẹn ngày xem xe và làm thủ tục. Biên nhận đã được gửi về email của bạn.
      </p>
      <div className="mt-4 grid gap-2 sm:flex">
        <Link to={`/cars/${view.carId}`} className={buttonClass('primary', 'min-h-12')}>
          <Car className="size-5" aria-hidden="true" />
          Xem lại xe
        </Link>
        <Link to={`/testdrive?carId=${view.carId}`} className={buttonClass('secondary', 'min-h-12')}>
          <CalendarCheck className="size-5" aria-hidden="true" />
          Đặt lịch xem xe, lái thử
        </Link>
      </div>
    </section>
  );
}

const CLOSED: Record<
  Exclude<ReservationStatus, 'awaiting' | 'paid'>,
  { icon: ReactNode; title: string; text: (v: ReservationPublicView) => string }
> = {
  expired: {
    icon: <Clock className="size-6" aria-hidden="true" />,
    title: 'Đơn đặt cọc đã hết hạn',
    text: (v) =>
      `Showroom chưa nhận được tiền cọc trước ${formatDateTime(v.expiresAt)} nên xe đã được mở bán lại. ` +
      'Nếu bạn đã chuyển khoản, vui lòng liên hệ showroom để được hỗ trợ.',
  },
  cancelled: {
    icon: <CircleSlash className="size-6" aria-hidden="true" />,
    title: 'Đơn đặt cọc đã được hủy',
    text: () => 'Xe không còn được giữ cho đơn này. Bạn có thể đặt cọc lại nếu xe vẫn đang bán.',
  },
  refunded: {
    icon: <HandCoins className="size-6" aria-hidden="true" />,
    title: 'Tiền cọc đã được hoàn lại',
    text: () => 'Showroom đã hoàn tiền cọc của đơn này. Cảm ơn bạn đã quan tâm.',
  },
  sold: {
    icon: <PartyPopper className="size-6" aria-hidden="true" />,
    title: 'Giao dịch mua xe đã hoàn tất',
    text: () =>
      'Tiền cọc đã được tính vào giá xe. Cảm ơn bạn đã tin tưởng showroom, chúc bạn thượng lộ bình an!',
  },
};

/** An expired, cancelled, refunded or sold reservation: one clear sentence and the way back. */
export function ClosedPanel({ view }: { view: ReservationPublicView }) {
  if (view.status === 'awaiting' || view.status === 'paid') return null;
  const c = CLOSED[view.status];
  return (
    <section
      aria-labelledby="closed-title"
      className="rounded-2xl bg-white p-5 text-center shadow-sm ring-1 ring-slate-200 sm:p-8"
    >
      <div className="mx-auto mb-3 flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-600">
        {c.icon}
      </div>
      <h2 id="closed-title" className="text-lg font-bold text-slate-900">
        {c.title}
      </h2>
      <p className="mx-auto mt-2 max-w-md text-slate-600">{c.text(view)}</p>
      <Link to="/cars" className={buttonClass('primary', 'mt-5 min-h-12')}>
        Xem xe đang bán
      </Link>
    </section>
  );
}
