/**
 * A screen that failed to open (its code could not be loaded, or it threw while rendering): inside the
 * shell, the specification's 'An error occurred' — or, when the device is offline, that it is offline
 * (a screen never opened before cannot load without the network) — and a way to try again (a reload:
 * the screen's code is fetched anew).
 */
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../lib/connectivity';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';

/** The message for `error`, and Try again. */
export function ScreenProblem({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const online = useOnline();
  // The console keeps the details for whoever reports the problem.
  useEffect(() => console.error(error), [error]);
  return (
    <Card className="mx-auto max-w-md space-y-4 text-center">
      <p role="alert" className="text-slate-800">{online ? t('errors.unknown') : t('errors.offline')}</p>
      <Button onClick={() => window.location.reload()}>{t('app.retry')}</Button>
    </Card>
  );
}

/** The route's error element: what the router caught. */
export function RouteError() {
  return <ScreenProblem error={useRouteError()} />;
}
