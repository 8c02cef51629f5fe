/**
 * The update prompt's Reload, apart from React and the browser so it can be tested with fakes
 * (app-updates.tsx wires it up): the waiting service worker is asked to take over, and the page reloads
 * once it controls the page (vite-plugin-pwa's own reload, on the worker's `controllerchange`). If that has
 * not happened within RELOAD_FALLBACK_MS (src/web/config/pwa.ts, which says why), the page reloads by
 * itself, once.
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
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** A Reload under way: whether its fallback is still armed, and the function that disarms it. */
export interface PendingReload {
  /** True until the handover, the page's own reload or disarm(). */
  readonly armed: boolean;
  /** Disarms the page's own reload (Later, or the prompt going away); once done, does nothing. */
  disarm(): void;
}

/**
 * Starts a Reload: asks for the handover and arms the page's own reload after RELOAD_FALLBACK_MS, which a
 * handover (`controllerchange`) disarms. A failed `update` is left to the fallback.
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
  const timer = deps.setTimeout(() => {
    disarm();
    deps.reload();
  }, RELOAD_FALLBACK_MS);
  const unsubscribe = deps.onControllerChange(disarm);
  void deps.update().catch(() => {});
  return { get armed() { return armed; }, disarm };
}
