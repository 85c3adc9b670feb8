import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** Every chart the hook built, with its size and calls. */
const built: {
  opts: { width: number; height: number };
  setSize: ReturnType<typeof vi.fn>;
  destroy: ReturnType<typeof vi.fn>;
}[] = [];
vi.mock('uplot', () => ({
  default: class {
    setSize = vi.fn();
    destroy = vi.fn();
    constructor(opts: { width: number; height: number }) {
      built.push({ opts, setSize: this.setSize, destroy: this.destroy });
    }
  },
}));

const { usePlot } = await import('./use-plot.ts');
type Plot = Parameters<typeof usePlot>[0];

/** The ResizeObserver callbacks the hook registered, to report a size as the browser would. */
let observed: (() => void)[] = [];
let width = 500;

describe('usePlot (issue 11: each plot drawn once)', () => {
  beforeEach(() => {
    observed = [];
    width = 500;
    built.length = 0;
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
  function mount(plot: Plot) {
    const div = document.createElement('div');
    return renderHook(
      ({ p }) => {
        const ref = usePlot(p, 158);
        (ref as { current: HTMLDivElement | null }).current = div;
        return ref;
      },
      { initialProps: { p: plot } },
    );
  }
  const plot = (): Plot => ({ options: { series: [{}] }, data: [[0]] });

  it('builds the chart once per plot at the container width, and destroys the one it replaces', () => {
    const first = plot();
    const hook = mount(first);
    hook.rerender({ p: first });
    expect(built).toHaveLength(1);
    expect(built[0]?.opts).toMatchObject({ width: 500, height: 158 });
    hook.rerender({ p: plot() });
    expect(built).toHaveLength(2);
    expect(built[0]?.destroy).toHaveBeenCalledTimes(1);
    hook.unmount();
    expect(built[1]?.destroy).toHaveBeenCalledTimes(1);
  });

  it('redraws on resize only when the width changed', () => {
    mount(plot());
    for (const cb of observed) cb(); // the observer's first report: the starting size
    expect(built[0]?.setSize).not.toHaveBeenCalled();
    width = 320;
    for (const cb of observed) cb();
    expect(built[0]?.setSize).toHaveBeenCalledWith({ width: 320, height: 158 });
  });
});
