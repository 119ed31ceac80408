import type { ReactNode } from 'react';
import clsx from 'clsx';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { Page } from '@taice/contract';
import { ApiError } from '../../../shared/api/client';
import { useIsWide } from '../../../shared/hooks/use-media-query';
import { formatInteger } from '../../../shared/lib/format';
import { Button } from '../../../shared/ui/button';
import { EmptyState, ErrorState, Skeleton } from '../../../shared/ui/states';
import { isRefusal } from '../access';
import { useOpsT } from '../ops-i18n';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Numbers and amounts line up on the right. */
  numeric?: boolean;
}

interface ListState<T> {
  rows: T[] | undefined;
  error: unknown;
  retry: () => void;
  /** Rows of a former page are showing while the next one loads. */
  stale?: boolean;
}

interface TableProps<T> {
  caption: string;
  columns: Column<T>[];
  rowKey: (row: T) => string | number;
  empty: string;
  testId?: string;
}

/**
 * Rows of a console list: a table on wide screens, one card per row on phones (the first column is its title);
 * skeletons while loading, the error with Retry, and the empty text.
 */
export function DataTable<T>({
  caption,
  columns,
  rowKey,
  empty,
  state,
  testId,
}: TableProps<T> & { state: ListState<T> }) {
  const wide = useIsWide();
  const { rows, error, retry } = state;
  // The code screen comes up for a lapsed second factor: nothing to say here.
  if (error && !isRefusal(error, 'ops_second_factor_required')) {
    return <ErrorState message={error instanceof ApiError ? error.message : undefined} onRetry={retry} />;
  }
  if (!rows) {
    return (
      <div className="flex flex-col gap-2" aria-busy="true">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-12 w-full" />
        ))}
      </div>
    );
  }
  if (rows.length === 0) return <EmptyState title={empty} />;
  const [first, ...rest] = columns;
  return (
    <div className={clsx('transition-opacity', state.stale && 'opacity-60')} data-testid={testId}>
      {wide ? (
        <div className="overflow-x-auto rounded-xl border border-border">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{caption}</caption>
            <thead className="bg-surface-2 text-muted">
              <tr>
                {columns.map((column) => (
                  <th
                    key={column.header}
                    scope="col"
                    className={clsx('px-3 py-2.5 font-semibold', column.numeric && 'text-right')}
                  >
                    {column.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={rowKey(row)} className="border-t border-border align-top hover:bg-surface-2/50">
                  {columns.map((column) => (
                    <td
                      key={column.header}
                      className={clsx('px-3 py-2.5', column.numeric && 'text-right tabular-nums')}
                    >
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <ul className="flex flex-col gap-3" aria-label={caption}>
          {rows.map((row) => (
            <li key={rowKey(row)} className="rounded-xl border border-border bg-surface p-3">
              {first && <div className="mb-2 font-semibold">{first.cell(row)}</div>}
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5 text-sm">
                {rest.map((column) => (
                  <div key={column.header} className="contents">
                    <dt className="text-muted">{column.header}</dt>
                    <dd className="min-w-0 break-words">{column.cell(row)}</dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Previous and next page of a server-paged list, with where the list stands. */
export function Pager({ page, onPage }: { page: Page<unknown> | undefined; onPage: (page: number) => void }) {
  const { ot, lang } = useOpsT();
  if (!page || (page.page === 1 && !page.has_more)) return null;
  return (
    <nav aria-label={ot('table.pages')} className="mt-3 flex items-center justify-between gap-3">
      <p className="text-sm text-muted">
        {ot('table.pageOf', { page: formatInteger(page.page, lang), total: formatInteger(page.total, lang) })}
      </p>
      <div className="flex gap-2">
        <Button variant="secondary" size="sm" disabled={page.page <= 1} onClick={() => onPage(page.page - 1)}>
          <ChevronLeft className="size-4" aria-hidden />
          {ot('table.previous')}
        </Button>
        <Button variant="secondary" size="sm" disabled={!page.has_more} onClick={() => onPage(page.page + 1)}>
          {ot('table.next')}
          <ChevronRight className="size-4" aria-hidden />
        </Button>
      </div>
    </nav>
  );
}

interface ListQuery<T> {
  data: { list: T[] } | T[] | undefined;
  error: unknown;
  refetch: () => unknown;
  isPlaceholderData?: boolean;
}

/** The state of a list query for `DataTable`. */
export function listState<T>(query: ListQuery<T>): ListState<T> {
  const { data } = query;
  return {
    rows: data === undefined ? undefined : Array.isArray(data) ? data : data.list,
    error: data === undefined ? query.error : null,
    retry: () => void query.refetch(),
    stale: query.isPlaceholderData,
  };
}

/** A list the server pages: its rows and, under them, the pager. */
export function PagedTable<T>({
  query,
  onPage,
  ...table
}: TableProps<T> & { query: ListQuery<T> & { data: Page<T> | undefined }; onPage: (page: number) => void }) {
  return (
    <>
      <DataTable {...table} state={listState(query)} />
      <Pager page={query.data} onPage={onPage} />
    </>
  );
}
