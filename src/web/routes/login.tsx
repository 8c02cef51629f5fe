/**
 * Page /login[?redirect=]: email and password, checked on the device first with the shared zod schema
 * (each field's message under it, cleared once fixed; an empty form is never sent). On success the
 * person goes to the redirect target, or home. Refusals in the specification's words (section 8): an
 * unconfirmed email (with a resend button), wrong credentials (one message for a wrong password and an
 * unknown email), too many attempts, anything else.
 */
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { loginForm, type LoginForm } from '../../contracts/auth';
import { authCall, authClient } from '../lib/auth-client';
import { Button } from '../components/ui/button';
import { Alert, Card, PageTitle } from '../components/ui/card';
import { TextField } from '../components/ui/field';
import { paths } from '../config/paths';
import { redirectFrom, withRedirect } from '../lib/safe-redirect';
import { useAuth } from '../features/auth/auth-provider';
import { signInError } from '../features/auth/auth-errors';
import { PasswordField } from '../features/auth/components/password-field';
import { ResendVerification } from '../features/auth/components/resend-verification';

/** The sign-in page. */
export function LoginRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const auth = useAuth();
  const [params] = useSearchParams();
  const redirect = redirectFrom(params);
  const [failure, setFailure] = useState<ReturnType<typeof signInError> | null>(null);
  const { register, handleSubmit, getValues, formState: { errors, isSubmitting } } = useForm<LoginForm>({
    resolver: zodResolver(loginForm),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { email: '', password: '' },
  });
  const message = (code?: string) => (code ? t(`auth.validation.${code}`) : null);

  const submit = handleSubmit(async (form) => {
    setFailure(null);
    const { error } = await authCall(() => authClient.signIn.email({ email: form.email, password: form.password }));
    if (error) {
      // Better Auth makes no session for a refused sign-in (an unconfirmed email included): nothing to undo.
      setFailure(signInError(error));
      return;
    }
    await auth.refresh();
    navigate(redirect ?? paths.home, { replace: true });
  });

  return (
    <Card className="mx-auto max-w-md">
      <form onSubmit={submit} className="space-y-4" noValidate>
        <PageTitle>{t('auth.signInTitle')}</PageTitle>
        {failure ? (
          <div className="space-y-3">
            <Alert>{t(failure.key)}</Alert>
            {failure.requiresVerification ? <ResendVerification email={getValues('email')} redirect={redirect} /> : null}
          </div>
        ) : null}
        <TextField label={t('auth.email')} type="email" autoComplete="email" inputMode="email" error={message(errors.email?.message)} {...register('email')} />
        <PasswordField label={t('auth.password')} autoComplete="current-password" error={message(errors.password?.message)} {...register('password')} />
        <div className="flex justify-end">
          <Link to={paths.requestPasswordReset} className="text-sm font-medium text-emerald-800 hover:underline">{t('auth.forgotPassword')}</Link>
        </div>
        <Button type="submit" disabled={isSubmitting} className="w-full">{isSubmitting ? t('auth.working') : t('app.signIn')}</Button>
        <p className="text-center text-sm text-slate-600">
          {t('auth.noAccount')}{' '}
          <Link className="font-semibold text-emerald-800 hover:underline" to={withRedirect(paths.register, redirect)}>{t('app.register')}</Link>
        </p>
      </form>
    </Card>
  );
}
