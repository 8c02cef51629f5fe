/**
 * Page /email-verified?token=…[&redirect=…], where the confirmation mail's link (/#/email-verified…)
 * lands. It verifies on open (GET /api/auth/verify-email) and shows what actually happened: confirmed
 * (and signed in, with a way on to the redirect target), the link already used, expired or invalid
 * (each with a button to send a new one), a failure ('Failed to verify email'), or — without a token —
 * nothing to show.
 */
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../components/ui/button';
import { Alert, Card, PageTitle, Spinner } from '../components/ui/card';
import { TextField } from '../components/ui/field';
import { paths } from '../config/paths';
import { redirectFrom, withRedirect } from '../lib/safe-redirect';
import { useAuth } from '../features/auth/auth-provider';
import { ResendVerification } from '../features/auth/components/resend-verification';

type Outcome = 'verified' | 'used' | 'expired' | 'invalid' | 'failed';

// One verification per token, even when React mounts the page twice (StrictMode) or the page re-renders.
const attempts = new Map<string, Promise<Outcome>>();

/** Verifies a token once; the outcome for the page. */
function verify(token: string): Promise<Outcome> {
  let attempt = attempts.get(token);
  if (!attempt) {
    attempt = (async (): Promise<Outcome> => {
      try {
        const response = await fetch(`/api/auth/verify-email?token=${encodeURIComponent(token)}`, { credentials: 'same-origin', headers: { accept: 'application/json' } });
        const body = (await response.json().catch(() => null)) as { alreadyVerified?: boolean; code?: string } | null;
        if (response.ok) return body?.alreadyVerified ? 'used' : 'verified';
        if (body?.code === 'TOKEN_EXPIRED') return 'expired';
        if (response.status === 401 || response.status === 400) return 'invalid';
        return 'failed';
      } catch {
        return 'failed';
      }
    })();
    attempts.set(token, attempt);
  }
  return attempt;
}

/** The address a verification token was made for (read from its payload, not trusted for anything else). */
function emailInToken(token: string): string {
  try {
    const payload = token.split('.')[1] ?? '';
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { email?: unknown };
    return typeof json.email === 'string' ? json.email : '';
  } catch {
    return '';
  }
}

/** The page. */
export function EmailVerifiedRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const auth = useAuth();
  const token = params.get('token');
  const redirect = redirectFrom(params);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [email, setEmail] = useState(() => (token ? emailInToken(token) : ''));
  const { refresh } = auth;

  useEffect(() => {
    if (!token) return;
    let live = true;
    void verify(token).then(async (result) => {
      if (result === 'verified') await refresh();
      if (live) setOutcome(result);
    });
    return () => {
      live = false;
    };
  }, [token, refresh]);

  if (!token) {
    return (
      <Card className="mx-auto max-w-md space-y-4">
        <PageTitle>{t('auth.verified.nothingTitle')}</PageTitle>
        <p className="text-slate-600">{t('auth.verified.nothingBody')}</p>
        <ButtonLink to={paths.login} className="w-full">{t('app.signIn')}</ButtonLink>
      </Card>
    );
  }
  if (!outcome) return <Spinner label={t('auth.verified.verifying')} />;
  if (outcome === 'verified') {
    return (
      <Card className="mx-auto max-w-md space-y-4 text-center">
        <PageTitle>{t('auth.verified.title')}</PageTitle>
        <p className="text-slate-600">{t('auth.verified.body')}</p>
        <ButtonLink to={redirect ?? paths.home} className="w-full">{t('auth.verified.continue')}</ButtonLink>
      </Card>
    );
  }
  if (outcome === 'used') {
    return (
      <Card className="mx-auto max-w-md space-y-4">
        <PageTitle>{t('auth.verified.usedTitle')}</PageTitle>
        <Alert tone="info">{t('auth.verified.usedBody')}</Alert>
        <ButtonLink to={withRedirect(paths.login, redirect)} className="w-full">{t('app.signIn')}</ButtonLink>
      </Card>
    );
  }
  const title = { expired: 'auth.verified.expiredTitle', invalid: 'auth.verified.invalidTitle', failed: 'auth.verified.failedTitle' }[outcome];
  const body = { expired: 'auth.verified.expiredBody', invalid: 'auth.verified.invalidBody', failed: 'auth.messages.verifyFailed' }[outcome];
  return (
    <Card className="mx-auto max-w-md space-y-4">
      <PageTitle>{t(title)}</PageTitle>
      <Alert tone={outcome === 'failed' ? 'error' : 'info'}>{t(body)}</Alert>
      <TextField label={t('auth.email')} type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} />
      {email.includes('@') ? <ResendVerification email={email.trim()} redirect={redirect} variant="primary" /> : null}
      <p className="text-center text-sm">
        <Link className="font-semibold text-emerald-800 hover:underline" to={withRedirect(paths.login, redirect)}>{t('auth.backToLogin')}</Link>
      </p>
    </Card>
  );
}
