import type { DealPaymentQr } from '@contract/deals';
import { formatVnd } from '@contract/format';
import { useQuery } from '@tanstack/react-query';
import { QrCode } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/button';
import { FormAlert } from '../../../components/form-field';
import { ModalDialog } from '../../../components/modal-dialog';
import { api, errorMessage } from '../../../lib/api-client';

/** The balance due as a VietQR the buyer scans; the bank's notice records it in the ledger by itself. */
export function BalanceQr({ dealId, due }: { dealId: number; due: number }) {
  const [open, setOpen] = useState(false);
  const qr = useQuery({
    queryKey: ['deals', 'qr', dealId, due],
    queryFn: ({ signal }) => api<DealPaymentQr>(`deals/${dealId}/payment-qr`, { auth: true, signal }),
    enabled: open,
    retry: false,
  });
  if (due <= 0) return null;
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <QrCode className="size-4" aria-hidden="true" />
        Mã VietQR
      </Button>
      <ModalDialog open={open} title="Chuyển khoản số còn phải thu" onClose={() => setOpen(false)}>
        <div className="space-y-3 p-4 text-sm sm:p-6">
          {qr.isError ? <FormAlert>{errorMessage(qr.error)}</FormAlert> : null}
          {qr.data ? (
            <>
              <img
                src={qr.data.qrImage}
                alt={`Mã VietQR chuyển ${formatVnd(qr.data.amount)}, nội dung ${qr.data.content}`}
                className="mx-auto size-60"
              />
              <dl className="grid grid-cols-[8rem_1fr] gap-y-1">
                <dt className="text-slate-600">Ngân hàng</dt>
                <dd className="font-medium">{qr.data.bankName}</dd>
                <dt className="text-slate-600">Số tài khoản</dt>
                <dd className="font-medium">{qr.data.accountNumber}</dd>
                <dt className="text-slate-600">Chủ tài khoản</dt>
                <dd className="font-medium">{qr.data.accountName}</dd>
                <dt className="text-slate-600">Số tiền</dt>
                <dd className="font-semibold">{formatVnd(qr.data.amount)}</dd>
                <dt className="text-slate-600">Nội dung</dt>
                <dd className="font-semibold">{qr.data.content}</dd>
              </dl>
              <p className="text-xs text-slate-600">
                Khi ngân hàng báo tiền về, khoản thu tự ghi vào sổ thu chi.
              </p>
            </>
          ) : null}
        </div>
      </ModalDialog>
    </>
  );
}
