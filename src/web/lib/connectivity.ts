/**
 * Whether the server can be reached, as the page knows it: the browser's own word (navigator.onLine and
 * its online/offline events) and the last session check (src/web/features/auth/api/session.ts): a check
 * that fails on the network says unreachable, one that answers says reachable. The session endpoint is
 * never answered by the service worker's cache, so it tells the truth where navigator.onLine may not
 * (a network that lets nothing through, or a browser that does not notice). While unreachable, the server
 * is asked again every 5 s.
 */
import { useSyncExternalStore } from 'react';

let unreachable = false;
const listeners = new Set<() => void>();
/** While unreachable, GET /api/health (never answered from the worker's cache) is tried this often, in ms. */
const PROBE_MS = 5_000;
let probe: ReturnType<typeof setInterval> | undefined;

function notify() {
  for (const listener of listeners) listener();
}

/** Records what the last request to the server showed: `reached` false for a network failure. */
export function reportServerReached(reached: boolean): void {
  if (unreachable === !reached) return;
  unreachable = !reached;
  clearInterval(probe);
  probe = undefined;
  if (unreachable) {
    probe = setInterval(() => {
      fetch('/api/health', { cache: 'no-store' }).then(() => reportServerReached(true), () => {});
    }, PROBE_MS);
  }
  notify();
}

/** Subscribes to changes (for useSyncExternalStore); returns the unsubscribe function. */
export function subscribeConnectivity(onChange: () => void): () => void {
  listeners.add(onChange);
  // The browser says the network is back: believe it (and stop asking /api/health) until a check fails.
  const online = () => {
    reportServerReached(true);
    onChange();
  };
  window.addEventListener('online', online);
  window.addEventListener('offline', onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('online', online);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the page is online: the browser says so and the last session check reached the server. */
export function isOnline(): boolean {
  return (typeof navigator === 'undefined' || navigator.onLine) && !unreachable;
}

/** Whether the page is online (isOnline), kept current: for the offline banner and the save buttons. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeConnectivity, isOnline, () => true);
}
