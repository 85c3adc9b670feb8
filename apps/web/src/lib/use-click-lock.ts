/** Spec §4/§9: action buttons are disabled for 1 second after a click. */
import { useCallback, useEffect, useRef, useState } from 'react';

/** Button debounce of spec §9, ms. */
export const BUTTON_LOCK_MS = 1000;

/**
 * `[locked, lock]`: call `lock()` on click; `locked` stays true for `ms`. Use `locked` as the
 * button's `disabled`.
 */
export function useClickLock(ms = BUTTON_LOCK_MS): [boolean, () => void] {
  const [locked, setLocked] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const lock = useCallback(() => {
    setLocked(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setLocked(false), ms);
  }, [ms]);
  return [locked, lock];
}
