import { useEffect } from 'react';

/** Sets the tab title while a page shows (the server already answers the first load with the right <head>). */
export function useDocumentTitle(title: string | null | undefined) {
  useEffect(() => {
    if (!title) return;
    const before = document.title;
    document.title = title;
    return () => {
      document.title = before;
    };
  }, [title]);
}
