import type { CandidateStatus, RecruitmentView } from '@contract/recruitment';
import { CANDIDATE_STATUS_LABELS, JOB_TYPE_LABELS, RECRUITMENT_STATUS_LABELS } from '@contract/recruitment';
import { Badge, type BadgeTone } from '../../components/badge';

const STATUS_TONE: Record<RecruitmentView['status'], BadgeTone> = {
  OPEN: 'success',
  PAUSED: 'warning',
  CLOSED: 'neutral',
};

/** The posting's status as staff set it, and 'Hết hạn' when the deadline day is over. */
export function PostingStatusBadge({ posting }: { posting: Pick<RecruitmentView, 'status' | 'expired'> }) {
  if (posting.status === 'OPEN' && posting.expired) return <Badge tone="danger">Hết hạn</Badge>;
  return (
    <Badge tone={STATUS_TONE[posting.status]}>
      {RECRUITMENT_STATUS_LABELS[posting.status] ?? posting.status}
    </Badge>
  );
}

export function JobTypeBadge({ type }: { type: RecruitmentView['type'] }) {
  return <Badge tone={type === 'FULL_TIME' ? 'info' : 'brand'}>{JOB_TYPE_LABELS[type] ?? type}</Badge>;
}

const CANDIDATE_TONE: Record<CandidateStatus, BadgeTone> = {
  NEW: 'brand',
  VIEWED: 'neutral',
  INTERVIEW: 'info',
  PASSED: 'success',
  REJECTED: 'danger',
};

export function CandidateStatusBadge({ status }: { status: CandidateStatus }) {
  return <Badge tone={CANDIDATE_TONE[status]}>{CANDIDATE_STATUS_LABELS[status] ?? status}</Badge>;
}

/** Plain text with line breaks (description, requirements, benefits) as a list of lines. */
export function TextLines({ text, className }: { text: string; className?: string }) {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.replace(/^\s*[-•*+]\s*/, '').trim())
    .filter(Boolean);
  if (lines.length <= 1) return <p className={className}>{lines[0] ?? ''}</p>;
  return (
    <ul className={className}>
      {lines.map((l, i) => (
        <li
          // biome-ignore lint/suspicious/noArrayIndexKey: lines of a fixed text
          key={i}
          className="relative pl-5 before:absolute before:top-[0.7em] before:left-1 before:size-1.5 before:rounded-full before:bg-brand-500"
        >
          {l}
        </li>
      ))}
    </ul>
  );
}

/** A file size for people: 820 KB, 1,4 MB. */
export function formatBytes(size: number): string {
  if (size >= 1024 * 1024) return `${(size / 1024 / 1024).toFixed(1).replace('.', ',')} MB`;
  return `${Math.max(1, Math.round(size / 1024))} KB`;
}
