import type { ReactNode } from 'react';
import { EmptyState } from './empty-state';
import { PageHeader } from './page-header';

/**
 * MissingRecord: what a detail or edit page shows when its record cannot be loaded: the page's `title`
 * (with `actions`), then a card saying `message` (`description` below it, `action` under that).
 */
export function MissingRecord({
  title,
  actions,
  message,
  description,
  action,
}: {
  title: ReactNode;
  actions?: ReactNode;
  message: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <>
      <PageHeader title={title} actions={actions} />
      <div className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        <EmptyState title={message} description={description} action={action} />
      </div>
    </>
  );
}
