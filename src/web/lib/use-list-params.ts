import { useSearchParams } from 'react-router';

/** The page sizes a list with a "Mỗi trang" choice offers; the first is the default. */
export const PAGE_SIZES = [5, 10, 20, 50];

export type ListPatch = Record<string, string | number | null | undefined>;
export type ListParams = ReturnType<typeof useListParams>;

/**
 * The state of a dashboard list kept in the address: `page` (1-based), `search`, `size` (one of
 * PAGE_SIZES), `choice(key, allowed)` for an enum filter, `update(patch, replace?)`, `setSize(size)`
 * and `clear()`.
 * update: an empty value ('' / null / undefined) or page 1 removes the key; any patch without `page` goes
 * back to page 1. It replaces the history entry unless the patch turns the page (override with `replace`).
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const sizeParam = Number(params.get('size'));

  const update = (patch: ListPatch, replace = !('page' in patch)) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(patch)) {
      if (value === undefined || value === null || value === '' || (key === 'page' && Number(value) <= 1))
        next.delete(key);
      else next.set(key, String(value));
    }
    if (!('page' in patch)) next.delete('page');
    setParams(next, { replace });
  };

  return {
    params,
    setParams,
    page: Math.max(1, Math.trunc(Number(params.get('page'))) || 1),
    search: params.get('search') ?? '',
    size: PAGE_SIZES.includes(sizeParam) ? sizeParam : PAGE_SIZES[0],
    /** The value of `key` when it is one of `allowed`, else undefined. */
    choice: <T extends string>(key: string, allowed: readonly T[]): T | undefined => {
      const value = params.get(key) ?? '';
      return (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
    },
    update,
    /** Sets the page size (the default leaves the address) and goes back to page 1. */
    setSize: (size: number) => update({ size: size === PAGE_SIZES[0] ? undefined : size }),
    /** Drops every filter and the page. */
    clear: () => setParams(new URLSearchParams(), { replace: true }),
  };
}

/** The page size of the dashboard lists that only search (posts, banners, accounts). */
export const SEARCH_LIST_SIZE = 5;

/**
 * A dashboard list searched and paged in the address and nothing more: its address state, and the
 * page of rows `usePage` fetches for it (`data` is the answer).
 */
export function useSearchList<Q extends { data?: unknown }>(
  usePage: (q: { page: number; size: number; search: string }) => Q,
) {
  const list = useListParams();
  const query = usePage({ page: list.page, size: SEARCH_LIST_SIZE, search: list.search });
  return { list, search: list.search, query, data: query.data as Q['data'] };
}
