import { PERMISSION_LABELS, PERMISSIONS, ROLE_LABELS } from '@contract/permissions';
import { AtSign, KeyRound, Mail, Phone, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/badge';
import { buttonClass } from '../../../components/button';
import { PageHeader } from '../../../components/page-header';
import { Skeleton, SkeletonText } from '../../../components/skeleton';
import { useMyInfo } from '../../../lib/session';
import { ContactForm } from '../components/contact-form';
import { SessionsCard } from '../components/sessions-card';

function InfoRow({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    // A <dl> group may hold only <dt> and <dd>, so the icon sits in the term, set beside both lines.
    <div className="relative min-w-0 py-3 pl-7">
      <dt className="text-xs font-medium text-slate-500">
        <span className="absolute top-3.5 left-0 text-slate-400" aria-hidden="true">
          {icon}
        </span>
        {label}
      </dt>
      <dd className="mt-0.5 break-words text-sm text-slate-900">{children}</dd>
    </div>
  );
}

/** /dashboard/profile: who I am, what I may do, and my contact details (editable). */
export default function ProfilePage() {
  const { data: user } = useMyInfo();
  const isAdmin = user?.role === 'ADMIN';

  return (
    <>
      <PageHeader
        title="Thông tin tài khoản"
        description="Thông tin cá nhân và quyền hạn của bạn trong hệ thống."
        actions={
          <Link to="/dashboard/profile/change-information" className={buttonClass('secondary')}>
            <KeyRound className="size-4" aria-hidden="true" />
            Đổi mật khẩu
          </Link>
        }
      />
      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.6fr)]">
        <section className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-label="Hồ sơ">
          {user ? (
            <>
              <div className="flex items-center gap-4">
                <span
                  className="flex size-14 shrink-0 items-center justify-center rounded-full bg-brand-600 text-xl font-bold text-white"
                  aria-hidden="true"
                >
                  {user.name.trim().split(/\s+/).pop()?.[0]?.toUpperCase()}
                </span>
                <div className="min-w-0">
                  <p className="truncate text-lg font-semibold text-slate-900">{user.name}</p>
                  <Badge tone={isAdmin ? 'brand' : 'info'}>{ROLE_LABELS[user.role] ?? user.role}</Badge>
                </div>
              </div>
              <dl className="mt-4 divide-y divide-slate-100 border-t border-slate-100">
                <InfoRow icon={<AtSign className="size-4" />} label="Tên đăng nhập">
                  {user.username}
                </InfoRow>
                <InfoRow icon={<Mail className="size-4" />} label="Email">
                  {user.email || <span className="text-slate-500">Chưa cập nhật</span>}
                </InfoRow>
                <InfoRow icon={<Phone className="size-4" />} label="Số điện thoại">
                  {user.phone || <span className="text-slate-500">Chưa cập nhật</span>}
                </InfoRow>
                <InfoRow icon={<ShieldCheck className="size-4" />} label="Quyền hạn">
                  {isAdmin ? (
                    <span>Toàn quyền quản trị</span>
                  ) : user.permissions.length ? (
                    <ul className="mt-1 flex flex-wrap gap-1.5">
                      {PERMISSIONS.filter((p) => user.permissions.includes(p)).map((p) => (
                        <li key={p}>
                          <Badge>{PERMISSION_LABELS[p]}</Badge>
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <span className="text-slate-500">Chưa được cấp quyền quản lý nào</span>
                  )}
                </InfoRow>
              </dl>
            </>
          ) : (
            <div className="space-y-4">
              <div className="flex items-center gap-4">
                <Skeleton className="size-14 rounded-full" />
                <Skeleton className="h-5 w-40" />
              </div>
              <SkeletonText lines={4} />
            </div>
          )}
        </section>

        <section
          className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
          aria-labelledby="contact-title"
        >
          <h2 id="contact-title" className="text-base font-semibold text-slate-900">
            Thông tin liên hệ
          </h2>
          <p className="mt-1 mb-4 text-sm text-slate-500">
            Email dùng để nhận mã xác nhận khi bạn quên mật khẩu; số điện thoại để đồng nghiệp liên hệ.
          </p>
          {user ? <ContactForm user={user} /> : <SkeletonText lines={3} />}
        </section>
        <SessionsCard />
      </div>
    </>
  );
}
