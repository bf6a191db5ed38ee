import type { Page } from '@contract/common';
import type { ImportResult, MarketImportView, MarketPriceView } from '@contract/market-prices';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** Staff market price calls (MANAGE_CAR). A change also drops the valuations shown elsewhere. */
export const MARKET_KEY = ['market-prices'] as const;

export interface MarketPricesListQuery {
  page: number;
  size: number;
  search?: string;
  batchId?: number;
}

/** GET market-prices?search&batchId&page&size (newest first). */
export function useMarketPrices(q: MarketPricesListQuery) {
  return useQuery({
    queryKey: [...MARKET_KEY, 'rows', q],
    queryFn: ({ signal }) =>
      api<Page<MarketPriceView>>('market-prices', { auth: true, query: { ...q }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET market-prices/imports?page&size (newest first). */
export function useMarketImports(q: { page: number; size: number }) {
  return useQuery({
    queryKey: [...MARKET_KEY, 'imports', q],
    queryFn: ({ signal }) =>
      api<Page<MarketImportView>>('market-prices/imports', { auth: true, query: { ...q }, signal }),
    placeholderData: keepPreviousData,
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => {
    queryClient.invalidateQueries({ queryKey: MARKET_KEY });
    queryClient.invalidateQueries({ queryKey: ['valuations'] });
  };
}

/** POST market-prices/import (multipart "file"), with upload progress. */
export function useImportPrices() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (v: { file: File; onProgress?: (f: number) => void }) => {
      const form = new FormData();
      form.append('file', v.file, v.file.name);
      return api<ImportResult>('market-prices/import', {
        method: 'POST',
        auth: true,
        body: form,
        onUploadProgress: v.onProgress,
      });
    },
    onSuccess: invalidate,
  });
}

/** DELETE market-prices/{id}. */
export function useDeleteMarketPrice() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) =>
      api<{ message: string }>(`market-prices/${id}`, { method: 'DELETE', auth: true }),
    onSuccess: invalidate,
  });
}

/** DELETE market-prices/imports/{id}: the import and every row it brought. */
export function useDeleteImport() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) =>
      api<{ message: string; removed: number }>(`market-prices/imports/${id}`, {
        method: 'DELETE',
        auth: true,
      }),
    onSuccess: invalidate,
  });
}
