/**
 * The installable app's two notices: an "offline" banner while the server cannot be reached
 * (pages show what was last loaded; nothing can be saved), and a prompt when a new version of the app is
 * ready (the service worker at /sw.js waits for the go-ahead, then the page reloads on the new version:
 * reload-on-new-version.ts).
 * The service worker is registered at load by vite-plugin-pwa's hook; it checks for a new version hourly.
 * The first worker takes over the page that installed it (Workbox clientsClaim), and the page then fetches
 * what it shows again, through the worker: so after one visit, that page opens offline.
 */
import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { Button } from '../components/ui/button';
import { useOnline } from '../lib/connectivity';
import { reloadOnNewVersion, type PendingReload } from './reload-on-new-version';

/** How often an open app asks for a new version, in ms. */
const UPDATE_CHECK_MS = 60 * 60_000;

/** The offline banner and the new-version prompt, above every page. */
export function AppUpdates() {
  const { t } = useTranslation();
  const online = useOnline();
  useFirstControlRefetch();
  const { needRefresh: [needRefresh, setNeedRefresh], updateServiceWorker } = useRegisterSW({
    // The page's reload after the handover is reloadOnNewVersion's, not vite-plugin-pwa's (it says why).
    onNeedReload: () => {},
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      setInterval(() => {
        if (navigator.onLine) void registration.update().catch(() => {});
      }, UPDATE_CHECK_MS);
    },
  });
  // The Reload under way, if any: one at a time, called off when AppUpdates unmounts. Once Reload is
  // pressed, Later is no longer offered: the new worker has been told to take over and will.
  const pending = useRef<PendingReload | null>(null);
  const [reloading, setReloading] = useState(false);
  useEffect(() => () => pending.current?.disarm(), []);
  const reload = () => {
    if (pending.current?.armed) return;
    setReloading(true);
    pending.current = reloadOnNewVersion({
      update: () => updateServiceWorker(true),
      reload: () => window.location.reload(),
      onControllerChange: (listener) => {
        const container = navigator.serviceWorker;
        container.addEventListener('controllerchange', listener);
        return () => container.removeEventListener('controllerchange', listener);
      },
      setTimeout: (run, ms) => setTimeout(run, ms),
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    });
  };
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
            <Button variant="ghost" className="py-1.5" disabled={reloading} onClick={() => setNeedRefresh(false)}>{t('shell.updateLater')}</Button>
            <Button className="py-1.5" onClick={reload}>{t('shell.updateNow')}</Button>
          </div>
        </div>
      ) : null}
    </>
  );
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
