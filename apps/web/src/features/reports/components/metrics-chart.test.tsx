/**
 * The trend as uPlot draws it (issue 11 item 4 moved it from echarts): real uPlot on the test canvas
 * (test/canvas.ts records the texts it draws), so the legend, the axes and their labels are uPlot's own.
 */
import type { StatColumn } from '@portal/contracts/reports.ts';
import type { TrendData } from '@portal/contracts/reports-kinds.ts';
import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { textsDrawn } from '@/test/canvas.ts';
import MetricsChart, { metricsPlot } from './metrics-chart.tsx';

const revenue: StatColumn = {
  field: 'revenue',
  title: 'Revenue',
  type: 2,
  file_type: 'money',
  sortable: true,
};
const ecpm: StatColumn = { field: 'ecpm', title: 'eCPM', type: 2, file_type: 'money', sortable: true };
const fillRate: StatColumn = {
  field: 'fill_rate',
  title: 'Fill rate',
  type: 2,
  file_type: 'percent',
  sortable: true,
};

const points: TrendData = [
  {
    dt: '20261120',
    value: 0,
    values: { revenue: 12_500, ecpm: 1.5, fill_rate: 0.5 },
    compare_values: { revenue: 10_000, ecpm: 1.25, fill_rate: 0.4 },
  },
  {
    dt: '20261121',
    value: 0,
    values: { revenue: 25_000, ecpm: 2, fill_rate: 0.25 },
    compare_values: { revenue: 5_000, ecpm: 1, fill_rate: 0.2 },
  },
  { dt: '20261122', value: 0, values: { revenue: 20_000 }, compare_values: {} },
];

describe('metricsPlot', () => {
  it('gives each metric a line on the axis of its unit, and with a comparison a dashed line after it', () => {
    const { options, data } = metricsPlot(points, [revenue, ecpm, fillRate], ' (prev)', 'Date');
    expect(options.series.map((s) => s.label)).toEqual([
      'Date',
      'Revenue',
      'Revenue (prev)',
      'eCPM',
      'eCPM (prev)',
      'Fill rate',
      'Fill rate (prev)',
    ]);
    expect(options.series.map((s) => s.scale)).toEqual([
      undefined,
      'money',
      'money',
      'money',
      'money',
      'percent',
      'percent',
    ]);
    expect(options.series.map((s) => Boolean(s.dash))).toEqual([
      false,
      false,
      true,
      false,
      true,
      false,
      true,
    ]);
    // a line and its comparison share the metric's colour
    expect(options.series[2]?.stroke).toBe(options.series[1]?.stroke);
    expect(options.series[3]?.stroke).not.toBe(options.series[1]?.stroke);
    // one axis per unit (issue 25 item 11): money (revenue and eCPM) on the left, rates on the right,
    // each labelled with its unit
    expect(options.axes?.slice(1).map((a) => [a.scale, a.side, a.label])).toEqual([
      ['money', 3, '$'],
      ['percent', 1, '%'],
    ]);
    // days as indexes; a day without a value is 0
    expect(data).toEqual([
      [0, 1, 2],
      [12_500, 25_000, 20_000],
      [10_000, 5_000, 0],
      [1.5, 2, 0],
      [1.25, 1, 0],
      [0.5, 0.25, 0],
      [0.4, 0.2, 0],
    ]);
  });

  it('never draws two axes of one unit nor two on one side next to each other (issue 25 item 11)', () => {
    const count = { ...revenue, field: 'impression', title: 'Impressions', file_type: 'int' as const };
    const { options } = metricsPlot(points, [revenue, ecpm, count, fillRate], null, 'Date', {
      money: 'Amount ($)',
      int: 'Count',
      percent: 'Rate (%)',
    });
    const axes = options.axes?.slice(1) ?? [];
    expect(axes.map((a) => a.scale)).toEqual(['money', 'int', 'percent']);
    expect(axes.map((a) => a.label)).toEqual(['Amount ($)', 'Count', 'Rate (%)']);
    expect(new Set(axes.map((a) => a.scale)).size).toBe(axes.length);
  });

  it('one metric without a comparison reads `value` when `values` is absent', () => {
    const { options, data } = metricsPlot(
      [
        { dt: '20261120', value: 3 },
        { dt: '20261121', value: 4 },
      ],
      [revenue],
      null,
      'Date',
    );
    expect(options.series).toHaveLength(2);
    expect(data).toEqual([
      [0, 1],
      [3, 4],
    ]);
  });
});

describe('MetricsChart', () => {
  it('draws the lines with a legend naming each, day and value labels on the axes', async () => {
    const { container, getByTestId } = render(
      <MetricsChart
        points={points}
        metrics={[revenue, fillRate]}
        compareLabel=" (prev)"
        title="Daily trend of Revenue, Fill rate"
        dateLabel="Date"
      />,
    );
    const chart = getByTestId('trend-chart');
    expect(chart.getAttribute('role')).toBe('img');
    expect(chart.getAttribute('aria-label')).toBe('Daily trend of Revenue, Fill rate');
    expect(chart.dataset.series).toBe('4');
    const legend = [...container.querySelectorAll('.u-legend .u-series th')].map((th) => th.textContent);
    expect(legend).toEqual(['Date', 'Revenue', 'Revenue (prev)', 'Fill rate', 'Fill rate (prev)']);
    const markers = [...container.querySelectorAll<HTMLElement>('.u-legend .u-marker')];
    // the day's key (hidden by the CSS) and one per line
    expect(markers.slice(1).map((m) => m.style.borderStyle)).toEqual(['solid', 'dashed', 'solid', 'dashed']);
    const canvas = container.querySelector('canvas');
    if (!canvas) throw new Error('no canvas');
    // uPlot draws in a microtask after it is built
    await waitFor(() => expect(textsDrawn(canvas).length).toBeGreaterThan(0));
    const texts = textsDrawn(canvas);
    // days as MM-dd, money compact (25,000 → 25K), rates as percent
    expect(texts).toEqual(expect.arrayContaining(['11-20', '11-21', '11-22']));
    expect(texts.some((t) => /^\d+(\.\d)?K$/.test(t))).toBe(true);
    expect(texts.some((t) => /^\d+(\.\d)?%$/.test(t))).toBe(true);
  });
});
