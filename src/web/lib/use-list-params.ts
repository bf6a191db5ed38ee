import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PendingAddress } from './pending-address';

/** The page sizes a list with a "Mỗi trang" choice offers, besides its own default (5 where the spec says so). */
export const PAGE_SIZES = [10, 20, 50];
/** The first view of a dashboard list: the spec's size 5 (sliders, blogs, users, recruitments, and the rest alike). */
export const DEFAULT_PAGE_SIZE = 5;

/** The sizes offered for a list whose first view shows `defaultSize` rows. */
export const pageSizeChoices = (defaultSize: number) =>
  [...new Set([defaultSize, ...PAGE_SIZES])].sort((a, b) => a - b);

const storageKey = (table: string) => `showroom:page-size:${table}`;

/** The size last chosen for `table` in this browser, when it is one of `allowed`. */
function storedSize(table: string | undefined, allowed: number[]): number | undefined {
  if (!table || typeof window === 'undefined') return undefined;
  try {
    const size = Number(window.localStorage.getItem(storageKey(table)));
    return allowed.includes(size) ? size : undefined;
  } catch {
    return undefined; // storage blocked: the default it is
  }
}

function storeSize(table: string | undefined, size: number) {
  if (!table) return;
  try {
    window.localStorage.setItem(storageKey(table), String(size));
  } catch {
    // storage blocked or full: the choice lasts as long as the address
  }
}

export type ListPatch = Record<string, string | number | null | undefined>;
export type ListParams = ReturnType<typeof useListParams>;

/**
 * The state of a dashboard list kept in the address: `page` (1-based), `search`, `size` (one of
 * PAGE_SIZES), `choice(key, allowed)` for an enum filter, `update(patch, replace?)`, `setSize(size)`
 * and `clear()`.
 * update: an empty value ('' / null / undefined) or page 1 removes the key; any patch without `page` goes
 * back to page 1. It replaces the history entry unless the patch turns the page (override with `replace`).
 */
export function useListParams({
  table,
  defaultSize = DEFAULT_PAGE_SIZE,
}: {
  /** Names the list in localStorage, where its "Mỗi trang" choice is remembered. */
  table?: string;
  defaultSize?: number;
} = {}) {
  const [params, setParams] = useSearchParams();
  const sizeParam = Number(params.get('size'));
  const sizes = pageSizeChoices(defaultSize);

  // Changes typed one right after another build on each other (lib/pending-address.ts).
  const [pending] = useState(() => new PendingAddress());
  useEffect(() => pending.rendered(params), [pending, params]);

  const update = (patch: ListPatch, replace = !('page' in patch)) => {
    const next = new URLSearchParams(pending.base(params));
    for (const [key, value] of Object.entries(patch)) {
      if (value === undefined || value === null || value === '' || (key === 'page' && Number(value) <= 1))
        next.delete(key);
      else next.set(key, String(value));
    }
    if (!('page' in patch)) next.delete('page');
    pending.ask(next);
    setParams(next, { replace });
  };

  return {
    params,
    setParams,
    page: Math.max(1, Math.trunc(Number(params.get('page'))) || 1),
    search: params.get('search') ?? '',
    size: sizes.includes(sizeParam) ? sizeParam : (storedSize(table, sizes) ?? defaultSize),
    /** The sizes the "Mỗi trang" choice offers. */
    sizes,
    /** The value of `key` when it is one of `allowed`, else undefined. */
    choice: <T extends string>(key: string, allowed: readonly T[]): T | undefined => {
      const value = params.get(key) ?? '';
      return (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
    },
    update,
    /** Sets the page size, remembered for the table (the default leaves the address), and goes back to page 1. */
    setSize: (size: number) => {
      storeSize(table, size);
      update({ size: size === defaultSize ? undefined : size });
    },
    /** Drops every filter and the page. */
    clear: () => {
      const none = new URLSearchParams();
      pending.ask(none);
      setParams(none, { replace: true });
    },
  };
}

/**
 * A dashboard list searched and paged in the address and nothing more (posts, banners, accounts): its
 * address state, and the page of rows `usePage` fetches for it (`data` is the answer); `table` names
 * it for the remembered page size.
 */
export function useSearchList<Q extends { data?: unknown }>(
  table: string,
  usePage: (q: { page: number; size: number; search: string }) => Q,
) {
  const list = useListParams({ table });
  const query = usePage({ page: list.page, size: list.size, search: list.search });
  return { list, search: list.search, query, data: query.data as Q['data'] };
}
