/**
 * A report table (spec §2 Report screens): server-side sort, a totals row from `data.total`, small
 * pagination only when there are rows with page sizes 10/20/50/100, resizable column widths. Header cells carry
 * `data-testid="col-<field>"`, body cells `data-field`, totals `data-testid="total-<field>"`,
 * resize handles `data-testid="resize-<field>"`.
 */

import { InfoCircleOutlined } from '@ant-design/icons';
import type { ReportListData, ReportRow, StatColumn } from '@portal/contracts/reports.ts';
import { Table, type TableColumnsType, type TablePaginationConfig, Tooltip, Typography } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import type { HTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NextStepEmpty } from '@/components/next-step-empty.tsx';
import { formatCell } from '@/lib/format.ts';
import { usePhone } from '@/lib/use-phone.ts';
import { deltaField } from '../lib/report-view.ts';
import { DeltaCell } from './delta-cell.tsx';
import { ResizableTitle, type ResizableTitleProps } from './resizable-title.tsx';

export type Sort = { field: string; dir: 'asc' | 'desc' } | null;

/** Page sizes a reader may pick (issue 13 item 5); each report's default stays its own (spec §9: 10). */
export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100];

/**
 * Fields pinned to the right edge (issue 13 item 5: revenue and eCPM stay in view on a 1280 px screen
 * however many columns scroll): the money columns that end the column order, e.g. `…, revenue, ecpm`.
 * Money columns moved elsewhere by the reader scroll with the others.
 */
export function pinnedRight(columns: StatColumn[]): Set<string> {
  const pinned = new Set<string>();
  for (let i = columns.length - 1; i > 0 && columns[i]?.file_type === 'money'; i--)
    pinned.add(columns[i]?.field ?? '');
  return pinned;
}

/** Parses `field:asc|desc`. */
export function parseOrder(order: string | undefined): Sort {
  const [field, dir] = (order ?? '').split(':');
  return field && (dir === 'asc' || dir === 'desc') ? { field, dir } : null;
}

type Row = ReportRow & { __key: number };

type Props = {
  columns: StatColumn[];
  data: ReportListData | undefined;
  loading: boolean;
  order: string | undefined;
  page: number;
  pageSize: number;
  onSortChange: (order: string | undefined) => void;
  onPageChange: (page: number, pageSize: number) => void;
  /** Custom cell content (e.g. the app name beside the key); undefined falls back to the format. */
  renderCell?: (field: string, row: ReportRow) => ReactNode | undefined;
  /** Column widths in px by field; absent fields size to content. */
  widths?: Record<string, number>;
  onResize?: (field: string, width: number) => void;
  /** Shown instead of the empty text when the list failed to load. */
  errorText?: string;
  /** A tooltip on a column's title (an info icon marks it), by field. */
  headerTips?: Record<string, string>;
  /**
   * With a comparison on (issue 25 item 1): each metric cell shows its change on a second, smaller
   * line (`<field>__delta` of the row, a ratio; of the totals, signed text), in the metric's own
   * column, so the table keeps its width.
   */
  deltas?: boolean;
};

/** A metric's value with its change below (`data-testid="delta"` on the change). */
function WithDelta({ value, delta }: { value: ReactNode; delta: unknown }) {
  return (
    <span className="metric-with-delta">
      <span>{value}</span>
      {typeof delta === 'string' ? (
        <span className="delta-cell delta-line" data-testid="delta-total">
          {delta}
        </span>
      ) : (
        <DeltaCell value={delta} />
      )}
    </span>
  );
}

/** A column title, with its tooltip when it has one (`data-testid="tip-<field>"`). */
function ColumnTitle({ field, title, tip }: { field: string; title: string; tip?: string }) {
  if (!tip) return title;
  return (
    <Tooltip title={tip}>
      <span data-testid={`tip-${field}`}>
        {title} <InfoCircleOutlined aria-label={tip} />
      </span>
    </Tooltip>
  );
}

/** The report table. */
export function ReportTable(props: Props) {
  const { t } = useTranslation('reports');
  const { columns, data, order, renderCell, widths, onResize } = props;
  const sort = parseOrder(order);
  const rows = (data?.list ?? []).map((r, i) => ({ ...r, __key: i }));
  const count = data?.count ?? 0;

  // On a phone (issue 25 item 4) the first column stays in view and the rest scroll, with a cue;
  // pinned money columns would leave the first one a few letters wide.
  const phone = usePhone();
  const pinned = phone ? new Set<string>() : pinnedRight(columns);
  const tableColumns: TableColumnsType<Row> = columns.map((c, i) => ({
    key: c.field,
    fixed: pinned.has(c.field) ? 'right' : phone && i === 0 && columns.length > 2 ? 'left' : undefined,
    dataIndex: c.field,
    title: <ColumnTitle field={c.field} title={c.title} tip={props.headerTips?.[c.field]} />,
    width: widths?.[c.field],
    ellipsis: widths?.[c.field] !== undefined,
    onHeaderCell: () =>
      ({
        'data-testid': `col-${c.field}`,
        width: widths?.[c.field],
        // Only ResizableTitle takes these; without resizing the cell is antd's own <th>.
        ...(onResize && {
          onResize: (w: number) => onResize(c.field, w),
          resizeLabel: t('table.resize', { title: c.title }),
        }),
      }) as ResizableTitleProps as HTMLAttributes<HTMLElement>,
    align: c.type === 2 ? 'right' : 'left',
    sorter: c.sortable,
    sortOrder: sort?.field === c.field ? (sort.dir === 'asc' ? 'ascend' : 'descend') : null,
    onCell: () => ({ 'data-field': c.field }) as HTMLAttributes<HTMLElement>,
    render: (_: unknown, row: ReportRow) => {
      const shown = renderCell?.(c.field, row) ?? formatCell(c.file_type, row[c.field]);
      return props.deltas && c.type === 2 ? (
        <WithDelta value={shown} delta={row[deltaField(c.field)]} />
      ) : (
        shown
      );
    },
  }));

  const onChange = (
    _p: TablePaginationConfig,
    _f: unknown,
    sorter: SorterResult<Row> | SorterResult<Row>[],
    extra: { action: string },
  ) => {
    if (extra.action !== 'sort') return;
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = String(s?.columnKey ?? s?.field ?? '');
    props.onSortChange(field && s?.order ? `${field}:${s.order === 'ascend' ? 'asc' : 'desc'}` : undefined);
  };

  const summary = () => {
    if (!data || count === 0 || !data.total) return null;
    return (
      <Table.Summary fixed>
        <Table.Summary.Row data-testid="total-row">
          {columns.map((c, i) => (
            <Table.Summary.Cell key={c.field} index={i} align={c.type === 2 ? 'right' : 'left'}>
              {c.type === 2 ? (
                <>
                  <Typography.Text strong data-testid={`total-${c.field}`}>
                    {formatCell(c.file_type, data.total[c.field])}
                  </Typography.Text>
                  {props.deltas ? (
                    <span className="delta-cell delta-line" data-testid={`total-${deltaField(c.field)}`}>
                      {String(data.total[deltaField(c.field)] ?? '-')}
                    </span>
                  ) : null}
                </>
              ) : i === 0 ? (
                <Typography.Text strong data-testid="total-label">
                  {t('table.total')}
                </Typography.Text>
              ) : null}
            </Table.Summary.Cell>
          ))}
        </Table.Summary.Row>
      </Table.Summary>
    );
  };

  const table = (
    <Table<Row>
      data-testid="report-table"
      rootClassName={data ? undefined : 'report-table-pending'}
      rowKey="__key"
      size="small"
      bordered
      columns={tableColumns}
      dataSource={rows}
      loading={props.loading}
      scroll={{ x: 'max-content' }}
      components={onResize ? { header: { cell: ResizableTitle } } : undefined}
      locale={{
        emptyText: props.errorText ? (
          <span data-testid="report-error">{props.errorText}</span>
        ) : (
          <div data-testid="report-empty">
            <NextStepEmpty
              title={t('table.empty')}
              body={t('table.emptyNext')}
              action={{ label: t('table.emptyAction'), to: '/home' }}
            />
          </div>
        ),
      }}
      summary={summary}
      onChange={onChange}
      showSorterTooltip={false}
      pagination={
        count > 0
          ? {
              size: 'small',
              current: props.page,
              pageSize: props.pageSize,
              total: count,
              showSizeChanger: true,
              pageSizeOptions: PAGE_SIZE_OPTIONS,
              showTotal: (total) => t('table.showTotal', { total }),
              // A new page size starts again at page 1 (the old page number means other rows).
              onChange: (p, size) => props.onPageChange(size === props.pageSize ? p : 1, size),
            }
          : false
      }
    />
  );
  if (!phone || columns.length <= 2) return table;
  return (
    <>
      <p className="table-scroll-cue" data-testid="table-scroll-cue">
        {t('table.scrollCue')}
      </p>
      {table}
    </>
  );
}
