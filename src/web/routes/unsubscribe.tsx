/**
 * Page /unsubscribe?token=… (public), where a reminder mail's "unsubscribe" link lands. It sends
 * the signed token once on open (POST /api/notifications/unsubscribe) and says what was turned off ("You
 * won't get deadline reminders by email any more."), with a way on to the notification settings (or to
 * sign in first). A bad, altered or expired token gets its own message; a failure to reach the server
 * offers to try again; a missing token says the link is incomplete.
 */
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { EmailNotificationKind } from '../../contracts/notifications';
import { Button, ButtonLink } from '../components/ui/button';
import { Alert, Card, PageTitle, Spinner } from '../components/ui/card';
import { paths } from '../config/paths';
import { ApiError } from '../lib/api-client';
import { withRedirect } from '../lib/safe-redirect';
import { useAuth } from '../features/auth/auth-provider';
import { unsubscribeByToken } from '../features/notifications/api/unsubscribe';

type Outcome = { done: EmailNotificationKind } | 'invalid' | 'failed';

/** The way on: the notification settings when signed in, else signing in on the way there. */
function SettingsLink() {
  const { t } = useTranslation();
  const auth = useAuth();
  return auth.authenticated
    ? <ButtonLink to={paths.profileNotifications} variant="secondary" className="w-full">{t('unsubscribe.settings')}</ButtonLink>
    : <ButtonLink to={withRedirect(paths.login, paths.profileNotifications)} variant="secondary" className="w-full">{t('unsubscribe.signInToChange')}</ButtonLink>;
}

/** The page. */
export function UnsubscribeRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!token) return;
    let live = true;
    unsubscribeByToken(token).then(
      ({ kind }) => { if (live) setOutcome({ done: kind }); },
      (error: unknown) => {
        if (!live) return;
        // A token the server cannot read or verify, or one that is too short or long for the contract.
        const invalid = error instanceof ApiError && (error.id === 'invalid_unsubscribe_token' || error.id === 'validation_failed');
        setOutcome(invalid ? 'invalid' : 'failed');
      },
    );
    return () => {
      live = false;
    };
  }, [token, attempt]);

  const retry = useCallback(() => {
    setOutcome(null);
    setAttempt((n) => n + 1);
  }, []);

  if (!token) {
    return (
      <Card className="mx-auto max-w-md space-y-4">
        <PageTitle>{t('unsubscribe.missingTitle')}</PageTitle>
        <p className="text-slate-600">{t('unsubscribe.missing')}</p>
        <SettingsLink />
      </Card>
    );
  }
  if (!outcome) return <Spinner label={t('unsubscribe.working')} />;
  if (outcome === 'invalid' || outcome === 'failed') {
    return (
      <Card className="mx-auto max-w-md space-y-4">
        <PageTitle>{t(outcome === 'invalid' ? 'unsubscribe.invalidTitle' : 'unsubscribe.failedTitle')}</PageTitle>
        <Alert>{t(outcome === 'invalid' ? 'unsubscribe.invalid' : 'unsubscribe.failed')}</Alert>
        {outcome === 'failed' ? <Button onClick={retry} className="w-full">{t('unsubscribe.retry')}</Button> : null}
        <SettingsLink />
      </Card>
    );
  }
  return (
    <Card className="mx-auto max-w-md space-y-4">
      <PageTitle>{t('unsubscribe.doneTitle')}</PageTitle>
      <Alert tone="success">{t(`unsubscribe.done.${outcome.done}`)}</Alert>
      <p className="text-sm text-slate-600">{t('unsubscribe.changeHint')}</p>
      <SettingsLink />
    </Card>
  );
}
