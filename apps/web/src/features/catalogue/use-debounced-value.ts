import { useEffect, useState } from 'react';

/**
 * `value` once it has stopped changing for `delayMs` (spec §9: the search waits 500 ms after the
 * last keystroke, so typing 'tachipirina' sends one request, not eleven).
 */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
