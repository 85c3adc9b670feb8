/**
 * The table of a list page: server paging with size choices (10/20/50/100) and the total, shown
 * only when there is something to page; an empty or failed state in words. Every column has a
 * fixed width and the table scrolls horizontally at their sum, so no column ever overlaps another
 * (no sticky columns: at 1280–1440 px the lists fit, and a narrower window scrolls them whole).
 * On a phone (issue 25 item 4) each row is a card instead: every column's title beside its value,
 * status and actions included, so nothing hides behind a sideways scroll.
 */
import { Checkbox, Empty, Pagination, Spin, Table, type TableColumnType } from 'antd';
import type { Key, ReactNode } from 'react';
import { usePhone } from '@/lib/use-phone.ts';
import type { Paging } from './use-list-state.ts';

/** A column with its width in pixels (required: the widths decide the layout). */
export type ListColumn<T> = TableColumnType<T> & { width: number };

export type RowCardsProps<T> = {
  /** `data-testid` of the list is `<testId>-cards`. */
  testId: string;
  rowKey: keyof T & string;
  columns: TableColumnType<T>[];
  rows: T[];
  loading: boolean;
  /** Shown when there are no rows (defaults to antd's empty picture). */
  emptyText?: ReactNode;
  rowClassName?: (row: T) => string;
  /** Under the cards (their pagination). */
  footer?: ReactNode;
  /** Rows picked for a bulk action: a checkbox on every card and one for all the shown cards. */
  selection?: RowSelection<T>;
};

/**
 * Rows picked for a bulk action (the month close's "confirm selected"): antd's row selection on a
 * wide screen, a checkbox per card on a phone. Keys of rows not shown (another page) stay picked.
 */
export type RowSelection<T> = {
  /** Keys (`rowKey` values) of the picked rows. */
  selected: Key[];
  onChange: (keys: Key[]) => void;
  /** Rows that cannot be picked now (their checkbox is shown disabled). */
  disabled?: (row: T) => boolean;
  /**
   * What the row is ("Other Media 2026-10"): the wide table's checkbox is named by it, a card's by
   * `text` and it ("Select Other Media 2026-10"), so its name holds its visible text (WCAG 2.5.3).
   */
  label: (row: T) => string;
  /** The visible text beside each card's checkbox ("Select"). */
  text: string;
  /** The text of the checkbox that picks every pickable card shown ("Select all on this page"). */
  allText: string;
};

/** Picks or unpicks every pickable row of `shown`, keeping the other picked keys. */
function selectShown<T>(
  selection: RowSelection<T>,
  shown: T[],
  rowKey: keyof T & string,
  pick: boolean,
): Key[] {
  const pickable = shown.filter((r) => !selection.disabled?.(r)).map((r) => r[rowKey] as Key);
  const rest = selection.selected.filter((k) => !pickable.includes(k));
  return pick ? [...rest, ...pickable] : rest;
}

/** The select-all checkbox above a phone's cards: checked when every pickable card is picked. */
function SelectShown<T>({
  selection,
  rows,
  rowKey,
}: {
  selection: RowSelection<T>;
  rows: T[];
  rowKey: keyof T & string;
}) {
  const pickable = rows.filter((r) => !selection.disabled?.(r)).map((r) => r[rowKey] as Key);
  const picked = pickable.filter((k) => selection.selected.includes(k)).length;
  return (
    <div className="list-cards-select-all">
      <Checkbox
        disabled={pickable.length === 0}
        checked={pickable.length > 0 && picked === pickable.length}
        indeterminate={picked > 0 && picked < pickable.length}
        onChange={(e) => selection.onChange(selectShown(selection, rows, rowKey, e.target.checked))}
      >
        {selection.allText}
      </Checkbox>
    </div>
  );
}

/** RowCards' props with the list page's column widths and the server's paging. */
export type ListTableProps<T> = Omit<RowCardsProps<T>, 'columns' | 'footer' | 'selection'> & {
  columns: ListColumn<T>[];
  total: number;
  page: Paging;
  onPage: (no: number, size: number) => void;
  /** "N in total" in the page's words. */
  totalText: (total: number) => string;
};

/** Sum of the column widths: the table's scroll width. */
export function tableWidth<T>(columns: ListColumn<T>[]): number {
  return columns.reduce((sum, c) => sum + c.width, 0);
}

/** A cell's content as the table would render it. */
function cellOf<T>(c: TableColumnType<T>, row: T, index: number): ReactNode {
  const path = c.dataIndex;
  const value =
    typeof path === 'string' || typeof path === 'number' ? (row as Record<string, unknown>)[path] : undefined;
  return c.render ? (c.render(value, row, index) as ReactNode) : (value as ReactNode);
}

/**
 * Rows as cards (`data-testid="<testId>-cards"`, one `<li>` per row): every column's title beside its
 * value, so a phone shows a table's rows without a sideways scroll (issue 25 item 4). While the first
 * rows load, a spinner over a blank area, not the empty text (which would flash "nothing here").
 */
export function RowCards<T extends object>(props: RowCardsProps<T>) {
  const { selection } = props;
  return (
    <Spin spinning={props.loading}>
      {props.rows.length === 0 && props.loading ? (
        <div className="list-pending" />
      ) : props.rows.length === 0 ? (
        <div className="list-empty">{props.emptyText ?? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />}</div>
      ) : (
        <>
          {selection && <SelectShown selection={selection} rows={props.rows} rowKey={props.rowKey} />}
          <ul className="list-cards" data-testid={`${props.testId}-cards`}>
            {props.rows.map((row, i) => (
              <li key={row[props.rowKey] as Key} className={`list-card ${props.rowClassName?.(row) ?? ''}`}>
                {selection && (
                  <Checkbox
                    className="list-card-select"
                    aria-label={`${selection.text} ${selection.label(row)}`}
                    disabled={selection.disabled?.(row)}
                    checked={selection.selected.includes(row[props.rowKey] as Key)}
                    onChange={(e) =>
                      selection.onChange(selectShown(selection, [row], props.rowKey, e.target.checked))
                    }
                  >
                    {selection.text}
                  </Checkbox>
                )}
                <dl>
                  {props.columns.map((c, ci) => (
                    <div key={String(c.key ?? c.dataIndex ?? ci)} className="list-card-field">
                      <dt>{c.title as ReactNode}</dt>
                      <dd>{cellOf(c, row, i)}</dd>
                    </div>
                  ))}
                </dl>
              </li>
            ))}
          </ul>
        </>
      )}
      {props.footer}
    </Spin>
  );
}

/** A list page's rows as cards, with the server's paging under them. */
function ListCards<T extends object>(props: ListTableProps<T>) {
  const { page, total } = props;
  return (
    <RowCards
      {...props}
      footer={
        total > 0 ? (
          <Pagination
            className="list-cards-pagination"
            size="small"
            current={page.no}
            pageSize={page.size}
            total={total}
            showTotal={props.totalText}
            onChange={props.onPage}
          />
        ) : null
      }
    />
  );
}

/** The table (cards on a phone). */
export function ListTable<T extends object>(props: ListTableProps<T>) {
  const phone = usePhone();
  if (phone) return <ListCards {...props} />;
  return <WideTable {...props} />;
}

function WideTable<T extends object>(props: ListTableProps<T>) {
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
      locale={{
        emptyText: props.loading ? (
          <div className="list-pending" />
        ) : (
          (props.emptyText ?? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />)
        ),
      }}
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
