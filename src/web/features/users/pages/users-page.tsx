import { PERMISSION_LABELS, ROLE_LABELS } from '@contract/permissions';
import type { UserView } from '@contract/users';
import { Pencil, UserCheck, UserPlus, UserX } from 'lucide-react';
import { Badge } from '../../../components/badge';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import type { Column } from '../../../components/data-table';
import { ListAddLink, ListEmpty, ListPage } from '../../../components/list-page';
import { actionsColumn, RowButtonSpace, RowLink, ToggleRowButton } from '../../../components/row-actions';
import { useMyInfo } from '../../../lib/session';
import { useConfirmAction } from '../../../lib/use-confirm-action';
import { useSearchList } from '../../../lib/use-list-params';
import { useSetActive, useUsers } from '../api';

/** /dashboard/users: staff accounts, searchable, paged, with activate / deactivate. */
export default function UsersPage() {
  const { list, search, query, data } = useSearchList('users', useUsers);
  const { data: me } = useMyInfo();
  const toggle = useConfirmAction(
    useSetActive(),
    (u: UserView) => ({ id: u.userId, active: !u.active }),
    (_, text) => (typeof text === 'string' && text ? text : 'Đã cập nhật trạng thái tài khoản'),
  );
  const target = toggle.target;

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
    actionsColumn((u) => (
      <>
        <RowLink to={`/dashboard/users/${u.userId}`} label={`Sửa ${u.fullName}`} title="Sửa" icon={Pencil} />
        {u.userId === me?.userId ? (
          <RowButtonSpace />
        ) : (
          <ToggleRowButton
            isOn={u.active}
            off={{ label: `Vô hiệu hóa ${u.fullName}`, icon: UserX }}
            on={{ label: `Kích hoạt ${u.fullName}`, icon: UserCheck }}
            onClick={() => toggle.ask(u)}
          />
        )}
      </>
    )),
  ];

  return (
    <ListPage
      title="Quản lý tài khoản"
      description={data ? `${data.totalElements} tài khoản nhân viên` : 'Tài khoản nhân viên và phân quyền'}
      actions={<ListAddLink to="/dashboard/users/add" icon={UserPlus} label="Thêm tài khoản" />}
      search={{ placeholder: 'Tìm tên, email, số điện thoại...', label: 'Tìm tài khoản' }}
      query={query}
      caption="Danh sách tài khoản nhân viên"
      columns={columns}
      rowKey={(u) => u.userId}
      empty={
        <ListEmpty
          searching={!!search}
          found="Không tìm thấy tài khoản phù hợp"
          none="Chưa có tài khoản nào"
        />
      }
      list={list}
      pageSizeId="users-page-size"
    >
      <ConfirmDialog
        {...toggle.dialog}
        title={target?.active ? 'Vô hiệu hóa tài khoản?' : 'Kích hoạt tài khoản?'}
        message={
          target?.active
            ? `${target.fullName} (${target.username}) sẽ không đăng nhập được nữa và mọi phiên đăng nhập hiện tại bị thu hồi.`
            : `${target?.fullName} (${target?.username}) sẽ đăng nhập lại được.`
        }
        confirmLabel={target?.active ? 'Vô hiệu hóa' : 'Kích hoạt'}
        tone={target?.active ? 'danger' : 'primary'}
      />
    </ListPage>
  );
}
