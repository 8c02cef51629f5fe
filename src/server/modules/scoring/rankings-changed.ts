/**
 * A signal inside this process that rankings may have moved (results scored, matches voided), for the
 * ranking caches of the app instances here (modules/groups/ranking-cache.ts). Other processes do not
 * hear it: their caches catch up within their time to live.
 */
type Listener = () => void;
const listeners = new Set<Listener>();

/** Calls `listener` on every signal; returns the function that stops it. */
export function onRankingsChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Signals that rankings may have moved. */
export function rankingsChanged(): void {
  for (const listener of listeners) listener();
}
