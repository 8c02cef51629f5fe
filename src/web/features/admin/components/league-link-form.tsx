/**
 * Links a league that has no source yet — entered by hand, or imported with `npm run import` — to an
 * openfootball file (its address, or its path on the server), with the time zone of its kickoff times:
 * filled in from where the import read it. The scheduler then syncs it into this same league.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminLeague } from '../../../../contracts/admin';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/field';
import { useToast } from '../../../components/ui/toast';
import { useLinkLeague } from '../api/leagues';
import { errorText } from '../../../lib/error-text';
import { invalidFields } from '../lib/field-errors';
import { TimeZoneField } from './time-zone-field';

/** The link form of `league` (one without a source). */
export function LeagueLinkForm({ league }: { league: AdminLeague }) {
  const { t } = useTranslation();
  const toast = useToast();
  const link = useLinkLeague(league.id);
  const [sourceRef, setSourceRef] = useState(league.importRef ?? '');
  const [timeZone, setTimeZone] = useState(league.importTimeZone ?? '');
  const invalid = invalidFields(link.error);
  const general = link.error && !invalid.has('sourceRef') && !invalid.has('sourceTimeZone') ? errorText(t, link.error) : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await link.mutateAsync({ sourceRef: sourceRef.trim(), sourceTimeZone: timeZone.trim() });
      toast(t('admin.detail.linked', { name: league.name }));
    } catch {
      // Shown in the form (link.error).
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-4" noValidate>
      <p className="text-sm text-slate-600">{t('admin.detail.linkHelp')}</p>
      <TextField label={t('admin.detail.linkSource')} value={sourceRef} autoComplete="off" spellCheck={false}
        onChange={(e) => { setSourceRef(e.target.value); link.reset(); }} error={invalid.has('sourceRef') ? t('admin.create.errors.url') : null} />
      <TimeZoneField value={timeZone} onChange={(zone) => { setTimeZone(zone); link.reset(); }}
        error={invalid.has('sourceTimeZone') ? t('admin.create.errors.timeZone') : null} />
      {general ? <Alert>{general}</Alert> : null}
      <Button type="submit" disabled={link.isPending}>{link.isPending ? t('admin.detail.linking') : t('admin.detail.linkSubmit')}</Button>
    </form>
  );
}
