/**
 * The report framework (spec §2 Report screens): one page for every kind, driven by its definition
 * (lib/report-defs.ts) and the server's column catalogue. Filters with period presets and a comparison,
 * KPI cards, the trend and country charts (issue 13), custom columns, resizable widths, server-side
 * sort and paging, Δ% columns, export, Reject Detail.
 */
import { reportViewText } from '@portal/contracts/report-view.ts';
import type { ReportRow } from '@portal/contracts/reports.ts';
import { exportFileNames } from '@portal/contracts/reports-kinds.ts';
import { Card } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLang } from '@/lib/i18n.ts';
import { RequestError } from '@/lib/request.ts';
import { afterPaint } from '@/lib/use-after-paint.ts';
import { exportReport } from '../api/export-report.ts';
import { useReportList } from '../api/use-report-list.ts';
import { useStatColumns } from '../api/use-stat-columns.ts';
import { CountryChart } from '../components/country-chart.tsx';
import { DataFreshness } from '../components/data-freshness.tsx';
import { DimensionSwitch } from '../components/dimension-switch.tsx';
import { KpiCards } from '../components/kpi-cards.tsx';
import { renderReportCell } from '../components/report-cells.tsx';
import { ReportFilters } from '../components/report-filters.tsx';
import { ReportNote } from '../components/report-note.tsx';
import { ReportTable } from '../components/report-table.tsx';
import { ReportToolbar } from '../components/report-toolbar.tsx';
import { SavedViewsControl } from '../components/saved-views-control.tsx';
import { TrendPanel } from '../components/trend-panel.tsx';
import { headerTips } from '../lib/column-tips.ts';
import { rejectQuery } from '../lib/reject-query.ts';
import type { ReportDef } from '../lib/report-defs.ts';
import { exportQuery, type FilterValues, listQuery } from '../lib/report-query.ts';
import { defaultView, KPI_COMPARE, rangeText, withDeltas } from '../lib/report-view.ts';
import type { ExportFormat } from '../lib/save-file.ts';
import { effectiveOrder, readSavedFields, resolveColumns, writeSavedFields } from '../lib/saved-columns.ts';
import type { ViewState } from '../lib/view-state.ts';
import '../i18n-view.ts';
import '../report-view.css';
import '../reports.css';

// Dialogs load after the first rows (issue 11): neither is needed to show them.
const loadColumnDialog = () => import('../components/column-dialog.tsx');
const ColumnDialog = lazy(() => loadColumnDialog().then((m) => ({ default: m.ColumnDialog })));
const RejectDetailDialog = lazy(() =>
  import('../components/reject-detail-dialog.tsx').then((m) => ({ default: m.RejectDetailDialog })),
);

/** Column-width reset re-renders the table after this delay (spec §9). */
export const WIDTH_RESET_MS = 200;

/** One report screen. */
export function ReportPage({ def }: { def: ReportDef }) {
  const { t } = useTranslation('reports');
  const { t: tv } = useTranslation('reportView');
  const [initial, setInitial] = useState<FilterValues>(() => defaultView(undefined, def.kind));
  // A saved view opened (issue 13 item 7) remounts the filter row with the view's values.
  const [filtersKey, setFiltersKey] = useState(0);
  const [filters, setFilters] = useState<FilterValues>(initial);
  const [order, setOrder] = useState<string | undefined>(undefined);
  const [page, setPage] = useState({ index: 1, size: def.pageSize });
  const [saved, setSaved] = useState(() => (def.storageKey ? readSavedFields(def.storageKey) : null));
  const [widths, setWidths] = useState<Record<string, number>>({});
  const [tableShown, setTableShown] = useState(true);
  const [dialogOpen, setDialogOpen] = useState(false);
  // Mounted from the first opening on, so closing still animates.
  const [dialogUsed, setDialogUsed] = useState(false);
  const [rejectRow, setRejectRow] = useState<ReportRow | null>(null);
  const [rejectUsed, setRejectUsed] = useState(false);
  const openReject = (row: ReportRow) => {
    setRejectUsed(true);
    setRejectRow(row);
  };
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
  const list = useReportList(def.list, query, def.timeoutMs);
  // A saved view keeps the chosen comparison only (the list always asks one for the KPI cards) and
  // the preset, so reopening it later means "last 7 days" then, not the dates of today.
  const viewQuery = query
    ? { ...query, compare: filters.compare, ...(filters.preset ? { preset: filters.preset } : {}) }
    : null;

  const errorText = (err: unknown) => (err instanceof RequestError ? err.message : t('table.loadFailed'));
  const failure = statColumns.error ?? list.error;
  // The trend, the country panel and the column dialog's code wait until the list's first answer
  // (rows or error) has been painted (issue 11: they load after the rows).
  // (The panels wait inside themselves, so the page does not render again for it.)
  const listSettled = list.data !== undefined || list.isError;
  useEffect(() => {
    if (listSettled && def.storageKey) return afterPaint(() => void loadColumnDialog());
  }, [listSettled, def.storageKey]);

  const onSearch = (values: FilterValues) => {
    if (JSON.stringify(values) === JSON.stringify(filters) && page.index === 1) void list.refetch();
    setFilters({ ...values });
    setPage((p) => ({ ...p, index: 1 }));
  };
  const onReset = () => {
    setFilters(defaultView(undefined, def.kind));
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
  const onApplyView = (view: ViewState) => {
    setInitial(view.filters);
    setFilters(view.filters);
    // The view's columns for this visit; the local column key keeps the unsaved choice.
    if (view.fields) setSaved(view.fields);
    setOrder(view.order);
    setPage((p) => ({ ...p, index: 1 }));
    setFiltersKey((k) => k + 1);
  };
  const onResetWidths = () => {
    setWidths({});
    setTableShown(false);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setTableShown(true), WIDTH_RESET_MS);
  };
  // A chosen comparison shows each metric's change inside its cell, from compare_list (issue 13
  // item 3, issue 25 item 1: the table keeps its width).
  const compare = filters.compare;
  const tableColumns = columns;
  const metricFields = columns.filter((c) => c.type === 2).map((c) => c.field);
  const tableData = list.data && compare ? withDeltas(list.data, metricFields) : list.data;
  const tips = headerTips(def, columns, filters.range, t);
  const compareRange = list.data?.compare_range;
  if (compare && compareRange) {
    const mode = reportViewText[compare][currentLang()];
    for (const c of columns.filter((col) => col.type === 2)) {
      const tip = tv('deltaTip', { metric: c.title, mode, ...rangeText(compareRange) });
      tips[c.field] = tips[c.field] ? `${tips[c.field]} ${tip}` : tip;
    }
  }
  const countryMetric = def.countryChart ? all.find((c) => c.field === def.countryChart?.metric) : undefined;

  const exportEndpoint = def.export;
  const onExport = exportEndpoint
    ? async (format: ExportFormat) => {
        const q = exportQuery(def, filters, columns, sort, format);
        // exports stream every row: the default 600 s timeout, not the game list's 60 s
        await exportReport(exportEndpoint, q, format, exportFileNames[def.fileKey][currentLang()]);
      }
    : undefined;

  return (
    <Card
      title={t(def.titleKey)}
      data-testid={def.testId}
      className="report-page"
      // the toolbar sits in the card's head so the first rows stay above the fold (issue 13)
      extra={
        <span className="report-head-extra">
          <DataFreshness until={list.data?.data_until} kind={def.kind} />
          <ReportToolbar
            onColumns={
              def.storageKey
                ? () => {
                    setDialogUsed(true);
                    setDialogOpen(true);
                  }
                : undefined
            }
            onResetWidths={onResetWidths}
            onExport={onExport}
            exportDisabled={columns.length === 0 || !list.data || list.data.count === 0}
            // In the first render, not loaded after it: a control popping in later wrapped the
            // toolbar on a phone and moved the whole card body down (layout shifts of 0.04–0.2, issue 11).
            views={<SavedViewsControl def={def} query={viewQuery} onApply={onApplyView} />}
          />
        </span>
      }
    >
      <ReportNote />
      <ReportFilters key={filtersKey} def={def} initial={initial} onSearch={onSearch} onReset={onReset} />
      <KpiCards
        kpis={def.kpis}
        columns={all}
        data={failure ? undefined : list.data}
        compare={compare ?? KPI_COMPARE}
      />
      {all.length > 0 ? (
        <div className={countryMetric ? 'report-charts has-country' : 'report-charts'}>
          <TrendPanel
            def={def}
            deferred={!listSettled}
            filters={filters}
            metrics={all.filter((c) => c.type === 2)}
            shown={fields}
            errorText={errorText}
          />
          {countryMetric ? (
            <CountryChart
              def={def}
              deferred={!listSettled}
              filters={filters}
              metric={countryMetric}
              errorText={errorText}
            />
          ) : null}
        </div>
      ) : null}
      {def.storageKey ? <DimensionSwitch catalogue={all} fields={fields} onChange={onApplyColumns} /> : null}
      {tableShown ? (
        <ReportTable
          columns={tableColumns}
          data={failure ? undefined : tableData}
          loading={statColumns.isLoading || list.isFetching}
          order={sort}
          page={page.index}
          pageSize={page.size}
          onSortChange={(o) => {
            setOrder(o);
            setPage((p) => ({ ...p, index: 1 }));
          }}
          onPageChange={(index, size) => setPage({ index, size })}
          deltas={Boolean(compare)}
          renderCell={(field, row) =>
            renderReportCell(field, row, t, def.rejectDetail ? openReject : undefined)
          }
          widths={widths}
          onResize={(field, w) => setWidths((prev) => ({ ...prev, [field]: w }))}
          errorText={failure ? errorText(failure) : undefined}
          headerTips={tips}
        />
      ) : (
        <div className="report-table-placeholder" data-testid="report-table-resetting" />
      )}
      <Suspense fallback={null}>
        {def.storageKey && dialogUsed ? (
          <ColumnDialog
            open={dialogOpen}
            columns={all}
            value={fields}
            onApply={onApplyColumns}
            onCancel={() => setDialogOpen(false)}
          />
        ) : null}
        {def.rejectDetail && rejectUsed ? (
          <RejectDetailDialog
            row={rejectRow}
            query={rejectRow ? rejectQuery(def, filters, rejectRow) : null}
            onClose={() => setRejectRow(null)}
          />
        ) : null}
      </Suspense>
    </Card>
  );
}
