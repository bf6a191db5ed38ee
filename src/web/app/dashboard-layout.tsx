import { dashboardTitle } from '@contract/dashboard-titles';
import { type ReactNode, useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { CloseButton } from '../components/close-button';
import { Skeleton } from '../components/skeleton';
import { useMyInfo } from '../lib/session';
import { getToken } from '../lib/token';
import { useDocumentTitle } from '../lib/use-document-title';
import { useModal } from '../lib/use-modal';
import { DashboardSidebar, useMenuGroups } from './dashboard-sidebar';
import { DashboardTopBar } from './dashboard-topbar';
import { PermissionGuard } from './permission-guard';

function MenuSkeleton() {
  return (
    <div className="space-y-2 p-3" aria-hidden="true">
      {Array.from({ length: 6 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <Skeleton key={i} className="h-9 w-full" />
      ))}
    </div>
  );
}

/** The phone / tablet menu: a native modal dialog sliding in from the left. */
function Drawer({ open, onClose, children }: { open: boolean; onClose: () => void; children: ReactNode }) {
  const ref = useModal(open);
  return (
    <dialog
      ref={ref}
      id="dashboard-drawer"
      aria-label="Menu quản trị"
      onClose={onClose}
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
      onKeyDown={() => undefined}
      className="m-0 h-dvh max-h-none w-72 max-w-[85vw] bg-white p-0 shadow-2xl backdrop:bg-slate-900/50 motion-safe:animate-slide-in-left lg:hidden"
    >
      <div className="flex items-center justify-between border-b border-slate-200 px-4 py-2">
        <span className="font-semibold text-slate-900">Menu quản trị</span>
        <CloseButton label="Đóng menu" onClick={onClose} />
      </div>
      {children}
    </dialog>
  );
}

/**
 * /dashboard frame: the current user from GET auth/my-info (failure with no data ->
 * /login), top bar once the user id is known, side menu on large screens and a drawer on small ones,
 * scroll to top on every route change, the tab titled by the page's name (contract/page-titles.ts), and the
 * permission guard around the page.
 */
export default function DashboardLayout() {
  const hasToken = getToken() !== null;
  const { data: user, isError } = useMyInfo();
  const { pathname, search } = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [openGroups, toggleGroup] = useMenuGroups(pathname);
  // Every dashboard page by its own name, as the server titled it.
  useDocumentTitle(dashboardTitle(pathname));

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every route change
  useEffect(() => {
    window.scrollTo(0, 0);
    setDrawerOpen(false);
  }, [pathname]);

  // The login page brings the staff member back here once signed in (a link from a notification e-mail).
  if (!hasToken || (isError && !user))
    return <Navigate to="/login" replace state={{ from: `${pathname}${search}` }} />;

  const menu = user ? (
    <DashboardSidebar user={user} openGroups={openGroups} onToggleGroup={toggleGroup} />
  ) : (
    <MenuSkeleton />
  );

  return (
    <div className="min-h-dvh bg-slate-100">
      {user?.userId ? <DashboardTopBar user={user} onOpenMenu={() => setDrawerOpen(true)} /> : null}
      <div className="flex">
        <aside className="sticky top-16 hidden h-[calc(100dvh-4rem)] w-64 shrink-0 overflow-y-auto border-r border-slate-200 bg-white lg:block">
          {menu}
        </aside>
        <main id="main" className="min-w-0 flex-1 px-4 py-5 sm:px-6 sm:py-6">
          <div className="mx-auto max-w-7xl">
            <PermissionGuard user={user}>
              <Outlet />
            </PermissionGuard>
          </div>
        </main>
      </div>
      <Drawer open={drawerOpen} onClose={() => setDrawerOpen(false)}>
        {menu}
      </Drawer>
    </div>
  );
}
