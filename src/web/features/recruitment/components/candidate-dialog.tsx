import { formatDateTime } from '@contract/format';
import { CANDIDATE_STATUS_LABELS, CANDIDATE_STATUSES, type CandidateStatus } from '@contract/recruitment';
import { Download, FileText, Mail, Phone, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button, IconButton } from '../../../components/button';
import { Select } from '../../../components/form-field';
import { SkeletonText } from '../../../components/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { useModal } from '../../../lib/use-modal';
import { useCandidate, useSetCandidateStatus } from '../api';
import { CandidateStatusBadge, formatBytes } from '../labels';
import { useCvDownload } from '../use-cv-download';

/** A candidate's application (`id`; closed when null) in a modal: contact, letter, CV, status change. */
export function CandidateDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { data: c, isPending, isError, error } = useCandidate(id);
  const setStatus = useSetCandidateStatus();
  const cv = useCvDownload();
  const [status, setStatusValue] = useState<CandidateStatus | ''>('');

  const ref = useModal(id !== null);
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
