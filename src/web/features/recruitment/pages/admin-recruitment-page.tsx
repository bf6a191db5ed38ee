import { formatDate } from '@contract/format';
import {
  JOB_TYPE_LABELS,
  JOB_TYPES,
  type JobType,
  RECRUITMENT_STATUS_LABELS,
  RECRUITMENT_STATUSES,
  type RecruitmentStatus,
  type RecruitmentView,
} from '@contract/recruitment';
import { Lock, LockOpen, Pencil, Plus, Users } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button, IconButton } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { type Column, DataTable } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { Select } from '../../../components/form-field';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { SearchBox } from '../../../components/search-box';
import { errorMessage } from '../../../lib/api-client';
import { useAdminPostings, useRecruitmentOptions, useSetPostingOpen } from '../api';
import { PostingFormDialog } from '../components/posting-form-dialog';
import { JobTypeBadge, PostingStatusBadge } from '../labels';

const PAGE_SIZE = 5;

/** /dashboard/recruitment: postings with status and type labels, filters, open / close, add / edit. */
export default function AdminRecruitmentPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const search = params.get('search') ?? '';
  const status = (RECRUITMENT_STATUSES as readonly string[]).includes(params.get('status') ?? '')
    ? (params.get('status') as RecruitmentStatus)
    : '';
  const type = (JOB_TYPES as readonly string[]).includes(params.get('type') ?? '')
    ? (params.get('type') as JobType)
    : '';
  const { data, isPending, isError, error, isPlaceholderData } = useAdminPostings({
    page,
    size: PAGE_SIZE,
    search,
    status,
    type,
  });
  const { statuses, types } = useRecruitmentOptions();
  const setOpen = useSetPostingOpen();
  const [editing, setEditing] = useState<RecruitmentView | null | undefined>(undefined);
  const [target, setTarget] = useState<RecruitmentView | null>(null);

  const update = (next: Record<string, string | number | undefined>) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v === undefined || v === '' || (k === 'page' && v === 1)) p.delete(k);
      else p.set(k, String(v));
    }
    if (!('page' in next)) p.delete('page');
    setParams(p, { replace: 'search' in next });
  };

  function confirmToggle() {
    if (!target) return;
    const open = target.status !== 'OPEN';
    setOpen.mutate(
      { id: target.recruitmentId, open },
      {
        onSuccess: () => {
          toast.success(open ? 'Đã mở tin tuyển dụng' : 'Đã đóng tin tuyển dụng');
          setTarget(null);
        },
        onError: (err) => {
          toast.error(errorMessage(err));
          setTarget(null);
        },
      },
    );
  }

  const columns: Column<RecruitmentView>[] = [
    {
      key: 'title',
      header: 'Tin tuyển dụng',
      mobile: 'title',
      cell: (r) => (
        <div className="min-w-52">
          <p className="font-medium text-slate-900">{r.title}</p>
          <p className="text-xs text-slate-500">
            {r.position} · {r.location}
          </p>
        </div>
      ),
    },
    { key: 'type', header: 'Loại', cell: (r) => <JobTypeBadge type={r.type} /> },
    { key: 'status', header: 'Trạng thái', cell: (r) => <PostingStatusBadge posting={r} /> },
    { key: 'salary', header: 'Mức lương', className: 'whitespace-nowrap', cell: (r) => r.salaryDisplay },
    {
      key: 'deadline',
      header: 'Hạn nộp',
      className: 'whitespace-nowrap',
      cell: (r) => formatDate(`${r.deadline}T00:00:00+07:00`),
    },
    {
      key: 'candidates',
      header: 'Ứng viên',
      className: 'text-right',
      cell: (r) => (
        <Link
          to={`/dashboard/candidates?recruitmentId=${r.recruitmentId}`}
          className="-my-2 inline-flex min-h-11 items-center gap-1 font-medium text-brand-600 tabular-nums hover:text-brand-700"
          aria-label={`${r.candidateCount ?? 0} ứng viên của ${r.title}`}
        >
          <Users className="size-4" aria-hidden="true" />
          {r.candidateCount ?? 0}
        </Link>
      ),
    },
    {
      key: 'actions',
      header: <span className="sr-only">Thao tác</span>,
      mobile: 'actions',
      className: 'w-px text-right',
      cell: (r) => (
        <div className="flex justify-end gap-1">
          <IconButton label={`Sửa ${r.title}`} onClick={() => setEditing(r)}>
            <Pencil className="size-4" aria-hidden="true" />
          </IconButton>
          {r.status === 'OPEN' ? (
            <IconButton
              label={`Đóng tin ${r.title}`}
              className="text-red-600 hover:bg-red-50 hover:text-red-700"
              onClick={() => setTarget(r)}
            >
              <Lock className="size-4" aria-hidden="true" />
            </IconButton>
          ) : (
            <IconButton
              label={`Mở tin ${r.title}`}
              className="text-emerald-600 hover:bg-emerald-50 hover:text-emerald-700"
              onClick={() => setTarget(r)}
            >
              <LockOpen className="size-4" aria-hidden="true" />
            </IconButton>
          )}
        </div>
      ),
    },
  ];

  const statusOptions =
    statuses ?? RECRUITMENT_STATUSES.map((s) => ({ value: s, label: RECRUITMENT_STATUS_LABELS[s] }));
  const typeOptions = types ?? JOB_TYPES.map((t) => ({ value: t, label: JOB_TYPE_LABELS[t] }));
  const opening = target && target.status !== 'OPEN';

  return (
    <>
      <PageHeader
        title="Quản lý tuyển dụng"
        description={data ? `${data.totalElements} tin tuyển dụng` : 'Tin tuyển dụng trên trang Tuyển dụng'}
        actions={
          <>
            <Link
              to="/dashboard/candidates"
              className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50"
            >
              <Users className="size-4" aria-hidden="true" />
              Ứng viên
            </Link>
            <Button onClick={() => setEditing(null)}>
              <Plus className="size-4" aria-hidden="true" />
              Thêm tin tuyển dụng
            </Button>
          </>
        }
      />
      <div className="mb-4 grid gap-3 sm:grid-cols-[minmax(0,1fr)_12rem_12rem]">
        <SearchBox
          value={search}
          onChange={(v) => update({ search: v })}
          placeholder="Tìm tiêu đề, vị trí, nơi làm việc..."
          label="Tìm tin tuyển dụng"
        />
        <Select
          aria-label="Lọc theo trạng thái"
          value={status}
          onChange={(e) => update({ status: e.target.value })}
        >
          <option value="">Mọi trạng thái</option>
          {statusOptions.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </Select>
        <Select
          aria-label="Lọc theo loại công việc"
          value={type}
          onChange={(e) => update({ type: e.target.value })}
        >
          <option value="">Mọi loại công việc</option>
          {typeOptions.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </Select>
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
          caption="Danh sách tin tuyển dụng"
          columns={columns}
          rows={data?.content}
          rowKey={(r) => r.recruitmentId}
          loading={isPending}
          className={isPlaceholderData ? 'opacity-70' : undefined}
          empty={
            <EmptyState
              title={search || status || type ? 'Không có tin phù hợp' : 'Chưa có tin tuyển dụng nào'}
              description={search || status || type ? 'Thử đổi từ khóa hoặc bộ lọc.' : undefined}
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
      <PostingFormDialog posting={editing} onClose={() => setEditing(undefined)} />
      <ConfirmDialog
        open={target !== null}
        title={opening ? 'Mở tin tuyển dụng?' : 'Đóng tin tuyển dụng?'}
        message={
          opening
            ? target?.expired
              ? `"${target.title}" đã quá hạn nộp hồ sơ: hãy sửa hạn nộp trước khi mở lại.`
              : `"${target?.title}" sẽ hiện trên trang Tuyển dụng và nhận hồ sơ.`
            : `"${target?.title}" sẽ không còn hiện trên website và ngừng nhận hồ sơ.`
        }
        confirmLabel={opening ? 'Mở tin' : 'Đóng tin'}
        tone={opening ? 'primary' : 'danger'}
        loading={setOpen.isPending}
        onConfirm={confirmToggle}
        onCancel={() => setTarget(null)}
      />
    </>
  );
}
