/**
 * One uPlot chart in a div (issue 11 item 4: the trend moved from echarts to uPlot, ~20 KB gzip instead
 * of 183 KB, and a first draw of a few ms instead of ~430 ms on a phone's CPU). Imported only by the
 * lazily loaded trend chart, so the report's first chunk carries none of it.
 */
import 'uplot/dist/uPlot.min.css';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';

/** What to draw: uPlot's options without the size (the hook sets it) and its columnar data. */
export type Plot = { options: Omit<uPlot.Options, 'width' | 'height'>; data: uPlot.AlignedData };

/** Width used while the container has none yet (hidden or not laid out, e.g. jsdom), px. */
const FALLBACK_WIDTH = 640;

/**
 * A div holding one uPlot chart drawn from `plot`: `height` px of plot and axes (uPlot adds its legend
 * outside that height), as wide as the container and following its width; destroyed on unmount. Each plot is drawn once: a new `plot` replaces the
 * chart, and a resize redraws only when the width changed (the observer reports the starting size
 * once; issue 11 measured the trend drawn three times over on mount when every report redrew).
 */
export function usePlot(plot: Plot, height: number) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let width = el.clientWidth || FALLBACK_WIDTH;
    const chart = new uPlot({ ...plot.options, width, height }, plot.data, el);
    const observer = new ResizeObserver(() => {
      const next = el.clientWidth || FALLBACK_WIDTH;
      if (next === width) return;
      width = next;
      chart.setSize({ width, height });
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      chart.destroy();
    };
  }, [plot, height]);
  return ref;
}
