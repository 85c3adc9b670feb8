import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterPaint, useAfterPaint } from './use-after-paint.ts';

describe('after paint (issue 11: the panels load after the rows are shown)', () => {
  beforeEach(() =>
    vi.useFakeTimers({
      toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'setTimeout', 'clearTimeout'],
    }),
  );
  afterEach(() => vi.useRealTimers());

  it('runs the work in a task after the next frame, not before it', () => {
    const fn = vi.fn();
    afterPaint(fn);
    vi.advanceTimersToNextFrame();
    expect(fn).not.toHaveBeenCalled(); // the frame ran; the task queued after it has not
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('cancels work that has not run', () => {
    const fn = vi.fn();
    const cancel = afterPaint(fn);
    cancel();
    vi.advanceTimersByTime(100);
    expect(fn).not.toHaveBeenCalled();
  });

  it('turns true only once `ready` has been through a frame, and stays true', () => {
    const { result, rerender } = renderHook(({ ready }) => useAfterPaint(ready), {
      initialProps: { ready: false },
    });
    act(() => vi.advanceTimersByTime(100));
    expect(result.current).toBe(false);
    rerender({ ready: true });
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(100));
    expect(result.current).toBe(true);
    rerender({ ready: false });
    expect(result.current).toBe(true);
  });
});
