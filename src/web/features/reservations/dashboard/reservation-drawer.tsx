import { formatDateTime, formatPrice, formatVnd } from '@contract/format';
import { type ReservationAdminView, SIGNAL_WINDOW_DAYS } from '@contract/reservations';
import { Mail, Phone } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/button';
import { CloseButton } from '../../../components/close-button';
import { useModal } from '../../../lib/use-modal';
import type { ActionTarget } from './action-dialogs';
import { ACTION_LABELS, actionsFor } from './actions';
import { ReservationStatusCell, searchLink } from './reservation-cells';

const PAID_VIA_LABELS = { webhook: 'Tự động (ngân hàng báo)', manual: 'Nhân viên xác nhận' } as const;

function Row({ label, children }: { label: string; children: ReactNode }) {
  if (children === null || children === undefined || children === '') return null;
  return (
    <div className="grid grid-cols-[8.5rem_minmax(0,1fr)] gap-3 py-2 text-sm">
      <dt className="text-slate-500">{label}</dt>
      <dd className="break-words whitespace-pre-line text-slate-900">{children}</dd>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h3 className="mb-1 text-sm font-semibold text-slate-800">{title}</h3>
      <dl className="divide-y divide-slate-100">{children}</dl>
    </section>
  );
}

/** One reservation in full (a panel from the right; full width on phones), with its actions at the foot. */
export function ReservationDrawer({
  r,
  onClose,
  onAction,
}: {
  r: ReservationAdminView | null;
  onClose: () => void;
  onAction: (target: ActionTarget) => void;
}) {
  const titleId = useId();
  const ref = useModal(r !== null);
  const actions = r ? actionsFor(r) : [];
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      data-testid="reservation-drawer"
      onClose={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
      onKeyDown={() => undefined}
      className="m-0 ml-auto h-dvh max-h-none w-full max-w-full overflow-y-auto overscroll-contain bg-white p-0 shadow-2xl backdrop:bg-slate-900/40 motion-safe:animate-slide-in-right sm:max-w-lg"
    >
      {r ? (
        <div className="flex min-h-full flex-col">
          <header className="sticky top-0 z-20 flex items-start gap-3 border-b border-slate-200 bg-white px-4 py-3 sm:px-6">
            <div className="min-w-0 flex-1">
              <p className="text-xs font-medium text-slate-500">
                Đặt cọc giữ xe <span className="ml-1 font-mono text-brand-700">{r.code}</span>
              </p>
              <h2 id={titleId} className="truncate text-lg font-semibold text-slate-900">
                {r.customerName}
              </h2>
              <div className="mt-1">
                <ReservationStatusCell r={r} start />
              </div>
            </div>
            <CloseButton label="Đóng" onClick={onClose} iconClassName="size-5" />
          </header>
          <div className="flex-1 space-y-5 px-4 py-4 sm:px-6">
            <div className="flex flex-wrap gap-2">
              <a href={`tel:${r.phone}`} className={buttonClass('secondary', 'flex-1 sm:flex-none')}>
                <Phone className="size-4" aria-hidden="true" />
                {r.phone}
              </a>
              <a
                href={`mailto:${r.email}`}
                className={buttonClass('secondary', 'min-w-0 flex-1 sm:flex-none')}
              >
                <Mail className="size-4 shrink-0" aria-hidden="true" />
                <span className="truncate">{r.email}</span>
              </a>
            </div>
            <Section title="Xe và tiền cọc">
              <Row label="Xe">
                <Link to={`/dashboard/car/edit/${r.carId}`} className="text-brand-700 hover:underline">
                  {r.carName}
                </Link>
              </Row>
              <Row label="Giá niêm yết">{formatPrice(r.carPrice)}</Row>
              <Row label="Tiền cọc">{formatVnd(r.amount)}</Row>
              <Row label="Tài khoản nhận">
                {`${r.bank.bankName} · ${r.bank.accountNumber}\n${r.bank.accountName}`}
              </Row>
              <Row label="Tạo lúc">{formatDateTime(r.createdAt)}</Row>
              <Row label="Hạn thanh toán">{formatDateTime(r.expiresAt)}</Row>
              <Row label="Khách báo đã chuyển">{formatDateTime(r.claimedPaidAt)}</Row>
            </Section>
            <Section title={`Khách đặt giữ xe (${SIGNAL_WINDOW_DAYS} ngày qua)`}>
              <Row label="Cùng số điện thoại">
                <Link to={searchLink(r.phone)} className="text-brand-700 hover:underline">
                  {r.signals.phoneCars} xe
                </Link>
              </Row>
              <Row label="Cùng email">
                <Link to={searchLink(r.email)} className="text-brand-700 hover:underline">
                  {r.signals.emailCars} xe
                </Link>
              </Row>
              {r.sourceIp ? (
                <Row label="Địa chỉ IP">
                  <Link to={searchLink(r.sourceIp)} className="text-brand-700 hover:underline">
                    {r.sourceIp}
                  </Link>{' '}
                  · {r.signals.ipCars} xe
                </Row>
              ) : null}
            </Section>
            {r.paidAt ? (
              <Section title="Thanh toán">
                <Row label="Nhận tiền lúc">{formatDateTime(r.paidAt)}</Row>
                <Row label="Số tiền nhận">{r.paidAmount === null ? null : formatVnd(r.paidAmount)}</Row>
                <Row label="Xác nhận bởi">{r.paidVia ? PAID_VIA_LABELS[r.paidVia] : null}</Row>
                <Row label="Mã giao dịch">{r.bankReference}</Row>
                <Row label="Giữ xe đến">{formatDateTime(r.holdUntil)}</Row>
                {r.saleId ? (
                  <Row label="Giao dịch bán">
                    <Link
                      to={`/dashboard/soldhistory/${r.saleId}`}
                      className="text-brand-700 hover:underline"
                    >
                      GD #{r.saleId}
                    </Link>
                  </Row>
                ) : null}
              </Section>
            ) : null}
            {r.cancelledAt ? (
              <Section title="Hủy">
                <Row label="Hủy lúc">{formatDateTime(r.cancelledAt)}</Row>
                <Row label="Lý do">{r.cancelReason}</Row>
              </Section>
            ) : null}
            {r.refundedAt ? (
              <Section title="Hoàn cọc">
                <Row label="Hoàn lúc">{formatDateTime(r.refundedAt)}</Row>
                <Row label="Số tiền">{formatVnd(r.refundAmount)}</Row>
                <Row label="Lý do">{r.refundReason}</Row>
                <Row label="Mã giao dịch hoàn">{r.refundReference}</Row>
              </Section>
            ) : null}
            {r.note ? (
              <Section title="Ghi chú">
                <p className="text-sm whitespace-pre-line text-slate-800">{r.note}</p>
              </Section>
            ) : null}
          </div>
          {actions.length ? (
            <footer className="sticky bottom-0 flex flex-wrap gap-2 border-t border-slate-200 bg-white px-4 py-3 sm:px-6">
              {actions.map((kind) => (
                <Button
                  key={kind}
                  variant={kind === 'cancel' ? 'danger' : kind === 'extend' ? 'secondary' : 'primary'}
                  className="flex-1 sm:flex-none"
                  onClick={() => onAction({ kind, r })}
                >
                  {ACTION_LABELS[kind]}
                </Button>
              ))}
              {r.status === 'awaiting' || r.status === 'paid' ? (
                <Link
                  to={`/dashboard/deals/new?reservationCode=${r.code}`}
                  className={buttonClass('secondary', 'flex-1 sm:flex-none')}
                >
                  Lập giao dịch
                </Link>
              ) : null}
            </footer>
          ) : null}
        </div>
      ) : null}
    </dialog>
  );
}
