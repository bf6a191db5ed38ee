import { DEAL_STATUS_LABELS } from '@contract/deal-labels';
import { formatDateTime, formatKm, formatVnd } from '@contract/format';
import { ArrowLeft, ExternalLink, Pencil } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button, buttonClass } from '../../../components/button';
import { FormAlert } from '../../../components/form-field';
import { MissingRecord } from '../../../components/missing-record';
import { PageHeader } from '../../../components/page-header';
import { Skeleton, SkeletonText } from '../../../components/skeleton';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useDeal } from '../api';
import { ChecklistCard, TransferCard } from '../components/after-sale-cards';
import { Card, Rows } from '../components/card';
import { DetailsDialog } from '../components/details-dialog';
import { DocumentsCard } from '../components/documents-card';
import { LoansCard } from '../components/loans-card';
import { MoneyCard } from '../components/money-card';
import { PaymentsCard } from '../components/payments-card';
import { DealStatusBadge } from '../components/status-badge';
import { StatusCard } from '../components/status-card';

/** /dashboard/deals/:dealId: the whole deal on one screen: car, buyer, money, payments, documents, timeline. */
export default function DealPage() {
  const { dealId } = useParams();
  const n = Number(dealId);
  const id = Number.isInteger(n) && n > 0 ? n : null;
  const deal = useDeal(id);
  const [editing, setEditing] = useState(false);
  const back = (
    <Link to="/dashboard/deals" className={buttonClass('secondary')}>
      <ArrowLeft className="size-4" aria-hidden="true" />
      Giao dịch bán xe
    </Link>
  );
  if (id === null || (deal.error instanceof ApiError && deal.error.status === 404)) {
    return (
      <MissingRecord
        title="Chi tiết giao dịch"
        actions={back}
        message="Không tìm thấy giao dịch"
        description="Mã giao dịch không tồn tại."
      />
    );
  }
  if (deal.isError) {
    return (
      <>
        <PageHeader title="Chi tiết giao dịch" actions={back} />
        <FormAlert>{errorMessage(deal.error)}</FormAlert>
      </>
    );
  }
  const d = deal.data;
  if (!d) {
    return (
      <>
        <PageHeader title="Chi tiết giao dịch" actions={back} />
        <div className="grid gap-4 lg:grid-cols-2" aria-busy="true">
          {[0, 1].map((i) => (
            <div key={i} className="space-y-3 rounded-xl bg-white p-5 ring-1 ring-slate-200">
              <Skeleton className="h-5 w-1/3" />
              <SkeletonText lines={5} />
            </div>
          ))}
        </div>
      </>
    );
  }
  return (
    <>
      <PageHeader
        title={`Giao dịch ${d.code}`}
        description={
          <span className="inline-flex flex-wrap items-center gap-2">
            {d.customer.fullName} · {d.car.carName}
            <DealStatusBadge status={d.status} />
          </span>
        }
        actions={
          <>
            {back}
            <Button variant="secondary" onClick={() => setEditing(true)}>
              <Pencil className="size-4" aria-hidden="true" />
              Sửa thông tin
            </Button>
          </>
        }
      />
      <div className="space-y-4">
        <StatusCard deal={d} />
        <div className="grid gap-4 lg:grid-cols-3">
          <Card title="Xe">
            <Rows
              rows={[
                ['Xe', d.car.carName],
                ['Năm sản xuất', String(d.car.year)],
                ['Màu', d.car.color],
                ['Số km', formatKm(d.car.odometerKm)],
                ['Giá niêm yết', formatVnd(d.car.listPrice)],
                ['Số khung', d.car.vin],
                ['Số máy', d.car.engineNumber],
                ['Biển số', d.car.plate],
              ]}
            />
            <Link
              to={`/dashboard/car/edit/${d.carId}`}
              className="mt-2 inline-flex items-center gap-1 text-sm text-slate-700 underline"
            >
              Hồ sơ xe <ExternalLink className="size-3.5" aria-hidden="true" />
            </Link>
          </Card>
          <Card title="Khách hàng">
            <Rows
              rows={[
                ['Họ tên', d.customer.fullName],
                ['Điện thoại', d.customer.phone],
                ['Email', d.customer.email],
                ['Số CCCD', d.customer.idNumber],
                ['Địa chỉ', d.customer.address],
                ['Mã đặt cọc', d.reservationCode],
                ['Nhân viên bán', d.salesperson?.fullName],
                [
                  'Giao dịch bán',
                  d.saleId ? (
                    <Link key="sale" to={`/dashboard/soldhistory/${d.saleId}`} className="underline">
                      #{d.saleId}
                    </Link>
                  ) : null,
                ],
              ]}
            />
          </Card>
          <MoneyCard deal={d} />
        </div>
        <LoansCard deal={d} />
        <div className="grid gap-4 lg:grid-cols-2">
          <ChecklistCard deal={d} />
          <TransferCard deal={d} />
        </div>
        <div className="grid gap-4 lg:grid-cols-3">
          <PaymentsCard deal={d} />
          <DocumentsCard deal={d} />
          <Card title="Dòng thời gian">
            <ol className="space-y-2 text-sm">
              {[...d.timeline].reverse().map((e) => (
                <li key={`${e.to}-${e.at}`} className="border-l-2 border-slate-200 pl-3">
                  <p className="font-medium text-slate-900">{DEAL_STATUS_LABELS[e.to]}</p>
                  <p className="text-xs text-slate-600">
                    {formatDateTime(e.at)}
                    {e.by ? ` · ${e.by.fullName}` : ''}
                  </p>
                  {e.reason ? <p className="text-xs text-slate-700">Lý do: {e.reason}</p> : null}
                </li>
              ))}
            </ol>
          </Card>
        </div>
      </div>
      <DetailsDialog deal={d} open={editing} onClose={() => setEditing(false)} />
    </>
  );
}
