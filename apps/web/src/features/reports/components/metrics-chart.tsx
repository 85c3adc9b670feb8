/**
 * The report trend (issue 13 item 4), drawn with uPlot (issue 11 item 4) and loaded on demand by the
 * trend panel: several metrics over the days of the range, with at most one y axis per unit — money
 * (sums and eCPM alike), counts, percentages — each labelled with its unit (issue 25 item 11; first
 * on the left, second on the right, third outside the left one, so no two share a side's labels), with
 * a comparison each metric's compare period as a dashed line of the same colour. The legend above
 * the plot names every line (a click hides or shows one) and, under the pointer, reads out the day
 * and each line's value in the report's own formats: the tooltip of the chart.
 */
import type { StatColumn } from '@portal/contracts/reports.ts';
import type { TrendData } from '@portal/contracts/reports-kinds.ts';
import { useMemo } from 'react';
import type uPlot from 'uplot';
import { formatCell, formatDate } from '@/lib/format.ts';
import './metrics-chart.css';
import { type Plot, usePlot } from './use-plot.ts';

/** Chart height, px (the panel keeps it while loading, so nothing below moves). */
export const METRICS_CHART_HEIGHT = 180;
/** The legend's one line above the plot, px (metrics-chart CSS); the plot gets the rest. */
const LEGEND_HEIGHT = 22;

const COLORS = ['#1677ff', '#fa8c16', '#52c41a', '#722ed1', '#eb2f96', '#13c2c2'];
const UNIT_ORDER = ['money', 'int', 'percent'] as const;
export type Unit = (typeof UNIT_ORDER)[number];
/** A metric's unit, hence its axis: money (revenue, eCPM), a count, or a percentage. */
function unitOf(c: StatColumn): Unit {
  return c.file_type === 'money' || c.file_type === 'percent' ? c.file_type : 'int';
}
/** Axis i's side (uPlot: 1 right, 3 left): left, right, then outside the left one. */
const AXIS_SIDES = [3, 1, 3] as const;
/** The axis titles when the caller gives none. */
const DEFAULT_UNIT_LABELS: Record<Unit, string> = { money: '$', int: '#', percent: '%' };
const AXIS_FONT = '11px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
const AXIS_COLOR = 'rgba(0, 0, 0, 0.55)';
const GRID_COLOR = '#f0f0f0';
/** Day steps the date axis may tick at (a whole day, a week, a month…). */
const DAY_STEPS = [1, 2, 3, 5, 7, 10, 14, 15, 30, 60, 90, 180, 365];

/** Compact axis labels: 12.5K, 3.4M, 12%. */
function axisLabel(unit: Unit, v: number): string {
  if (unit === 'percent') return `${Math.round(v * 1000) / 10}%`;
  const abs = Math.abs(v);
  if (abs >= 1e6) return `${Math.round(v / 1e5) / 10}M`;
  if (abs >= 1e4) return `${Math.round(v / 1e2) / 10}K`;
  return unit === 'money' ? String(Math.round(v * 100) / 100) : String(Math.round(v));
}

/** A y scale from 0 (or below, for a negative value) to a little above the largest value. */
function fromZero(_u: uPlot, min: number | null, max: number | null): uPlot.Range.MinMax {
  const lo = Math.min(0, min ?? 0);
  const hi = Math.max(0, max ?? 0);
  return hi > lo ? [lo, hi + (hi - lo) * 0.08] : [lo, lo + 1];
}

/** An axis as wide as its longest label (measured on the chart's canvas), px. */
function labelWidth(u: uPlot, values: string[] | null, axisIdx: number): number {
  const axis = u.axes[axisIdx] as uPlot.Axis & { font: [string] };
  const longest = (values ?? []).reduce((a, v) => (v.length > a.length ? v : a), '');
  u.ctx.font = axis.font[0];
  return Math.ceil(u.ctx.measureText(longest).width / devicePixelRatio) + 10;
}

/**
 * The uPlot options and data of the trend; exported for tests. Series 0 is the day (its index in
 * `points`), then per metric its line and, with `compareLabel`, its compare line. Values a day lacks
 * are 0; `dateLabel` names the day in the legend.
 */
export function metricsPlot(
  points: TrendData,
  metrics: StatColumn[],
  compareLabel: string | null,
  dateLabel: string,
  unitLabels: Record<Unit, string> = DEFAULT_UNIT_LABELS,
): Plot {
  const units = UNIT_ORDER.filter((u) => metrics.some((m) => unitOf(m) === u));
  const days = points.map((p) => formatDate(p.dt));
  const value = (p: TrendData[number], field: string, cmp: boolean) =>
    cmp ? (p.compare_values?.[field] ?? 0) : (p.values?.[field] ?? (metrics.length === 1 ? p.value : 0));
  const data: [number[], ...number[][]] = [points.map((_, i) => i)];
  const series: uPlot.Series[] = [
    { label: dateLabel, value: (_u, i: number | null) => (i === null ? '' : (days[i] ?? '')) },
  ];
  metrics.forEach((m, i) => {
    const line: uPlot.Series = {
      scale: unitOf(m),
      stroke: COLORS[i % COLORS.length],
      width: 1.5,
      points: { show: points.length <= 31, size: 5 },
      value: (_u, v: number | null) => (v === null ? '' : formatCell(m.file_type, v)),
    };
    series.push({ ...line, label: m.title });
    data.push(points.map((p) => value(p, m.field, false)));
    if (compareLabel) {
      series.push({ ...line, label: `${m.title}${compareLabel}`, dash: [5, 4], alpha: 0.7 });
      data.push(points.map((p) => value(p, m.field, true)));
    }
  });
  const xRange: uPlot.Range.MinMax = points.length > 1 ? [0, points.length - 1] : [-1, 1];
  return {
    data,
    options: {
      class: 'metrics-plot',
      series,
      // a compare line's key is dashed as the line is
      legend: { live: true, markers: { dash: (u, i) => (u.series[i]?.dash ? 'dashed' : 'solid') } },
      cursor: { y: false, drag: { x: false, y: false, setScale: false } },
      scales: {
        x: { time: false, range: () => xRange },
        ...Object.fromEntries(units.map((u) => [u, { range: fromZero }])),
      },
      axes: [
        {
          font: AXIS_FONT,
          stroke: AXIS_COLOR,
          size: 22,
          gap: 2,
          space: 44,
          incrs: DAY_STEPS,
          grid: { show: false },
          ticks: { show: true, size: 3, stroke: GRID_COLOR },
          values: (_u, splits) => splits.map((i) => (Number.isInteger(i) ? (days[i]?.slice(5) ?? '') : '')),
        },
        ...units.map(
          (u, i): uPlot.Axis => ({
            scale: u,
            side: AXIS_SIDES[i],
            font: AXIS_FONT,
            stroke: AXIS_COLOR,
            gap: 4,
            space: 30,
            size: labelWidth,
            label: unitLabels[u],
            labelFont: AXIS_FONT,
            labelSize: 16,
            labelGap: 0,
            grid: { show: i === 0, stroke: GRID_COLOR, width: 1 },
            ticks: { show: false },
            values: (_u, splits) => splits.map((v) => axisLabel(u, v)),
          }),
        ),
      ],
    },
  };
}

/** The chart (`data-testid="trend-chart"`, `role="img"` named by `title`). */
export default function MetricsChart(props: {
  points: TrendData;
  metrics: StatColumn[];
  /** Suffix of the comparison lines' names, null: no comparison. */
  compareLabel: string | null;
  title: string;
  /** The legend's name of the day ("日期" / "Date"). */
  dateLabel: string;
  /** Each y axis's title: its unit in the UI language. */
  unitLabels?: Record<Unit, string>;
}) {
  const { points, metrics, compareLabel, title, dateLabel, unitLabels } = props;
  const plot = useMemo(
    () => metricsPlot(points, metrics, compareLabel, dateLabel, unitLabels),
    [points, metrics, compareLabel, dateLabel, unitLabels],
  );
  const ref = usePlot(plot, METRICS_CHART_HEIGHT - LEGEND_HEIGHT);
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
