/**
 * The scaffold of the list pages (apps, ad slots, users, roles): a card with the page title and its
 * create buttons, the filter form (Search, Reset), the paged table, then the page's dialogs. Search
 * or Reset that leaves the query unchanged reloads the list, so both always ask the server again.
 */
import { Card } from 'antd';
import type { ReactNode } from 'react';
import { FilterBar, type FilterField } from './filter-bar.tsx';
import { ListTable, type ListTableProps } from './list-table.tsx';
import type { FilterValues, ListState } from './use-list-state.ts';

/** What the page needs of its list query (a TanStack Query result fits). */
export type ListQuery<T> = {
  data?: { list: T[]; total: number } | undefined;
  isFetching: boolean;
  refetch: () => unknown;
};

export type ListPageProps<T, F extends FilterValues> = {
  title: ReactNode;
  /** data-testid of the card. */
  testId: string;
  /** Buttons in the card header (create, review queue). */
  extra?: ReactNode;
  /** Content between the header and the filters (e.g. the role catalogue). */
  intro?: ReactNode;
  /** The filter form; none when empty. Search / Reset test ids are `<filterTestId>-search|reset`. */
  filters?: FilterField<F>[];
  filterTestId?: string;
  state: ListState<F>;
  query: ListQuery<T>;
  table: Omit<ListTableProps<T>, 'rows' | 'total' | 'loading' | 'page' | 'onPage'>;
  /** Dialogs, drawers and notes after the table. */
  children?: ReactNode;
};

/** A list page. */
export function ListPage<T extends object, F extends FilterValues>(props: ListPageProps<T, F>) {
  const { state, query } = props;
  const onApply = (changed: boolean) => {
    if (!changed) void query.refetch();
  };
  return (
    <Card title={props.title} data-testid={props.testId} extra={props.extra}>
      {props.intro}
      {props.filters && props.filters.length > 0 && (
        <FilterBar
          fields={props.filters}
          state={state}
          onApply={onApply}
          testIdPrefix={props.filterTestId ?? props.testId}
        />
      )}
      <ListTable<T>
        {...props.table}
        rows={query.data?.list ?? []}
        total={query.data?.total ?? 0}
        loading={query.isFetching}
        page={state.page}
        onPage={state.setPage}
      />
      {props.children}
    </Card>
  );
}
