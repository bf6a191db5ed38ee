import { and, eq } from 'drizzle-orm';
import { daysUntil, formatDateTime } from '../../../contract/format';
import {
  AWAITING_VISIT_STATUSES,
  appointmentMoment,
  CONSULTING_TOPIC_LABELS,
  type ConsultingTopic,
  LEAD_THANK_YOU,
  LEAD_TYPE_LABELS,
  type LeadEventKind,
  type LeadEventView,
  type LeadReceipt,
  type LeadStatus,
  type LeadType,
  type LeadView,
  leadStatusLabel,
  MAINTENANCE_SERVICE_LABELS,
  type MaintenanceServiceType,
  type OpeningWindow,
  openingWindow,
  type StaffRef,
} from '../../../contract/leads';
import { vnDayStart } from '../../../contract/vn-time';
import type { Executor } from '../../db/client';
import { notFound } from '../../platform/errors';
import { followUpFields } from './follow-up';
import { leads } from './schema';
import { responseFields } from './sla';
import { sourceView } from './source';
import type { EventRow, LeadRow, LeadsDeps } from './types';
import { dmy, LEAD_MESSAGES } from './wording';

/** The answer to a visitor who sent a form. */
export function leadReceipt(
  row: Pick<
    LeadRow,
    'reference' | 'type' | 'status' | 'fullName' | 'carLabel' | 'preferredDate' | 'timeSlot' | 'createdAt'
  >,
): LeadReceipt {
  const type = row.type as LeadType;
  return {
    reference: row.reference,
    type,
    status: row.status as LeadStatus,
    fullName: row.fullName,
    carLabel: row.carLabel,
    preferredDate: row.preferredDate,
    timeSlot: row.timeSlot,
    createdAt: row.createdAt.toISOString(),
    message: LEAD_THANK_YOU[type],
  };
}

/** Names of the staff a lead or its history mentions. */
export async function staffNames(deps: LeadsDeps, ids: (number | null)[]): Promise<Map<number, StaffRef>> {
  const map = new Map<number, StaffRef>();
  for (const id of new Set(ids.filter((v): v is number => v !== null))) {
    const user = await deps.users.findRow(deps.db, id);
    if (user) map.set(id, { userId: user.id, fullName: user.fullName });
  }
  return map;
}

export function leadView(
  row: LeadRow,
  staff: Map<number, StaffRef>,
  now = new Date(),
  w: OpeningWindow = openingWindow(null),
): LeadView {
  const status = row.status as LeadStatus;
  const date = row.preferredDate;
  const serviceType = (row.serviceType as MaintenanceServiceType | null) ?? null;
  const topic = (row.topic as ConsultingTopic | null) ?? null;
  return {
    leadId: row.id,
    type: row.type as LeadType,
    typeLabel: LEAD_TYPE_LABELS[row.type as LeadType],
    reference: row.reference,
    status,
    statusLabel: leadStatusLabel(status, row.type as LeadType),
    fullName: row.fullName,
    phone: row.phone,
    email: row.email,
    carId: row.carId,
    carLabel: row.carLabel,
    preferredDate: date,
    preferredDateText: date ? dmy(date) : null,
    timeSlot: row.timeSlot,
    daysUntil: date ? daysUntil(vnDayStart(date), now) : null,
    overdue:
      !!date &&
      AWAITING_VISIT_STATUSES.includes(status) &&
      appointmentMoment(date, row.timeSlot).getTime() < now.getTime(),
    licencePlate: row.licencePlate,
    make: row.make,
    model: row.model,
    year: row.year,
    odometer: row.odometer,
    serviceType,
    serviceTypeLabel: serviceType ? MAINTENANCE_SERVICE_LABELS[serviceType] : null,
    topic,
    topicLabel: topic ? CONSULTING_TOPIC_LABELS[topic] : null,
    message: row.message,
    assignee: row.assigneeId !== null ? (staff.get(row.assigneeId) ?? null) : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...responseFields(row, now, w),
    ...followUpFields(row, now),
    source: sourceView(row),
    // Filled for buy-ins by purchase-views.ts (its own tables).
    purchase: null,
  };
}

export function eventView(row: EventRow, type?: LeadType): LeadEventView {
  const label = (s: LeadStatus | null) => (s ? leadStatusLabel(s, type) : '');
  const from = row.fromStatus as LeadStatus | null;
  const to = row.toStatus as LeadStatus | null;
  const kind = row.kind as LeadEventKind;
  let text: string;
  switch (kind) {
    case 'CREATED':
      text = 'Khách hàng gửi yêu cầu';
      break;
    case 'STATUS':
      text = `Chuyển trạng thái từ "${label(from)}" sang "${label(to)}"`;
      break;
    case 'OFFER':
      text = 'Báo giá thu mua cho khách';
      break;
    case 'ASSIGN':
      text = row.assigneeId
        ? `Giao cho ${row.assigneeName ?? `nhân viên #${row.assigneeId}`}`
        : 'Bỏ giao nhân viên';
      break;
    case 'FOLLOW_UP':
      text = row.followUpAt ? `Hẹn gọi lại lúc ${formatDateTime(row.followUpAt)}` : 'Bỏ hẹn gọi lại';
      break;
    case 'SCHEDULE':
    case 'REMINDER':
      text = bookingEventText(kind, row.detail);
      break;
    default:
      text = 'Ghi chú nội bộ';
  }
  return {
    eventId: row.id,
    kind,
    fromStatus: from,
    toStatus: to,
    assignee: row.assigneeId ? { userId: row.assigneeId, fullName: row.assigneeName ?? '' } : null,
    note: row.note,
    by: row.userId || row.userName ? { userId: row.userId ?? 0, fullName: row.userName ?? '' } : null,
    createdAt: row.createdAt.toISOString(),
    text,
  };
}

const when = (date?: string | null, slot?: string | null) =>
  date ? `${slot ? `${slot} ` : ''}ngày ${dmy(date)}` : '';

/** "Đổi lịch hẹn từ 09:00 ngày 25/11/2026 sang 10:00 ngày 26/11/2026", "Đã gửi email nhắc lịch hẹn ...". */
function bookingEventText(kind: 'SCHEDULE' | 'REMINDER', d: EventRow['detail']): string {
  if (kind === 'REMINDER') return `Đã gửi email nhắc lịch hẹn ${when(d?.toDate, d?.toSlot)}`.trim();
  return `Đổi lịch hẹn từ ${when(d?.fromDate, d?.fromSlot)} sang ${when(d?.toDate, d?.toSlot)}`;
}

/** One lead of the given form, locked for the transaction when asked; 404 otherwise. */
export async function leadRow(exec: Executor, type: LeadType, id: number, lock = false): Promise<LeadRow> {
  const query = exec
    .select()
    .from(leads)
    .where(and(eq(leads.id, id), eq(leads.type, type)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(LEAD_MESSAGES.notFound);
  return row;
}
