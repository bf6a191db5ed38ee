import type { CarAdminDetail, CarAdminRow, CarData, CarFilters, CarPhoto, CarStatus } from '@contract/cars';
import type { Page } from '@contract/common';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** Staff inventory calls (MANAGE_CAR). Every change also drops the public ['cars'] reads. */
export const CAR_ADMIN_KEY = ['car-admin'] as const;
const SALES_KEY = ['soldhistory'] as const;

export interface AdminCarsQuery {
  page: number;
  size: number;
  search?: string;
  status?: CarStatus;
  brand?: string;
  minPrice?: number;
  maxPrice?: number;
  sort?: string;
}

/** GET cars/admin?search&status&brand&minPrice&maxPrice&page&size (size 5 by default). */
export function useAdminCars(q: AdminCarsQuery) {
  return useQuery({
    queryKey: [...CAR_ADMIN_KEY, 'list', q],
    queryFn: ({ signal }) => api<Page<CarAdminRow>>('cars/admin', { auth: true, query: { ...q }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminCar(id: number | null) {
  return useQuery({
    queryKey: [...CAR_ADMIN_KEY, 'detail', id],
    queryFn: ({ signal }) => api<CarAdminDetail>(`cars/admin/${id}`, { auth: true, signal }),
    enabled: id !== null,
    retry: (count, err) => (err as { status?: number }).status !== 404 && count < 1,
  });
}

/** The brands, colours... already in stock (GET cars/filters), offered as suggestions in the form. */
export function useInventoryOptions() {
  return useQuery({
    queryKey: ['cars', 'filters'],
    queryFn: ({ signal }) => api<CarFilters>('cars/filters', { signal }),
    staleTime: 5 * 60_000,
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => {
    queryClient.invalidateQueries({ queryKey: CAR_ADMIN_KEY });
    queryClient.invalidateQueries({ queryKey: ['cars'] });
    queryClient.invalidateQueries({ queryKey: SALES_KEY });
    // The car's papers view repeats its owners and plate, and a new odometer can raise or clear the flag.
    queryClient.invalidateQueries({ queryKey: ['car-records'] });
  };
}

function carForm(car: CarData, files: File[]): FormData {
  const form = new FormData();
  form.append('car', JSON.stringify(car));
  for (const f of files) form.append('images', f, f.name);
  return form;
}

/** POST cars/admin/add (multipart: "car" JSON + "images" in cover-first order), with upload progress. */
export function useCreateCar() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (v: { car: CarData; files: File[]; onProgress?: (f: number) => void }) =>
      api<CarAdminDetail>('cars/admin/add', {
        method: 'POST',
        auth: true,
        body: carForm(v.car, v.files),
        onUploadProgress: v.onProgress,
      }),
    onSuccess: invalidate,
  });
}

/** PUT cars/admin/{id} with the car as JSON (photos are managed one by one on the edit page). */
export function useUpdateCar(id: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (car: CarData) =>
      api<CarAdminDetail>(`cars/admin/${id}`, { method: 'PUT', auth: true, body: car }),
    onSuccess: invalidate,
  });
}

/** DELETE cars/admin/{id} (409 when the car has a sale on record). */
export function useDeleteCar() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => api<string>(`cars/admin/${id}`, { method: 'DELETE', auth: true }),
    onSuccess: invalidate,
  });
}

/** Photo calls of the edit page; each answers the car's photos in their new order. */
export function usePhotoActions(carId: number) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidate();
  const store = (photos: CarPhoto[]) => {
    queryClient.setQueryData<CarAdminDetail>([...CAR_ADMIN_KEY, 'detail', carId], (old) =>
      old ? { ...old, photos, cover: photos[0] ?? null } : old,
    );
    invalidate();
  };
  const upload = useMutation({
    mutationFn: (v: { files: File[]; onProgress?: (f: number) => void }) => {
      const form = new FormData();
      for (const f of v.files) form.append('images', f, f.name);
      return api<CarPhoto[]>(`cars/admin/${carId}/photos`, {
        method: 'POST',
        auth: true,
        body: form,
        onUploadProgress: v.onProgress,
      });
    },
    onSuccess: store,
  });
  const remove = useMutation({
    mutationFn: (photoId: number) =>
      api<CarPhoto[]>(`cars/admin/${carId}/photos/${photoId}`, { method: 'DELETE', auth: true }),
    onSuccess: store,
  });
  const reorder = useMutation({
    mutationFn: (photoIds: number[]) =>
      api<CarPhoto[]>(`cars/admin/${carId}/photos/order`, { method: 'PUT', auth: true, body: { photoIds } }),
    onSuccess: store,
  });
  return { upload, remove, reorder };
}
