/** A seconds countdown for the verification-code button (spec §4, §9: 10 s resend wait). */
import { useCallback, useEffect, useRef, useState } from 'react';

/** `remaining` seconds (0 when idle); `start(n)` counts down from n, one step per second. */
export function useCountdown(): { remaining: number; start: (seconds: number) => void } {
  const [remaining, setRemaining] = useState(0);
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  useEffect(() => () => clearInterval(timer.current), []);
  const start = useCallback((seconds: number) => {
    clearInterval(timer.current);
    setRemaining(seconds);
    timer.current = setInterval(() => {
      setRemaining((s) => {
        if (s <= 1) clearInterval(timer.current);
        return Math.max(0, s - 1);
      });
    }, 1000);
  }, []);
  return { remaining, start };
}
