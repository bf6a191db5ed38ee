import { and, asc, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import {
  BOOKING_MOVE_LIMITS,
  BOOKING_TYPES,
  type BookingType,
  type BookingView,
  type CalendarView,
  type DaySlots,
  type LeadDetail,
  type ScheduleBodyParsed,
  timeSlots,
} from '../../../contract/leads';
import type { CurrentUser } from '../../platform/access';
import type { Actor } from '../../platform/actor';
import { badRequest, notFound } from '../../platform/errors';
import { RateLimiter } from '../../platform/rate-limit';
import { bookingLinks } from './booking-mail';
import { bookingByToken, bookingView, cancelByCustomer, rescheduleByCustomer } from './customer';
import { leadDetail } from './handling';
import { defineReminderJob } from './reminders';
import { moveBooking } from './schedule';
import { leads } from './schema';
import { daySlots } from './slots';
import { trapSlots } from './traps';
import type { LeadsDeps } from './types';
import { leadView, staffNames } from './views';
import { LEAD_MESSAGES } from './wording';

/** The most bookings one calendar answer lists (a busy month of two kinds is far below it). */
const CALENDAR_LIMIT = 2000;

/**
 * Bookings that hold: slot availability for the public forms, the staff calendar and its reschedule,
 * the customer's signed-link page, and the reminder job of the day before (defined here, once).
 */
export class BookingsService {
  /** A customer's moves from one address (each mails the customer and rings staff). */
  private readonly movesPerIp: RateLimiter;

  constructor(private readonly deps: LeadsDeps) {
    defineReminderJob(deps);
    this.movesPerIp = new RateLimiter(
      deps.counters,
      'booking-move',
      BOOKING_MOVE_LIMITS.perIpPerHour,
      3_600_000,
    );
  }

  /**
   * GET /api/test-drives/slots (a car visitors can see) and GET /api/maintenance/slots; `excludeId`
   * leaves out the booking being moved (the route allows it to its customer's link or to staff).
   */
  async slots(
    type: BookingType,
    carId: number | null,
    date: string | undefined,
    excludeId?: number,
    ip?: string,
  ): Promise<DaySlots> {
    if (type === 'TEST_DRIVE' && !carId) throw badRequest('Vui lòng chọn xe', { carId: 'Vui lòng chọn xe' });
    if (type === 'TEST_DRIVE' && this.deps.cars) {
      const car = await this.deps.cars.visibleCar(carId ?? 0);
      if (!car) throw notFound(LEAD_MESSAGES.carUnavailable);
    }
    const car = type === 'TEST_DRIVE' ? carId : null;
    // A robot caught by the honeypot sees its own catch holding its slot (traps.ts); nobody else does.
    const own = await trapSlots(this.deps, ip ?? null, type, car, excludeId);
    return daySlots(this.deps, type, car, date, excludeId, own);
  }

  /** Test drives and maintenance visits booked between two days (cancelled ones left out). */
  async calendar(from: string, to: string): Promise<CalendarView> {
    const rows = await this.deps.db
      .select()
      .from(leads)
      .where(
        and(
          inArray(leads.type, [...BOOKING_TYPES]),
          ne(leads.status, 'CANCELLED'),
          gte(leads.preferredDate, from),
          lte(leads.preferredDate, to),
        ),
      )
      .orderBy(asc(leads.preferredDate), sql`${leads.timeSlot} asc nulls first`, asc(leads.createdAt))
      .limit(CALENDAR_LIMIT);
    const staff = await staffNames(
      this.deps,
      rows.map((r) => r.assigneeId),
    );
    const config = await this.deps.webConfig.get();
    const now = this.deps.clock.now();
    return {
      from,
      to,
      slots: timeSlots(config.openingHours),
      serviceBays: config.serviceBays,
      items: rows.map((r) => leadView(r, staff, now)),
    };
  }

  /** PUT {base}/{id}/schedule: staff move a booking (the calendar's drag, the drawer's dialog). */
  async reschedule(
    type: BookingType,
    id: number,
    body: ScheduleBodyParsed,
    current: CurrentUser,
    actor: Actor,
  ): Promise<LeadDetail> {
    await moveBooking(
      this.deps,
      type,
      id,
      { date: body.preferredDate, slot: body.timeSlot ?? null, note: body.note },
      { staff: { id: current.id, name: current.name }, actor },
    );
    return leadDetail(this.deps, type, id);
  }

  /** The lead a customer's link names, when its signature holds (used or expired alike). */
  leadOfToken(token: string): number | undefined {
    return bookingLinks(this.deps).verify(token)?.leadId;
  }

  async view(token: string): Promise<BookingView> {
    return bookingView(this.deps, await bookingByToken(this.deps, token));
  }

  rescheduleByCustomer(token: string, body: ScheduleBodyParsed, actor: Actor): Promise<BookingView> {
    return rescheduleByCustomer(this.deps, token, body, actor, this.movesPerIp);
  }

  cancelByCustomer(token: string, reason: string | undefined, actor: Actor): Promise<BookingView> {
    return cancelByCustomer(this.deps, token, reason, actor);
  }
}
