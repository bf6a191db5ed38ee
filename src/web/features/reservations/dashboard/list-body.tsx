import type { ComponentProps, ReactNode } from 'react';
import { DataTable } from '../../../components/data-table';
import { ListPages, type PagedQuery } from '../../../components/list-page';
import { errorMessage } from '../../../lib/api-client';
import type { ListParams } from '../../../lib/use-list-params';

/**
 * ListPage without its header (the page's header sits above the tabs): filters, the rows (or the
 * error), then ListPages.
 */
export function ListBody<T>({
  filters,
  query,
  list,
  pageSizeId,
  ...table
}: Omit<ComponentProps<typeof DataTable<T>>, 'rows' | 'loading' | 'className'> & {
  filters: ReactNode;
  query: PagedQuery<T>;
  list: Pick<ListParams, 'page' | 'size' | 'sizes' | 'update' | 'setSize'>;
  pageSizeId: string;
}) {
  return (
    <>
      <div className="mb-4 flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">{filters}</div>
      {query.error ? (
        <div
          className="rounded-xl bg-white p-6 text-center text-red-600 shadow-sm ring-1 ring-slate-200"
          role="alert"
        >
          {errorMessage(query.error)}
        </div>
      ) : (
        <DataTable
          {...table}
          rows={query.data?.content}
          loading={query.isPending}
          className={query.isPlaceholderData ? 'opacity-70' : undefined}
        />
      )}
      <ListPages list={list} totalPages={query.data?.totalPages ?? 0} pageSizeId={pageSizeId} />
    </>
  );
}
