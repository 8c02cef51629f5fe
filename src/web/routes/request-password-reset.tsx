/**
 * Page /request-password-reset: asks for the account's email and sends a reset link. The answer is the
 * same whether or not an account has that address; 'Failed to send password reset email' only when the
 * request itself failed (network, too many requests).
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { passwordResetForm } from '../../contracts/auth';
import { authCall, authClient } from '../lib/auth-client';
import { Button } from '../components/ui/button';
import { Alert, Card, PageTitle } from '../components/ui/card';
import { TextField } from '../components/ui/field';
import { paths } from '../config/paths';

/** The password-reset request page. */
export function RequestPasswordResetRoute() {
  const { t } = useTranslation();
  const [outcome, setOutcome] = useState<'sent' | 'failed' | null>(null);
  const { register, handleSubmit, formState: { errors, isSubmitting } } = useForm<z.infer<typeof passwordResetForm>>({
    resolver: zodResolver(passwordResetForm),
    reValidateMode: 'onChange',
    defaultValues: { email: '' },
  });
  const submit = handleSubmit(async ({ email }) => {
    setOutcome(null);
    const { error } = await authCall(() => authClient.requestPasswordReset({ email, redirectTo: paths.updatePassword }));
    setOutcome(error ? 'failed' : 'sent');
  });
  return (
    <Card className="mx-auto max-w-md">
      <form onSubmit={submit} className="space-y-4" noValidate>
        <PageTitle>{t('auth.reset.title')}</PageTitle>
        <p className="text-slate-600">{t('auth.reset.body')}</p>
        {outcome === 'sent' ? <Alert tone="success">{t('auth.reset.sent')}</Alert> : null}
        {outcome === 'failed' ? <Alert>{t('auth.messages.resetFailed')}</Alert> : null}
        <TextField label={t('auth.email')} type="email" autoComplete="email" inputMode="email" error={errors.email?.message ? t(`auth.validation.${errors.email.message}`) : null} {...register('email')} />
        <Button type="submit" disabled={isSubmitting} className="w-full">{isSubmitting ? t('auth.working') : t('auth.reset.submit')}</Button>
        <p className="text-center text-sm">
          <Link className="font-semibold text-emerald-800 hover:underline" to={paths.login}>{t('auth.backToLogin')}</Link>
        </p>
      </form>
    </Card>
  );
}
