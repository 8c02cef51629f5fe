/** The server's clock as seen in the browser, ticking, so "closes in …" stays true while the page is open. */
import { useEffect, useState } from 'react';

/**
 * Milliseconds since the epoch by the server's clock: local time plus `offsetMs` (server minus local,
 * measured when a response arrived; 0 before). Re-renders every `everyMs` (default 30 s).
 */
export function useServerNow(offsetMs = 0, everyMs = 30_000): number {
  const [local, setLocal] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setLocal(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return local + offsetMs;
}
