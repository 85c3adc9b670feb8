/**
 * The part of echarts the report charts use (issue 13 item 4), registered once: line and bar charts,
 * grid, tooltip, legend, ARIA, SVG renderer. Imported only by the lazily loaded chart modules, so the
 * report's first chunk carries none of it. SVG keeps the charts crisp and needs no canvas.
 */
import { BarChart, LineChart } from 'echarts/charts';
import { AriaComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

echarts.use([
  LineChart,
  BarChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  AriaComponent,
  SVGRenderer,
]);

export type ChartOption = echarts.EChartsCoreOption;

/** Width used while the container has none yet (hidden or not laid out, e.g. jsdom). */
const FALLBACK_WIDTH = 640;

/**
 * A div holding one echarts instance of `height` px drawn from `option`; follows the container's
 * width and is disposed on unmount.
 */
export function useChart(option: ChartOption, height: number) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const latest = useRef(option);
  latest.current = option;
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const c = echarts.init(el, undefined, {
      renderer: 'svg',
      width: el.clientWidth || FALLBACK_WIDTH,
      height,
    });
    chart.current = c;
    c.setOption(latest.current);
    const observer = new ResizeObserver(() => c.resize({ width: el.clientWidth || FALLBACK_WIDTH, height }));
    observer.observe(el);
    return () => {
      observer.disconnect();
      c.dispose();
      chart.current = null;
    };
  }, [height]);
  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);
  return ref;
}
