import { formatDate } from '@contract/format';
import { hasPermission, type Permission, ROLE_LABELS } from '@contract/permissions';
import { ArrowRight, Car, Images, Newspaper, Settings, UserRound, Users, Wrench } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { Skeleton } from '../../../components/skeleton';
import { useMyInfo } from '../../../lib/session';

const SHORTCUTS: { label: string; text: string; to: string; icon: typeof Car; permission?: Permission }[] = [
  {
    label: 'Danh sách xe',
    text: 'Thêm, sửa và theo dõi xe trong kho',
    to: '/dashboard/carManagement',
    icon: Car,
    permission: 'MANAGE_CAR',
  },
  {
    label: 'Yêu cầu dịch vụ',
    text: 'Lái thử, bảo dưỡng, tư vấn',
    to: '/dashboard/testdriveManagement',
    icon: Wrench,
    permission: 'MANAGE_SERVICE',
  },
  {
    label: 'Banner trang chủ',
    text: 'Ảnh trình chiếu trên trang chủ',
    to: '/dashboard/sliders',
    icon: Images,
    permission: 'MANAGE_OVERVIEW',
  },
  {
    label: 'Tin tức',
    text: 'Viết và xuất bản bài viết',
    to: '/dashboard/blogs',
    icon: Newspaper,
    permission: 'MANAGE_BLOG',
  },
  {
    label: 'Tài khoản nhân viên',
    text: 'Tài khoản và phân quyền',
    to: '/dashboard/users',
    icon: Users,
    permission: 'MANAGE_USER',
  },
  {
    label: 'Cấu hình hệ thống',
    text: 'Thông tin showroom, chi phí, trợ lý AI',
    to: '/dashboard/setting',
    icon: Settings,
    permission: 'WEB_CONFIG',
  },
  {
    label: 'Tài khoản của tôi',
    text: 'Thông tin cá nhân, đổi mật khẩu',
    to: '/dashboard/profile',
    icon: UserRound,
  },
];

/** /dashboard: a welcome card and shortcuts; the statistics issue replaces the body with its charts. */
export default function OverviewPage() {
  const { data: user } = useMyInfo();
  const shortcuts = SHORTCUTS.filter((s) => !s.permission || hasPermission(user, s.permission));
  return (
    <>
      <PageHeader title="Tổng quan" description={`Hôm nay, ${formatDate(new Date())}`} />
      <section className="relative overflow-hidden rounded-2xl bg-slate-900 p-6 text-white shadow-sm sm:p-8">
        <div
          className="absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,rgba(185,28,28,0.6),transparent_55%)]"
          aria-hidden="true"
        />
        <div className="relative">
          {user ? (
            <>
              <p className="text-sm text-slate-300">{ROLE_LABELS[user.role] ?? user.role}</p>
              <h2 className="mt-1 text-2xl font-bold sm:text-3xl">Xin chào, {user.name}!</h2>
            </>
          ) : (
            <>
              <Skeleton className="h-4 w-24 bg-white/20" />
              <Skeleton className="mt-2 h-8 w-64 bg-white/20" />
            </>
          )}
          <p className="mt-3 max-w-2xl text-slate-300">
            Chúc bạn một ngày làm việc hiệu quả. Chọn một mục bên dưới hoặc trong menu để bắt đầu.
          </p>
        </div>
      </section>
      <h2 className="mt-8 mb-3 text-base font-semibold text-slate-900">Truy cập nhanh</h2>
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {(user ? shortcuts : []).map((s) => (
          <li key={s.to} className="min-w-0">
            <Link
              to={s.to}
              className="group flex items-center gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 transition hover:ring-brand-300"
            >
              <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
                <s.icon className="size-5" aria-hidden="true" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block font-medium text-slate-900">{s.label}</span>
                <span className="block truncate text-sm text-slate-500">{s.text}</span>
              </span>
              <ArrowRight className="size-4 text-slate-400 group-hover:text-brand-600" aria-hidden="true" />
            </Link>
          </li>
        ))}
        {user
          ? null
          : Array.from({ length: 3 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
              <li key={i}>
                <Skeleton className="h-[76px] w-full rounded-xl" />
              </li>
            ))}
      </ul>
    </>
  );
}
