import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './api-client';

/** Switches a record on or off (banner, post, account), then refreshes every list under `key`. */
export function useActiveToggle<T>(
  key: readonly unknown[],
  request: (id: number, active: boolean) => { path: string; method: 'PUT' | 'DELETE' },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) => {
      const { path, method } = request(id, active);
      return api<T>(path, { method, auth: true });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export interface MultipartSave<B> {
  body: B;
  files: File[];
  onProgress?: (fraction: number) => void;
}

/**
 * Saves a record sent as multipart: its JSON in the part `json`, its files in the part `file` (each
 * repeated), POST when adding and PUT when editing, reporting upload progress; refreshes `key` after.
 */
export function useMultipartSave<B, T>(
  key: readonly unknown[],
  parts: { json: string; file: string },
  address: { add: string; edit: (id: number) => string },
  id: number | null,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, files, onProgress }: MultipartSave<B>) => {
      const form = new FormData();
      form.append(parts.json, JSON.stringify(body));
      for (const file of files) form.append(parts.file, file, file.name);
      return api<T>(id === null ? address.add : address.edit(id), {
        method: id === null ? 'POST' : 'PUT',
        auth: true,
        body: form,
        onUploadProgress: onProgress,
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
