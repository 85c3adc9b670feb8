/**
 * The ranked bar of a metric by country (issue 13 item 4), drawn with echarts; loaded on demand by
 * the country panel. Bars top-down from the largest; the tooltip shows the formatted value.
 */
import type { FileType } from '@portal/contracts/reports.ts';
import { useMemo } from 'react';
import { formatCell } from '@/lib/format.ts';
import { type ChartOption, useChart } from './echarts-core.ts';

export type CountryValue = { code: string; name: string; value: number };

/** The echarts option of the ranked bar. */
export function countryOption(items: CountryValue[], fileType: FileType, title: string): ChartOption {
  const ordered = [...items].reverse(); // echarts draws category 0 at the bottom
  return {
    aria: { enabled: true, label: { description: title } },
    animation: false,
    grid: { top: 4, left: 4, right: 56, bottom: 4 },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, confine: true },
    xAxis: { type: 'value', show: false },
    yAxis: {
      type: 'category',
      data: ordered.map((i) => i.name),
      axisTick: { show: false },
      axisLabel: { fontSize: 11, width: 104, overflow: 'truncate' },
    },
    series: [
      {
        type: 'bar',
        name: title,
        data: ordered.map((i) => i.value),
        barMaxWidth: 14,
        itemStyle: { color: '#1677ff', borderRadius: [0, 3, 3, 0] },
        label: {
          show: true,
          position: 'right',
          fontSize: 11,
          formatter: (p: { value: unknown }) => formatCell(fileType, p.value),
        },
        tooltip: { valueFormatter: (v: unknown) => formatCell(fileType, v) },
      },
    ],
  };
}

/** The bar (`data-testid="country-chart"`). */
export default function CountryBar(props: {
  items: CountryValue[];
  fileType: FileType;
  title: string;
  height: number;
}) {
  const { items, fileType, title, height } = props;
  const option = useMemo(() => countryOption(items, fileType, title), [items, fileType, title]);
  const ref = useChart(option, height);
  return <div ref={ref} className="country-bar" role="img" aria-label={title} data-testid="country-chart" />;
}
