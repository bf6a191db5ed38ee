import { formatDateTime } from '@contract/format';
import { Laptop, Smartphone } from 'lucide-react';
import { toast } from 'sonner';
import { Badge } from '../../../components/badge';
import { Button } from '../../../components/button';
import { SkeletonText } from '../../../components/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { useEndSession, useSessions } from '../api';

const PHONE = /Android|iOS/;

/** The profile's list of my signed-in sessions (device, address, last use), each of which I can end. */
export function SessionsCard() {
  const sessions = useSessions();
  const end = useEndSession();
  return (
    <section
      className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 lg:col-span-2"
      aria-labelledby="sessions-title"
    >
      <h2 id="sessions-title" className="text-base font-semibold text-slate-900">
        Phiên đăng nhập đang mở
      </h2>
      <p className="mt-1 mb-4 text-sm text-slate-500">
        Nếu thấy một thiết bị lạ, hãy kết thúc phiên đó và đổi mật khẩu.
      </p>
      {sessions.isPending ? (
        <SkeletonText lines={3} />
      ) : sessions.isError ? (
        <p className="text-sm text-red-600">Không tải được danh sách phiên đăng nhập.</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {sessions.data.map((s) => {
            const Icon = PHONE.test(s.device) ? Smartphone : Laptop;
            return (
              <li
                key={s.sessionId}
                className="flex flex-wrap items-center gap-3 py-3"
                data-session={s.sessionId}
              >
                <Icon className="size-5 shrink-0 text-slate-400" aria-hidden="true" />
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
                    {s.device}
                    {s.current ? <Badge tone="brand">Phiên này</Badge> : null}
                  </p>
                  <p className="text-xs text-slate-500">
                    {s.ip ? `Địa chỉ ${s.ip} · ` : ''}Dùng lần cuối {formatDateTime(s.lastUsedAt)}
                  </p>
                </div>
                {s.current ? null : (
                  <Button
                    variant="secondary"
                    aria-label={`Kết thúc phiên ${s.device}`}
                    loading={end.isPending && end.variables === s.sessionId}
                    onClick={() =>
                      end.mutate(s.sessionId, {
                        onSuccess: (text) =>
                          toast.success(
                            typeof text === 'string' && text ? text : 'Đã kết thúc phiên đăng nhập',
                          ),
                        onError: (err) => toast.error(errorMessage(err)),
                      })
                    }
                  >
                    Kết thúc phiên
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
