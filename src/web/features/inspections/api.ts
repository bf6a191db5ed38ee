import type {
  InspectionInput,
  InspectionPhoto,
  InspectionReport,
  InspectionTemplate,
  TemplateItem,
  TemplateItemInput,
  TemplateItemPatch,
} from '@contract/inspections';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

// The read a visitor's page needs lives apart (no mutations in public chunks); re-exported here.
export { inspectionKey, useInspection } from './api-public';

import { inspectionKey } from './api-public';
export const TEMPLATE_KEY = ['inspection-template'] as const;

export function useSaveInspection(carId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: InspectionInput) =>
      api<InspectionReport>(`cars/${carId}/inspection`, { method: 'PUT', auth: true, body }),
    onSuccess: (report) => {
      client.setQueryData(inspectionKey(carId, true), report);
      void client.invalidateQueries({ queryKey: ['cars'] });
    },
  });
}

/** POST cars/{id}/inspection/photos: one photo of a noted item. */
export function uploadInspectionPhoto(carId: number, file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return api<InspectionPhoto>(`cars/${carId}/inspection/photos`, { method: 'POST', auth: true, body: form });
}

export function useTemplate() {
  return useQuery({
    queryKey: TEMPLATE_KEY,
    queryFn: ({ signal }) => api<InspectionTemplate>('inspection-template', { signal, auth: true }),
  });
}

export function useTemplateChange() {
  const client = useQueryClient();
  const done = () => client.invalidateQueries({ queryKey: TEMPLATE_KEY });
  const add = useMutation({
    mutationFn: (body: TemplateItemInput) =>
      api<TemplateItem>('inspection-template/items', { method: 'POST', auth: true, body }),
    onSuccess: done,
  });
  const patch = useMutation({
    mutationFn: ({ itemId, ...body }: TemplateItemPatch & { itemId: number }) =>
      api<TemplateItem>(`inspection-template/items/${itemId}`, { method: 'PATCH', auth: true, body }),
    onSuccess: done,
  });
  const reorder = useMutation({
    mutationFn: (body: { group: string; itemIds: number[] }) =>
      api<InspectionTemplate>('inspection-template/order', { method: 'PUT', auth: true, body }),
    onSuccess: done,
  });
  return { add, patch, reorder };
}
