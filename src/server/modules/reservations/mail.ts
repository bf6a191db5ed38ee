import { formatDateTime, formatThousands } from '../../../contract/format';
import type { Mail } from '../../platform/mailer';
import { greetingName } from '../../platform/visitor-mail-text';
import type { ReservationLinks, ReservationRow } from './views';

/**
 * The e-mails a visitor receives about their reservation: one per step, each with the page's link. The
 * only text of the visitor's they carry is the name, when it reads as one (greetingName).
 */

const money = (vnd: number) => `${formatThousands(vnd)} đ`;

/** The showroom's deposit policy (settings), written once and told wherever a buyer commits money. */
const policyLines = (policy: string) => (policy ? ['', `Chính sách đặt cọc: ${policy}`] : []);

function letter(r: ReservationRow, links: ReservationLinks, subject: string, lines: string[]): Mail {
  return {
    to: r.email,
    subject: `${subject} - ${r.code}`,
    text: [
      `Chào ${greetingName(r.customerName)},`,
      '',
      ...lines,
      '',
      `Xe: ${r.carName} (giá niêm yết ${money(r.carPrice)})`,
      `Mã đặt cọc: ${r.code}`,
      `Xem chi tiết: ${links.url(r.code)}`,
      '',
      'Cảm ơn quý khách đã tin tưởng showroom.',
    ].join('\n'),
  };
}

export const reservationMails = {
  created: (r: ReservationRow, links: ReservationLinks, bankName: string, policy = '') =>
    letter(r, links, 'Giữ xe: vui lòng chuyển tiền cọc', [
      `Showroom đang giữ xe cho quý khách đến ${formatDateTime(r.expiresAt)} (giờ Việt Nam). Để giữ xe, vui lòng chuyển khoản:`,
      `- Ngân hàng: ${bankName}`,
      `- Số tài khoản: ${r.accountNumber}`,
      `- Chủ tài khoản: ${r.accountName}`,
      `- Số tiền: ${money(r.amount)}`,
      `- Nội dung chuyển khoản: ${r.code}`,
      'Trang đặt cọc có mã VietQR để quét bằng ứng dụng ngân hàng. Nếu đổi ý, quý khách có thể hủy trên trang này trước khi chuyển tiền.',
      ...policyLines(policy),
    ]),
  claimed: (r: ReservationRow, links: ReservationLinks) =>
    letter(r, links, 'Showroom đang kiểm tra tiền cọc', [
      `Quý khách đã báo chuyển khoản ${money(r.amount)} tiền cọc. Showroom giữ xe đến ${formatDateTime(r.expiresAt)} (giờ Việt Nam) trong lúc kiểm tra tài khoản.`,
      'Khi tiền về, quý khách sẽ nhận biên nhận đặt cọc. Nếu chưa chuyển, vui lòng chuyển trước thời hạn trên với đúng nội dung chuyển khoản.',
      `Nội dung chuyển khoản: ${r.code}`,
    ]),
  paid: (r: ReservationRow, links: ReservationLinks, policy = '') =>
    letter(r, links, 'Biên nhận đặt cọc', [
      `Showroom đã nhận ${money(r.paidAmount ?? r.amount)} tiền cọc lúc ${formatDateTime(r.paidAt)}${
        r.bankReference ? ` (mã giao dịch ${r.bankReference})` : ''
      }.`,
      `Xe được giữ cho quý khách đến ${formatDateTime(r.holdUntil)}. Tiền cọc được trừ vào giá xe khi ký hợp đồng.`,
      ...policyLines(policy),
    ]),
  extended: (r: ReservationRow, links: ReservationLinks) =>
    letter(r, links, 'Gia hạn giữ xe', [
      r.status === 'paid'
        ? `Showroom gia hạn giữ xe cho quý khách đến ${formatDateTime(r.holdUntil)}.`
        : `Showroom gia hạn thời gian chuyển tiền cọc đến ${formatDateTime(r.expiresAt)} (giờ Việt Nam).`,
    ]),
  cancelled: (r: ReservationRow, links: ReservationLinks, byVisitor: boolean) =>
    letter(r, links, 'Đã hủy đặt cọc', [
      byVisitor
        ? 'Quý khách đã hủy yêu cầu giữ xe. Xe được mở bán lại.'
        : `Showroom đã hủy yêu cầu giữ xe${r.cancelReason ? `: ${r.cancelReason}` : ''}.`,
      ...(r.paidAt ? ['Showroom sẽ liên hệ để hoàn tiền cọc đã chuyển.'] : []),
    ]),
  expired: (r: ReservationRow, links: ReservationLinks) =>
    letter(r, links, 'Hết hạn giữ xe', [
      `Showroom chưa nhận được tiền cọc trước ${formatDateTime(r.expiresAt)} nên yêu cầu giữ xe đã hết hạn.`,
      'Nếu quý khách đã chuyển tiền, showroom sẽ liên hệ để xử lý.',
    ]),
  sold: (r: ReservationRow, links: ReservationLinks) =>
    letter(r, links, 'Hoàn tất mua xe', [
      `Showroom đã ghi nhận hợp đồng bán xe cho quý khách. Tiền cọc ${money(r.paidAmount ?? r.amount)} đã được trừ vào giá xe.`,
    ]),
  refunded: (r: ReservationRow, links: ReservationLinks) =>
    letter(r, links, 'Hoàn tiền cọc', [
      `Showroom đã hoàn ${money(r.refundAmount ?? 0)} tiền cọc lúc ${formatDateTime(r.refundedAt)}${
        r.refundReference ? ` (mã giao dịch ${r.refundReference})` : ''
      }.`,
      `Lý do: ${r.refundReason ?? ''}`,
    ]),
};
