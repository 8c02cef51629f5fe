/** Edits a league's name and, for an openfootball league, the time zone of its kickoff times. */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminLeague, UpdateLeagueRequest } from '../../../../contracts/admin';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/field';
import { useToast } from '../../../components/ui/toast';
import { useUpdateLeague } from '../api/leagues';
import { errorText } from '../../../lib/error-text';
import { invalidFields } from '../lib/field-errors';
import { TimeZoneField } from './time-zone-field';

/** The edit form of `league`; only what changed is sent. */
export function LeagueEditForm({ league }: { league: AdminLeague }) {
  const { t } = useTranslation();
  const toast = useToast();
  const update = useUpdateLeague(league.id);
  const [name, setName] = useState(league.name);
  const [timeZone, setTimeZone] = useState(league.sourceTimeZone ?? '');
  const withZone = league.source === 'openfootball';
  const body: UpdateLeagueRequest = {};
  if (name.trim() !== league.name) body.name = name.trim();
  if (withZone && timeZone.trim() !== (league.sourceTimeZone ?? '')) body.sourceTimeZone = timeZone.trim();
  const changed = Object.keys(body).length > 0;
  const invalid = invalidFields(update.error);
  const general = update.error && !invalid.has('name') && !invalid.has('sourceTimeZone') ? errorText(t, update.error) : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!changed) return;
    try {
      await update.mutateAsync(body);
      toast(t('admin.detail.saved'));
    } catch {
      // Shown in the form (update.error).
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-4" noValidate>
      <TextField label={t('admin.detail.name')} value={name} maxLength={80} autoComplete="off"
        onChange={(e) => { setName(e.target.value); update.reset(); }} error={invalid.has('name') ? t('admin.create.errors.name') : null}
        hint={league.sourceRef !== null && league.name === league.sourceRef ? t('admin.detail.nameHint') : undefined} />
      {withZone ? (
        <TimeZoneField label={t('admin.detail.timeZone')} value={timeZone} onChange={(zone) => { setTimeZone(zone); update.reset(); }}
          error={invalid.has('sourceTimeZone') ? t('admin.create.errors.timeZone') : null} />
      ) : null}
      {general ? <Alert>{general}</Alert> : null}
      <Button type="submit" disabled={!changed || update.isPending}>{update.isPending ? t('admin.detail.saving') : t('admin.detail.save')}</Button>
    </form>
  );
}
