/**
 * Whether the window is phone-sized (below antd's `sm` breakpoint, 576 px), following resizes
 * (issue 25 item 4: lists show cards there, reports keep their first column with a scroll cue).
 */
import { useSyncExternalStore } from 'react';

/** The media query of a phone-sized window. */
export const PHONE_QUERY = '(max-width: 575.98px)';

function query(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(PHONE_QUERY)
    : null;
}

function subscribe(onChange: () => void): () => void {
  const mq = query();
  mq?.addEventListener?.('change', onChange);
  return () => mq?.removeEventListener?.('change', onChange);
}

/** True on a phone-sized window. */
export function usePhone(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => query()?.matches ?? false,
    () => false,
  );
}
