import { formatDateTime } from '@contract/format';
import { CANDIDATE_STATUS_LABELS, CANDIDATE_STATUSES, type CandidateView } from '@contract/recruitment';
import { Download, Eye } from 'lucide-react';
import { useState } from 'react';
import type { Column } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { ExportButtons } from '../../../components/export-buttons';
import { FilterSelect } from '../../../components/filter-select';
import { ListPage } from '../../../components/list-page';
import { actionsColumn, RowButton } from '../../../components/row-actions';
import { enumOptions } from '../../../lib/enum-options';
import { useListParams } from '../../../lib/use-list-params';
import { useCandidates, usePostingChoices } from '../api';
import { CandidateDialog } from '../components/candidate-dialog';
import { CandidateStatusBadge } from '../labels';
import { useCvDownload } from '../use-cv-download';

/** /dashboard/candidates: applications, filtered by posting and status; detail, status change, CV. */
export default function CandidatesPage() {
  const list = useListParams({ table: 'candidates' });
  const { params, page, search, choice, update } = list;
  const rid = Number(params.get('recruitmentId'));
  const recruitmentId = Number.isInteger(rid) && rid > 0 ? rid : undefined;
  const status = choice('status', CANDIDATE_STATUSES) ?? '';
  const query = useCandidates({
    page,
    size: list.size,
    search,
    recruitmentId,
    status,
  });
  const { data } = query;
  const postings = usePostingChoices();
  const [openId, setOpenId] = useState<number | null>(null);
  const cv = useCvDownload();

  const columns: Column<CandidateView>[] = [
    {
      key: 'name',
      header: 'Ứng viên',
      mobile: 'title',
      cell: (c) => (
        <div className="min-w-44">
          <p className="font-medium text-slate-900">{c.fullName}</p>
          <p className="text-xs text-slate-500">
            {c.phone} · <span className="break-all">{c.email}</span>
          </p>
        </div>
      ),
    },
    {
      key: 'posting',
      header: 'Vị trí',
      cell: (c) => <span className="line-clamp-2 md:min-w-40">{c.recruitmentTitle}</span>,
    },
    {
      key: 'date',
      header: 'Ngày nộp',
      className: 'whitespace-nowrap',
      cell: (c) => formatDateTime(c.createdAt),
    },
    { key: 'status', header: 'Trạng thái', cell: (c) => <CandidateStatusBadge status={c.status} /> },
    actionsColumn((c) => (
      <>
        <RowButton label={`Xem hồ sơ ${c.fullName}`} icon={Eye} onClick={() => setOpenId(c.candidateId)} />
        <RowButton
          label={`Tải CV của ${c.fullName}`}
          icon={Download}
          disabled={cv.busy === c.candidateId}
          onClick={() => cv.run(c)}
        />
      </>
    )),
  ];

  const filtered = Boolean(search || status || recruitmentId);
  return (
    <ListPage
      title="Ứng viên"
      description={data ? `${data.totalElements} hồ sơ ứng tuyển` : 'Hồ sơ ứng tuyển từ trang Tuyển dụng'}
      actions={<ExportButtons path="candidates" query={{ search, recruitmentId, status }} />}
      filtersClassName="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_16rem_12rem]"
      search={{
        placeholder: 'Tìm tên, email, số điện thoại...',
        label: 'Tìm ứng viên',
        className: 'sm:col-span-2 lg:col-span-1',
      }}
      filters={
        <>
          <FilterSelect
            label="Lọc theo tin tuyển dụng"
            value={recruitmentId ?? ''}
            onChange={(v) => update({ recruitmentId: v }, false)}
            all="Mọi tin tuyển dụng"
            options={postings.data?.content.map((p) => ({ value: p.recruitmentId, label: p.title }))}
          />
          <FilterSelect
            label="Lọc theo trạng thái"
            value={status}
            onChange={(v) => update({ status: v }, false)}
            all="Mọi trạng thái"
            options={enumOptions(CANDIDATE_STATUSES, CANDIDATE_STATUS_LABELS)}
          />
        </>
      }
      query={query}
      caption="Danh sách ứng viên"
      columns={columns}
      rowKey={(c) => c.candidateId}
      empty={
        <EmptyState
          title={filtered ? 'Không có hồ sơ phù hợp' : 'Chưa có hồ sơ ứng tuyển nào'}
          description={filtered ? 'Thử đổi từ khóa hoặc bộ lọc.' : undefined}
        />
      }
      list={list}
      pageSizeId="candidates-page-size"
    >
      <CandidateDialog id={openId} onClose={() => setOpenId(null)} />
    </ListPage>
  );
}
