/** Create an account: name, username, email, password. A confirmation mail follows. */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { USERNAME_PATTERN } from '../../contracts/me';
import { authClient, authErrorCode } from '../lib/auth-client';
import { Button } from '../components/ui/button';
import { Alert, Card, PageTitle } from '../components/ui/card';
import { TextField } from '../components/ui/field';
import { paths } from '../config/paths';
import { emailVerifiedUrl, nextFrom } from '../lib/safe-next';

/** Page /register[?next=]: the sign-up form, then /check-email. */
export function RegisterRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Where to go once the email is confirmed (an invite link opened while signed out, for example).
  const next = nextFrom(params);
  const [form, setForm] = useState({ name: '', username: '', email: '', password: '' });
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<keyof typeof form, string>>>({});
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof form) => (event: { target: { value: string } }) => setForm({ ...form, [key]: event.target.value });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems: typeof fieldErrors = {};
    if (!form.name.trim()) problems.name = t('errors.validation_failed');
    if (!USERNAME_PATTERN.test(form.username.trim())) problems.username = t('auth.errors.USERNAME_INVALID');
    if (!/^\S+@\S+\.\S+$/.test(form.email)) problems.email = t('auth.errors.INVALID_EMAIL');
    if (form.password.length < 8) problems.password = t('auth.errors.PASSWORD_TOO_SHORT');
    setFieldErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    setError(null);
    const { error: failure } = await authClient.signUp.email({
      name: form.name.trim(),
      email: form.email.trim(),
      password: form.password,
      callbackURL: emailVerifiedUrl(next),
      // Read by the server's user hook to create the profile.
      username: form.username.trim(),
    } as Parameters<typeof authClient.signUp.email>[0]);
    setBusy(false);
    if (failure) {
      const code = authErrorCode(failure);
      if (code === 'USERNAME_TAKEN' || code === 'USERNAME_INVALID') setFieldErrors({ username: t(`auth.errors.${code}`) });
      else setError(code);
      return;
    }
    navigate(`${paths.checkEmail}?email=${encodeURIComponent(form.email.trim())}${next ? `&next=${encodeURIComponent(next)}` : ''}`);
  };

  return (
    <Card className="mx-auto max-w-md">
      <form onSubmit={submit} className="space-y-4" noValidate>
        <PageTitle>{t('auth.registerTitle')}</PageTitle>
        {error ? <Alert>{t(`auth.errors.${error}`, { defaultValue: t('auth.errors.generic') })}</Alert> : null}
        <TextField label={t('auth.fullName')} autoComplete="name" required value={form.name} onChange={set('name')} error={fieldErrors.name} />
        <TextField label={t('auth.username')} autoComplete="username" required value={form.username} onChange={set('username')} hint={t('auth.usernameHint')} error={fieldErrors.username} />
        <TextField label={t('auth.email')} type="email" autoComplete="email" required value={form.email} onChange={set('email')} error={fieldErrors.email} />
        <TextField label={t('auth.password')} type="password" autoComplete="new-password" required value={form.password} onChange={set('password')} hint={t('auth.passwordHint')} error={fieldErrors.password} />
        <Button type="submit" disabled={busy} className="w-full">{t('app.register')}</Button>
        <p className="text-center text-sm text-slate-600">
          {t('auth.haveAccount')} <Link className="font-semibold text-emerald-700 hover:underline" to={paths.login}>{t('app.signIn')}</Link>
        </p>
      </form>
    </Card>
  );
}
