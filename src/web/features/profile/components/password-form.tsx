/**
 * The profile page's password change: current password, new password (8–128 characters) and its
 * confirmation ('Passwords do not match'), through Better Auth, which signs my other devices out.
 * Failure: 'Failed to update password' (specification section 8), with a wrong current password named
 * under its field.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm, useWatch } from 'react-hook-form';
import type { ChangePasswordForm } from '../../../../contracts/profile';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/card';
import { useToast } from '../../../components/ui/toast';
import { PasswordField } from '../../auth/components/password-field';
import { ChangePasswordError, useChangePassword } from '../api/change-password';
import { ProfileSection } from './section';

/** The password section; `email` goes into a hidden username field for password managers. */
export function PasswordForm({ email }: { email: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const change = useChangePassword();
  const [failed, setFailed] = useState(false);
  const { register, handleSubmit, reset, setError, control, formState: { errors, isSubmitting } } = useForm<ChangePasswordForm>({
    resolver: lazyZodResolver(async () => (await import('../../../../contracts/profile')).changePasswordForm),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const newPassword = useWatch({ control, name: 'newPassword' });
  const message = (code?: string) => (code ? (code === 'wrong_current' ? t('profile.password.wrongCurrent') : t(`auth.validation.${code}`)) : null);

  const submit = handleSubmit(async ({ currentPassword, newPassword }) => {
    setFailed(false);
    try {
      await change.mutateAsync({ currentPassword, newPassword });
      reset();
      toast(t('profile.password.done'));
    } catch (error) {
      setFailed(true);
      if (error instanceof ChangePasswordError && error.failure.code === 'INVALID_PASSWORD') {
        setError('currentPassword', { message: 'wrong_current' }, { shouldFocus: true });
      }
    }
  });

  return (
    <ProfileSection title={t('profile.password.title')} description={t('profile.password.description')}>
      <form onSubmit={submit} className="space-y-4" noValidate>
        {failed ? <Alert>{t('profile.password.failed')}</Alert> : null}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <PasswordField label={t('profile.password.current')} autoComplete="current-password" error={message(errors.currentPassword?.message)} {...register('currentPassword')} />
        <PasswordField label={t('profile.password.new')} autoComplete="new-password" hint={t('auth.passwordHint')} strengthOf={newPassword} error={message(errors.newPassword?.message)} {...register('newPassword')} />
        <PasswordField label={t('profile.password.confirm')} autoComplete="new-password" error={message(errors.confirmPassword?.message)} {...register('confirmPassword')} />
        <Button type="submit" disabled={isSubmitting} className="w-full sm:w-auto">{isSubmitting ? t('auth.working') : t('profile.password.submit')}</Button>
      </form>
    </ProfileSection>
  );
}
