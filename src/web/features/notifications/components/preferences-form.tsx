/**
 * Which notifications I get, by channel: by email deadline reminders and results; by push deadline
 * reminders, results and goals in matches I predicted (push reaches every device where I turned it on).
 * One Save sends the whole object (PUT /api/me/notifications); failure: 'Failed to save notification
 * settings', success: a toast, as the other profile forms do.
 */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { NotificationPreferences } from '../../../../contracts/notifications';
import { DEADLINE_REMINDER_HOURS } from '../../../../contracts/limits';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/card';
import { useToast } from '../../../components/ui/toast';
import { useUpdateNotificationPreferences } from '../api/update-notification-preferences';

/** A checkbox with its label and a one-line explanation under it (its description for screen readers). */
function Choice({ label, hint, checked, onChange }: { label: string; hint: string; checked: boolean; onChange: (checked: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex items-start gap-3 py-2">
      <input id={id} type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} aria-describedby={`${id}-hint`}
        className="mt-0.5 h-5 w-5 shrink-0 cursor-pointer rounded accent-emerald-700" />
      <div className="min-w-0">
        <label htmlFor={id} className="block cursor-pointer text-sm font-medium text-slate-900">{label}</label>
        <p id={`${id}-hint`} className="text-sm text-slate-600">{hint}</p>
      </div>
    </div>
  );
}

/** The preferences form, starting from the saved `preferences`. */
export function PreferencesForm({ preferences }: { preferences: NotificationPreferences }) {
  const { t } = useTranslation();
  const toast = useToast();
  const update = useUpdateNotificationPreferences();
  const [form, setForm] = useState(preferences);
  const [failed, setFailed] = useState(false);
  const setEmail = (kind: keyof NotificationPreferences['email']) => (checked: boolean) => setForm((f) => ({ ...f, email: { ...f.email, [kind]: checked } }));
  const setPush = (kind: keyof NotificationPreferences['push']) => (checked: boolean) => setForm((f) => ({ ...f, push: { ...f.push, [kind]: checked } }));
  const deadlineHint = t('notifications.preferences.deadlineHint', { count: DEADLINE_REMINDER_HOURS });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailed(false);
    try {
      const saved = await update.mutateAsync(form);
      setForm(saved.preferences);
      toast(t('notifications.preferences.saved'));
    } catch {
      setFailed(true);
    }
  };

  const legend = 'text-sm font-semibold uppercase tracking-wide text-slate-500';
  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-4" noValidate>
      {failed ? <Alert>{t('notifications.preferences.failed')}</Alert> : null}
      <div className="space-y-4">
        <fieldset className="min-w-0">
          <legend className={legend}>{t('notifications.preferences.email')}</legend>
          <div className="mt-1 divide-y divide-slate-100">
            <Choice label={t('notifications.preferences.deadline')} hint={deadlineHint} checked={form.email.deadline} onChange={setEmail('deadline')} />
            <Choice label={t('notifications.preferences.results')} hint={t('notifications.preferences.resultsHint')} checked={form.email.results} onChange={setEmail('results')} />
          </div>
        </fieldset>
        <fieldset className="min-w-0">
          <legend className={legend}>{t('notifications.preferences.push')}</legend>
          <p className="mt-1 text-xs text-slate-500">{t('notifications.preferences.pushHint')}</p>
          <div className="mt-1 divide-y divide-slate-100">
            <Choice label={t('notifications.preferences.deadline')} hint={deadlineHint} checked={form.push.deadline} onChange={setPush('deadline')} />
            <Choice label={t('notifications.preferences.results')} hint={t('notifications.preferences.resultsHint')} checked={form.push.results} onChange={setPush('results')} />
            <Choice label={t('notifications.preferences.goals')} hint={t('notifications.preferences.goalsHint')} checked={form.push.goals} onChange={setPush('goals')} />
          </div>
        </fieldset>
      </div>
      <Button type="submit" disabled={update.isPending} className="w-full sm:w-auto">
        {update.isPending ? t('notifications.preferences.saving') : t('notifications.preferences.save')}
      </Button>
    </form>
  );
}
