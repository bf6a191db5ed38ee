import { pageTitle } from '@contract/page-titles';
import { useEffect } from 'react';
import { useWebConfig } from './web-config';

/**
 * Sets the tab title while a page shows: '{page} | {showroom}', built by the same function as the
 * server's <head> (contract/page-titles.ts), so hydration leaves the server's title as it was.
 */
export function useDocumentTitle(page: string | null | undefined) {
  const { data: config } = useWebConfig();
  const showroom = config?.showroomName || 'AutoViet';
  useEffect(() => {
    if (!page) return;
    const before = document.title;
    document.title = pageTitle(page, showroom);
    return () => {
      document.title = before;
    };
  }, [page, showroom]);
}
