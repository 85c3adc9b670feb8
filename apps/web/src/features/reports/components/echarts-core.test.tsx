import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const chart = { setOption: vi.fn(), resize: vi.fn(), dispose: vi.fn() };
vi.mock('echarts/core', () => ({ use: vi.fn(), init: vi.fn(() => chart) }));

const { useChart } = await import('./echarts-core.ts');

/** The ResizeObserver callbacks the hook registered, to report a size as the browser would. */
let observed: (() => void)[] = [];
let width = 500;

describe('useChart (issue 11: each option drawn once)', () => {
  beforeEach(() => {
    observed = [];
    width = 500;
    for (const f of Object.values(chart)) f.mockClear();
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(cb: () => void) {
          observed.push(cb);
        }
        observe() {}
        disconnect() {}
      },
    );
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(() => width);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  /** Mounts the hook with its div attached, as the chart component does. */
  function mount(option: Record<string, unknown>) {
    const div = document.createElement('div');
    return renderHook(
      ({ opt }) => {
        const ref = useChart(opt, 200);
        (ref as { current: HTMLDivElement | null }).current = div;
        return ref;
      },
      { initialProps: { opt: option } },
    );
  }

  it('draws the first option once on mount, and each new option once', () => {
    const first = { series: [] };
    const hook = mount(first);
    hook.rerender({ opt: first });
    expect(chart.setOption).toHaveBeenCalledTimes(1);
    const next = { series: [{ type: 'line' }] };
    hook.rerender({ opt: next });
    expect(chart.setOption).toHaveBeenCalledTimes(2);
    expect(chart.setOption).toHaveBeenLastCalledWith(next, { notMerge: true });
  });

  it('redraws on resize only when the width changed', () => {
    mount({ series: [] });
    for (const cb of observed) cb(); // the observer's first report: the starting size
    expect(chart.resize).not.toHaveBeenCalled();
    width = 320;
    for (const cb of observed) cb();
    expect(chart.resize).toHaveBeenCalledWith({ width: 320, height: 200 });
  });
});
