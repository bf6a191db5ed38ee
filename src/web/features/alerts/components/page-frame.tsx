import { ALERTS_PAGE_TITLE } from '@contract/page-titles';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** The frame of the pages a visitor's alert e-mails open: one column, a heading and its content. */
export function AlertPageFrame({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(ALERTS_PAGE_TITLE);
  return (
    <div className="bg-slate-50">
      <div className="mx-auto max-w-2xl px-4 py-8 sm:px-6 sm:py-12">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
        <div className="mt-5 space-y-5">{children}</div>
      </div>
    </div>
  );
}

/** A white panel of the frame. */
export function Panel({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <div className={`rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6 ${className}`}>
      {children}
    </div>
  );
}
