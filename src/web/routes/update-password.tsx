/**
 * Page /update-password?token=… (no guard), where the reset mail's link (/#/update-password…) lands:
 * a new password typed twice, set once with the token. The server then signs the person out everywhere
 * and mails a notice; the page says so and leads to the login. An invalid or expired token says so
 * with a way to ask for a new link; any other failure is 'Failed to update password'. Without a token
 * the page explains where the link comes from (and, signed in, points to the profile).
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { newPasswordForm } from '../../contracts/auth';
import { authCall, authClient } from '../lib/auth-client';
import { Button, ButtonLink } from '../components/ui/button';
import { Alert, Card, PageTitle } from '../components/ui/card';
import { paths } from '../config/paths';
import { useAuth } from '../features/auth/auth-provider';
import { PasswordField } from '../features/auth/components/password-field';

/** The page. */
export function UpdatePasswordRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const auth = useAuth();
  const token = params.get('token');
  const [outcome, setOutcome] = useState<'done' | 'invalid' | 'failed' | null>(null);
  const { register, handleSubmit, control, formState: { errors, isSubmitting } } = useForm<z.infer<typeof newPasswordForm>>({
    resolver: zodResolver(newPasswordForm),
    reValidateMode: 'onChange',
    defaultValues: { password: '', confirmPassword: '' },
  });
  const password = useWatch({ control, name: 'password' });
  const message = (code?: string) => (code ? t(`auth.validation.${code}`) : null);

  const submit = handleSubmit(async ({ password }) => {
    setOutcome(null);
    const { error } = await authCall(() => authClient.resetPassword({ newPassword: password, token: token ?? '' }));
    if (!error) {
      // Every session of the person ended: this device's state follows.
      await auth.refresh();
      setOutcome('done');
    } else setOutcome(error.code === 'INVALID_TOKEN' ? 'invalid' : 'failed');
  });

  if (!token || outcome === 'invalid') {
    return (
      <Card className="mx-auto max-w-md space-y-4">
        <PageTitle>{t('auth.update.title')}</PageTitle>
        <Alert tone={token ? 'error' : 'info'}>{t(token ? 'auth.update.invalidLink' : 'auth.update.noToken')}</Alert>
        <ButtonLink to={paths.requestPasswordReset} className="w-full">{t('auth.update.requestNew')}</ButtonLink>
        {auth.authenticated ? (
          <>
            <p className="text-sm text-slate-600">{t('auth.update.signedInHint')}</p>
            <ButtonLink to={paths.profile} variant="secondary" className="w-full">{t('auth.update.toProfile')}</ButtonLink>
          </>
        ) : null}
      </Card>
    );
  }
  if (outcome === 'done') {
    return (
      <Card className="mx-auto max-w-md space-y-4">
        <PageTitle>{t('auth.update.title')}</PageTitle>
        <Alert tone="success">{t('auth.update.done')}</Alert>
        <ButtonLink to={paths.login} className="w-full">{t('app.signIn')}</ButtonLink>
      </Card>
    );
  }
  return (
    <Card className="mx-auto max-w-md">
      <form onSubmit={submit} className="space-y-4" noValidate>
        <PageTitle>{t('auth.update.title')}</PageTitle>
        {outcome === 'failed' ? <Alert>{t('auth.messages.updatePasswordFailed')}</Alert> : null}
        <PasswordField label={t('auth.update.newPassword')} autoComplete="new-password" hint={t('auth.passwordHint')} strengthOf={password} error={message(errors.password?.message)} {...register('password')} />
        <PasswordField label={t('auth.confirmPassword')} autoComplete="new-password" error={message(errors.confirmPassword?.message)} {...register('confirmPassword')} />
        <Button type="submit" disabled={isSubmitting} className="w-full">{isSubmitting ? t('auth.working') : t('auth.update.submit')}</Button>
      </form>
    </Card>
  );
}
