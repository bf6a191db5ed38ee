import type { WebConfiguration } from '../../../contract/web-config';
import type { Mail } from '../../platform/mailer';
import { byVisitor } from '../../platform/visitor-mail';
import { greetingName } from '../../platform/visitor-mail-text';
import type { LeadRow, LeadsDeps } from './types';
import { dmy } from './wording';

/** "điện thoại 0909 123 456, email …, địa chỉ …": how a seller reaches the showroom, from its settings. */
export function showroomContact(config: WebConfiguration): string {
  const contact = [
    config.showroomPhone && `điện thoại ${config.showroomPhone}`,
    config.showroomEmail && `email ${config.showroomEmail}`,
  ]
    .filter(Boolean)
    .join(', ');
  return `${contact ? ` (${contact})` : ''}${config.showroomAddress ? `, địa chỉ ${config.showroomAddress}` : ''}`;
}

/**
 * The seller's confirmation: the request's reference, the inspection day and what happens next. A
 * stranger may have typed someone else's address, so of what the form held only the name appears (and
 * only when it reads as one): never the car as described, the note or the phone. The showroom's own
 * car of a trade-in is the showroom's words and is named.
 */
export function purchaseConfirmation(row: LeadRow, config: WebConfiguration): Mail {
  const tradeIn = row.carLabel ? `, đổi lấy xe ${row.carLabel} của showroom` : '';
  const lines = [
    `Xin chào ${greetingName(row.fullName)},`,
    '',
    `${config.showroomName} đã nhận yêu cầu bán xe của bạn${tradeIn}, mã yêu cầu ${row.reference}.`,
    '',
    ...(row.preferredDate ? [`- Ngày hẹn kiểm tra xe: ${dmy(row.preferredDate)}`] : []),
    '- Nhân viên thu mua sẽ gọi lại để xác nhận giờ kiểm tra xe; giá chính thức được báo sau khi showroom xem xe.',
    '',
    `Khi liên hệ showroom${showroomContact(config)}, vui lòng cho biết mã yêu cầu ${row.reference}.`,
    'Nếu bạn không gửi yêu cầu này, vui lòng bỏ qua email.',
    '',
    `Trân trọng,\n${config.showroomName}`,
  ];
  return {
    to: row.email!,
    subject: `${config.showroomName} đã nhận yêu cầu bán xe (${row.reference})`,
    text: lines.join('\n'),
  };
}

/**
 * After the lead has committed: the confirmation, when the seller gave an address. A visitor caused it,
 * so it counts against the daily caps of that mailbox and of the visitor's IP; never awaited by the
 * answer and never failing it (a mail server down is logged; the lead stands).
 */
export function tellSeller(deps: LeadsDeps, row: LeadRow, ip: string | null): Promise<void> {
  if (!row.email) return Promise.resolve();
  return deps.webConfig
    .get()
    .then((config) =>
      deps.customerMail.send(purchaseConfirmation(row, config), byVisitor('purchase-created', ip)),
    )
    .then(
      () => undefined,
      (err) => deps.log.error({ err, leadId: row.id }, 'purchase confirmation mail failed'),
    );
}
