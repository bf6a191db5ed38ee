import { LEAD_TYPE_LABELS, type LeadType } from '../../../contract/leads';
import type { LeadRow, LeadsDeps } from './types';
import { dmy, leadLink } from './wording';

/** A bell notification and an e-mail for the staff member a lead was given to; failures are only logged. */
export function tellAssignee(
  deps: LeadsDeps,
  row: LeadRow,
  assignee: { id: number; fullName: string; email: string | null },
  by: { name: string },
) {
  const kind = LEAD_TYPE_LABELS[row.type as LeadType].toLowerCase();
  const message = `${by.name} giao cho bạn yêu cầu ${kind} của khách hàng ${row.fullName} (${row.reference})`;
  const link = leadLink(row);
  void deps.notifications.notifySafely([assignee.id], message, link);
  if (!assignee.email) return;
  const lines = [
    `Xin chào ${assignee.fullName},`,
    '',
    `${by.name} vừa giao cho bạn một yêu cầu ${kind}:`,
    `- Mã yêu cầu: ${row.reference}`,
    `- Khách hàng: ${row.fullName}, điện thoại ${row.phone}${row.email ? `, email ${row.email}` : ''}`,
  ];
  if (row.carLabel) lines.push(`- Xe: ${row.carLabel}`);
  if (row.licencePlate)
    lines.push(`- Xe: ${[row.make, row.model, row.year].filter(Boolean).join(' ')} (${row.licencePlate})`);
  if (row.preferredDate) {
    lines.push(`- Ngày hẹn: ${dmy(row.preferredDate)}${row.timeSlot ? ` lúc ${row.timeSlot}` : ''}`);
  }
  if (row.message) lines.push(`- Ghi chú của khách: ${row.message}`);
  lines.push('', `Xem chi tiết: ${deps.config.publicUrl}${link}`);
  deps.mailer
    .send({
      to: assignee.email,
      subject: `Bạn được giao yêu cầu ${kind} ${row.reference}`,
      text: lines.join('\n'),
    })
    .catch((err) => deps.log.error({ err }, 'lead assignment mail failed'));
}
