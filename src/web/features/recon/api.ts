import type { CarAdminDetail } from '@contract/cars';
import type { ReconBoard, ReconCar, ReconSettings, ReconSettingsInput } from '@contract/recon';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export const RECON_KEY = ['recon'] as const;

/** GET recon/board: the stages and the preparing cars, refreshed every minute (the clocks run). */
export function useReconBoard() {
  return useQuery({
    queryKey: [...RECON_KEY, 'board'],
    queryFn: ({ signal }) => api<ReconBoard>('recon/board', { auth: true, signal }),
    refetchInterval: 60_000,
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => {
    queryClient.invalidateQueries({ queryKey: RECON_KEY });
    queryClient.invalidateQueries({ queryKey: ['car-admin'] });
    queryClient.invalidateQueries({ queryKey: ['cars'] });
  };
}

/** PUT cars/admin/{carId}/recon/stage. */
export function useMoveStage() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (v: { carId: number; stage: string }) =>
      api<ReconCar>(`cars/admin/${v.carId}/recon/stage`, {
        method: 'PUT',
        auth: true,
        body: { stage: v.stage },
      }),
    onSuccess: invalidate,
  });
}

/** PUT cars/admin/{carId}/status to available: through the listing gate, or with a manager's reason. */
export function useListCar() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (v: { carId: number; overrideReason?: string }) =>
      api<CarAdminDetail>(`cars/admin/${v.carId}/status`, {
        method: 'PUT',
        auth: true,
        body: { status: 'available', overrideReason: v.overrideReason },
      }),
    onSuccess: invalidate,
  });
}

/** GET recon/settings. */
export function useReconSettings(enabled: boolean) {
  return useQuery({
    queryKey: [...RECON_KEY, 'settings'],
    queryFn: ({ signal }) => api<ReconSettings>('recon/settings', { auth: true, signal }),
    enabled,
  });
}

/** GET recon/staff: who may own a stage (MANAGE_CAR). */
export function useReconStaff(enabled: boolean) {
  return useQuery({
    queryKey: [...RECON_KEY, 'staff'],
    queryFn: ({ signal }) =>
      api<{ userId: number; fullName: string }[]>('recon/staff', { auth: true, signal }),
    enabled,
  });
}

/** PUT recon/settings: the stages in order and the photo minimum, as a whole. */
export function useSaveReconSettings() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: ReconSettingsInput) =>
      api<ReconSettings>('recon/settings', { method: 'PUT', auth: true, body }),
    onSuccess: invalidate,
  });
}
