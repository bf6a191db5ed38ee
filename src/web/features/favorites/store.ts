import { FAVORITES_MAX } from '@contract/favorites';
import { useSyncExternalStore } from 'react';

/**
 * The visitor's favourite cars, kept in this browser (localStorage, no account): car ids, the latest
 * saved first. Every tab follows a change made in another (the storage event). During the server's
 * render and the hydration that matches it the list is empty; the browser's list follows at once.
 */

const KEY = 'favorites';
const EMPTY: readonly number[] = Object.freeze([]);
const listeners = new Set<() => void>();
let cache: readonly number[] | null = null;

/** Car ids from text ("1,5,9" or a stored JSON array): positive whole numbers, once each, at most 50. */
export function parseIds(raw: unknown): number[] {
  const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : [];
  const ids: number[] = [];
  for (const item of list) {
    const n = typeof item === 'number' ? item : Number(String(item).trim());
    if (Number.isInteger(n) && n > 0 && n <= 2_147_483_647 && !ids.includes(n)) ids.push(n);
    if (ids.length >= FAVORITES_MAX) break;
  }
  return ids;
}

function read(): readonly number[] {
  try {
    const stored = window.localStorage.getItem(KEY);
    return stored ? parseIds(JSON.parse(stored)) : EMPTY;
  } catch {
    return EMPTY;
  }
}

function snapshot(): readonly number[] {
  if (cache === null) cache = read();
  return cache;
}

function subscribe(changed: () => void) {
  listeners.add(changed);
  const onStorage = (e: StorageEvent) => {
    if (e.key !== null && e.key !== KEY) return;
    cache = null;
    changed();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(changed);
    window.removeEventListener('storage', onStorage);
  };
}

function write(ids: readonly number[]) {
  cache = Object.freeze(ids.slice(0, FAVORITES_MAX));
  try {
    window.localStorage.setItem(KEY, JSON.stringify(cache));
  } catch {
    // Private browsing with storage off: the list lives for this page only.
  }
  for (const changed of listeners) changed();
}

export function useFavorites(): readonly number[] {
  return useSyncExternalStore(subscribe, snapshot, () => EMPTY);
}

export function useIsFavorite(carId: number): boolean {
  return useFavorites().includes(carId);
}

/** Saves or removes one car; answers false when the list is full and nothing changed. */
export function toggleFavorite(carId: number): boolean {
  const ids = snapshot();
  if (ids.includes(carId)) {
    write(ids.filter((id) => id !== carId));
    return true;
  }
  if (ids.length >= FAVORITES_MAX) return false;
  write([carId, ...ids]);
  return true;
}

export function removeFavorites(gone: readonly number[]) {
  write(snapshot().filter((id) => !gone.includes(id)));
}

/** Adds a shared list's cars in front of the visitor's own; answers how many were new. */
export function mergeFavorites(shared: readonly number[]): number {
  const mine = snapshot();
  const fresh = shared.filter((id) => !mine.includes(id));
  write([...fresh, ...mine]);
  return Math.min(fresh.length, FAVORITES_MAX);
}
