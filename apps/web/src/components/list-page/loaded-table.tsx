/**
 * A table of rows already loaded whole (a publisher's statements and payouts: a few dozen rows, paged
 * here, not by the server; also the short lists of sessions, sign-in events, API keys and scheduled
 * reports): antd's Table on a wide screen, scrolling sideways when its columns need
 * more room; on a phone the same columns as cards (list-table.tsx `RowCards`, issue 25 item 4), so an
 * amount or a status never hides behind a sideways scroll. Both page by `pageSize` rows and hide the
 * pager when one page holds everything. Neither shows the empty text while the rows load. With a
 * `selection` (the month close), rows can be picked for a bulk action: antd's checkbox column on a
 * wide screen, a checkbox on each card and a "select all on this page" on a phone. When the wide
 * table scrolls sideways, its area is a region named `label` that the keyboard can reach and scroll.
 */
import { Empty, Pagination, Table } from 'antd';
import { type Key, useRef, useState } from 'react';
import { useKeyboardScroll } from '@/lib/use-keyboard-scroll.ts';
import { usePhone } from '@/lib/use-phone.ts';
import { RowCards, type RowCardsProps } from './list-table.tsx';

/** RowCards' props (`testId`: the table's `data-testid`, `<testId>-cards` for the cards). */
export type LoadedTableProps<T> = Omit<RowCardsProps<T>, 'footer' | 'rowClassName'> & {
  /** Rows per page (default 12); false: every row on one page (short lists: sessions, keys). */
  pageSize?: number | false;
  /** The table's density on a wide screen (antd's; default 'large'). */
  size?: 'small' | 'middle' | 'large';
  /** What the rows are ("Sign-in activity"): names the table's area when it scrolls sideways. */
  label: string;
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
  size,
  selection,
  label,
}: LoadedTableProps<T>) {
  const phone = usePhone();
  const [page, setPage] = useState(1);
  const wide = useRef<HTMLDivElement>(null);
  useKeyboardScroll(wide, '.ant-table-content, .ant-table-body', label);
  const empty = emptyText ?? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  const perPage = pageSize === false ? Math.max(rows.length, 1) : pageSize;
  if (phone) {
    // Past the last page (the rows shrank): the last page.
    const current = Math.min(page, Math.max(1, Math.ceil(rows.length / perPage)));
    return (
      <RowCards
        testId={testId}
        rowKey={rowKey}
        columns={columns}
        rows={rows.slice((current - 1) * perPage, current * perPage)}
        loading={loading}
        emptyText={empty}
        selection={selection}
        footer={
          rows.length > perPage ? (
            <Pagination
              className="list-cards-pagination"
              size="small"
              current={current}
              pageSize={perPage}
              total={rows.length}
              onChange={setPage}
            />
          ) : null
        }
      />
    );
  }
  return (
    <div ref={wide}>
      <Table<T>
        data-testid={testId}
        size={size}
        rowKey={(row) => row[rowKey] as Key}
        loading={loading}
        dataSource={rows}
        columns={columns}
        scroll={{ x: 'max-content' }}
        pagination={
          pageSize === false ? false : { current: page, pageSize, hideOnSinglePage: true, onChange: setPage }
        }
        locale={{ emptyText: loading ? <div className="list-pending" /> : empty }}
        rowSelection={
          selection && {
            selectedRowKeys: selection.selected,
            onChange: (keys) => selection.onChange(keys),
            getCheckboxProps: (row) => ({
              disabled: selection.disabled?.(row),
              'aria-label': selection.label(row),
            }),
          }
        }
      />
    </div>
  );
}
