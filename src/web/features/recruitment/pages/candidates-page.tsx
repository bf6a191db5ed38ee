import { formatDateTime } from '@contract/format';
import {
  CANDIDATE_STATUS_LABELS,
  CANDIDATE_STATUSES,
  type CandidateStatus,
  type CandidateView,
} from '@contract/recruitment';
import { Download, Eye, FileText, Mail, Phone, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button, IconButton } from '../../../components/button';
import { type Column, DataTable } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { Select } from '../../../components/form-field';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { SearchBox } from '../../../components/search-box';
import { SkeletonText } from '../../../components/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { ExportButtons } from '../../dashboard/components/export-buttons';
import { downloadCv, useCandidate, useCandidates, usePostingChoices, useSetCandidateStatus } from '../api';
import { CandidateStatusBadge, formatBytes } from '../labels';

const PAGE_SIZE = 5;

function useCvDownload() {
  const [busy, setBusy] = useState<number | null>(null);
  async function run(c: Pick<CandidateView, 'candidateId' | 'cv'>) {
    setBusy(c.candidateId);
    try {
      await downloadCv(c);
    } catch (err) {
      toast.error(errorMessage(err, 'Không tải được CV'));
    } finally {
      setBusy(null);
    }
  }
  return { busy, run };
}

function CandidateDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const { data: c, isPending, isError, error } = useCandidate(id);
  const setStatus = useSetCandidateStatus();
  const cv = useCvDownload();
  const [status, setStatusValue] = useState<CandidateStatus | ''>('');

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (id !== null && !dialog.open) dialog.showModal();
    if (id === null && dialog.open) dialog.close();
  }, [id]);
  useEffect(() => setStatusValue(c?.status ?? ''), [c?.status]);

  function saveStatus() {
    if (!c || !status || status === c.status) return;
    setStatus.mutate(
      { id: c.candidateId, status },
      {
        onSuccess: (saved) => toast.success(`Đã chuyển ${saved.fullName} sang "${saved.statusLabel}"`),
        onError: (err) => toast.error(errorMessage(err)),
      },
    );
  }

  return (
    <dialog
      ref={ref}
      aria-labelledby="candidate-title"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
      onKeyDown={() => undefined}
      className="m-auto max-h-[calc(100dvh-1rem)] w-[calc(100%-1rem)] max-w-xl rounded-xl bg-white p-0 text-slate-800 shadow-xl backdrop:bg-slate-900/50"
    >
      {id !== null ? (
        <div className="flex max-h-[calc(100dvh-1rem)] flex-col">
          <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-5 py-3">
            <h2 id="candidate-title" className="min-w-0 truncate text-lg font-semibold text-slate-900">
              {c ? c.fullName : 'Hồ sơ ứng viên'}
            </h2>
            <IconButton label="Đóng" onClick={onClose}>
              <X className="size-5" aria-hidden="true" />
            </IconButton>
          </div>
          <div className="flex-1 overflow-y-auto px-5 py-4">
            {isError ? (
              <p className="text-red-600" role="alert">
                {errorMessage(error)}
              </p>
            ) : isPending ? (
              <SkeletonText lines={6} />
            ) : (
              <div className="space-y-5">
                <div className="flex flex-wrap items-center gap-2">
                  <CandidateStatusBadge status={c.status} />
                  <span className="text-sm text-slate-500">Nộp lúc {formatDateTime(c.createdAt)}</span>
                </div>
                <dl className="grid gap-3 text-sm sm:grid-cols-2">
                  <div className="sm:col-span-2">
                    <dt className="text-xs font-medium text-slate-500 uppercase">Vị trí ứng tuyển</dt>
                    <dd className="mt-0.5 font-medium text-slate-900">{c.recruitmentTitle}</dd>
                  </div>
                  <div>
                    <dt className="text-xs font-medium text-slate-500 uppercase">Điện thoại</dt>
                    <dd>
                      <a
                        href={`tel:${c.phone}`}
                        className="inline-flex min-h-11 items-center gap-1.5 text-brand-700 hover:text-brand-800"
                      >
                        <Phone className="size-4" aria-hidden="true" />
                        {c.phone}
                      </a>
                    </dd>
                  </div>
                  <div>
                    <dt className="text-xs font-medium text-slate-500 uppercase">Email</dt>
                    <dd>
                      <a
                        href={`mailto:${c.email}`}
                        className="inline-flex min-h-11 items-center gap-1.5 break-all text-brand-700 hover:text-brand-800"
                      >
                        <Mail className="size-4 shrink-0" aria-hidden="true" />
                        {c.email}
                      </a>
                    </dd>
                  </div>
                </dl>
                <div>
                  <h3 className="text-xs font-medium text-slate-500 uppercase">Thư giới thiệu</h3>
                  <p className="mt-1 rounded-lg bg-slate-50 p-3 text-sm whitespace-pre-line text-slate-700">
                    {c.letter || <span className="text-slate-400">Không có</span>}
                  </p>
                </div>
                <div className="flex items-center gap-3 rounded-lg border border-slate-200 p-3">
                  <FileText className="size-8 shrink-0 text-brand-600" aria-hidden="true" />
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium text-slate-900">{c.cv.fileName}</p>
                    <p className="text-xs text-slate-500">
                      {c.cv.kind === 'pdf' ? 'PDF' : 'Word (.docx)'} · {formatBytes(c.cv.size)}
                    </p>
                  </div>
                  <Button variant="secondary" loading={cv.busy === c.candidateId} onClick={() => cv.run(c)}>
                    <Download className="size-4" aria-hidden="true" />
                    Tải CV
                  </Button>
                </div>
                <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
                  <div className="flex-1 space-y-1.5">
                    <label htmlFor="candidate-status" className="block text-sm font-medium text-slate-700">
                      Trạng thái hồ sơ
                    </label>
                    <Select
                      id="candidate-status"
                      value={status}
                      onChange={(e) => setStatusValue(e.target.value as CandidateStatus)}
                    >
                      {CANDIDATE_STATUSES.map((s) => (
                        <option key={s} value={s}>
                          {CANDIDATE_STATUS_LABELS[s]}
                        </option>
                      ))}
                    </Select>
                  </div>
                  <Button
                    onClick={saveStatus}
                    loading={setStatus.isPending}
                    disabled={!status || status === c.status}
                  >
                    Cập nhật trạng thái
                  </Button>
                </div>
              </div>
            )}
          </div>
        </div>
      ) : null}
    </dialog>
  );
}

/** /dashboard/candidates: applications, filtered by posting and status; detail, status change, CV. */
export default function CandidatesPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const search = params.get('search') ?? '';
  const rid = Number(params.get('recruitmentId'));
  const recruitmentId = Number.isInteger(rid) && rid > 0 ? rid : undefined;
  const status = (CANDIDATE_STATUSES as readonly string[]).includes(params.get('status') ?? '')
    ? (params.get('status') as CandidateStatus)
    : '';
  const { data, isPending, isError, error, isPlaceholderData } = useCandidates({
    page,
    size: PAGE_SIZE,
    search,
    recruitmentId,
    status,
  });
  const postings = usePostingChoices();
  const [openId, setOpenId] = useState<number | null>(null);
  const cv = useCvDownload();

  const update = (next: Record<string, string | number | undefined>) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v === undefined || v === '' || (k === 'page' && v === 1)) p.delete(k);
      else p.set(k, String(v));
    }
    if (!('page' in next)) p.delete('page');
    setParams(p, { replace: 'search' in next });
  };

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
    {
      key: 'actions',
      header: <span className="sr-only">Thao tác</span>,
      mobile: 'actions',
      className: 'w-px text-right',
      cell: (c) => (
        <div className="flex justify-end gap-1">
          <IconButton label={`Xem hồ sơ ${c.fullName}`} onClick={() => setOpenId(c.candidateId)}>
            <Eye className="size-4" aria-hidden="true" />
          </IconButton>
          <IconButton
            label={`Tải CV của ${c.fullName}`}
            disabled={cv.busy === c.candidateId}
            onClick={() => cv.run(c)}
          >
            <Download className="size-4" aria-hidden="true" />
          </IconButton>
        </div>
      ),
    },
  ];

  const filtered = Boolean(search || status || recruitmentId);
  return (
    <>
      <PageHeader
        title="Ứng viên"
        description={data ? `${data.totalElements} hồ sơ ứng tuyển` : 'Hồ sơ ứng tuyển từ trang Tuyển dụng'}
        actions={<ExportButtons path="candidates" query={{ search, recruitmentId, status }} />}
      />
      <div className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_16rem_12rem]">
        <SearchBox
          value={search}
          onChange={(v) => update({ search: v })}
          placeholder="Tìm tên, email, số điện thoại..."
          label="Tìm ứng viên"
          className="sm:col-span-2 lg:col-span-1"
        />
        <Select
          aria-label="Lọc theo tin tuyển dụng"
          value={recruitmentId ?? ''}
          onChange={(e) => update({ recruitmentId: e.target.value })}
        >
          <option value="">Mọi tin tuyển dụng</option>
          {postings.data?.content.map((p) => (
            <option key={p.recruitmentId} value={p.recruitmentId}>
              {p.title}
            </option>
          ))}
        </Select>
        <Select
          aria-label="Lọc theo trạng thái"
          value={status}
          onChange={(e) => update({ status: e.target.value })}
        >
          <option value="">Mọi trạng thái</option>
          {CANDIDATE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {CANDIDATE_STATUS_LABELS[s]}
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
          caption="Danh sách ứng viên"
          columns={columns}
          rows={data?.content}
          rowKey={(c) => c.candidateId}
          loading={isPending}
          className={isPlaceholderData ? 'opacity-70' : undefined}
          empty={
            <EmptyState
              title={filtered ? 'Không có hồ sơ phù hợp' : 'Chưa có hồ sơ ứng tuyển nào'}
              description={filtered ? 'Thử đổi từ khóa hoặc bộ lọc.' : undefined}
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
      <CandidateDialog id={openId} onClose={() => setOpenId(null)} />
    </>
  );
}
