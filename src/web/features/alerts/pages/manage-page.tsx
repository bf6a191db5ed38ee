import { BellOff } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClass } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { Skeleton } from '../../../components/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { useManage, useManageEnd } from '../api';
import { AlertPageFrame, Panel } from '../components/page-frame';
import { SubscriptionItem } from '../components/subscription-item';

/**
 * /alerts/manage?token=: every saved search and price alert of one e-mail address (the signed link at
 * the foot of each e-mail), each with its own "Hủy", and "Hủy tất cả" after a confirmation.
 */
export default function ManagePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const view = useManage(token);
  const end = useManageEnd(token);
  const [askAll, setAskAll] = useState(false);
  const data = view.data;

  if (!token || view.isError)
    return (
      <AlertPageFrame title="Quản lý thông báo">
        <Panel>
          <p className="text-slate-700" role="alert">
            {token
              ? errorMessage(view.error)
              : 'Đường dẫn thiếu mã xác thực. Vui lòng mở lại đường dẫn trong email.'}
          </p>
        </Panel>
      </AlertPageFrame>
    );

  return (
    <AlertPageFrame title="Quản lý thông báo">
      {!data ? (
        <Panel>
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="mt-4 h-12 w-full" />
          <Skeleton className="mt-3 h-12 w-full" />
        </Panel>
      ) : (
        <>
          <p className="text-slate-700">
            Thông báo gửi tới <strong className="font-semibold break-all text-slate-900">{data.email}</strong>
            : mỗi ngày tối đa một email lúc 8 giờ sáng, khi có xe mới phù hợp hoặc xe bạn theo dõi giảm giá.
            Mỗi địa chỉ email được lưu tối đa {data.limit} thông báo.
          </p>
          <Panel>
            {data.subscriptions.length === 0 ? (
              <EmptyState
                icon={<BellOff className="size-6" aria-hidden="true" />}
                title="Email này không còn nhận thông báo nào"
                description="Bạn có thể đăng ký lại từ danh sách xe (Nhận thông báo xe mới) hoặc trang một xe (Báo khi giảm giá)."
                action={
                  <Link to="/cars" className={buttonClass('primary')}>
                    Xem xe đang bán
                  </Link>
                }
              />
            ) : (
              <ul className="divide-y divide-slate-100" aria-label="Thông báo đang đăng ký">
                {data.subscriptions.map((s) => (
                  <li key={s.subscriptionId} className="py-3 first:pt-0 last:pb-0">
                    <SubscriptionItem
                      s={s}
                      action={
                        <Button
                          variant="secondary"
                          className="w-full sm:w-auto"
                          loading={end.isPending && end.variables === s.subscriptionId}
                          disabled={end.isPending}
                          onClick={() => end.mutate(s.subscriptionId)}
                          aria-label={`Hủy thông báo: ${s.description}`}
                        >
                          Hủy
                        </Button>
                      }
                    />
                  </li>
                ))}
              </ul>
            )}
          </Panel>
          {end.isError ? (
            <p className="text-sm text-red-600" role="alert">
              {errorMessage(end.error)}
            </p>
          ) : null}
          {data.subscriptions.length > 1 ? (
            <Button variant="danger" className="min-h-12 w-full text-base" onClick={() => setAskAll(true)}>
              Hủy tất cả thông báo
            </Button>
          ) : null}
        </>
      )}
      <ConfirmDialog
        open={askAll}
        title="Hủy tất cả thông báo?"
        message="Email này sẽ không nhận thêm thông báo xe mới hay giảm giá nào từ showroom."
        confirmLabel="Hủy tất cả"
        cancelLabel="Giữ lại"
        loading={end.isPending}
        onCancel={() => setAskAll(false)}
        onConfirm={() => end.mutate('all', { onSettled: () => setAskAll(false) })}
      />
    </AlertPageFrame>
  );
}
