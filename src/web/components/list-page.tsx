import type { LucideIcon } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../lib/api-client';
import { cx } from '../lib/cx';
import type { ListParams } from '../lib/use-list-params';
import { buttonClass } from './button';
import { DataTable } from './data-table';
import { EmptyState } from './empty-state';
import { Select } from './form-field';
import { PageHeader } from './page-header';
import { Pagination } from './pagination';
import { SearchBox } from './search-box';

/** What ListPage reads from a paged TanStack query. */
export interface PagedQuery<T> {
  data?: { content: T[]; totalPages: number };
  error: unknown;
  isPending: boolean;
  isPlaceholderData: boolean;
}

export type ListPageProps<T> = Omit<ComponentProps<typeof DataTable<T>>, 'rows' | 'loading' | 'className'> & {
  title: string;
  description?: ReactNode;
  /** Buttons on the right of the title. */
  actions?: ReactNode;
  /** The search box above the table (it reads and sets the list's `search`): its placeholder and label. */
  search: { placeholder: string; label: string; className?: string };
  /** More filters after the search box; `filtersClassName` lays them out (default: the box alone, max-w-md). */
  filters?: ReactNode;
  filtersClassName?: string;
  query: PagedQuery<T>;
  /** Why the filters cannot be applied (e.g. a reversed range): said above the table, which stays empty. */
  invalid?: string;
  /** The list's address state: useListParams(). */
  list: Pick<ListParams, 'page' | 'search' | 'size' | 'sizes' | 'update' | 'setSize'>;
  /** The id of a "Mỗi trang" select beside the pages (the list's `size`); none without it. */
  pageSizeId?: string;
  /** Dialogs and drawers of the page. */
  children?: ReactNode;
};

/**
 * ListPage: the dashboard's list skeleton: PageHeader (title, description, actions), the search box and
 * filters, the `invalid` message, the query's rows in a DataTable (or its error in a card; dimmed while
 * the next page loads), the pages (with a "Mỗi trang" choice when `pageSizeId` is given), then children.
 */
export function ListPage<T>({
  title,
  description,
  actions,
  search,
  filters,
  filtersClassName = 'max-w-md',
  query,
  invalid,
  list,
  pageSizeId,
  children,
  ...table
}: ListPageProps<T>) {
  return (
    <>
      <PageHeader title={title} description={description} actions={actions} />
      <div className={cx('mb-4', filtersClassName)}>
        <SearchBox
          value={list.search}
          onChange={(v) => list.update({ search: v })}
          placeholder={search.placeholder}
          label={search.label}
          className={search.className}
        />
        {filters}
      </div>
      {invalid ? (
        <p className="mb-3 text-sm text-red-600" role="alert">
          {invalid}
        </p>
      ) : null}
      <QueryTable {...table} query={query} invalid={Boolean(invalid)} />
      <ListPages list={list} totalPages={query.data?.totalPages ?? 0} pageSizeId={pageSizeId} />
      {children}
    </>
  );
}

/**
 * A paged query's rows in a DataTable (skeletons while the first page loads, dimmed while the next one
 * does), or its error in a card. `invalid`: the filters cannot be applied, the table stays empty.
 */
export function QueryTable<T>({
  query,
  invalid = false,
  ...table
}: Omit<ComponentProps<typeof DataTable<T>>, 'rows' | 'loading' | 'className'> & {
  query: PagedQuery<T>;
  invalid?: boolean;
}) {
  if (query.error && !invalid)
    return (
      <div
        className="rounded-xl bg-white p-6 text-center text-red-600 shadow-sm ring-1 ring-slate-200"
        role="alert"
      >
        {errorMessage(query.error)}
      </div>
    );
  return (
    <DataTable
      {...table}
      rows={invalid ? [] : query.data?.content}
      loading={query.isPending && !invalid}
      className={query.isPlaceholderData ? 'opacity-70' : undefined}
    />
  );
}

/**
 * The pages under a list, with the "Mỗi trang" choice (10, 20, 50 and the list's default, remembered per
 * table by useListParams) when `pageSizeId` is given.
 */
export function ListPages({
  list,
  totalPages,
  pageSizeId,
}: {
  list: Pick<ListParams, 'page' | 'size' | 'sizes' | 'update' | 'setSize'>;
  totalPages: number;
  pageSizeId?: string;
}) {
  const pages = (
    <Pagination
      className={pageSizeId ? undefined : 'mt-4'}
      page={list.page}
      totalPages={totalPages}
      onChange={(page) => list.update({ page })}
    />
  );
  if (!pageSizeId) return pages;
  return (
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
      {pages}
    </div>
  );
}

/** The "Thêm ..." link of a list's header: a primary button to the add form. */
export function ListAddLink({ to, icon: Icon, label }: { to: string; icon: LucideIcon; label: string }) {
  return (
    <Link to={to} className={buttonClass('primary')}>
      <Icon className="size-4" aria-hidden="true" />
      {label}
    </Link>
  );
}

/** A list's empty state: "nothing found" while searching (try other words), else "nothing yet". */
export function ListEmpty({
  searching,
  found,
  none,
  hint,
}: {
  searching: boolean;
  /** Said when a search finds nothing. */
  found: string;
  /** Said when there is nothing at all. */
  none: string;
  /** What to do when there is nothing at all. */
  hint?: string;
}) {
  return (
    <EmptyState
      title={searching ? found : none}
      description={searching ? 'Thử lại với từ khóa khác.' : hint}
    />
  );
}
