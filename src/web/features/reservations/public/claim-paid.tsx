import { formatDateTime, formatThousands } from '@contract/format';
import { CLAIM_PAID_BUTTON, type ReservationPublicView } from '@contract/reservation-labels';
import { Landmark } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormAlert } from '../../../components/form-field';
import { errorMessage } from '../../../lib/api-client';
import { useClaimPaid } from './api';

/**
 * After paying: "Tôi đã chuyển khoản" tells the showroom to look for the transfer, and the car stays
 * held until the bank's notice or a staff member confirms it (at most to the end of the next opening
 * day), so a transfer made in the evening is not lost to an expiry nobody could prevent.
 */
export function ClaimPaidBlock({ view }: { view: ReservationPublicView }) {
  const claim = useClaimPaid(view.code, view.token);
  const [asking, setAsking] = useState(false);
  if (view.claimedPaidAt) return null;
  return (
    <div
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:flex sm:items-center sm:justify-between sm:gap-4 sm:p-6"
      data-testid="claim-paid"
    >
      <div className="flex gap-3">
        <Landmark className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden="true" />
        <p className="text-sm text-slate-700">
          Đã chuyển khoản xong? Báo cho showroom để nhân viên kiểm tra; xe tiếp tục được giữ cho bạn đến khi
          xác nhận (tối đa đến hết ngày làm việc kế tiếp).
        </p>
      </div>
      <Button
        className="mt-3 min-h-12 w-full shrink-0 sm:mt-0 sm:w-auto"
        onClick={() => {
          claim.reset();
          setAsking(true);
        }}
      >
        {CLAIM_PAID_BUTTON}
      </Button>
      <ConfirmDialog
        open={asking}
        tone="primary"
        title="Bạn đã chuyển khoản tiền cọc?"
        message={
          <>
            <p>
              Số tiền <strong>{formatThousands(view.amount)} đ</strong>, nội dung{' '}
              <strong>{view.transferContent}</strong>, vào tài khoản {view.bank.accountNumber}.
            </p>
            <p className="mt-1">Nhân viên sẽ đối chiếu với sao kê ngân hàng và xác nhận cho bạn.</p>
            {claim.isError ? (
              <div className="mt-3">
                <FormAlert>{errorMessage(claim.error)}</FormAlert>
              </div>
            ) : null}
          </>
        }
        confirmLabel={CLAIM_PAID_BUTTON}
        cancelLabel="Chưa, quay lại"
        loading={claim.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() => claim.mutate(undefined, { onSuccess: () => setAsking(false) })}
      />
    </div>
  );
}

/** Once the visitor said they paid: what happens now, and until when the car waits. */
export function ClaimedNotice({ view }: { view: ReservationPublicView }) {
  return (
    <div
      className="flex gap-3 rounded-xl bg-sky-50 p-4 text-sky-950 ring-1 ring-sky-200"
      data-testid="claimed-notice"
    >
      <Landmark className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div>
        <p className="font-semibold">Showroom đang kiểm tra tiền cọc của bạn</p>
        <p className="text-sm">
          Bạn báo đã chuyển khoản lúc {formatDateTime(view.claimedPaidAt)}. Xe được giữ cho bạn đến{' '}
          <strong className="tabular-nums">{view.expiresAtText}</strong> (giờ Việt Nam) để nhân viên đối
          chiếu; trang tự chuyển sang "Đã đặt cọc" khi tiền về.
        </p>
      </div>
    </div>
  );
}
