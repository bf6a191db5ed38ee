import {
  type BookingType,
  type BookingView,
  type CalendarView,
  type DaySlots,
  LEAD_PATHS,
  type LeadDetail,
  type SlotChoice,
} from '@contract/leads';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../lib/api-client';
import { leadKeys } from './api';

/** 'TEST_DRIVE' -> 'test-drives' (api() adds /api/). */
const base = (type: BookingType) => LEAD_PATHS[type].replace(/^\/api\//, '');

export const slotKeys = {
  all: ['leads', 'slots'] as const,
  day: (type: BookingType, carId: number | null, date: string, exclude?: SlotExclusion) =>
    ['leads', 'slots', type, carId, date, exclude?.token ?? exclude?.leadId ?? null] as const,
};

/** The booking being moved, left out of the count: by its customer's token, or by its id (staff). */
export interface SlotExclusion {
  token?: string;
  leadId?: number;
}

/**
 * GET test-drives/slots?carId=&date= | maintenance/slots?date=: the day's slots (free, taken, past)
 * and the first day with a free one. A test drive needs its car first; without a date the server
 * answers the first day with a free slot.
 */
export function useDaySlots(
  type: BookingType,
  carId: number | null,
  date: string,
  exclude?: SlotExclusion,
  enabled = true,
) {
  return useQuery({
    queryKey: slotKeys.day(type, carId, date, exclude),
    queryFn: ({ signal }) =>
      api<DaySlots>(`${base(type)}/slots`, {
        query: {
          carId: type === 'TEST_DRIVE' ? carId : undefined,
          date: date || undefined,
          token: exclude?.token,
          exclude: exclude?.leadId,
        },
        auth: exclude?.leadId !== undefined,
        signal,
      }),
    enabled: enabled && (type === 'MAINTENANCE' || (carId !== null && carId > 0)),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
    retry: false,
  });
}

/** The nearest free slots a 409 offers (empty for any other failure). */
export function alternativesOf(err: unknown): SlotChoice[] {
  if (!(err instanceof ApiError) || err.status !== 409) return [];
  const data = err.data as { alternatives?: SlotChoice[] } | undefined;
  return Array.isArray(data?.alternatives) ? data.alternatives : [];
}

// ------------------------------------------------------------------------------------------------
// Staff: the calendar and its reschedule (MANAGE_SERVICE)

export const calendarKeys = {
  all: ['leads', 'calendar'] as const,
  range: (from: string, to: string) => ['leads', 'calendar', from, to] as const,
};

/** GET service-requests/calendar?from=&to= */
export function useCalendar(from: string, to: string) {
  return useQuery({
    queryKey: calendarKeys.range(from, to),
    queryFn: ({ signal }) =>
      api<CalendarView>('service-requests/calendar', { auth: true, query: { from, to }, signal }),
    placeholderData: keepPreviousData,
  });
}

export interface RescheduleInput {
  type: BookingType;
  id: number;
  preferredDate: string;
  timeSlot: string | null;
  note?: string;
}

/** PUT {path}/admin/{id}/schedule; refreshes the calendar, the slots and that type's lists. */
export function useReschedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ type, id, ...body }: RescheduleInput) =>
      api<LeadDetail>(`${base(type)}/admin/${id}/schedule`, { method: 'PUT', auth: true, body }),
    onSettled: (_d, _e, v) => {
      void queryClient.invalidateQueries({ queryKey: calendarKeys.all });
      void queryClient.invalidateQueries({ queryKey: slotKeys.all });
      void queryClient.invalidateQueries({ queryKey: leadKeys.type(v.type) });
    },
  });
}

// ------------------------------------------------------------------------------------------------
// The customer's booking behind its signed link (no account)

export const bookingKey = (token: string) => ['leads', 'booking', token] as const;

/** GET bookings/{token} */
export function useBooking(token: string) {
  return useQuery({
    queryKey: bookingKey(token),
    queryFn: ({ signal }) => api<BookingView>(`bookings/${encodeURIComponent(token)}`, { signal }),
    retry: false,
  });
}

/** PUT bookings/{token}/schedule and POST bookings/{token}/cancel. */
export function useBookingActions(token: string) {
  const queryClient = useQueryClient();
  const settle = (view?: BookingView) => {
    if (view) queryClient.setQueryData(bookingKey(view.token), view);
    void queryClient.invalidateQueries({ queryKey: slotKeys.all });
  };
  const move = useMutation({
    mutationFn: (body: { preferredDate: string; timeSlot: string | null }) =>
      api<BookingView>(`bookings/${encodeURIComponent(token)}/schedule`, { method: 'PUT', body }),
    onSuccess: settle,
    onError: () => settle(),
  });
  const cancel = useMutation({
    mutationFn: (reason: string) =>
      api<BookingView>(`bookings/${encodeURIComponent(token)}/cancel`, {
        method: 'POST',
        body: { reason: reason.trim() || undefined },
      }),
    onSuccess: settle,
  });
  return { move, cancel };
}
