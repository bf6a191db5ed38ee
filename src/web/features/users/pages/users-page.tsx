import { PERMISSION_LABELS, ROLE_LABELS } from '@contract/permissions';
import type { UserView } from '@contract/users';
import { Pencil, UserCheck, UserPlus, UserX } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Badge } from '../../../components/badge';
import { buttonClass, IconButton, iconButtonClass } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { type Column, DataTable } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { SearchBox } from '../../../components/search-box';
import { errorMessage } from '../../../lib/api-client';
import { useMyInfo } from '../../../lib/session';
import { useSetActive, useUsers } from '../api';

const PAGE_SIZE = 5;

/** /dashboard/users: staff accounts, searchable, paged, with activate / deactivate. */
export default function UsersPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const search = params.get('search') ?? '';
  const { data, isPending, isError, error, isPlaceholderData } = useUsers({ page, size: PAGE_SIZE, search });
  const { data: me } = useMyInfo();
  const setActive = useSetActive();
  const [target, setTarget] = useState<UserView | null>(null);

  const update = (next: { page?: number; search?: string }) => {
    const p = new URLSearchParams(params);
    if (next.search !== undefined) {
      if (next.search) p.set('search', next.search);
      else p.delete('search');
      p.delete('page');
    }
    if (next.page !== undefined) {
      if (next.page > 1) p.set('page', String(next.page));
      else p.delete('page');
    }
    setParams(p, { replace: next.search !== undefined });
  };

  function confirmToggle() {
    if (!target) return;
    setActive.mutate(
      { id: target.userId, active: !target.active },
      {
        onSuccess: (text) => {
          toast.success(typeof text === 'string' && text ? text : 'Đã cập nhật trạng thái tài khoản');
          setTarget(null);
        },
        onError: (err) => {
          toast.error(errorMessage(err));
          setTarget(null);
        },
      },
    );
  }

  const columns: Column<UserView>[] = [
    {
      key: 'name',
      header: 'Nhân viên',
      mobile: 'title',
      cell: (u) => (
        <div className="min-w-40">
          <p className="font-medium text-slate-900">{u.fullName}</p>
          <p className="text-xs text-slate-500">{u.username}</p>
        </div>
      ),
    },
    {
      key: 'contact',
      header: 'Liên hệ',
      cell: (u) => (
        <div className="md:min-w-44">
          <p className="break-all text-slate-700">{u.email || '—'}</p>
          <p className="text-xs text-slate-500">{u.phone || ''}</p>
        </div>
      ),
    },
    {
      key: 'role',
      header: 'Vai trò',
      cell: (u) => (
        <Badge tone={u.role === 'ADMIN' ? 'brand' : 'info'}>{ROLE_LABELS[u.role] ?? u.role}</Badge>
      ),
    },
    {
      key: 'permissions',
      header: 'Quyền',
      cell: (u) =>
        u.role === 'ADMIN' ? (
          <span className="text-slate-500">Toàn quyền</span>
        ) : u.permissions.length ? (
          <span
            className="line-clamp-2 text-xs text-slate-600 md:min-w-48"
            title={u.permissions.map((p) => PERMISSION_LABELS[p]).join(', ')}
          >
            {u.permissions.map((p) => PERMISSION_LABELS[p]).join(', ')}
          </span>
        ) : (
          <span className="text-slate-400">Chưa có</span>
        ),
    },
    {
      key: 'status',
      header: 'Trạng thái',
      cell: (u) =>
        u.active ? <Badge tone="success">Hoạt động</Badge> : <Badge tone="neutral">Đã vô hiệu hóa</Badge>,
    },
    {
      key: 'actions',
      header: <span className="sr-only">Thao tác</span>,
      mobile: 'actions',
      className: 'w-px text-right',
      cell: (u) => (
        <div className="flex justify-end gap-1">
          <Link
            to={`/dashboard/users/${u.userId}`}
            className={iconButtonClass}
            aria-label={`Sửa ${u.fullName}`}
            title="Sửa"
          >
            <Pencil className="size-4" aria-hidden="true" />
          </Link>
          {u.userId === me?.userId ? (
            <span className="size-11" aria-hidden="true" />
          ) : u.active ? (
            <IconButton
              label={`Vô hiệu hóa ${u.fullName}`}
              className="text-red-600 hover:bg-red-50 hover:text-red-700"
              onClick={() => setTarget(u)}
            >
              <UserX className="size-4" aria-hidden="true" />
            </IconButton>
          ) : (
            <IconButton
              label={`Kích hoạt ${u.fullName}`}
              className="text-emerald-600 hover:bg-emerald-50 hover:text-emerald-700"
              onClick={() => setTarget(u)}
            >
              <UserCheck className="size-4" aria-hidden="true" />
            </IconButton>
          )}
        </div>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Quản lý tài khoản"
        description={data ? `${data.totalElements} tài khoản nhân viên` : 'Tài khoản nhân viên và phân quyền'}
        actions={
          <Link to="/dashboard/users/add" className={buttonClass('primary')}>
            <UserPlus className="size-4" aria-hidden="true" />
            Thêm tài khoản
          </Link>
        }
      />
      <div className="mb-4 max-w-md">
        <SearchBox
          value={search}
          onChange={(v) => update({ search: v })}
          placeholder="Tìm tên, email, số điện thoại..."
          label="Tìm tài khoản"
        />
      </div>
      {isError ? (
        <div
          className="rounded-xl bg-white p-6 text-center text-red-600 shadow-sm ring-1 ring-slate-200"
          role="alert"
        >
          {errorMessage(error)}
        </div>
      ) : (
        <DataTable
          caption="Danh sách tài khoản nhân viên"
          columns={columns}
          rows={data?.content}
          rowKey={(u) => u.userId}
          loading={isPending}
          className={isPlaceholderData ? 'opacity-70' : undefined}
          empty={
            <EmptyState
              title={search ? 'Không tìm thấy tài khoản phù hợp' : 'Chưa có tài khoản nào'}
              description={search ? 'Thử lại với từ khóa khác.' : undefined}
            />
          }
        />
      )}
      <Pagination
        className="mt-4"
        page={page}
        totalPages={data?.totalPages ?? 0}
        onChange={(p) => update({ page: p })}
      />
      <ConfirmDialog
        open={target !== null}
        title={target?.active ? 'Vô hiệu hóa tài khoản?' : 'Kích hoạt tài khoản?'}
        message={
          target?.active
            ? `${target.fullName} (${target.username}) sẽ không đăng nhập được nữa và mọi phiên đăng nhập hiện tại bị thu hồi.`
            : `${target?.fullName} (${target?.username}) sẽ đăng nhập lại được.`
        }
        confirmLabel={target?.active ? 'Vô hiệu hóa' : 'Kích hoạt'}
        tone={target?.active ? 'danger' : 'primary'}
        loading={setActive.isPending}
        onConfirm={confirmToggle}
        onCancel={() => setTarget(null)}
      />
    </>
  );
}
