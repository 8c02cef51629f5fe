/** A clock for "5 minutes ago" labels that stay true while the page is open. */
import { useEffect, useState } from 'react';

/** Milliseconds since the epoch, re-rendering every `everyMs` (default 30 s). */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
