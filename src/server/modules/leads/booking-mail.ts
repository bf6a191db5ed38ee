import { and, count, eq } from 'drizzle-orm';
import {
  bookingStatusNote,
  isBookingConfirmed,
  LEAD_TYPE_LABELS,
  type LeadType,
  MAINTENANCE_SERVICE_LABELS,
  type MaintenanceServiceType,
  parseOpeningHours,
  SLOT_DURATION_MINUTES,
  TEST_DRIVE_LICENCE_NOTE,
} from '../../../contract/leads';
import type { WebConfiguration } from '../../../contract/web-config';
import type { Mail } from '../../platform/mailer';
import type { CustomerMail } from '../../platform/visitor-mail';
import { greetingName } from '../../platform/visitor-mail-text';
import { BookingLinks } from './booking-links';
import { buildIcs } from './ics';
import { leadEvents } from './schema';
import { weekdayText } from './slots';
import type { LeadRow, LeadsDeps } from './types';

/** The e-mails a customer receives about a booked test drive or service visit. */
export type BookingMailKind = 'created' | 'moved' | 'cancelled' | 'reminder';

export function bookingLinks(deps: Pick<LeadsDeps, 'config'>): BookingLinks {
  return new BookingLinks(deps.config.jwtSecret, deps.config.publicUrl);
}

/** The link of the booking as it stands now. */
export function manageUrl(
  deps: Pick<LeadsDeps, 'config'>,
  row: Pick<LeadRow, 'id' | 'preferredDate' | 'timeSlot'>,
) {
  return bookingLinks(deps).url({ leadId: row.id, date: row.preferredDate ?? '', slot: row.timeSlot });
}

/** "Toyota Vios 1.5G 2020", or the customer's own car "Honda City 2019 (51G-123.45)". */
export function vehicleOf(row: LeadRow): string {
  if (row.type === 'TEST_DRIVE') return row.carLabel ?? 'Xe lái thử';
  const car = [row.make, row.model, row.year].filter(Boolean).join(' ');
  return row.licencePlate ? `${car} (${row.licencePlate})` : car;
}

/** "09:00, Thứ Tư, 25/11/2026" or "Thứ Tư, 25/11/2026 (giờ nào cũng được)". */
export function whenText(row: Pick<LeadRow, 'preferredDate' | 'timeSlot'>): string {
  const day = weekdayText(row.preferredDate ?? '');
  return row.timeSlot ? `${row.timeSlot}, ${day}` : `${day} (giờ nào cũng được trong giờ mở cửa)`;
}

const pad = (n: number) => String(n).padStart(2, '0');
const hhmm = (m: number) => `${pad(Math.floor(m / 60))}:${pad(m % 60)}`;

/** The start and end of the visit: the slot and an hour after it, or the whole opening window. */
function visitTimes(row: LeadRow, openingHours: string): { start: string; end: string } {
  if (!row.timeSlot) {
    const { open, close } = parseOpeningHours(openingHours);
    return { start: hhmm(open), end: hhmm(close) };
  }
  const start = Number(row.timeSlot.slice(0, 2)) * 60 + Number(row.timeSlot.slice(3, 5));
  return { start: row.timeSlot, end: hhmm(Math.min(start + SLOT_DURATION_MINUTES, 23 * 60 + 59)) };
}

/** The address part of "Showroom <no-reply@example.com>". */
function addressOf(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
}

/**
 * What the visit is, in the customer's mail: the showroom's own car for a test drive, the service for a
 * maintenance visit. Never the car the visitor described (make, model, plate): whoever typed the address
 * may not be its owner, and their words must not reach that person as the showroom's.
 */
function what(row: LeadRow): string {
  if (row.type === 'TEST_DRIVE') return `lái thử ${vehicleOf(row)}`;
  return 'bảo dưỡng xe';
}

const serviceOf = (row: LeadRow) =>
  MAINTENANCE_SERVICE_LABELS[row.serviceType as MaintenanceServiceType] ?? 'Dịch vụ';

export interface MailContext {
  config: WebConfiguration;
  links: BookingLinks;
  publicUrl: string;
  mailFrom: string;
  now: Date;
  /** The invitation's SEQUENCE: how many times the booking changed. */
  sequence: number;
}

/** The invitation of one booking (the same UID through every change). */
export function bookingIcs(row: LeadRow, method: 'REQUEST' | 'CANCEL', ctx: MailContext): string {
  const showroom = ctx.config.showroomName;
  const { start, end } = visitTimes(row, ctx.config.openingHours);
  const url = ctx.links.url({ leadId: row.id, date: row.preferredDate ?? '', slot: row.timeSlot });
  return buildIcs({
    method,
    uid: `lead-${row.id}@${new URL(ctx.publicUrl).hostname}`,
    sequence: ctx.sequence,
    stamp: ctx.now,
    date: row.preferredDate ?? '',
    start,
    end,
    summary: `${LEAD_TYPE_LABELS[row.type as LeadType]}: ${row.type === 'TEST_DRIVE' ? vehicleOf(row) : serviceOf(row)} - ${showroom}`,
    description: [
      `Mã lịch hẹn: ${row.reference}`,
      `Khách hàng: ${greetingName(row.fullName)}`,
      method === 'REQUEST' ? bookingStatusNote(row.status) : '',
      method === 'REQUEST' && row.type === 'TEST_DRIVE' ? TEST_DRIVE_LICENCE_NOTE : '',
      method === 'REQUEST' ? `Đổi giờ hoặc hủy lịch: ${url}` : 'Lịch hẹn đã được hủy.',
      ctx.config.showroomPhone ? `Hotline: ${ctx.config.showroomPhone}` : '',
    ]
      .filter(Boolean)
      .join('\n'),
    location: ctx.config.showroomAddress || showroom,
    url: method === 'REQUEST' ? url : undefined,
    organizer: { name: showroom, email: ctx.config.showroomEmail || addressOf(ctx.mailFrom) },
    attendee: row.email ? { name: greetingName(row.fullName), email: row.email } : null,
    tentative: !isBookingConfirmed(row.status),
  });
}

const SUBJECTS: Record<BookingMailKind, (row: LeadRow, kind: string) => string> = {
  // "Đã nhận", not "Xác nhận": a new booking is confirmed by the staff member's call.
  created: (row, kind) =>
    `Đã nhận lịch ${kind} ${row.reference}: ${row.timeSlot ? `${row.timeSlot} ` : ''}ngày ${weekdayText(row.preferredDate ?? '').split(', ')[1]}`,
  moved: (row, kind) =>
    `Lịch ${kind} ${row.reference} đã đổi sang ${row.timeSlot ? `${row.timeSlot} ` : ''}ngày ${weekdayText(row.preferredDate ?? '').split(', ')[1]}`,
  cancelled: (row, kind) => `Lịch ${kind} ${row.reference} đã được hủy`,
  reminder: (row, kind) =>
    `Nhắc lịch ${kind} ngày mai${row.timeSlot ? ` lúc ${row.timeSlot}` : ''} (${row.reference})`,
};

/** The customer's e-mail about their booking; the invitation (.ics) rides along unless it is the reminder. */
export function bookingMail(row: LeadRow, kind: BookingMailKind, ctx: MailContext): Mail {
  const typeWord = LEAD_TYPE_LABELS[row.type as LeadType].toLowerCase();
  const cfg = ctx.config;
  const url = ctx.links.url({ leadId: row.id, date: row.preferredDate ?? '', slot: row.timeSlot });
  const opening: Record<BookingMailKind, string> = {
    created: `${cfg.showroomName} đã nhận lịch ${what(row)} của bạn.`,
    moved: `Lịch ${what(row)} của bạn đã được đổi sang thời gian mới.`,
    cancelled: `Lịch ${what(row)} của bạn đã được hủy. Hẹn gặp lại bạn lần sau.`,
    reminder: `Xin nhắc bạn lịch ${what(row)} vào ngày mai.`,
  };
  const lines = [
    `Xin chào ${greetingName(row.fullName)},`,
    '',
    opening[kind],
    '',
    `- Mã lịch hẹn: ${row.reference}`,
    row.type === 'TEST_DRIVE' ? `- Xe lái thử: ${vehicleOf(row)}` : `- Dịch vụ: ${serviceOf(row)}`,
    `- Thời gian: ${whenText(row)}`,
    `- Địa điểm: ${cfg.showroomAddress || cfg.showroomName}`,
  ];
  if (kind !== 'cancelled') {
    lines.push('', bookingStatusNote(row.status));
    if (row.type === 'TEST_DRIVE') lines.push(TEST_DRIVE_LICENCE_NOTE);
  }
  if (kind !== 'cancelled') {
    lines.push('', `Đổi giờ hoặc hủy lịch (không cần đăng nhập): ${url}`);
    if (kind !== 'reminder')
      lines.push('Tệp lich-hen.ics đính kèm giúp bạn thêm lịch hẹn vào lịch của mình.');
  }
  if (cfg.showroomPhone) lines.push('', `Cần hỗ trợ, vui lòng gọi ${cfg.showroomPhone}.`);
  lines.push('', `Trân trọng,`, cfg.showroomName);
  const mail: Mail = { to: row.email ?? '', subject: SUBJECTS[kind](row, typeWord), text: lines.join('\n') };
  if (kind !== 'reminder') {
    const method = kind === 'cancelled' ? 'CANCEL' : 'REQUEST';
    mail.icalEvent = { method, filename: 'lich-hen.ics', content: bookingIcs(row, method, ctx) };
  }
  return mail;
}

/**
 * Builds and sends the customer's e-mail about their booking; throws when the mail server refuses.
 * `cause`: the visitor's own step (capped per mailbox and IP a day) or the showroom's. Answers whether
 * it went ('none' without an address).
 */
export async function sendBookingMail(
  deps: LeadsDeps,
  row: LeadRow,
  kind: BookingMailKind,
  cause: CustomerMail,
): Promise<'sent' | 'skipped' | 'none'> {
  if (!row.email || !row.preferredDate) return 'none';
  const [moves] = await deps.db
    .select({ n: count() })
    .from(leadEvents)
    .where(and(eq(leadEvents.leadId, row.id), eq(leadEvents.kind, 'SCHEDULE')));
  const ctx: MailContext = {
    config: await deps.webConfig.get(),
    links: bookingLinks(deps),
    publicUrl: deps.config.publicUrl,
    mailFrom: deps.config.mailFrom,
    now: deps.clock.now(),
    sequence: moves.n + (kind === 'cancelled' ? 1 : 0),
  };
  return deps.customerMail.send(bookingMail(row, kind, ctx), cause);
}

/**
 * After the change has committed: the customer's e-mail, when they gave an address. Never awaited by the
 * answer and never failing it (a mail server down is logged; the booking stands).
 */
export function tellCustomer(
  deps: LeadsDeps,
  row: LeadRow,
  kind: BookingMailKind,
  cause: CustomerMail,
): Promise<void> {
  return sendBookingMail(deps, row, kind, cause).then(
    () => undefined,
    (err) => deps.log.error({ err, leadId: row.id, kind }, 'booking mail failed'),
  );
}
