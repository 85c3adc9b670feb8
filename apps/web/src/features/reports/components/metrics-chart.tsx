/**
 * The report trend drawn with echarts (issue 13 item 4), loaded on demand by the trend panel: several
 * metrics over the days of the range, money sums, prices (eCPM), counts and rates each on their own
 * y axis (first on the left, second on the right, then outside those), a tooltip per day, and with a
 * comparison each metric's compare period as a dashed line of the same colour.
 */
import type { StatColumn } from '@portal/contracts/reports.ts';
import type { TrendData } from '@portal/contracts/reports-kinds.ts';
import { useMemo } from 'react';
import { formatCell, formatDate } from '@/lib/format.ts';
import { type ChartOption, useChart } from './echarts-core.ts';

/** Chart height, px (the panel keeps it while loading, so nothing below moves). */
export const METRICS_CHART_HEIGHT = 180;

const COLORS = ['#1677ff', '#fa8c16', '#52c41a', '#722ed1', '#eb2f96', '#13c2c2'];
const UNIT_ORDER = ['money', 'price', 'int', 'percent'] as const;
type Unit = (typeof UNIT_ORDER)[number];
/** A metric's axis: eCPM is a price per mille, far smaller than the money sums it would flatten. */
function unitOf(c: StatColumn): Unit {
  if (c.field === 'ecpm') return 'price';
  return c.file_type === 'money' || c.file_type === 'percent' ? c.file_type : 'int';
}
/** Axis i: left, right, then outside the right one, then outside the left one. */
const AXIS_SLOTS = [
  { position: 'left', offset: 0 },
  { position: 'right', offset: 0 },
  { position: 'right', offset: 52 },
  { position: 'left', offset: 52 },
] as const;

/** Compact axis labels: 12.5K, 3.4M, 12%. */
function axisLabel(unit: Unit, v: number): string {
  if (unit === 'percent') return `${Math.round(v * 1000) / 10}%`;
  if (unit === 'price') return String(Math.round(v * 100) / 100);
  const abs = Math.abs(v);
  if (abs >= 1e6) return `${Math.round(v / 1e5) / 10}M`;
  if (abs >= 1e4) return `${Math.round(v / 1e2) / 10}K`;
  return unit === 'money' ? String(Math.round(v * 100) / 100) : String(Math.round(v));
}

/** The echarts option of the trend; exported for tests. */
export function metricsOption(
  points: TrendData,
  metrics: StatColumn[],
  compareLabel: string | null,
  title: string,
): ChartOption {
  const units = UNIT_ORDER.filter((u) => metrics.some((m) => unitOf(m) === u));
  const value = (p: TrendData[number], field: string, cmp: boolean) =>
    cmp ? (p.compare_values?.[field] ?? 0) : (p.values?.[field] ?? (metrics.length === 1 ? p.value : 0));
  const series = metrics.flatMap((m, i) => {
    const base = {
      type: 'line',
      yAxisIndex: units.indexOf(unitOf(m)),
      showSymbol: points.length <= 31,
      symbolSize: 5,
      color: COLORS[i % COLORS.length],
      tooltip: { valueFormatter: (v: unknown) => formatCell(m.file_type, v) },
    };
    const own = { ...base, name: m.title, data: points.map((p) => value(p, m.field, false)) };
    if (!compareLabel) return [own];
    return [
      own,
      {
        ...base,
        name: `${m.title}${compareLabel}`,
        data: points.map((p) => value(p, m.field, true)),
        lineStyle: { type: 'dashed', opacity: 0.7 },
        itemStyle: { opacity: 0.7 },
      },
    ];
  });
  return {
    aria: { enabled: true, label: { description: title } },
    animation: false,
    color: COLORS,
    grid: { top: 30, left: units.length > 3 ? 60 : 8, right: units.length > 2 ? 60 : 8, bottom: 4 },
    legend: {
      top: 0,
      type: 'scroll',
      pageIconSize: 10,
      itemWidth: 18,
      itemHeight: 8,
      textStyle: { fontSize: 12 },
    },
    tooltip: { trigger: 'axis', confine: true },
    xAxis: {
      type: 'category',
      boundaryGap: false,
      data: points.map((p) => formatDate(p.dt)),
      axisLabel: { formatter: (v: string) => v.slice(5), hideOverlap: true },
    },
    yAxis: units.map((u, i) => ({
      type: 'value',
      ...AXIS_SLOTS[i],
      splitLine: { show: i === 0, lineStyle: { color: '#f0f0f0' } },
      axisLabel: { formatter: (v: number) => axisLabel(u, v), fontSize: 11 },
    })),
    series,
  };
}

/** The chart (`data-testid="trend-chart"`, `role="img"` named by `title`). */
export default function MetricsChart(props: {
  points: TrendData;
  metrics: StatColumn[];
  /** Suffix of the comparison lines' names, null: no comparison. */
  compareLabel: string | null;
  title: string;
}) {
  const { points, metrics, compareLabel, title } = props;
  const option = useMemo(
    () => metricsOption(points, metrics, compareLabel, title),
    [points, metrics, compareLabel, title],
  );
  const ref = useChart(option, METRICS_CHART_HEIGHT);
  return (
    <div
      ref={ref}
      className="metrics-chart"
      role="img"
      aria-label={title}
      data-testid="trend-chart"
      data-series={metrics.length * (compareLabel ? 2 : 1)}
    />
  );
}
