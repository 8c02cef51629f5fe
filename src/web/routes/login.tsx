/** Sign in with email and password; on success go to `?next=` or home. */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { authClient, authErrorCode } from '../lib/auth-client';
import { Button } from '../components/ui/button';
import { Alert, Card, PageTitle } from '../components/ui/card';
import { TextField } from '../components/ui/field';
import { paths } from '../config/paths';
import { emailVerifiedUrl, nextFrom } from '../lib/safe-next';

/** Page /sign-in[?next=]: email and password; an unconfirmed address gets a new link instead. */
export function LoginRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [params] = useSearchParams();
  const next = nextFrom(params);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    // Not yet confirmed? Better Auth mails a new link; it must bring them back to where they were going.
    const { error: failure } = await authClient.signIn.email({ email, password, callbackURL: emailVerifiedUrl(next) });
    setBusy(false);
    if (failure) {
      setError(authErrorCode(failure));
      return;
    }
    await client.invalidateQueries({ queryKey: ['me'] });
    navigate(next ?? paths.home, { replace: true });
  };

  return (
    <Card className="mx-auto max-w-md">
      <form onSubmit={submit} className="space-y-4" noValidate>
        <PageTitle>{t('auth.signInTitle')}</PageTitle>
        {error ? <Alert>{t(`auth.errors.${error}`, { defaultValue: t('auth.errors.generic') })}</Alert> : null}
        <TextField label={t('auth.email')} type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <TextField label={t('auth.password')} type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        <Button type="submit" disabled={busy} className="w-full">{t('app.signIn')}</Button>
        <p className="text-center text-sm text-slate-600">
          {t('auth.noAccount')}{' '}
          <Link className="font-semibold text-emerald-700 hover:underline" to={next ? `${paths.register}?next=${encodeURIComponent(next)}` : paths.register}>
            {t('app.register')}
          </Link>
        </p>
      </form>
    </Card>
  );
}
