import type { MyInfo } from '@contract/auth';
import { ROLE_LABELS } from '@contract/permissions';
import { useQueryClient } from '@tanstack/react-query';
import { ChevronDown, KeyRound, LogOut, Menu, UserRound } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Logo } from '../components/logo';
import { Spinner } from '../components/spinner';
import { errorMessage } from '../lib/api-client';
import { cx } from '../lib/cx';
import { logout } from '../lib/session';
import { useWebConfig } from '../lib/web-config';
import { NotificationBell } from './notification-slot';

/** The Vietnamese given name is the last word: "Nguyễn Văn An" -> "A". */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return (words[words.length - 1]?.[0] ?? '?').toUpperCase();
}

function UserMenu({ user }: { user: MyInfo }) {
  const [open, setOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  // biome-ignore lint/correctness/useExhaustiveDependencies: close when the page changes
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!box.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  async function signOut() {
    setLeaving(true);
    try {
      await logout(queryClient);
      navigate('/login', { replace: true });
    } catch (err) {
      toast.error(errorMessage(err, 'Đăng xuất thất bại, vui lòng thử lại!'));
      setLeaving(false);
    }
  }

  const item =
    'flex min-h-11 w-full items-center gap-3 rounded-lg px-3 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600';

  return (
    <div className="relative" ref={box}>
      <button
        ref={button}
        type="button"
        className="flex min-h-11 items-center gap-2 rounded-full py-1 pr-2 pl-1 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
        aria-expanded={open}
        aria-controls={id}
        aria-haspopup="true"
        onClick={() => setOpen((o) => !o)}
      >
        {/* Named by its own text ("Tài khoản: <name>"): an aria-label would hide the initials and name it shows. */}
        <span className="sr-only">Tài khoản: </span>
        <span
          className="flex size-9 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-white"
          aria-hidden="true"
        >
          {initials(user.name)}
        </span>
        <span className="sr-only max-w-40 truncate text-sm font-medium text-slate-800 sm:not-sr-only sm:block">
          {user.name}
        </span>
        <ChevronDown
          className={cx('size-4 text-slate-500 transition-transform', open && 'rotate-180')}
          aria-hidden="true"
        />
      </button>
      <div
        id={id}
        hidden={!open}
        className="absolute right-0 z-50 mt-2 w-64 rounded-xl border border-slate-200 bg-white p-2 shadow-lg motion-safe:animate-fade-in"
      >
        <div className="border-b border-slate-100 px-3 pt-1 pb-3">
          <p className="truncate font-semibold text-slate-900">{user.name}</p>
          <p className="truncate text-xs text-slate-500">
            {user.username} · {ROLE_LABELS[user.role] ?? user.role}
          </p>
        </div>
        <ul className="mt-2 space-y-0.5">
          <li>
            <Link to="/dashboard/profile" className={item}>
              <UserRound className="size-4" aria-hidden="true" />
              Thông tin tài khoản
            </Link>
          </li>
          <li>
            <Link to="/dashboard/profile/change-information" className={item}>
              <KeyRound className="size-4" aria-hidden="true" />
              Đổi mật khẩu
            </Link>
          </li>
          <li className="mt-1 border-t border-slate-100 pt-1">
            <button
              type="button"
              className={cx(item, 'text-red-600 hover:text-red-700')}
              onClick={signOut}
              disabled={leaving}
            >
              {leaving ? <Spinner className="size-4" /> : <LogOut className="size-4" aria-hidden="true" />}
              Đăng xuất
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}

/** The dashboard's top bar (rendered only once the user id is known): drawer button, logo, bell, user menu. */
export function DashboardTopBar({ user, onOpenMenu }: { user: MyInfo; onOpenMenu: () => void }) {
  const { data: config } = useWebConfig();
  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b border-slate-200 bg-white px-2 sm:px-4">
      <button
        type="button"
        className="inline-flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 lg:hidden"
        aria-label="Mở menu quản trị"
        aria-haspopup="dialog"
        aria-controls="dashboard-drawer"
        onClick={onOpenMenu}
      >
        <Menu className="size-6" aria-hidden="true" />
      </button>
      <Link
        to="/"
        className="inline-flex min-h-11 items-center rounded-lg focus-visible:outline-2 focus-visible:outline-brand-600"
        // The label holds the name shown, as the public header's logo does.
        aria-label={`${config?.showroomName || 'AutoViet'} - Về trang chủ website`}
      >
        <Logo name={config?.showroomName || 'AutoViet'} className="[&>span]:text-lg" />
      </Link>
      <div className="ml-auto flex items-center gap-1 sm:gap-2">
        <NotificationBell userId={user.userId} />
        <UserMenu user={user} />
      </div>
    </header>
  );
}
