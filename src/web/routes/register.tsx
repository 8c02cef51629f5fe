/**
 * Page /register[?redirect=] (/signup redirects here): email, password with a strength hint, confirm
 * password, optional phone, username (suggested from the email until edited) and full name, checked
 * on the device with the shared zod schema first. Both outcomes of the specification (section 4): the
 * address must be confirmed (no session: 'Please check your email to verify your account before signing
 * in.', with a resend button) or, when the server does not require it, the person is signed in and goes
 * on to the redirect target.
 */
import { useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { registerForm, usernameFromEmail, type RegisterForm } from '../../contracts/auth';
import { authCall, authClient } from '../lib/auth-client';
import { Button } from '../components/ui/button';
import { Alert, Card, PageTitle } from '../components/ui/card';
import { TextField } from '../components/ui/field';
import { paths } from '../config/paths';
import { redirectFrom, withRedirect } from '../lib/safe-redirect';
import { useAuth } from '../features/auth/auth-provider';
import { signUpError } from '../features/auth/auth-errors';
import { PasswordField } from '../features/auth/components/password-field';
import { ResendVerification } from '../features/auth/components/resend-verification';

/** The sign-up page. */
export function RegisterRoute() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const auth = useAuth();
  const [params] = useSearchParams();
  const redirect = redirectFrom(params);
  const [failure, setFailure] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const usernameEdited = useRef(false);
  const { register, handleSubmit, setValue, setError, control, formState: { errors, isSubmitting } } = useForm<RegisterForm>({
    resolver: zodResolver(registerForm),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { email: '', password: '', confirmPassword: '', phone: '', username: '', name: '' },
  });
  const password = useWatch({ control, name: 'password' });
  const message = (code?: string) => (code ? t(`auth.validation.${code}`, { defaultValue: t(code) }) : null);
  const email = register('email');
  const username = register('username');

  const submit = handleSubmit(async (form) => {
    setFailure(null);
    const { data, error } = await authCall(() => authClient.signUp.email({
      email: form.email,
      password: form.password,
      name: form.name,
      // Read by the server's hooks: the profile's username, phone and language.
      username: form.username,
      phone: form.phone || undefined,
      language: i18n.language,
      ...(redirect ? { callbackURL: redirect } : {}),
    } as Parameters<typeof authClient.signUp.email>[0]));
    if (error) {
      const problem = signUpError(error);
      if (problem.field) setError(problem.field, { message: problem.key });
      else setFailure(problem.key);
      return;
    }
    if (data && 'token' in data && data.token) {
      // Signed in directly (the server does not require a confirmed email).
      await auth.refresh();
      navigate(redirect ?? paths.home, { replace: true });
      return;
    }
    setSentTo(form.email);
  });

  if (sentTo) {
    return (
      <Card className="mx-auto max-w-md space-y-4">
        <PageTitle>{t('auth.checkEmailTitle')}</PageTitle>
        <Alert tone="info">{t('auth.checkEmail')}</Alert>
        <p className="text-sm text-slate-600">{t('auth.sentTo', { email: sentTo })}</p>
        <ResendVerification email={sentTo} redirect={redirect} />
        <p className="text-center text-sm">
          <Link className="font-semibold text-emerald-800 hover:underline" to={withRedirect(paths.login, redirect)}>{t('auth.backToLogin')}</Link>
        </p>
      </Card>
    );
  }

  return (
    <Card className="mx-auto max-w-md">
      <form onSubmit={submit} className="space-y-4" noValidate>
        <PageTitle>{t('auth.registerTitle')}</PageTitle>
        {failure ? <Alert>{t(failure)}</Alert> : null}
        <TextField
          label={t('auth.email')} type="email" autoComplete="email" inputMode="email" error={message(errors.email?.message)}
          {...email}
          onChange={(event) => {
            void email.onChange(event);
            if (!usernameEdited.current && event.target.value.includes('@')) setValue('username', usernameFromEmail(event.target.value));
          }}
        />
        <PasswordField label={t('auth.password')} autoComplete="new-password" hint={t('auth.passwordHint')} error={message(errors.password?.message)} strengthOf={password} {...register('password')} />
        <PasswordField label={t('auth.confirmPassword')} autoComplete="new-password" error={message(errors.confirmPassword?.message)} {...register('confirmPassword')} />
        <TextField label={t('auth.fullName')} autoComplete="name" error={message(errors.name?.message)} {...register('name')} />
        <TextField
          label={t('auth.username')} autoComplete="username" autoCapitalize="none" spellCheck={false} hint={t('auth.usernameHint')} error={message(errors.username?.message)}
          {...username}
          onChange={(event) => {
            usernameEdited.current = true;
            void username.onChange(event);
          }}
        />
        <TextField label={t('auth.phone')} type="tel" autoComplete="tel" inputMode="tel" hint={t('auth.phoneHint')} error={message(errors.phone?.message)} {...register('phone')} />
        <p className="text-sm text-slate-600">
          <Trans i18nKey="auth.acceptTerms" components={{
            terms: <Link className="font-semibold text-emerald-800 underline" to={paths.terms} />,
            privacy: <Link className="font-semibold text-emerald-800 underline" to={paths.privacy} />,
          }} />
        </p>
        <Button type="submit" disabled={isSubmitting} className="w-full">{isSubmitting ? t('auth.working') : t('app.register')}</Button>
        <p className="text-center text-sm text-slate-600">
          {t('auth.haveAccount')}{' '}
          <Link className="font-semibold text-emerald-800 hover:underline" to={withRedirect(paths.login, redirect)}>{t('app.signIn')}</Link>
        </p>
      </form>
    </Card>
  );
}
