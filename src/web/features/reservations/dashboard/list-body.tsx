import type { ComponentProps, ReactNode } from 'react';
import { DataTable } from '../../../components/data-table';
import { Select } from '../../../components/form-field';
import type { PagedQuery } from '../../../components/list-page';
import { Pagination } from '../../../components/pagination';
import { errorMessage } from '../../../lib/api-client';
import type { ListParams } from '../../../lib/use-list-params';

/**
 * ListPage without its header (the page's header sits above the tabs): filters, the rows (or the
 * error), "Mỗi trang" and the pages.
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
      <div className="mt-4 flex flex-col items-center justify-between gap-3 sm:flex-row">
        <div className="flex items-center gap-2 text-sm text-slate-600">
          <label htmlFor={pageSizeId} className="whitespace-nowrap">
            Mỗi trang
          </label>
          <Select
            id={pageSizeId}
            value={list.size}
            onChange={(e) => list.setSize(Number(e.target.value))}
            className="w-20"
          >
            {list.sizes.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </Select>
        </div>
        <Pagination
          page={list.page}
          totalPages={query.data?.totalPages ?? 0}
          onChange={(page) => list.update({ page })}
        />
      </div>
    </>
  );
}
