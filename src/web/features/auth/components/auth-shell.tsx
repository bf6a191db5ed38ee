import { ArrowLeft, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '../../../components/logo';
import { useWebConfig } from '../../../lib/web-config';

/** The frame of the staff sign-in screens: a brand panel on wide screens, the form card beside it. */
export function AuthShell({ children }: { children: ReactNode }) {
  const { data } = useWebConfig();
  const name = data?.showroomName || 'AutoViet';
  return (
    <div className="grid min-h-dvh bg-slate-50 lg:grid-cols-2">
      <aside className="relative hidden overflow-hidden bg-slate-950 p-12 text-white lg:flex lg:flex-col lg:justify-between">
        <div
          className="absolute inset-0 bg-[radial-gradient(ellipse_at_bottom_left,rgba(185,28,28,0.55),transparent_60%)]"
          aria-hidden="true"
        />
        <Link to="/" className="relative w-fit rounded-lg">
          <Logo name={name} tone="light" />
        </Link>
        <div className="relative max-w-md">
          <p className="text-3xl leading-tight font-bold">Khu vực dành cho nhân viên quản lý showroom</p>
          <p className="mt-4 text-slate-300">
            Quản lý xe, giao dịch, dịch vụ, tin tức và tài khoản nhân viên tại một nơi.
          </p>
        </div>
        <p className="relative flex items-center gap-2 text-sm text-slate-400">
          <ShieldCheck className="size-4" aria-hidden="true" />
          Kết nối được mã hóa, phiên đăng nhập có thể thu hồi.
        </p>
      </aside>
      <main className="flex flex-col px-4 py-6 sm:px-6">
        <div className="flex items-center justify-between">
          <Link to="/" className="rounded-lg lg:hidden">
            <Logo name={name} />
          </Link>
          <Link
            to="/"
            className="ml-auto inline-flex min-h-11 items-center gap-1.5 rounded-lg px-2 text-sm font-medium text-slate-600 hover:text-brand-600"
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            Về trang chủ
          </Link>
        </div>
        <div className="flex flex-1 items-center justify-center py-8">
          <div className="w-full max-w-md">{children}</div>
        </div>
      </main>
    </div>
  );
}
