/** A value that follows `value` after it has stayed unchanged for `ms` (spec §9: search debounce 500 ms). */
import { useEffect, useState } from 'react';

export function useDebounced<T>(value: T, ms = 500): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}
