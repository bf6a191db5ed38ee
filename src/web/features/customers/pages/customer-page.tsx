import { customerIdParam } from '@contract/customers';
import { formatDateTime } from '@contract/format';
import { Combine, PhoneCall } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { BackLink } from '../../../components/back-link';
import { Badge } from '../../../components/badge';
import { Button } from '../../../components/button';
import { FormField, Textarea } from '../../../components/form-field';
import { MissingRecord } from '../../../components/missing-record';
import { PageHeader } from '../../../components/page-header';
import { SkeletonText } from '../../../components/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { useCustomer, useUpdateCustomer } from '../api';
import { CallDialog } from '../components/call-dialog';
import { CustomerTimeline } from '../components/customer-timeline';
import { MergeDialog } from '../components/merge-dialog';
import { ZaloButton } from '../components/zalo-button';

/** /dashboard/customers/:customerId: the person, their contacts and one timeline of everything. */
export default function CustomerPage() {
  const params = customerIdParam.safeParse(useParams());
  const id = params.success ? params.data.customerId : null;
  const { data, error, isPending } = useCustomer(id);
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'call' | 'merge' | null>(null);
  // A merged record's address answers the record it went into: show that one's address.
  useEffect(() => {
    if (data && id !== null && data.customerId !== id)
      navigate(`/dashboard/customers/${data.customerId}`, { replace: true });
  }, [data, id, navigate]);

  const back = <BackLink to="/dashboard/customers">Danh sách khách hàng</BackLink>;
  if (id === null || error)
    return (
      <>
        {back}
        <MissingRecord
          title="Khách hàng"
          message={error ? errorMessage(error) : 'Không tìm thấy khách hàng'}
        />
      </>
    );
  if (isPending || !data)
    return (
      <>
        {back}
        <SkeletonText lines={6} />
      </>
    );
  return (
    <>
      {back}
      <PageHeader
        title={data.fullName}
        description={`${data.code} · khách từ ${formatDateTime(data.createdAt)}`}
        actions={
          <>
            <ZaloButton customerId={data.customerId} />
            <Button variant="secondary" onClick={() => setDialog('call')}>
              <PhoneCall className="size-4" aria-hidden="true" /> Ghi cuộc gọi
            </Button>
            <Button variant="secondary" onClick={() => setDialog('merge')}>
              <Combine className="size-4" aria-hidden="true" /> Gộp hồ sơ trùng
            </Button>
          </>
        }
      />
      <div className="grid gap-4 lg:grid-cols-[20rem_1fr]">
        <section
          aria-labelledby="customer-info"
          className="space-y-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
        >
          <h2 id="customer-info" className="text-base font-semibold text-slate-900">
            Thông tin liên hệ
          </h2>
          <dl className="space-y-3 text-sm">
            <Fact label="Số điện thoại" value={data.phones.join(', ') || '—'} />
            <Fact label="Email" value={data.emails.join(', ') || '—'} />
            <Fact label="Phụ trách" value={data.ownerName ?? 'Chưa có'} />
            <div>
              <dt className="text-slate-500">Zalo</dt>
              <dd className="mt-1">
                {data.zaloOptedOutAt ? (
                  <Badge tone="danger">Đã ngừng nhận tin ({formatDateTime(data.zaloOptedOutAt)})</Badge>
                ) : data.zaloConsent ? (
                  <Badge tone="success">Đồng ý nhận thông báo qua Zalo</Badge>
                ) : (
                  <Badge tone="neutral">Chưa đồng ý nhận tin Zalo</Badge>
                )}
              </dd>
            </div>
            {data.mergedCodes.length ? <Fact label="Đã gộp" value={data.mergedCodes.join(', ')} /> : null}
          </dl>
          <NotesForm customerId={data.customerId} notes={data.notes} />
        </section>
        <section
          aria-labelledby="customer-timeline"
          className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
        >
          <h2
            id="customer-timeline"
            className="border-b border-slate-100 px-4 py-3 text-base font-semibold text-slate-900"
          >
            Dòng thời gian ({data.timeline.length})
          </h2>
          <CustomerTimeline entries={data.timeline} />
        </section>
      </div>
      <CallDialog customerId={data.customerId} open={dialog === 'call'} onClose={() => setDialog(null)} />
      <MergeDialog customer={data} open={dialog === 'merge'} onClose={() => setDialog(null)} />
    </>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-slate-500">{label}</dt>
      <dd className="mt-0.5 break-words text-slate-900">{value}</dd>
    </div>
  );
}

function NotesForm({ customerId, notes }: { customerId: number; notes: string | null }) {
  const [text, setText] = useState(notes ?? '');
  const update = useUpdateCustomer(customerId);
  useEffect(() => setText(notes ?? ''), [notes]);
  return (
    <form
      className="space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        update.mutate(
          { notes: text },
          {
            onSuccess: () => toast.success('Đã lưu ghi chú'),
            onError: (err) => toast.error(errorMessage(err)),
          },
        );
      }}
    >
      <FormField label="Ghi chú" htmlFor="customer-notes">
        <Textarea
          id="customer-notes"
          rows={4}
          maxLength={4000}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </FormField>
      <Button type="submit" variant="secondary" loading={update.isPending} disabled={text === (notes ?? '')}>
        Lưu ghi chú
      </Button>
    </form>
  );
}
