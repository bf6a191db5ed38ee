import type { MyInfo } from '@contract/auth';
import { hasPermission, NO_ACCESS_MESSAGE, type Permission } from '@contract/permissions';
import { ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useMatches } from 'react-router';
import { buttonClass } from '../components/button';

/** What a dashboard route declares: `handle: { permission: 'MANAGE_BLOG' }` (see dashboard-routes.ts). */
export interface DashboardHandle {
  permission?: Permission;
  /** Any one of these opens the page (the customer record: service or car staff). */
  anyOf?: readonly Permission[];
}

/** The permissions (any one suffices) the deepest matched route that names some asks for, if any. */
export function useRequiredPermission(): readonly Permission[] | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i].handle as DashboardHandle | undefined;
    if (handle?.permission) return [handle.permission];
    if (handle?.anyOf) return handle.anyOf;
  }
  return undefined;
}

export function NoAccess() {
  return (
    <div className="mx-auto max-w-lg rounded-2xl bg-white px-6 py-12 text-center shadow-sm ring-1 ring-slate-200">
      <div className="mx-auto flex size-14 items-center justify-center rounded-full bg-red-50 text-red-600">
        <ShieldAlert className="size-7" aria-hidden="true" />
      </div>
      <h1 className="mt-4 text-lg font-semibold text-slate-900 sm:text-xl">{NO_ACCESS_MESSAGE}</h1>
      <p className="mt-2 text-sm text-slate-500">Liên hệ quản trị viên nếu bạn cần được cấp quyền.</p>
      <Link to="/dashboard" className={buttonClass('secondary', 'mt-6')}>
        Về trang tổng quan
      </Link>
    </div>
  );
}

/**
 * Spec section 6: ADMIN opens everything; others need the route's permission. While the user is not
 * known yet the page itself shows (its API calls are guarded by the server anyway).
 */
export function PermissionGuard({ user, children }: { user: MyInfo | undefined; children: ReactNode }) {
  const required = useRequiredPermission();
  if (!user || !required || required.some((p) => hasPermission(user, p))) return children;
  return <NoAccess />;
}
