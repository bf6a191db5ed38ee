import { eq } from 'drizzle-orm';
import {
  appointmentMoment,
  BOOKING_MOVE_MESSAGES,
  type BookingType,
  type BookingView,
  LEAD_STATUS_LABELS,
  LEAD_TYPE_LABELS,
  type LeadStatus,
  MAINTENANCE_SERVICE_LABELS,
  type MaintenanceServiceType,
  OPEN_LEAD_STATUSES,
  type ScheduleBodyParsed,
} from '../../../contract/leads';
import type { Actor } from '../../platform/actor';
import { ApiError, notFound, tooMany } from '../../platform/errors';
import type { RateLimiter } from '../../platform/rate-limit';
import { bookingLinks, vehicleOf } from './booking-mail';
import { cancelBooking, moveBooking, slotText, tellStaff } from './schedule';
import { leads } from './schema';
import { cancelTrap, moveTrap, trapAsLead, trapById } from './traps';
import type { LeadRow, LeadsDeps } from './types';
import { dmy } from './wording';

/**
 * The customer's own booking behind the signed link of their e-mail (or thank-you page): read it,
 * move it, cancel it, without an account. A link names the booking as it was when sent: once the
 * booking moves, older links answer 410 (used); once the booked moment has passed, 410 (expired).
 */

export const LINK_MESSAGES = {
  invalid: 'Liên kết lịch hẹn không hợp lệ, vui lòng kiểm tra lại đường dẫn trong email',
  used: 'Liên kết này đã cũ vì lịch hẹn đã được đổi; vui lòng dùng liên kết trong email mới nhất',
  expired: 'Lịch hẹn đã qua nên liên kết không còn dùng được',
  cancelled: 'Lịch hẹn đã được hủy',
  done: 'Lịch hẹn đã hoàn thành',
} as const;

/** A booking behind a link: a lead, or a honeypot's catch (answered the same way, traps.ts). */
export type LinkedBooking = LeadRow & { trap?: true };

/** The lead a token names, as it stands; 404 for a forged or altered token, 410 for a used or expired one. */
export async function bookingByToken(deps: LeadsDeps, token: string): Promise<LinkedBooking> {
  const claim = bookingLinks(deps).verify(token);
  if (!claim) throw notFound(LINK_MESSAGES.invalid);
  const [lead] = await deps.db.select().from(leads).where(eq(leads.id, claim.leadId));
  const trap = lead ? undefined : await trapById(deps, claim.leadId);
  const row: LinkedBooking | undefined = lead ?? (trap && trapAsLead(trap));
  if (!row?.preferredDate || (row.type !== 'TEST_DRIVE' && row.type !== 'MAINTENANCE')) {
    throw notFound(LINK_MESSAGES.invalid);
  }
  if (row.preferredDate !== claim.date || (row.timeSlot ?? null) !== claim.slot) {
    throw new ApiError(410, LINK_MESSAGES.used);
  }
  if (appointmentMoment(claim.date, claim.slot).getTime() <= deps.clock.now().getTime()) {
    throw new ApiError(410, LINK_MESSAGES.expired);
  }
  return row;
}

export async function bookingView(deps: LeadsDeps, row: LeadRow): Promise<BookingView> {
  const cfg = await deps.webConfig.get();
  const status = row.status as LeadStatus;
  const type = row.type as BookingType;
  const links = bookingLinks(deps);
  const claim = { leadId: row.id, date: row.preferredDate ?? '', slot: row.timeSlot };
  const open = OPEN_LEAD_STATUSES.includes(status);
  return {
    reference: row.reference,
    type,
    typeLabel: LEAD_TYPE_LABELS[type],
    status,
    statusLabel: LEAD_STATUS_LABELS[status],
    fullName: row.fullName,
    carId: type === 'TEST_DRIVE' ? row.carId : null,
    vehicle: vehicleOf(row),
    serviceTypeLabel: row.serviceType
      ? MAINTENANCE_SERVICE_LABELS[row.serviceType as MaintenanceServiceType]
      : null,
    preferredDate: claim.date,
    preferredDateText: dmy(claim.date),
    timeSlot: row.timeSlot,
    canChange: open,
    notice: open ? null : status === 'CANCELLED' ? LINK_MESSAGES.cancelled : LINK_MESSAGES.done,
    showroom: { name: cfg.showroomName, address: cfg.showroomAddress, phone: cfg.showroomPhone },
    token: links.token(claim),
    url: links.url(claim),
  };
}

const typeWord = (row: LeadRow) => LEAD_TYPE_LABELS[row.type as BookingType].toLowerCase();

export async function rescheduleByCustomer(
  deps: LeadsDeps,
  token: string,
  body: ScheduleBodyParsed,
  actor: Actor,
  movesPerIp: RateLimiter,
): Promise<BookingView> {
  const current = await bookingByToken(deps, token);
  // Counted once the link is known good: a forged token costs nothing but its 404.
  if (!(await movesPerIp.hit(actor.ip ?? ''))) throw tooMany(BOOKING_MOVE_MESSAGES.perIp);
  if (current.trap) {
    const trap = await trapById(deps, current.id);
    return bookingView(deps, trapAsLead(await moveTrap(deps, trap!, body)));
  }
  const { row, before, changed } = await moveBooking(
    deps,
    current.type as BookingType,
    current.id,
    { date: body.preferredDate, slot: body.timeSlot ?? null, note: body.note },
    { staff: null, actor },
  );
  if (changed) {
    const from = slotText(before.preferredDate, before.timeSlot);
    const to = slotText(row.preferredDate, row.timeSlot);
    void tellStaff(
      deps,
      row,
      `Khách hàng ${row.fullName} đổi lịch ${typeWord(row)} ${row.reference} từ ${from} sang ${to}`,
    );
  }
  return bookingView(deps, row);
}

export async function cancelByCustomer(
  deps: LeadsDeps,
  token: string,
  reason: string | undefined,
  actor: Actor,
): Promise<BookingView> {
  const current = await bookingByToken(deps, token);
  if (current.trap) {
    const trap = await trapById(deps, current.id);
    return bookingView(deps, trapAsLead(await cancelTrap(deps, trap!)));
  }
  const row = await cancelBooking(deps, current.id, reason, actor);
  void tellStaff(
    deps,
    row,
    `Khách hàng ${row.fullName} hủy lịch ${typeWord(row)} ${row.reference} (${slotText(row.preferredDate, row.timeSlot)})`,
  );
  return bookingView(deps, row);
}
