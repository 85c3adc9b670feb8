/**
 * The table of a list page: server paging with size choices (10/20/50/100) and the total, shown
 * only when there is something to page; an empty or failed state in words. Every column has a
 * fixed width and the table scrolls horizontally at their sum, so no column ever overlaps another
 * (no sticky columns: at 1280–1440 px the lists fit, and a narrower window scrolls them whole).
 */
import { Empty, Table, type TableColumnType } from 'antd';
import type { Key, ReactNode } from 'react';
import type { Paging } from './use-list-state.ts';

/** A column with its width in pixels (required: the widths decide the layout). */
export type ListColumn<T> = TableColumnType<T> & { width: number };

export type ListTableProps<T> = {
  testId: string;
  rowKey: keyof T & string;
  columns: ListColumn<T>[];
  rows: T[];
  total: number;
  loading: boolean;
  page: Paging;
  onPage: (no: number, size: number) => void;
  /** "N in total" in the page's words. */
  totalText: (total: number) => string;
  /** Shown when there are no rows (defaults to antd's empty picture). */
  emptyText?: ReactNode;
  rowClassName?: (row: T) => string;
};

/** Sum of the column widths: the table's scroll width. */
export function tableWidth<T>(columns: ListColumn<T>[]): number {
  return columns.reduce((sum, c) => sum + c.width, 0);
}

/** The table. */
export function ListTable<T extends object>(props: ListTableProps<T>) {
  const { page, total } = props;
  return (
    <Table<T>
      data-testid={props.testId}
      rowKey={(row) => row[props.rowKey] as Key}
      size="middle"
      tableLayout="fixed"
      loading={props.loading}
      columns={props.columns}
      dataSource={props.rows}
      scroll={{ x: tableWidth(props.columns) }}
      rowClassName={props.rowClassName}
      locale={{ emptyText: props.emptyText ?? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
      pagination={
        total > 0 && {
          current: page.no,
          pageSize: page.size,
          total,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          showTotal: props.totalText,
          onChange: props.onPage,
        }
      }
    />
  );
}
