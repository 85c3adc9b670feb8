/**
 * Window-size media queries that follow resizes: a phone-sized window (below antd's `sm` breakpoint,
 * 576 px; issue 25 item 4: lists show cards there, reports keep their first column with a scroll cue)
 * and a wide one (1,400 px and more: the lists take the room there is, issue 25 item 10).
 */
import { useSyncExternalStore } from 'react';

/** The media query of a phone-sized window. */
export const PHONE_QUERY = '(max-width: 575.98px)';
/** The media query of a window of 1,400 px or more (1,440 px screens). */
export const WIDE_QUERY = '(min-width: 1400px)';

function query(media: string): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(media)
    : null;
}

/** Whether `media` matches, following changes. */
export function useMedia(media: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const mq = query(media);
      mq?.addEventListener?.('change', onChange);
      return () => mq?.removeEventListener?.('change', onChange);
    },
    () => query(media)?.matches ?? false,
    () => false,
  );
}

/** True on a phone-sized window. */
export function usePhone(): boolean {
  return useMedia(PHONE_QUERY);
}
