/**
 * The installable app's two notices: an "offline" banner while the server cannot be reached
 * (pages show what was last loaded; nothing can be saved), and a prompt when a new version of the app is
 * ready (the service worker at /sw.js waits for the go-ahead, then the page reloads on the new version; by
 * itself after RELOAD_FALLBACK_MS if the handover has not happened by then).
 * The service worker is registered at load by vite-plugin-pwa's hook; it checks for a new version hourly.
 * The first worker takes over the page that installed it (Workbox clientsClaim), and the page then fetches
 * what it shows again, through the worker: so after one visit, that page opens offline.
 */
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { Button } from '../components/ui/button';
import { RELOAD_FALLBACK_MS } from '../config/pwa';
import { useOnline } from '../lib/connectivity';

/** How often an open app asks for a new version, in ms. */
const UPDATE_CHECK_MS = 60 * 60_000;

/** The offline banner and the new-version prompt, above every page. */
export function AppUpdates() {
  const { t } = useTranslation();
  const online = useOnline();
  useFirstControlRefetch();
  const { needRefresh: [needRefresh, setNeedRefresh], updateServiceWorker } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      setInterval(() => {
        if (navigator.onLine) void registration.update().catch(() => {});
      }, UPDATE_CHECK_MS);
    },
  });
  return (
    <>
      {online ? null : (
        <div role="status" className="border-b border-slate-300 bg-slate-800 text-white" data-testid="offline-banner">
          <p className="mx-auto max-w-3xl px-4 py-2 text-sm">
            <strong className="font-semibold">{t('shell.offlineTitle')}</strong> {t('shell.offlineBody')}
          </p>
        </div>
      )}
      {needRefresh ? (
        <div role="alert" className="fixed inset-x-3 bottom-3 z-50 mx-auto flex max-w-md flex-wrap items-center gap-3 rounded-xl bg-white p-3 shadow-lg ring-1 ring-slate-200">
          <p className="min-w-0 flex-1 text-sm text-slate-800">{t('shell.updateReady')}</p>
          <div className="flex gap-2">
            <Button variant="ghost" className="py-1.5" onClick={() => setNeedRefresh(false)}>{t('shell.updateLater')}</Button>
            <Button className="py-1.5" onClick={() => reloadOnNewVersion(updateServiceWorker)}>{t('shell.updateNow')}</Button>
          </div>
        </div>
      ) : null}
    </>
  );
}

/**
 * Asks the waiting worker to take over (`update`: vite-plugin-pwa's updateServiceWorker; the page reloads
 * once it controls the page), and reloads the page anyway if that has not happened within
 * RELOAD_FALLBACK_MS.
 */
function reloadOnNewVersion(update: (reloadPage?: boolean) => Promise<void>): void {
  void update(true);
  setTimeout(() => window.location.reload(), RELOAD_FALLBACK_MS);
}

/**
 * When a service worker takes control of a page that had none (its first installation: clientsClaim), the
 * page's active queries are fetched again through it, so its offline cache holds what this page shows.
 */
function useFirstControlRefetch() {
  const client = useQueryClient();
  useEffect(() => {
    const container = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
    if (!container || container.controller) return;
    const taken = () => void client.invalidateQueries({ refetchType: 'active' });
    container.addEventListener('controllerchange', taken, { once: true });
    return () => container.removeEventListener('controllerchange', taken);
  }, [client]);
}
