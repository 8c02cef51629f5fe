/**
 * The update prompt's Reload with a fake clock and fake worker events: the page reloads once, when the new
 * worker takes control or RELOAD_FALLBACK_MS after Reload, whichever comes first, unless Later disarmed it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RELOAD_FALLBACK_MS } from '../config/pwa';
import { reloadOnNewVersion, type ReloadDeps } from './reload-on-new-version';

describe('reloadOnNewVersion', () => {
  beforeEach(() => { vi.useFakeTimers(); });
  afterEach(() => { vi.useRealTimers(); });

  /** Fakes of the browser: counts of updates and reloads, and the controllerchange listeners. */
  const fakes = (update: () => Promise<void> = async () => {}) => {
    const listeners = new Set<() => void>();
    const counts = { updates: 0, reloads: 0 };
    const deps: ReloadDeps = {
      update: () => { counts.updates += 1; return update(); },
      reload: () => { counts.reloads += 1; },
      onControllerChange: (listener) => { listeners.add(listener); return () => listeners.delete(listener); },
      setTimeout: (run, ms) => setTimeout(run, ms),
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    };
    return { deps, counts, listeners, handOver: () => { for (const listener of [...listeners]) listener(); } };
  };

  /** After the one reload: disarmed, no listener left, and no second reload however long the page stays. */
  const reloadedOnce = ({ counts, listeners }: ReturnType<typeof fakes>, pending: ReturnType<typeof reloadOnNewVersion>) => {
    expect(counts.reloads).toBe(1);
    expect(pending.armed).toBe(false);
    expect(listeners.size).toBe(0);
    vi.advanceTimersByTime(10 * RELOAD_FALLBACK_MS);
    expect(counts.reloads).toBe(1);
  };

  it('asks for the handover at once and reloads by itself once RELOAD_FALLBACK_MS pass without it', () => {
    const browser = fakes();
    const pending = reloadOnNewVersion(browser.deps);
    expect(browser.counts).toEqual({ updates: 1, reloads: 0 });
    vi.advanceTimersByTime(RELOAD_FALLBACK_MS - 1);
    expect(browser.counts.reloads).toBe(0);
    expect(pending.armed).toBe(true);
    vi.advanceTimersByTime(1);
    reloadedOnce(browser, pending);
  });

  it('reloads once, at the handover, when the new worker takes control in time', () => {
    const browser = fakes();
    const pending = reloadOnNewVersion(browser.deps);
    vi.advanceTimersByTime(RELOAD_FALLBACK_MS / 2);
    expect(browser.counts.reloads).toBe(0);
    browser.handOver();
    reloadedOnce(browser, pending);
  });

  it('reloads nothing once disarmed (Later), and disarming twice is harmless', () => {
    const { deps, counts, listeners } = fakes();
    const pending = reloadOnNewVersion(deps);
    pending.disarm();
    pending.disarm();
    expect(pending.armed).toBe(false);
    expect(listeners.size).toBe(0);
    vi.advanceTimersByTime(10 * RELOAD_FALLBACK_MS);
    expect(counts.reloads).toBe(0);
  });

  it('still reloads when asking for the handover fails', async () => {
    const { deps, counts } = fakes(() => Promise.reject(new Error('no registration')));
    reloadOnNewVersion(deps);
    await vi.advanceTimersByTimeAsync(RELOAD_FALLBACK_MS);
    expect(counts.reloads).toBe(1);
  });
});
