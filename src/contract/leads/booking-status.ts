import type { LeadStatus } from './labels';

/**
 * What a booked test drive or service visit is, said the same way on the thank-you screen, in the
 * e-mail and in the calendar file (.ics): a new booking holds its slot but is not yet confirmed; a staff
 * member calls and, once agreed, moves it to "Đã hẹn" (SCHEDULED), which is the only confirmed state.
 */

/** The statuses in which the showroom has confirmed the booked day with the customer. */
export const CONFIRMED_BOOKING_STATUSES: readonly LeadStatus[] = ['SCHEDULED', 'DONE'];

export const isBookingConfirmed = (status: string) =>
  (CONFIRMED_BOOKING_STATUSES as readonly string[]).includes(status);

export const BOOKING_PENDING_NOTE =
  'Lịch hẹn đang chờ xác nhận: nhân viên showroom sẽ gọi cho bạn để xác nhận trước ngày hẹn.';
export const BOOKING_CONFIRMED_NOTE = 'Lịch hẹn đã được showroom xác nhận.';

/** The note that matches the booking's real status. */
export const bookingStatusNote = (status: string) =>
  isBookingConfirmed(status) ? BOOKING_CONFIRMED_NOTE : BOOKING_PENDING_NOTE;

/** A test drive needs the driver's licence: said on the screen, in the e-mail and in the .ics. */
export const TEST_DRIVE_LICENCE_NOTE =
  'Vui lòng mang theo giấy phép lái xe ô tô (GPLX) còn hạn: showroom cần xem GPLX trước khi giao xe lái thử.';
