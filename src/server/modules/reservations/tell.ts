import type { FastifyBaseLogger } from 'fastify';
import { bankByBin } from '../../../contract/banks';
import { formatDateTime, formatPrice } from '../../../contract/format';
import type { Mail } from '../../platform/mailer';
import { byShowroom, byVisitor, type CustomerMail, type CustomerMailer } from '../../platform/visitor-mail';
import type { ReservationTeller } from './deps';
import { reservationMails } from './mail';
import type { ReservationLinks, ReservationRow } from './views';

export interface TellerPorts {
  customerMail: CustomerMailer;
  links: ReservationLinks;
  log: FastifyBaseLogger;
  /** The bell of every staff member who manages cars. */
  notifyStaff(message: string, link: string): Promise<unknown>;
  /** The deposit policy from the settings, quoted in the mails where the visitor commits money. */
  depositPolicy(): Promise<string>;
}

const listLink = (r: ReservationRow) => `/dashboard/reservations?search=${r.code}`;

/**
 * E-mails to the visitor and the staff's bell; a failure is logged and never undoes the step. What the
 * visitor's own steps send (holding, cancelling, a hold they left unpaid) counts against the day's cap.
 */
export function reservationTeller(p: TellerPorts): ReservationTeller {
  const send = async (mail: Mail, cause: CustomerMail) => {
    try {
      await p.customerMail.send(mail, cause);
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
    async created(r, ip) {
      const bank = bankByBin(r.bankBin)?.shortName ?? r.bankBin;
      const policy = await p.depositPolicy().catch(() => '');
      await send(reservationMails.created(r, p.links, bank, policy), byVisitor('reservation-created', ip));
      await bell(
        `Đặt cọc mới ${r.code}: ${r.customerName} giữ xe ${r.carName}, chờ chuyển ${formatPrice(r.amount)}`,
        listLink(r),
      );
    },
    async paid(r) {
      const policy = await p.depositPolicy().catch(() => '');
      await send(reservationMails.paid(r, p.links, policy), byShowroom('reservation-paid'));
      await bell(
        `Đã nhận cọc ${formatPrice(r.paidAmount ?? r.amount)} (${r.code}) cho xe ${r.carName} từ ${r.customerName}`,
        listLink(r),
      );
    },
    extended: (r) => send(reservationMails.extended(r, p.links), byShowroom('reservation-extended')),
    async claimed(r) {
      await bell(
        `Khách ${r.customerName} báo đã chuyển khoản cọc ${formatPrice(r.amount)} (${r.code}) cho xe ${r.carName}: ` +
          `kiểm tra sao kê và xác nhận trước ${formatDateTime(r.expiresAt)}`,
        listLink(r),
      );
      await send(reservationMails.claimed(r, p.links), byVisitor('reservation-claimed', r.sourceIp ?? null));
    },
    cancelled: (r, visitor, ip = null) =>
      send(
        reservationMails.cancelled(r, p.links, visitor),
        visitor ? byVisitor('reservation-cancelled', ip) : byShowroom('reservation-cancelled'),
      ),
    // The visitor's address as the reservation recorded it; the mailbox's cap counts it either way.
    expired: (r) =>
      send(reservationMails.expired(r, p.links), byVisitor('reservation-expired', r.sourceIp ?? null)),
    refunded: (r) => send(reservationMails.refunded(r, p.links), byShowroom('reservation-refunded')),
    sold: (r) => send(reservationMails.sold(r, p.links), byShowroom('reservation-sold')),
    lapsed: (r) =>
      bell(
        `Hết hạn giữ xe ${r.carName} (${r.code}) đã cọc: liên hệ ${r.customerName} để gia hạn, bán hoặc hoàn cọc`,
        listLink(r),
      ),
    unmatchedPayment: (summary) =>
      bell(`Giao dịch ngân hàng cần xử lý: ${summary}`, '/dashboard/reservations?tab=payments'),
  };
}
