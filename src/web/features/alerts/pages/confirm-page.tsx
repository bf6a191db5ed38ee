import { CheckCircle2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useConfirm } from '../api';
import { AlertPageFrame, Panel } from '../components/page-frame';
import { SubscriptionItem } from '../components/subscription-item';

/**
 * /alerts/confirm?token=: the link of the confirmation e-mail. Opening it confirms (a POST made by the
 * page, so a mail scanner's plain fetch of the address confirms nothing); the page then says what
 * will come and links to the address's manage page.
 */
export default function ConfirmPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useConfirm();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || !token) return;
    sent.current = true;
    confirm.mutate(token);
  }, [token, confirm]);

  const answer = confirm.data;
  if (!token || confirm.isError)
    return (
      <AlertPageFrame title="Không xác nhận được">
        <Panel>
          <p className="text-slate-700" role="alert">
            {token
              ? errorMessage(confirm.error)
              : 'Đường dẫn thiếu mã xác nhận. Vui lòng mở lại đường dẫn trong email.'}
          </p>
          <Link to="/cars" className={buttonClass('primary', 'mt-4')}>
            Xem xe đang bán
          </Link>
        </Panel>
      </AlertPageFrame>
    );
  if (!answer)
    return (
      <AlertPageFrame title="Đang xác nhận...">
        <Panel className="flex items-center gap-3 text-slate-700">
          <Spinner className="size-5" />
          Đang xác nhận đăng ký của bạn
        </Panel>
      </AlertPageFrame>
    );
  const s = answer.subscription;
  return (
    <AlertPageFrame title="Đã xác nhận nhận thông báo">
      <Panel>
        <p className="flex items-start gap-2 text-slate-800" role="status">
          <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-emerald-600" aria-hidden="true" />
          {s.kind === 'search'
            ? 'Khi showroom có xe mới phù hợp, bạn sẽ nhận một email tổng hợp lúc 8 giờ sáng, mỗi ngày tối đa một email.'
            : 'Khi xe này giảm giá (hoặc đã bán), bạn sẽ nhận một email tổng hợp lúc 8 giờ sáng, mỗi ngày tối đa một email.'}
        </p>
        <div className="mt-4 border-t border-slate-100 pt-4">
          <SubscriptionItem s={s} />
        </div>
      </Panel>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Link
          to={s.kind === 'search' ? (s.listPath ?? '/cars') : `/cars/${s.carId}`}
          className={buttonClass('primary', 'min-h-12 text-base')}
        >
          {s.kind === 'search' ? 'Xem xe phù hợp' : 'Xem xe'}
        </Link>
        <Link
          to={`/alerts/manage?token=${encodeURIComponent(answer.manageToken)}`}
          className={buttonClass('secondary', 'min-h-12 text-base')}
        >
          Quản lý thông báo
        </Link>
      </div>
    </AlertPageFrame>
  );
}
