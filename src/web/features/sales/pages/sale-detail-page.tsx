import { CAR_STATUS_LABELS } from '@contract/cars';
import { formatDate, formatDateTime, formatPrice, formatVnd } from '@contract/format';
import { PAYMENT_METHOD_LABELS, SALE_STATUS_LABELS } from '@contract/sales';
import { ArrowLeft, Ban, ExternalLink, Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Badge } from '../../../components/badge';
import { Button, buttonClass } from '../../../components/button';
import { CarThumb } from '../../../components/car-thumb';
import { FormAlert } from '../../../components/form-field';
import { MissingRecord } from '../../../components/missing-record';
import { PageHeader } from '../../../components/page-header';
import { Skeleton, SkeletonText } from '../../../components/skeleton';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useSale } from '../api';
import { CancelSaleDialog } from '../components/cancel-sale-dialog';

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
      <h2 className="mb-3 text-sm font-semibold tracking-wide text-slate-500 uppercase">{title}</h2>
      {children}
    </section>
  );
}

function Rows({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="divide-y divide-slate-100 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="flex items-baseline justify-between gap-4 py-2">
          <dt className="shrink-0 text-slate-500">{label}</dt>
          <dd className="min-w-0 text-right font-medium break-words text-slate-900">{value || '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

/** /dashboard/soldhistory/:transactionId: one sale: car, buyer, money, who recorded it, cancellation. */
export default function SaleDetailPage() {
  const { transactionId } = useParams();
  const n = Number(transactionId);
  const id = Number.isInteger(n) && n > 0 ? n : null;
  const sale = useSale(id);
  const [cancelling, setCancelling] = useState(false);
  const back = (
    <Link to="/dashboard/soldhistory" className={buttonClass('secondary')}>
      <ArrowLeft className="size-4" aria-hidden="true" />
      Lịch sử bán hàng
    </Link>
  );

  if (id === null || (sale.error instanceof ApiError && sale.error.status === 404)) {
    return (
      <MissingRecord
        title="Chi tiết giao dịch"
        actions={back}
        message="Không tìm thấy giao dịch"
        description="Mã giao dịch không tồn tại."
      />
    );
  }
  if (sale.isError) {
    return (
      <>
        <PageHeader title="Chi tiết giao dịch" actions={back} />
        <FormAlert>{errorMessage(sale.error)}</FormAlert>
      </>
    );
  }
  const s = sale.data;
  if (!s) {
    return (
      <>
        <PageHeader title="Chi tiết giao dịch" actions={back} />
        <div className="grid gap-4 lg:grid-cols-2" aria-busy="true">
          <div className="space-y-3 rounded-xl bg-white p-5 ring-1 ring-slate-200">
            <Skeleton className="h-5 w-1/3" />
            <SkeletonText lines={5} />
          </div>
          <div className="space-y-3 rounded-xl bg-white p-5 ring-1 ring-slate-200">
            <Skeleton className="h-5 w-1/3" />
            <SkeletonText lines={5} />
          </div>
        </div>
      </>
    );
  }

  const diff = s.salePrice - s.listPrice;
  return (
    <>
      <PageHeader
        title={`Giao dịch #${s.transactionId}`}
        description={
          <span className="inline-flex flex-wrap items-center gap-2">
            {s.carName} · bán ngày {formatDate(s.saleDate)}
            <Badge tone={s.status === 'active' ? 'success' : 'neutral'}>{SALE_STATUS_LABELS[s.status]}</Badge>
          </span>
        }
        actions={
          <>
            {back}
            {s.status === 'active' ? (
              <Button variant="danger" onClick={() => setCancelling(true)}>
                <Ban className="size-4" aria-hidden="true" />
                Hủy giao dịch
              </Button>
            ) : null}
          </>
        }
      />
      {s.status === 'cancelled' ? (
        <div
          className="mb-4 rounded-xl border border-slate-300 bg-slate-100 p-4 text-sm text-slate-700"
          role="status"
        >
          <p className="font-semibold text-slate-900">Giao dịch đã bị hủy</p>
          <p className="mt-1">
            Hủy lúc {formatDateTime(s.cancelledAt)}
            {s.cancelledBy ? ` bởi ${s.cancelledBy.fullName}` : ''}. Lý do: {s.cancelReason || '—'}
          </p>
        </div>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-2">
        <Card title="Xe">
          <div className="flex gap-4">
            <CarThumb
              src={s.cover?.urls[480]}
              className="w-32 rounded-lg sm:w-40"
              iconClassName="size-8"
              lazy={false}
            />
            <div className="min-w-0">
              <p className="font-semibold text-slate-900">{s.carName}</p>
              <p className="text-sm text-slate-500">
                {s.brand} · mã xe #{s.carId}
              </p>
              <p className="mt-1 text-sm text-slate-600">
                Trạng thái hiện tại: <strong>{CAR_STATUS_LABELS[s.carStatus]}</strong>
              </p>
              <div className="mt-2 flex flex-wrap gap-1">
                <Link
                  to={`/dashboard/car/edit/${s.carId}`}
                  className={buttonClass('ghost', 'px-2 text-brand-700')}
                >
                  <Pencil className="size-4" aria-hidden="true" />
                  Sửa xe
                </Link>
                <a
                  href={`/cars/${s.carId}`}
                  target="_blank"
                  rel="noreferrer"
                  className={buttonClass('ghost', 'px-2')}
                >
                  <ExternalLink className="size-4" aria-hidden="true" />
                  Trang xe
                </a>
              </div>
            </div>
          </div>
        </Card>
        <Card title="Người mua">
          <Rows
            rows={[
              ['Họ tên', s.buyerName],
              [
                'Số điện thoại',
                <a key="p" href={`tel:${s.buyerPhone}`} className="text-brand-700 hover:underline">
                  {s.buyerPhone}
                </a>,
              ],
              [
                'Email',
                s.buyerEmail ? (
                  <a key="e" href={`mailto:${s.buyerEmail}`} className="text-brand-700 hover:underline">
                    {s.buyerEmail}
                  </a>
                ) : (
                  ''
                ),
              ],
            ]}
          />
        </Card>
        <Card title="Thanh toán">
          <Rows
            rows={[
              [
                'Giá bán',
                <span key="s" className="text-lg font-bold text-brand-600">
                  {formatPrice(s.salePrice)}
                </span>,
              ],
              ['Số tiền', formatVnd(s.salePrice)],
              ['Giá niêm yết', formatVnd(s.listPrice)],
              [
                'Chênh lệch so với niêm yết',
                diff === 0 ? 'Bằng giá niêm yết' : `${diff > 0 ? '+' : '-'}${formatVnd(Math.abs(diff))}`,
              ],
              ['Giá nhập', s.purchasePrice !== null ? formatVnd(s.purchasePrice) : ''],
              ['Lợi nhuận gộp', s.margin !== null ? formatVnd(s.margin) : ''],
              ['Giá vốn thực khi bán', s.trueCost !== null ? formatVnd(s.trueCost) : ''],
              [
                'Lãi trên giá vốn thực',
                s.trueMargin !== null ? (
                  <span key="m" className={s.trueMargin < 0 ? 'font-semibold text-red-700' : 'font-semibold'}>
                    {formatVnd(s.trueMargin)}
                  </span>
                ) : (
                  ''
                ),
              ],
              ['Hình thức thanh toán', PAYMENT_METHOD_LABELS[s.paymentMethod]],
              ['Tiền cọc đã nhận', s.deposit ? `${formatVnd(s.deposit.amount)} (mã ${s.deposit.code})` : ''],
              ['Ngày bán', formatDate(s.saleDate)],
            ]}
          />
        </Card>
        <Card title="Ghi nhận">
          <Rows
            rows={[
              ['Nhân viên bán hàng', s.salesperson?.fullName ?? ''],
              ['Người ghi nhận', s.createdBy?.fullName ?? ''],
              ['Thời điểm ghi nhận', formatDateTime(s.createdAt)],
              [
                'Ghi chú',
                s.note ? (
                  <span key="n" className="whitespace-pre-line">
                    {s.note}
                  </span>
                ) : (
                  ''
                ),
              ],
            ]}
          />
        </Card>
      </div>
      <CancelSaleDialog sale={cancelling ? s : null} onClose={() => setCancelling(false)} />
    </>
  );
}
