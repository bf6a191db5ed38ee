import { LEAD_TYPE_LABELS, type LeadType } from '../../../contract/leads';
import { plainLine } from '../../platform/visitor-mail-text';
import type { LeadRow, LeadsDeps } from './types';
import { dmy, leadLink } from './wording';

/**
 * A bell notification and an e-mail for the staff member a lead was given to; failures are only logged.
 * Not capped (it goes to staff), and plain text: what the visitor typed is shown as text, one line per
 * field, never as markup.
 */
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
    `- Khách hàng: ${plainLine(row.fullName, 100)}, điện thoại ${row.phone}${row.email ? `, email ${row.email}` : ''}`,
  ];
  if (row.carLabel) lines.push(`- Xe: ${row.carLabel}`);
  if (row.licencePlate) {
    const car = [row.make, row.model, row.year].filter(Boolean).join(' ');
    lines.push(`- Xe: ${plainLine(`${car} (${row.licencePlate})`, 200)}`);
  }
  if (row.preferredDate) {
    lines.push(`- Ngày hẹn: ${dmy(row.preferredDate)}${row.timeSlot ? ` lúc ${row.timeSlot}` : ''}`);
  }
  if (row.message) lines.push(`- Ghi chú của khách: ${plainLine(row.message, 2000)}`);
  lines.push('', `Xem chi tiết: ${deps.config.publicUrl}${link}`);
  deps.mailer
    .send({
      to: assignee.email,
      subject: `Bạn được giao yêu cầu ${kind} ${row.reference}`,
      text: lines.join('\n'),
    })
    .catch((err) => deps.log.error({ err }, 'lead assignment mail failed'));
}
