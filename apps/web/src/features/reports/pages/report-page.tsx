/**
 * The report framework (spec §2 Report screens): one page for every kind, driven by its definition
 * (lib/report-defs.ts) and the server's column catalogue. Filters, trend, custom columns, resizable
 * widths, server-side sort and paging, export, Reject Detail.
 */
import type { ReportRow } from '@portal/contracts/reports.ts';
import { exportFileNames } from '@portal/contracts/reports-kinds.ts';
import { Card } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLang } from '../../../lib/i18n.ts';
import { RequestError } from '../../../lib/request.ts';
import { exportReport } from '../api/export-report.ts';
import { useReportList } from '../api/use-report-list.ts';
import { useStatColumns } from '../api/use-stat-columns.ts';
import { ColumnDialog } from '../components/column-dialog.tsx';
import { RejectDetailDialog } from '../components/reject-detail-dialog.tsx';
import { renderReportCell } from '../components/report-cells.tsx';
import { ReportFilters } from '../components/report-filters.tsx';
import { ReportNote } from '../components/report-note.tsx';
import { ReportTable } from '../components/report-table.tsx';
import { ReportToolbar } from '../components/report-toolbar.tsx';
import { TrendPanel } from '../components/trend-panel.tsx';
import { rejectQuery } from '../lib/reject-query.ts';
import type { ReportDef } from '../lib/report-defs.ts';
import { exportQuery, type FilterValues, listQuery } from '../lib/report-query.ts';
import { defaultRange } from '../lib/report-range.ts';
import type { ExportFormat } from '../lib/save-file.ts';
import { effectiveOrder, readSavedFields, resolveColumns, writeSavedFields } from '../lib/saved-columns.ts';
import '../reports.css';

/** Column-width reset re-renders the table after this delay (spec §9). */
export const WIDTH_RESET_MS = 200;

/** One report screen. */
export function ReportPage({ def }: { def: ReportDef }) {
  const { t } = useTranslation('reports');
  const [initial] = useState<FilterValues>(() => ({ range: defaultRange() }));
  const [filters, setFilters] = useState<FilterValues>(initial);
  const [order, setOrder] = useState<string | undefined>(undefined);
  const [page, setPage] = useState({ index: 1, size: def.pageSize });
  const [saved, setSaved] = useState(() => (def.storageKey ? readSavedFields(def.storageKey) : null));
  const [widths, setWidths] = useState<Record<string, number>>({});
  const [tableShown, setTableShown] = useState(true);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [rejectRow, setRejectRow] = useState<ReportRow | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const statColumns = useStatColumns(def.kind);
  const all = statColumns.data ?? [];
  const columns = useMemo(
    () => (statColumns.data ? resolveColumns(statColumns.data, saved, def.defaultFields) : []),
    [statColumns.data, saved, def.defaultFields],
  );
  const fields = columns.map((c) => c.field);
  const sort = effectiveOrder(order, fields);
  const query = columns.length > 0 ? listQuery(def, filters, columns, sort, page) : null;
  const list = useReportList(def.listPath, query, def.timeoutMs);

  const errorText = (err: unknown) => (err instanceof RequestError ? err.message : t('table.loadFailed'));
  const failure = statColumns.error ?? list.error;

  const onSearch = (values: FilterValues) => {
    if (JSON.stringify(values) === JSON.stringify(filters) && page.index === 1) void list.refetch();
    setFilters({ ...values });
    setPage((p) => ({ ...p, index: 1 }));
  };
  const onReset = () => {
    setFilters({ range: defaultRange() });
    setOrder(undefined);
    setPage({ index: 1, size: def.pageSize });
  };
  const onApplyColumns = (next: string[]) => {
    if (def.storageKey) writeSavedFields(def.storageKey, next);
    setSaved(next);
    setOrder((o) => (o && next.includes(o.split(':')[0] ?? '') ? o : undefined));
    setPage((p) => ({ ...p, index: 1 }));
    setDialogOpen(false);
  };
  const onResetWidths = () => {
    setWidths({});
    setTableShown(false);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setTableShown(true), WIDTH_RESET_MS);
  };
  const onExport = def.exportPath
    ? async (format: ExportFormat) => {
        const path = def.exportPath ?? '';
        const q = exportQuery(def, filters, columns, sort, format);
        // exports stream every row: the default 600 s timeout, not the game list's 60 s
        await exportReport(path, q, format, exportFileNames[def.kind][currentLang()]);
      }
    : undefined;

  return (
    <Card title={t(def.titleKey)} data-testid={def.testId} className="report-page">
      <ReportNote />
      <ReportFilters def={def} initial={initial} onSearch={onSearch} onReset={onReset} />
      {all.length > 0 ? (
        <TrendPanel
          def={def}
          filters={filters}
          metrics={all.filter((c) => c.type === 2)}
          shown={fields}
          errorText={errorText}
        />
      ) : null}
      <ReportToolbar
        onColumns={def.storageKey ? () => setDialogOpen(true) : undefined}
        onResetWidths={onResetWidths}
        onExport={onExport}
        exportDisabled={columns.length === 0 || !list.data || list.data.count === 0}
      />
      {tableShown ? (
        <ReportTable
          columns={columns}
          data={failure ? undefined : list.data}
          loading={statColumns.isLoading || list.isFetching}
          order={sort}
          page={page.index}
          pageSize={page.size}
          onSortChange={(o) => {
            setOrder(o);
            setPage((p) => ({ ...p, index: 1 }));
          }}
          onPageChange={(index, size) => setPage({ index, size })}
          renderCell={(field, row) =>
            renderReportCell(field, row, t, def.rejectDetail ? setRejectRow : undefined)
          }
          widths={widths}
          onResize={(field, w) => setWidths((prev) => ({ ...prev, [field]: w }))}
          errorText={failure ? errorText(failure) : undefined}
        />
      ) : (
        <div className="report-table-placeholder" data-testid="report-table-resetting" />
      )}
      {def.storageKey ? (
        <ColumnDialog
          open={dialogOpen}
          columns={all}
          value={fields}
          onApply={onApplyColumns}
          onCancel={() => setDialogOpen(false)}
        />
      ) : null}
      {def.rejectDetail ? (
        <RejectDetailDialog
          row={rejectRow}
          query={rejectRow ? rejectQuery(def, filters, rejectRow) : null}
          onClose={() => setRejectRow(null)}
        />
      ) : null}
    </Card>
  );
}
