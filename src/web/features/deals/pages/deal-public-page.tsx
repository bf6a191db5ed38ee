import { formatDay } from '@contract/format';
import { Check, Clock, FileQuestion, Phone } from 'lucide-react';
import { useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { Skeleton } from '../../../components/skeleton';
import { ApiError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDealPublic } from '../api';

/**
 * /deal/:token: the buyer follows the ownership transfer of the car they bought, from the signed link
 * the showroom sent. Only the car, the status and the steps; nothing about money or papers.
 */
export default function DealPublicPage() {
  const { token = '' } = useParams();
  const deal = useDealPublic(token);
  useDocumentTitle('Tiến trình sang tên xe');
  const missing = deal.error instanceof ApiError && (deal.error.status === 404 || deal.error.status === 400);
  const d = deal.data;
  return (
    <div className="mx-auto max-w-xl space-y-4 px-4 py-6">
      {missing ? (
        <div className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
          <h1 className="sr-only">Tiến trình sang tên xe</h1>
          <EmptyState
            icon={<FileQuestion className="size-6" aria-hidden="true" />}
            title="Không tìm thấy giao dịch"
            description="Đường dẫn không đúng hoặc đã thiếu một phần. Hãy mở lại đường dẫn showroom gửi cho bạn."
          />
        </div>
      ) : !d ? (
        <div className="space-y-3" aria-busy="true">
          <Skeleton className="h-28 w-full rounded-2xl" />
          <Skeleton className="h-64 w-full rounded-2xl" />
        </div>
      ) : (
        <>
          <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
            <p className="text-sm text-slate-600">Giao dịch {d.code}</p>
            <h1 className="mt-1 text-xl font-bold text-slate-900">{d.carName}</h1>
            <p className="mt-1 text-sm text-slate-700">
              Chào {d.buyerName}, trạng thái: <strong>{d.statusLabel}</strong>
            </p>
          </section>
          <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
            <h2 className="mb-3 font-semibold text-slate-900">Tiến trình sang tên</h2>
            <ol className="space-y-3" data-testid="public-steps">
              {d.steps.map((s, i) => (
                <li key={s.step} className="flex items-start gap-3">
                  <span
                    className={`mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full text-sm font-semibold ${s.doneOn ? 'bg-emerald-600 text-white' : 'bg-slate-100 text-slate-700'}`}
                  >
                    {s.doneOn ? <Check className="size-4" aria-hidden="true" /> : i + 1}
                  </span>
                  <div>
                    <p className="font-medium text-slate-900">{s.label}</p>
                    <p className="text-sm text-slate-600">
                      {s.doneOn ? (
                        `Đã xong ngày ${formatDay(s.doneOn)}`
                      ) : s.dueOn ? (
                        <span className="inline-flex items-center gap-1">
                          <Clock className="size-3.5" aria-hidden="true" />
                          Dự kiến xong trước {formatDay(s.dueOn)}
                        </span>
                      ) : (
                        'Chưa bắt đầu'
                      )}
                    </p>
                  </div>
                </li>
              ))}
            </ol>
          </section>
          {d.showroomPhone ? (
            <p className="text-center text-sm text-slate-700">
              Cần hỗ trợ?{' '}
              <a
                href={`tel:${d.showroomPhone.replace(/\s/g, '')}`}
                className="inline-flex min-h-11 items-center gap-1 font-semibold text-brand-700 underline underline-offset-4"
              >
                <Phone className="size-4" aria-hidden="true" />
                Gọi {d.showroomName} {d.showroomPhone}
              </a>
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}
