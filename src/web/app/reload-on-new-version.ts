/**
 * The update prompt's Reload, apart from React and the browser so it can be tested with fakes
 * (app-updates.tsx wires it up): the waiting service worker is asked to take over, and the page reloads
 * once, either when the new worker takes control of it (`controllerchange`) or, if that has not happened
 * within RELOAD_FALLBACK_MS (src/web/config/pwa.ts, which says why), by itself. vite-plugin-pwa's own
 * reload is switched off (app-updates.tsx): it reloads only pages a worker controlled when they loaded, so
 * a page that installed the first worker stayed on the old code, and two reloads could ask twice whether
 * to leave a page with unsaved scores.
 */
import { RELOAD_FALLBACK_MS } from '../config/pwa';

/** What Reload needs of the browser and of vite-plugin-pwa: the real ones, or a test's fakes. */
export interface ReloadDeps {
  /** Asks the waiting worker to take over (vite-plugin-pwa's updateServiceWorker). */
  update(): Promise<void>;
  /** Reloads the page (window.location.reload). */
  reload(): void;
  /** Calls `listener` when a new worker takes control of the page; returns the unsubscribe function. */
  onControllerChange(listener: () => void): () => void;
  /** Runs `run` once after `ms` milliseconds; returns a handle for clearTimeout. */
  setTimeout(run: () => void, ms: number): unknown;
  /** Cancels a setTimeout by its handle. */
  clearTimeout(handle: unknown): void;
}

/** A Reload under way: whether it is still to reload the page, and the function that calls it off. */
export interface PendingReload {
  /** True until the page's reload is asked for, or disarm(). */
  readonly armed: boolean;
  /** Calls off the page's reload (Later, or AppUpdates unmounting); once done, does nothing. */
  disarm(): void;
}

/**
 * Starts a Reload: asks for the handover, then reloads the page at the handover (`controllerchange`) or
 * after RELOAD_FALLBACK_MS, whichever comes first, once. A failed `update` is left to the fallback.
 * Returns the PendingReload.
 */
export function reloadOnNewVersion(deps: ReloadDeps): PendingReload {
  let armed = true;
  // Called only later (a timer, an event), once `timer` and `unsubscribe` below are set.
  const disarm = () => {
    if (!armed) return;
    armed = false;
    deps.clearTimeout(timer);
    unsubscribe();
  };
  const reload = () => {
    if (!armed) return;
    disarm();
    deps.reload();
  };
  const timer = deps.setTimeout(reload, RELOAD_FALLBACK_MS);
  const unsubscribe = deps.onControllerChange(reload);
  void deps.update().catch(() => {});
  return { get armed() { return armed; }, disarm };
}
