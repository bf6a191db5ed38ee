import { useEffect } from 'react';

/** Sets the tab title while a page shows ('{title} | {showroom}'); the server already sends the first one. */
export function useDocumentTitle(title: string | null | undefined, showroom = 'AutoViet') {
  useEffect(() => {
    if (!title) return;
    const before = document.title;
    document.title = `${title} | ${showroom}`;
    return () => {
      document.title = before;
    };
  }, [title, showroom]);
}
