import { formatDay } from '@contract/format';
import { JOB_TYPES, RECRUITMENT_STATUSES, type RecruitmentView } from '@contract/recruitment';
import { Lock, LockOpen, Pencil, Plus, Users } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import type { Column } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { FilterSelect } from '../../../components/filter-select';
import { ListPage } from '../../../components/list-page';
import { actionsColumn, RowButton, ToggleRowButton } from '../../../components/row-actions';
import { useConfirmAction } from '../../../lib/use-confirm-action';
import { useListParams } from '../../../lib/use-list-params';
import { useAdminPostings, useRecruitmentOptions, useSetPostingOpen } from '../api';
import { PostingFormDialog } from '../components/posting-form-dialog';
import { JobTypeBadge, PostingStatusBadge } from '../labels';

/** /dashboard/recruitment: postings with status and type labels, filters, open / close, add / edit. */
export default function AdminRecruitmentPage() {
  const list = useListParams({ table: 'recruitments' });
  const { page, search, choice, update } = list;
  const status = choice('status', RECRUITMENT_STATUSES) ?? '';
  const type = choice('type', JOB_TYPES) ?? '';
  const query = useAdminPostings({
    page,
    size: list.size,
    search,
    status,
    type,
  });
  const { data } = query;
  const { statuses: statusOptions, types: typeOptions } = useRecruitmentOptions();
  const [editing, setEditing] = useState<RecruitmentView | null | undefined>(undefined);
  const toggle = useConfirmAction(
    useSetPostingOpen(),
    (r: RecruitmentView) => ({ id: r.recruitmentId, open: r.status !== 'OPEN' }),
    (r) => (r.status !== 'OPEN' ? 'Đã mở tin tuyển dụng' : 'Đã đóng tin tuyển dụng'),
  );
  const target = toggle.target;

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
      cell: (r) => formatDay(r.deadline),
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
    actionsColumn((r) => (
      <>
        <RowButton label={`Sửa ${r.title}`} icon={Pencil} onClick={() => setEditing(r)} />
        <ToggleRowButton
          isOn={r.status === 'OPEN'}
          off={{ label: `Đóng tin ${r.title}`, icon: Lock }}
          on={{ label: `Mở tin ${r.title}`, icon: LockOpen }}
          onClick={() => toggle.ask(r)}
        />
      </>
    )),
  ];

  const opening = target && target.status !== 'OPEN';

  return (
    <ListPage
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
      filtersClassName="grid gap-3 sm:grid-cols-[minmax(0,1fr)_12rem_12rem]"
      search={{ placeholder: 'Tìm tiêu đề, vị trí, nơi làm việc...', label: 'Tìm tin tuyển dụng' }}
      filters={
        <>
          <FilterSelect
            label="Lọc theo trạng thái"
            value={status}
            onChange={(v) => update({ status: v }, false)}
            all="Mọi trạng thái"
            options={statusOptions}
          />
          <FilterSelect
            label="Lọc theo loại công việc"
            value={type}
            onChange={(v) => update({ type: v }, false)}
            all="Mọi loại công việc"
            options={typeOptions}
          />
        </>
      }
      query={query}
      caption="Danh sách tin tuyển dụng"
      columns={columns}
      rowKey={(r) => r.recruitmentId}
      empty={
        <EmptyState
          title={search || status || type ? 'Không có tin phù hợp' : 'Chưa có tin tuyển dụng nào'}
          description={search || status || type ? 'Thử đổi từ khóa hoặc bộ lọc.' : undefined}
        />
      }
      list={list}
      pageSizeId="recruitments-page-size"
    >
      <PostingFormDialog posting={editing} onClose={() => setEditing(undefined)} />
      <ConfirmDialog
        {...toggle.dialog}
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
      />
    </ListPage>
  );
}
