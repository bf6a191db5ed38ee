import { describe, expect, it } from 'vitest';
import {
  BOOKING_CONFIRMED_NOTE,
  BOOKING_PENDING_NOTE,
  bookingStatusNote,
  TEST_DRIVE_LICENCE_NOTE,
} from '../../src/contract/leads';
import { DEFAULT_WEB_CONFIGURATION } from '../../src/contract/web-config';
import { BookingLinks } from '../../src/server/modules/leads/booking-links';
import { bookingMail, type MailContext } from '../../src/server/modules/leads/booking-mail';
import type { LeadRow } from '../../src/server/modules/leads/types';

/**
 * One truth about a booked test drive across the e-mail and its calendar file (the thank-you screen
 * reads the same note from the contract): a new booking is waiting for the showroom's call, one staff
 * moved to "Đã hẹn" is confirmed; a test drive always reminds the customer to bring the licence (GPLX).
 */

const ctx: MailContext = {
  config: { ...DEFAULT_WEB_CONFIGURATION, showroomName: 'AutoViet' },
  links: new BookingLinks('x'.repeat(40), 'https://autoviet.example'),
  publicUrl: 'https://autoviet.example',
  mailFrom: 'AutoViet <no-reply@autoviet.example>',
  now: new Date('2026-11-28T03:00:00Z'),
  sequence: 0,
};

const row = (over: Partial<LeadRow>) =>
  ({
    id: 7,
    type: 'TEST_DRIVE',
    reference: 'LT-0000ABCD',
    fullName: 'Phạm Thị Lịch',
    email: 'lich@example.com',
    phone: '0912345678',
    carLabel: 'Toyota Vios 1.5G 2020',
    preferredDate: '2026-12-02',
    timeSlot: '09:30',
    status: 'NEW',
    make: null,
    model: null,
    year: null,
    licencePlate: null,
    serviceType: null,
    ...over,
  }) as LeadRow;

const icsOf = (mail: ReturnType<typeof bookingMail>) =>
  String(mail.icalEvent?.content ?? '').replace(/\r\n[ \t]/g, '');
const description = (ics: string) => /\r\nDESCRIPTION:([^\r]*)\r\n/.exec(ics)?.[1] ?? '';

describe('a booked test drive, said the same way everywhere', () => {
  it('new: "chờ xác nhận" in the mail and TENTATIVE in the .ics, never "confirmed"; the licence on both', () => {
    const mail = bookingMail(row({}), 'created', ctx);
    expect(mail.subject.startsWith('Đã nhận lịch lái thử LT-0000ABCD')).toBe(true);
    expect(mail.text).toContain(BOOKING_PENDING_NOTE);
    expect(mail.text).toContain(TEST_DRIVE_LICENCE_NOTE);
    const ics = icsOf(mail);
    expect(ics).toContain('\r\nSTATUS:TENTATIVE\r\n');
    expect(ics).not.toContain('STATUS:CONFIRMED');
    expect(description(ics)).toContain(BOOKING_PENDING_NOTE);
    expect(description(ics)).toContain(TEST_DRIVE_LICENCE_NOTE);
    expect(bookingStatusNote('NEW')).toBe(BOOKING_PENDING_NOTE);
    expect(bookingStatusNote('CONTACTED')).toBe(BOOKING_PENDING_NOTE);
  });

  it('confirmed by staff ("Đã hẹn"): the reminder and a move say confirmed, the .ics is CONFIRMED', () => {
    const scheduled = row({ status: 'SCHEDULED' });
    const reminder = bookingMail(scheduled, 'reminder', ctx);
    expect(reminder.text).toContain(BOOKING_CONFIRMED_NOTE);
    expect(reminder.text).toContain(TEST_DRIVE_LICENCE_NOTE);
    expect(reminder.text).not.toContain(BOOKING_PENDING_NOTE);
    const moved = bookingMail(scheduled, 'moved', ctx);
    const ics = icsOf(moved);
    expect(ics).toContain('\r\nSTATUS:CONFIRMED\r\n');
    expect(description(ics)).toContain(BOOKING_CONFIRMED_NOTE);
  });

  it('a service visit has no licence line; a cancellation has neither note', () => {
    const visit = bookingMail(
      row({ type: 'MAINTENANCE', serviceType: 'PERIODIC', carLabel: null, make: 'Honda', model: 'City' }),
      'created',
      ctx,
    );
    expect(visit.text).toContain(BOOKING_PENDING_NOTE);
    expect(visit.text).not.toContain('GPLX');
    const cancelled = bookingMail(row({ status: 'CANCELLED' }), 'cancelled', ctx);
    expect(cancelled.text).not.toContain(BOOKING_PENDING_NOTE);
    expect(icsOf(cancelled)).toContain('\r\nSTATUS:CANCELLED\r\n');
  });
});
