import type { CustomerEntryKind, CustomerTimelineEntry } from '@contract/customers';
import { formatDateTime } from '@contract/format';
import { Link } from 'react-router';
import { Badge, type BadgeTone } from '../../../components/badge';

const TONES: Record<CustomerEntryKind, BadgeTone> = {
  LEAD: 'info',
  RESERVATION: 'brand',
  ALERT: 'neutral',
  DEAL: 'brand',
  MESSAGE: 'success',
  CALL: 'warning',
  NOTE: 'neutral',
  MERGE: 'neutral',
  CONSENT: 'neutral',
};

/** Everything the customer did and was sent, and what staff did for them: newest first, one list. */
export function CustomerTimeline({ entries }: { entries: CustomerTimelineEntry[] }) {
  if (entries.length === 0) return <p className="px-4 py-6 text-sm text-slate-500">Chưa có hoạt động nào.</p>;
  return (
    <ol
      className="divide-y divide-slate-100"
      aria-label="Dòng thời gian của khách hàng"
      data-testid="customer-timeline"
    >
      {entries.map((e) => (
        <li key={e.entryId} className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-start sm:gap-4">
          <time className="shrink-0 text-xs text-slate-500 sm:w-32 sm:pt-0.5" dateTime={e.occurredAt}>
            {formatDateTime(e.occurredAt)}
          </time>
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-2">
              <Badge tone={TONES[e.kind]}>{e.kindLabel}</Badge>
              {e.link ? (
                <Link to={e.link} className="break-words font-medium text-slate-900 hover:underline">
                  {e.title}
                </Link>
              ) : (
                <span className="break-words font-medium text-slate-900">{e.title}</span>
              )}
            </div>
            <p className="mt-0.5 text-xs text-slate-600">
              {[e.status, e.byName ? `bởi ${e.byName}` : null].filter(Boolean).join(' · ')}
            </p>
          </div>
        </li>
      ))}
    </ol>
  );
}
