import { bankByBin } from '@contract/banks';
import { formatThousands } from '@contract/format';
import type { ReservationPublicView } from '@contract/reservation-labels';
import { Clock, Info } from 'lucide-react';
import { useEffect, useState } from 'react';
import { ClaimedNotice } from './claim-paid';
import { CopyButton } from './copy-button';

/** The moment now, moved on every `ms`: enough for a countdown in minutes. */
function useNow(ms: number) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(t);
  }, [ms]);
  return now;
}

export function remainingText(until: string, now: number): string {
  const left = new Date(until).getTime() - now;
  if (!(left > 0)) return 'Đã hết thời hạn thanh toán';
  const minutes = Math.floor(left / 60_000);
  if (minutes < 1) return 'Còn dưới 1 phút';
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0 ? `Còn ${h} giờ ${m} phút` : `Còn ${m} phút`;
}

function Deadline({ expiresAt, text }: { expiresAt: string; text: string }) {
  const now = useNow(10_000);
  const late = new Date(expiresAt).getTime() <= now;
  return (
    <div
      className={
        late
          ? 'flex gap-3 rounded-xl bg-slate-100 p-4 text-slate-800'
          : 'flex gap-3 rounded-xl bg-amber-50 p-4 text-amber-950 ring-1 ring-amber-200'
      }
    >
      <Clock className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div>
        <p className="font-semibold">
          Vui lòng thanh toán trước <span className="tabular-nums">{text}</span>{' '}
          <span className="font-normal">(giờ Việt Nam)</span>
        </p>
        <p className="text-sm tabular-nums" data-testid="reservation-countdown">
          {remainingText(expiresAt, now)}
          {late ? ', đang cập nhật trạng thái...' : ''}
        </p>
      </div>
    </div>
  );
}

function Detail({
  label,
  value,
  copy,
  copyLabel,
  strong,
}: {
  label: string;
  value: string;
  copy?: string;
  copyLabel?: string;
  strong?: boolean;
}) {
  // A <dl> group holds only its <dt> and <dd>: the copy button sits inside the value.
  return (
    <div className="py-2.5">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="flex items-center justify-between gap-3">
        <span
          className={
            strong
              ? 'min-w-0 text-lg font-bold break-all text-brand-600 tabular-nums'
              : 'min-w-0 font-semibold break-words text-slate-900'
          }
        >
          {value}
        </span>
        {copy !== undefined && copyLabel ? <CopyButton value={copy} label={copyLabel} /> : null}
      </dd>
    </div>
  );
}

/**
 * What the visitor needs to pay: the VietQR to scan with any banking app, and the same details as text
 * with copy buttons for someone paying from the phone that shows this page.
 */
export function PaymentPanel({ view }: { view: ReservationPublicView }) {
  const bank = bankByBin(view.bank.bin);
  const bankName = bank ? `${bank.shortName} (${bank.name})` : view.bank.bankName;
  return (
    <div className="space-y-4">
      {view.claimedPaidAt ? (
        <ClaimedNotice view={view} />
      ) : (
        <Deadline expiresAt={view.expiresAt} text={view.expiresAtText} />
      )}
      <div className="grid gap-4 md:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
        <section
          aria-labelledby="qr-title"
          className="rounded-2xl bg-white p-4 text-center shadow-sm ring-1 ring-slate-200 sm:p-6"
        >
          <h2 id="qr-title" className="text-base font-bold text-slate-900">
            Quét mã VietQR để chuyển khoản
          </h2>
          <img
            src={view.qrImage}
            alt={`Mã VietQR chuyển khoản ${formatThousands(view.amount)} đồng, nội dung ${view.transferContent}`}
            width={288}
            height={288}
            className="mx-auto mt-3 aspect-square w-full max-w-72 rounded-lg bg-white"
            data-testid="reservation-qr"
          />
          <p className="mt-2 text-sm text-slate-600">
            Mở ứng dụng ngân hàng bất kỳ, chọn quét mã QR: số tiền và nội dung được điền sẵn.
          </p>
        </section>
        <section
          aria-labelledby="transfer-title"
          className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
        >
          <h2 id="transfer-title" className="text-base font-bold text-slate-900">
            Hoặc chuyển khoản thủ công
          </h2>
          <dl className="mt-1 divide-y divide-slate-100">
            <Detail label="Ngân hàng" value={bankName} />
            <Detail
              label="Số tài khoản"
              value={view.bank.accountNumber}
              copy={view.bank.accountNumber}
              copyLabel="Sao chép số tài khoản"
            />
            <Detail
              label="Chủ tài khoản"
              value={view.bank.accountName}
              copy={view.bank.accountName}
              copyLabel="Sao chép tên chủ tài khoản"
            />
            <Detail
              label="Số tiền"
              value={`${formatThousands(view.amount)} đ`}
              copy={String(view.amount)}
              copyLabel="Sao chép số tiền"
              strong
            />
            <Detail
              label="Nội dung chuyển khoản"
              value={view.transferContent}
              copy={view.transferContent}
              copyLabel="Sao chép nội dung chuyển khoản"
              strong
            />
          </dl>
          <p className="mt-3 flex gap-2 rounded-lg bg-sky-50 p-3 text-sm text-sky-900">
            <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>
              Nội dung chuyển khoản phải ghi đúng mã{' '}
              <strong className="font-bold">{view.transferContent}</strong> để showroom tự động xác nhận tiền
              cọc.
            </span>
          </p>
        </section>
      </div>
    </div>
  );
}
