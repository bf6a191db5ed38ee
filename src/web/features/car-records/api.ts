import type { CarHistory, CarHistoryStaff, CarPapersBody, ServiceRecordBody } from '@contract/car-records';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** Papers and service history: the public read, the staff view and the staff changes. */
export const CAR_RECORDS_KEY = ['car-records'] as const;
const staffKey = (carId: number) => [...CAR_RECORDS_KEY, 'staff', carId] as const;

/** GET cars/{id}/history (public), only once `enabled` (the section is near the screen). */
export function useCarHistory(carId: number, enabled = true) {
  return useQuery({
    queryKey: [...CAR_RECORDS_KEY, 'public', carId],
    queryFn: ({ signal }) => api<CarHistory>(`cars/${carId}/history`, { signal }),
    enabled: enabled && carId > 0,
    staleTime: 60_000,
  });
}

/** GET cars/{id}/history/staff: with the staff note and the odometer flag. */
export function useStaffHistory(carId: number | null) {
  return useQuery({
    queryKey: staffKey(carId ?? 0),
    queryFn: ({ signal }) => api<CarHistoryStaff>(`cars/${carId}/history/staff`, { auth: true, signal }),
    enabled: carId !== null,
  });
}

/** Every change answers the whole staff view: it replaces the cached one, and the lists are read again. */
function useStore(carId: number) {
  const queryClient = useQueryClient();
  return (view: CarHistoryStaff) => {
    queryClient.setQueryData(staffKey(carId), view);
    queryClient.invalidateQueries({ queryKey: [...CAR_RECORDS_KEY, 'public', carId] });
    // The staff car list shows the odometer flag.
    queryClient.invalidateQueries({ queryKey: ['car-admin', 'list'] });
  };
}

export function useRecordActions(carId: number) {
  const store = useStore(carId);
  const base = `cars/${carId}`;
  return {
    savePapers: useMutation({
      mutationFn: (body: CarPapersBody) =>
        api<CarHistoryStaff>(`${base}/papers`, { method: 'PUT', auth: true, body }),
      onSuccess: store,
    }),
    add: useMutation({
      mutationFn: (body: ServiceRecordBody) =>
        api<CarHistoryStaff>(`${base}/service-records`, { method: 'POST', auth: true, body }),
      onSuccess: store,
    }),
    update: useMutation({
      mutationFn: (v: { id: number; body: ServiceRecordBody }) =>
        api<CarHistoryStaff>(`${base}/service-records/${v.id}`, { method: 'PUT', auth: true, body: v.body }),
      onSuccess: store,
    }),
    remove: useMutation({
      mutationFn: (id: number) =>
        api<CarHistoryStaff>(`${base}/service-records/${id}`, { method: 'DELETE', auth: true }),
      onSuccess: store,
    }),
    importRecords: useMutation({
      mutationFn: (records: ServiceRecordBody[]) =>
        api<CarHistoryStaff>(`${base}/service-records/import`, {
          method: 'POST',
          auth: true,
          body: { records },
        }),
      onSuccess: store,
    }),
  };
}
