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
 * width and is disposed on unmount. Each option is drawn once: the mount draws the first, later ones
 * replace it (`notMerge`), and a resize redraws only when the width changed (the observer reports
 * the starting size once; issue 11 measured the trend drawn three times over on mount).
 */
export function useChart(option: ChartOption, height: number) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const drawn = useRef<ChartOption | null>(null);
  const latest = useRef(option);
  latest.current = option;
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let width = el.clientWidth || FALLBACK_WIDTH;
    const c = echarts.init(el, undefined, { renderer: 'svg', width, height });
    chart.current = c;
    c.setOption(latest.current);
    drawn.current = latest.current;
    const observer = new ResizeObserver(() => {
      const next = el.clientWidth || FALLBACK_WIDTH;
      if (next === width) return;
      width = next;
      c.resize({ width, height });
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      c.dispose();
      chart.current = null;
      drawn.current = null;
    };
  }, [height]);
  useEffect(() => {
    if (!chart.current || drawn.current === option) return;
    chart.current.setOption(option, { notMerge: true });
    drawn.current = option;
  }, [option]);
  return ref;
}
