/**
 * The profile page's details: username, full name, language and phone, checked with the shared
 * contract before sending; the email is shown read-only. Only changed fields are sent. Failure: 'Failed
 * to update profile' (specification section 8), a taken username under its field; success: a toast, and
 * a newly chosen language becomes the app's.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import type { Profile, ProfileForm, UpdateProfileRequest } from '../../../../contracts/profile';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/card';
import { SelectField, TextField } from '../../../components/ui/field';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { changeLanguage, LANGUAGES } from '../../../i18n/i18n';
import { useUpdateProfile } from '../api/update-profile';
import { ProfileSection } from './section';

const formOf = (profile: Profile): ProfileForm => ({
  username: profile.username, fullName: profile.fullName, language: profile.language ?? '', phone: profile.phone ?? '',
});

/** A labelled input that shows a value without letting it change, greyed so it does not look editable. */
function ReadOnlyField({ label, hint, value, type }: { label: string; hint: string; value: string; type: string }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">{label}</label>
      <input id={id} type={type} value={value} readOnly aria-describedby={`${id}-hint`}
        className="mt-1 block w-full rounded-lg border-0 bg-slate-100 px-3 py-2.5 text-base text-slate-600 ring-1 ring-inset ring-slate-200 focus:ring-2 focus:ring-inset focus:ring-emerald-600" />
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">{hint}</p>
    </div>
  );
}

/** The form of my details. */
export function DetailsForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const toast = useToast();
  const update = useUpdateProfile(profile.userId);
  const [failed, setFailed] = useState(false);
  const { register, handleSubmit, reset, setError, formState: { errors, isSubmitting, dirtyFields } } = useForm<ProfileForm>({
    resolver: lazyZodResolver(async () => (await import('../../../../contracts/profile')).profileForm),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: formOf(profile),
  });
  const message = (code?: string) => (code ? (code === 'username_taken' ? t('errors.username_taken') : t(`auth.validation.${code}`)) : null);

  const submit = handleSubmit(async (form) => {
    setFailed(false);
    const changes: UpdateProfileRequest = {};
    if (dirtyFields.username) changes.username = form.username;
    if (dirtyFields.fullName) changes.fullName = form.fullName;
    if (dirtyFields.language) changes.language = form.language === '' ? null : form.language;
    if (dirtyFields.phone) changes.phone = form.phone === '' ? null : form.phone;
    if (Object.keys(changes).length === 0) {
      toast(t('profile.details.saved'));
      return;
    }
    try {
      const saved = await update.mutateAsync(changes);
      reset(formOf(saved));
      if (saved.language && changes.language !== undefined) await changeLanguage(saved.language);
      toast(t('profile.details.saved'));
    } catch (error) {
      setFailed(true);
      if (error instanceof ApiError && error.id === 'username_taken') setError('username', { message: 'username_taken' }, { shouldFocus: true });
    }
  });

  return (
    <ProfileSection title={t('profile.details.title')}>
      <form onSubmit={submit} className="space-y-4" noValidate>
        {failed ? <Alert>{t('profile.details.failed')}</Alert> : null}
        <TextField label={t('auth.username')} hint={t('auth.usernameHint')} autoComplete="username" autoCapitalize="none" spellCheck={false} error={message(errors.username?.message)} {...register('username')} />
        <TextField label={t('auth.fullName')} autoComplete="name" maxLength={100} error={message(errors.fullName?.message)} {...register('fullName')} />
        <SelectField label={t('profile.details.language')} error={message(errors.language?.message)} {...register('language')}>
          <option value="">{t('profile.details.languageBrowser')}</option>
          {LANGUAGES.map((language) => <option key={language.code} value={language.code} lang={language.code}>{language.label}</option>)}
        </SelectField>
        <TextField label={t('auth.phone')} hint={t('auth.phoneHint')} type="tel" autoComplete="tel" inputMode="tel" error={message(errors.phone?.message)} {...register('phone')} />
        <ReadOnlyField label={t('auth.email')} hint={t('profile.details.emailHint')} type="email" value={profile.email} />
        <Button type="submit" disabled={isSubmitting} className="w-full sm:w-auto">{isSubmitting ? t('profile.details.saving') : t('profile.details.save')}</Button>
      </form>
    </ProfileSection>
  );
}
