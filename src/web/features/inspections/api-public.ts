import type { InspectionReport } from '@contract/inspections';
import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../lib/api-client';

/** Under ['cars'], so a change to a car (or its report) refreshes the public reads too. */
export const inspectionKey = (carId: number | null, staff = false) =>
  ['cars', 'inspection', carId, staff ? 'staff' : 'public'] as const;

/** GET cars/{id}/inspection; null when the car has no report (404). */
export function useInspection(carId: number | null, opts: { staff?: boolean; enabled?: boolean } = {}) {
  const staff = opts.staff ?? false;
  return useQuery({
    queryKey: inspectionKey(carId, staff),
    queryFn: async ({ signal }) => {
      try {
        return await api<InspectionReport>(`cars/${carId}/inspection`, {
          signal,
          auth: staff,
          query: staff ? { staff: 'true' } : undefined,
        });
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
    enabled: carId !== null && (opts.enabled ?? true),
    staleTime: 60_000,
  });
}
