import type { Page } from '../../contract/common';

/** Text a visitor typed, made literal inside a LIKE pattern (`%`, `_` and the escape itself). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** One page of a list in the API's paged shape (1-based page). */
export function pageOf<T>(content: T[], total: number, q: { page: number; size: number }): Page<T> {
  return {
    content,
    totalElements: total,
    totalPages: Math.ceil(total / q.size),
    page: q.page,
    size: q.size,
  };
}
