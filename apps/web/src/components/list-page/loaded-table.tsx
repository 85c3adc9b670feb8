/**
 * A table of rows already loaded whole (a publisher's statements and payouts: a few dozen rows, paged
 * here, not by the server): antd's Table on a wide screen, scrolling sideways when its columns need
 * more room; on a phone the same columns as cards (list-table.tsx `RowCards`, issue 25 item 4), so an
 * amount or a status never hides behind a sideways scroll. Both page by `pageSize` rows and hide the
 * pager when one page holds everything.
 */
import { Empty, Pagination, Table, type TableColumnType } from 'antd';
import { type Key, type ReactNode, useState } from 'react';
import { usePhone } from '@/lib/use-phone.ts';
import { RowCards } from './list-table.tsx';

export type LoadedTableProps<T> = {
  /** `data-testid` of the table (`<testId>-cards` for the cards). */
  testId: string;
  rowKey: keyof T & string;
  columns: TableColumnType<T>[];
  rows: T[];
  loading: boolean;
  /** Shown when there are no rows (defaults to antd's empty picture). */
  emptyText?: ReactNode;
  /** Rows per page (default 12). */
  pageSize?: number;
};

/** The table, or its cards on a phone (module comment). */
export function LoadedTable<T extends object>({
  testId,
  rowKey,
  columns,
  rows,
  loading,
  emptyText,
  pageSize = 12,
}: LoadedTableProps<T>) {
  const phone = usePhone();
  const [page, setPage] = useState(1);
  const empty = emptyText ?? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  if (phone) {
    // Past the last page (the rows shrank): the last page.
    const current = Math.min(page, Math.max(1, Math.ceil(rows.length / pageSize)));
    return (
      <RowCards
        testId={testId}
        rowKey={rowKey}
        columns={columns}
        rows={rows.slice((current - 1) * pageSize, current * pageSize)}
        loading={loading}
        emptyText={empty}
        footer={
          rows.length > pageSize ? (
            <Pagination
              className="list-cards-pagination"
              size="small"
              current={current}
              pageSize={pageSize}
              total={rows.length}
              onChange={setPage}
            />
          ) : null
        }
      />
    );
  }
  return (
    <Table<T>
      data-testid={testId}
      rowKey={(row) => row[rowKey] as Key}
      loading={loading}
      dataSource={rows}
      columns={columns}
      scroll={{ x: 'max-content' }}
      pagination={{ current: page, pageSize, hideOnSinglePage: true, onChange: setPage }}
      locale={{ emptyText: empty }}
    />
  );
}
