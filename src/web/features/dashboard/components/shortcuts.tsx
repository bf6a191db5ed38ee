import type { MyInfo } from '@contract/auth';
import { hasPermission, type Permission } from '@contract/permissions';
import { ArrowRight, Car, Images, Newspaper, Settings, UserRound, Users, Wrench } from 'lucide-react';
import { Link } from 'react-router';
import { Skeleton } from '../../../components/skeleton';
import { cx } from '../../../lib/cx';

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

/** "Truy cập nhanh": the pages the user's permissions open (placeholders until the user is known). */
export function Shortcuts({ user }: { user: MyInfo | undefined }) {
  const shortcuts = SHORTCUTS.filter((x) => !x.permission || hasPermission(user, x.permission));
  return (
    <>
      <h2 className="mt-8 mb-3 text-base font-semibold text-slate-900">Truy cập nhanh</h2>
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {(user ? shortcuts : []).map((x) => (
          <li key={x.to} className="min-w-0">
            <Link
              to={x.to}
              className="group flex items-center gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 transition hover:ring-brand-300"
            >
              <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
                <x.icon className="size-5" aria-hidden="true" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block font-medium text-slate-900">{x.label}</span>
                <span className="block truncate text-sm text-slate-500">{x.text}</span>
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
                <Skeleton className={cx('h-[76px] w-full rounded-xl')} />
              </li>
            ))}
      </ul>
    </>
  );
}
