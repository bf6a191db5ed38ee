import { formatDateTime } from '@contract/format';
import {
  formatMinutes,
  type LeadView,
  OPEN_LEAD_STATUSES,
  type OpeningWindow,
  openingWindow,
  type WaitState,
  waitState,
} from '@contract/leads';
import { AlertTriangle, Clock, PhoneCall } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Badge } from '../../../components/badge';
import { useWebConfig } from '../../../lib/web-config';

/**
 * The waiting clock and the follow-up of a lead in the lists and the drawer. The server answers the
 * deadline and the follow-up moment; between refreshes the clock ticks here with the contract's rule
 * (opening hours from the public settings), so a row turns red when its deadline passes on screen.
 */

/** The current time, renewed every `everyMs` (30 s: the clock counts whole minutes). */
export function useNow(everyMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

export function useOpeningWindow(): OpeningWindow {
  const config = useWebConfig();
  return openingWindow(config.data?.openingHours);
}

export type SpeedLead = Pick<
  LeadView,
  'status' | 'createdAt' | 'responseDueAt' | 'followUpAt' | 'followUpText' | 'followUpOverdue'
>;

export function liveWait(lead: SpeedLead, now: Date, w: OpeningWindow): WaitState | null {
  return waitState(lead, now, w);
}

/** The follow-up has come while the lead is still open (ticks on screen like the wait). */
export function followUpDue(lead: SpeedLead, now: Date): boolean {
  if (!lead.followUpAt || !OPEN_LEAD_STATUSES.includes(lead.status)) return false;
  return lead.followUpOverdue || Date.parse(lead.followUpAt) <= now.getTime();
}

/** "Chờ 12 phút" (amber), or, past the deadline, a solid red "Quá hạn phản hồi · chờ 22 phút". */
export function WaitBadge({ wait }: { wait: WaitState | null }) {
  if (!wait) return null;
  if (wait.late)
    return (
      <Badge tone="danger" className="bg-red-600 text-white ring-red-700">
        <AlertTriangle className="mr-1 size-3" aria-hidden="true" />
        {wait.text}
      </Badge>
    );
  return (
    <Badge tone="warning">
      <Clock className="mr-1 size-3" aria-hidden="true" />
      {wait.text}
    </Badge>
  );
}

/** "Gọi lại 26/11/2026 14:30", red "Quá hạn gọi lại · ..." once the moment has passed. */
export function FollowUpBadge({ lead, now }: { lead: SpeedLead; now: Date }) {
  if (!lead.followUpAt || !OPEN_LEAD_STATUSES.includes(lead.status)) return null;
  const due = followUpDue(lead, now);
  return (
    <Badge tone={due ? 'danger' : 'info'}>
      <PhoneCall className="mr-1 size-3" aria-hidden="true" />
      {due ? `Quá hạn gọi lại · ${lead.followUpText}` : `Gọi lại ${lead.followUpText}`}
    </Badge>
  );
}

/** The drawer's line on the response: the live wait with its deadline, or how long the first contact took. */
export function ResponseText({
  lead,
}: {
  lead: Pick<LeadView, 'status' | 'createdAt' | 'responseDueAt' | 'firstResponseAt' | 'waitingMinutes'>;
}) {
  const now = useNow();
  const w = useOpeningWindow();
  const wait = waitState(lead, now, w);
  const due = lead.responseDueAt ? formatDateTime(lead.responseDueAt) : null;
  if (wait)
    return (
      <span className="flex flex-wrap items-center gap-2">
        <WaitBadge wait={wait} />
        {due ? <span className="text-xs text-slate-500">Hạn phản hồi {due}</span> : null}
      </span>
    );
  if (!lead.firstResponseAt || lead.waitingMinutes === null) return null;
  const judged = lead.responseDueAt !== null;
  const late = judged && Date.parse(lead.firstResponseAt) > Date.parse(lead.responseDueAt!);
  return (
    <span className={late ? 'text-red-700' : judged ? 'text-emerald-700' : 'text-slate-700'}>
      Phản hồi sau {formatMinutes(lead.waitingMinutes)}
      {judged ? (late ? ' (trễ hạn)' : ' (đúng hạn)') : ''}
      <span className="text-slate-500"> · lúc {formatDateTime(lead.firstResponseAt)}</span>
    </span>
  );
}
