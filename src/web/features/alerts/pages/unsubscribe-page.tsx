import { CheckCircle2 } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClass } from '../../../components/button';
import { Skeleton } from '../../../components/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { useUnsubscribe, useUnsubscribePreview } from '../api';
import { AlertPageFrame, Panel } from '../components/page-frame';
import { SubscriptionItem } from '../components/subscription-item';

/**
 * /alerts/unsubscribe?token=: where an e-mail's "Hủy" link (and a mail program opening List-Unsubscribe
 * in a browser) lands. It shows what the link ends and ends it with one press: a plain visit ends
 * nothing, since mail scanners visit every link (RFC 8058).
 */
export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const preview = useUnsubscribePreview(token);
  const end = useUnsubscribe(token);
  const data = preview.data;
  const live = data?.subscriptions.filter((s) => s.status !== 'ended') ?? [];
  const all = data?.scope === 'all';
  const manage = data ? `/alerts/manage?token=${encodeURIComponent(data.manageToken)}` : '/cars';

  if (!token || preview.isError)
    return (
      <AlertPageFrame title="Không mở được đường dẫn">
        <Panel>
          <p className="text-slate-700" role="alert">
            {token
              ? errorMessage(preview.error)
              : 'Đường dẫn thiếu mã xác thực. Vui lòng mở lại đường dẫn trong email.'}
          </p>
        </Panel>
      </AlertPageFrame>
    );
  if (!data)
    return (
      <AlertPageFrame title="Hủy nhận thông báo">
        <Panel>
          <Skeleton className="h-5 w-3/4" />
          <Skeleton className="mt-3 h-5 w-1/2" />
        </Panel>
      </AlertPageFrame>
    );
  if (end.isSuccess || live.length === 0)
    return (
      <AlertPageFrame title="Đã hủy nhận thông báo">
        <Panel>
          <p className="flex items-start gap-2 text-slate-800" role="status">
            <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-emerald-600" aria-hidden="true" />
            {all
              ? `Email ${data.email} sẽ không nhận thêm thông báo nào từ showroom.`
              : `Email ${data.email} sẽ không nhận thêm thông báo này.`}
          </p>
          {data.subscriptions.length ? (
            <ul className="mt-4 divide-y divide-slate-100 border-t border-slate-100">
              {data.subscriptions.map((s) => (
                <li key={s.subscriptionId} className="py-3">
                  <SubscriptionItem s={s} />
                </li>
              ))}
            </ul>
          ) : null}
        </Panel>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Link to={manage} className={buttonClass('secondary', 'min-h-12 text-base')}>
            Quản lý thông báo khác
          </Link>
          <Link to="/cars" className={buttonClass('ghost', 'min-h-12 text-base')}>
            Xem xe đang bán
          </Link>
        </div>
      </AlertPageFrame>
    );
  return (
    <AlertPageFrame title="Hủy nhận thông báo">
      <Panel>
        <p className="text-slate-700">
          {all
            ? `Email ${data.email} sẽ ngừng nhận mọi thông báo dưới đây:`
            : `Email ${data.email} sẽ ngừng nhận thông báo này:`}
        </p>
        <ul className="mt-3 divide-y divide-slate-100 border-t border-slate-100">
          {live.map((s) => (
            <li key={s.subscriptionId} className="py-3">
              <SubscriptionItem s={s} />
            </li>
          ))}
        </ul>
        {end.isError ? (
          <p className="mt-3 text-sm text-red-600" role="alert">
            {errorMessage(end.error)}
          </p>
        ) : null}
        <Button
          variant="danger"
          className="mt-4 min-h-12 w-full text-base"
          loading={end.isPending}
          onClick={() => end.mutate()}
        >
          {all ? 'Hủy tất cả thông báo' : 'Hủy nhận thông báo'}
        </Button>
      </Panel>
      <Link to={manage} className={buttonClass('ghost', 'min-h-12 w-full text-base')}>
        Xem và quản lý mọi thông báo của email này
      </Link>
    </AlertPageFrame>
  );
}
