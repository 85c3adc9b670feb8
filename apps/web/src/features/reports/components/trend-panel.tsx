/**
 * The trend above each report (beyond the spec): one chosen metric over the date range, from
 * `GET /v1/report/trend/{kind}` with the list's dates, filters and scope. The chart loads on demand.
 */
import type { StatColumn } from '@portal/contracts/reports.ts';
import { Empty, Select, Skeleton } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format.ts';
import { useTrend } from '../api/use-trend.ts';
import type { ReportDef } from '../lib/report-defs.ts';
import { type FilterValues, trendQuery } from '../lib/report-query.ts';

const TrendChart = lazy(() => import('./trend-chart.tsx'));

/** The metric shown first: revenue when the report has it, else the first displayed metric. */
export function defaultTrendMetric(metrics: StatColumn[], shown: string[]): string | undefined {
  if (metrics.some((m) => m.field === 'revenue')) return 'revenue';
  return metrics.find((m) => shown.includes(m.field))?.field ?? metrics[0]?.field;
}

/** Trend panel; `metrics` are the kind's metric columns, `shown` the displayed fields. */
export function TrendPanel(props: {
  def: ReportDef;
  filters: FilterValues;
  metrics: StatColumn[];
  shown: string[];
  errorText: (err: unknown) => string;
}) {
  const { t } = useTranslation('reports');
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const metric =
    chosen && props.metrics.some((m) => m.field === chosen)
      ? chosen
      : defaultTrendMetric(props.metrics, props.shown);
  const column = props.metrics.find((m) => m.field === metric);
  const query = metric ? trendQuery(props.def, props.filters, metric) : null;
  const trend = useTrend(props.def.trendPath, query, props.def.timeoutMs);
  const points = (trend.data ?? []).map((p) => ({ label: formatDate(p.dt), value: p.value }));

  let body: React.ReactNode;
  if (trend.isError)
    body = (
      <div className="trend-message" data-testid="trend-error">
        {props.errorText(trend.error)}
      </div>
    );
  else if (!trend.data || !column) body = <Skeleton active paragraph={{ rows: 4 }} title={false} />;
  else if (points.length === 0)
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('table.empty')} />;
  else
    body = (
      <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} title={false} />}>
        <TrendChart
          points={points}
          fileType={column.file_type}
          title={t('trend.aria', { metric: column.title })}
        />
      </Suspense>
    );

  return (
    <section className="trend-panel" data-testid="trend-panel" aria-busy={trend.isFetching}>
      <div className="trend-head">
        <span className="trend-title">{t('trend.title')}</span>
        <Select
          size="small"
          value={metric}
          onChange={setChosen}
          options={props.metrics.map((m) => ({ value: m.field, label: m.title }))}
          style={{ minWidth: 180 }}
          aria-label={t('trend.metric')}
          data-testid="trend-metric"
          showSearch={{ optionFilterProp: 'label' }}
        />
      </div>
      {body}
    </section>
  );
}
