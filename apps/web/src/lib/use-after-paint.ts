/**
 * Work that must not delay what is about to be shown (issue 11: the chart, the column dialog's code,
 * the trend request wait for the report's first rows to be painted, not merely answered) runs after
 * the next painted frame: a frame is requested and a task queued after it, which runs once that frame
 * has been painted.
 */
import { useEffect, useState } from 'react';

/** Runs `fn` after the next painted frame; returns a function that cancels it if it has not run. */
export function afterPaint(fn: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(fn, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * Resolves after the next painted frame ({@link afterPaint} as a promise). A query whose answer the
 * first paint does not need awaits it before asking (issue 26 item 4): requested in the commit that
 * mounts the screen, such a request answered before the browser painted that commit, and Lighthouse's
 * phone counted its round trip into the screen's Largest Contentful Paint.
 */
export function nextPaint(): Promise<void> {
  return new Promise((resolve) => {
    afterPaint(resolve);
  });
}

/**
 * False until `ready` has been true through one painted frame, then true for good. Used inside the
 * component that waits, so only it renders again when the time comes.
 */
export function useAfterPaint(ready: boolean): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready || painted) return;
    return afterPaint(() => setPainted(true));
  }, [ready, painted]);
  return painted;
}
