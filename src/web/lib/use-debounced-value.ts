/** A value that follows another once it has stopped changing for a while (search as you type). */
import { useEffect, useState } from 'react';

/**
 * `value`, updated `delayMs` milliseconds after its last change (the first value at once).
 * @param delayMs the pause in milliseconds; 300 suits typing.
 */
export function useDebouncedValue<T>(value: T, delayMs = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
