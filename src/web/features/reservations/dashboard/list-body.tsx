import type { ComponentProps, ReactNode } from 'react';
import type { DataTable } from '../../../components/data-table';
import { ListPages, type PagedQuery, QueryTable } from '../../../components/list-page';
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
      <QueryTable query={query} {...table} />
      <ListPages list={list} totalPages={query.data?.totalPages ?? 0} pageSizeId={pageSizeId} />
    </>
  );
}
