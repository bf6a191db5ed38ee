import type { FastifyBaseLogger } from 'fastify';
import { bankByBin } from '../../../contract/banks';
import { formatDateTime, formatPrice } from '../../../contract/format';
import type { Mail, Mailer } from '../../platform/mailer';
import type { ReservationTeller } from './deps';
import { reservationMails } from './mail';
import type { ReservationLinks, ReservationRow } from './views';

export interface TellerPorts {
  mailer: Mailer;
  links: ReservationLinks;
  log: FastifyBaseLogger;
  /** The bell of every staff member who manages cars. */
  notifyStaff(message: string, link: string): Promise<unknown>;
}

const listLink = (r: ReservationRow) => `/dashboard/reservations?search=${r.code}`;

/** E-mails to the visitor and the staff's bell; a failure is logged and never undoes the step. */
export function reservationTeller(p: TellerPorts): ReservationTeller {
  const send = async (mail: Mail) => {
    try {
      await p.mailer.send(mail);
    } catch (err) {
      p.log.error({ err, to: mail.to, subject: mail.subject }, 'reservation mail failed');
    }
  };
  const bell = async (message: string, link: string) => {
    try {
      await p.notifyStaff(message, link);
    } catch (err) {
      p.log.error({ err }, 'reservation notification failed');
    }
  };
  return {
    async created(r) {
      await send(reservationMails.created(r, p.links, bankByBin(r.bankBin)?.shortName ?? r.bankBin));
      await bell(
        `Đặt cọc mới ${r.code}: ${r.customerName} giữ xe ${r.carName}, chờ chuyển ${formatPrice(r.amount)}`,
        listLink(r),
      );
    },
    async paid(r) {
      await send(reservationMails.paid(r, p.links));
      await bell(
        `Đã nhận cọc ${formatPrice(r.paidAmount ?? r.amount)} (${r.code}) cho xe ${r.carName} từ ${r.customerName}`,
        listLink(r),
      );
    },
    extended: (r) => send(reservationMails.extended(r, p.links)),
    async claimed(r) {
      await bell(
        `Khách ${r.customerName} báo đã chuyển khoản cọc ${formatPrice(r.amount)} (${r.code}) cho xe ${r.carName}: ` +
          `kiểm tra sao kê và xác nhận trước ${formatDateTime(r.expiresAt)}`,
        listLink(r),
      );
      await send(reservationMails.claimed(r, p.links));
    },
    cancelled: (r, byVisitor) => send(reservationMails.cancelled(r, p.links, byVisitor)),
    expired: (r) => send(reservationMails.expired(r, p.links)),
    refunded: (r) => send(reservationMails.refunded(r, p.links)),
    sold: (r) => send(reservationMails.sold(r, p.links)),
    lapsed: (r) =>
      bell(
        `Hết hạn giữ xe ${r.carName} (${r.code}) đã cọc: liên hệ ${r.customerName} để gia hạn, bán hoặc hoàn cọc`,
        listLink(r),
      ),
    unmatchedPayment: (summary) =>
      bell(`Giao dịch ngân hàng cần xử lý: ${summary}`, '/dashboard/reservations?tab=payments'),
  };
}
