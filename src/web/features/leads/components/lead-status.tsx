import {
  AWAITING_VISIT_STATUSES,
  type LeadStatus,
  type LeadType,
  type LeadView,
  leadStatusLabel,
} from '@contract/leads';
import { AlertTriangle } from 'lucide-react';
import { Badge, type BadgeTone } from '../../../components/badge';

export const STATUS_TONES: Record<LeadStatus, BadgeTone> = {
  NEW: 'brand',
  CONTACTED: 'warning',
  SCHEDULED: 'info',
  DONE: 'success',
  CANCELLED: 'neutral',
  OFFERED: 'info',
  BOUGHT: 'success',
  DECLINED: 'neutral',
};

export function LeadStatusBadge({ status, type }: { status: LeadStatus; type?: LeadType }) {
  return <Badge tone={STATUS_TONES[status]}>{leadStatusLabel(status, type)}</Badge>;
}

/**
 * How far away the appointment is, for open leads with a booked day: 'Hôm nay', 'Ngày mai',
 * 'Còn N ngày' (daysUntil, rounded up from today's midnight), or 'Quá hạn' once the booked moment
 * has passed while the lead is still open. Null for closed leads and leads without a day.
 */
export function dueText(lead: Pick<LeadView, 'daysUntil' | 'overdue' | 'status'>): {
  text: string;
  tone: BadgeTone;
} | null {
  if (lead.daysUntil === null) return null;
  if (lead.overdue)
    return { text: lead.daysUntil < 0 ? `Quá hạn ${-lead.daysUntil} ngày` : 'Quá hạn', tone: 'danger' };
  if (!AWAITING_VISIT_STATUSES.includes(lead.status)) return null;
  if (lead.daysUntil <= 0) return { text: 'Hôm nay', tone: 'warning' };
  if (lead.daysUntil === 1) return { text: 'Ngày mai', tone: 'info' };
  return { text: `Còn ${lead.daysUntil} ngày`, tone: 'neutral' };
}

export function DueBadge({ lead }: { lead: Pick<LeadView, 'daysUntil' | 'overdue' | 'status'> }) {
  const due = dueText(lead);
  if (!due) return null;
  return (
    <Badge tone={due.tone}>
      {lead.overdue ? <AlertTriangle className="mr-1 size-3" aria-hidden="true" /> : null}
      {due.text}
    </Badge>
  );
}
