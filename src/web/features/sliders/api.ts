import type { Page } from '@contract/common';
import type { SliderBody, SliderView } from '@contract/sliders';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { useActiveToggle, useMultipartSave } from '../../lib/mutations';

export const SLIDERS_KEY = ['sliders'] as const;

/** GET overview/sliders: the active banners in order (public, no token). */
export function usePublicSliders() {
  return useQuery({
    queryKey: [...SLIDERS_KEY, 'public'],
    queryFn: ({ signal }) => api<SliderView[]>('overview/sliders', { signal }),
    staleTime: 60_000,
    retry: 1,
  });
}

/** GET overview/admin/sliders?search&page&size (page 1, size 5 by default). */
export function useAdminSliders(q: { page: number; size: number; search: string }) {
  return useQuery({
    queryKey: [...SLIDERS_KEY, 'admin', q],
    queryFn: ({ signal }) =>
      api<Page<SliderView>>('overview/admin/sliders', { auth: true, query: q, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET overview/slider/{id}. */
export function useSlider(id: number | null) {
  return useQuery({
    queryKey: [...SLIDERS_KEY, 'detail', id],
    queryFn: ({ signal }) => api<SliderView>(`overview/slider/${id}`, { auth: true, signal }),
    enabled: id !== null,
  });
}

/** PUT overview/activate/{id} or overview/inactivate/{id}. */
export function useSetSliderActive() {
  return useActiveToggle<SliderView>(SLIDERS_KEY, (id, active) => ({
    path: `overview/${active ? 'activate' : 'inactivate'}/${id}`,
    method: 'PUT',
  }));
}

/**
 * Add: POST overview/sliders multipart (`slider` JSON + `image`). Edit: PUT overview/slider/{id},
 * multipart with the image only when a new one was picked. Reports upload progress.
 */
export function useSaveSlider(id: number | null) {
  return useMultipartSave<SliderBody, SliderView>(
    SLIDERS_KEY,
    { json: 'slider', file: 'image' },
    { add: 'overview/sliders', edit: (overviewId) => `overview/slider/${overviewId}` },
    id,
  );
}
