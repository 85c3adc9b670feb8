/**
 * The trend above each report (beyond the spec; issue 13 item 4): several metrics over the date range
 * from `GET /v1/report/trend/{kind}` (`metric` comma-joined, at most 6) with the list's dates,
 * filters and scope, plus the chosen comparison as dashed lines. The chart (uPlot) loads on demand;
 * while `deferred` (the list's first answer is pending, issue 11) the trend is not asked for yet. The
 * body keeps one height (skeleton, chart, empty, error) so nothing below it moves.
 */
import { reportViewText } from '@portal/contracts/report-view.ts';
import type { StatColumn } from '@portal/contracts/reports.ts';
import { Empty, Select, Skeleton } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLang } from '@/lib/i18n.ts';
import { useAfterPaint } from '@/lib/use-after-paint.ts';
import { useTrend } from '../api/use-trend.ts';
import '../i18n-view.ts';
import type { ReportDef } from '../lib/report-defs.ts';
import { type FilterValues, trendQuery } from '../lib/report-query.ts';

const MetricsChart = lazy(() => import('./metrics-chart.tsx'));

/** Most metrics the trend answers at once (contracts reports-kinds `trendParams`). */
export const MAX_TREND_METRICS = 6;

/**
 * The metrics shown first: the kind's chart metrics that it has, else revenue, else the first
 * displayed metric.
 */
export function defaultTrendMetrics(def: ReportDef, metrics: StatColumn[], shown: string[]): string[] {
  const has = (f: string) => metrics.some((m) => m.field === f);
  const preferred = def.chartMetrics.filter(has);
  if (preferred.length > 0) return preferred;
  if (has('revenue')) return ['revenue'];
  const first = metrics.find((m) => shown.includes(m.field))?.field ?? metrics[0]?.field;
  return first ? [first] : [];
}

/** Trend panel; `metrics` are the kind's metric columns, `shown` the displayed fields. */
export function TrendPanel(props: {
  def: ReportDef;
  /** True: hold the trend request (the skeleton shows). */
  deferred?: boolean;
  filters: FilterValues;
  metrics: StatColumn[];
  shown: string[];
  errorText: (err: unknown) => string;
}) {
  const { t } = useTranslation('reportView');
  const [chosen, setChosen] = useState<string[] | undefined>(undefined);
  const valid = (chosen ?? []).filter((f) => props.metrics.some((m) => m.field === f));
  const fields = valid.length > 0 ? valid : defaultTrendMetrics(props.def, props.metrics, props.shown);
  const columns = fields
    .map((f) => props.metrics.find((m) => m.field === f))
    .filter((c): c is StatColumn => Boolean(c));
  // asked for once the rows the page waits on have been painted
  const painted = useAfterPaint(!props.deferred);
  const query = fields.length > 0 && painted ? trendQuery(props.def, props.filters, fields.join(',')) : null;
  const trend = useTrend(props.def.kind, query, props.def.timeoutMs);
  const compare = props.filters.compare;
  const compareLabel = compare
    ? t('chart.compareSuffix', { mode: reportViewText[compare][currentLang()] })
    : null;
  const skeleton = <Skeleton active paragraph={{ rows: 5 }} title={false} />;
  const unitLabels = useMemo(
    () => ({ money: t('chart.unitMoney'), int: t('chart.unitCount'), percent: t('chart.unitPercent') }),
    [t],
  );

  let body: React.ReactNode;
  if (trend.isError)
    body = (
      <div className="trend-message" data-testid="trend-error">
        {props.errorText(trend.error)}
      </div>
    );
  else if (!trend.data || columns.length === 0) body = skeleton;
  else if (trend.data.length === 0)
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chart.empty')} />;
  else
    body = (
      <Suspense fallback={skeleton}>
        <MetricsChart
          points={trend.data}
          metrics={columns}
          compareLabel={compareLabel}
          title={t('chart.aria', { metrics: columns.map((c) => c.title).join(', ') })}
          dateLabel={t('chart.date')}
          unitLabels={unitLabels}
        />
      </Suspense>
    );

  return (
    <section className="trend-panel" data-testid="trend-panel" aria-busy={trend.isFetching}>
      <div className="trend-head">
        <span className="trend-title">{t('chart.title')}</span>
        <Select
          size="small"
          mode="multiple"
          maxCount={MAX_TREND_METRICS}
          maxTagCount={1}
          value={fields}
          onChange={(v: string[]) => setChosen(v)}
          options={props.metrics.map((m) => ({ value: m.field, label: m.title }))}
          className="trend-metrics"
          aria-label={t('chart.metrics')}
          data-testid="trend-metric"
          showSearch={{ optionFilterProp: 'label' }}
        />
      </div>
      <div className="trend-body">{body}</div>
    </section>
  );
}
