/**
 * "New league": a dialog (Radix: focus trapped, Escape closes) with the three sources and their
 * fields — by hand (name, season, league or tournament), football-data.org (competition code) or
 * openfootball (file address and the time zone of its kickoff times). The server checks the fields;
 * each one it refuses is marked with what it expects. A linked league's first sync starts at once.
 */
import { useState, type FormEvent } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import type { CreateLeagueRequest, LeagueSource } from '../../../../contracts/admin';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/card';
import { SelectField, TextField } from '../../../components/ui/field';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { useCreateLeague } from '../api/leagues';
import { errorText } from '../../../lib/error-text';
import { invalidFields } from '../lib/field-errors';
import { InlineSpinner } from '../../../components/ui/inline-spinner';
import { SourceChoice } from './source-choice';
import { TimeZoneField } from './time-zone-field';

const EMPTY = { name: '', season: '', kind: 'league' as 'league' | 'tournament', code: '', url: '', timeZone: '' };

/** The request for the form's values. */
function requestOf(source: LeagueSource, form: typeof EMPTY): CreateLeagueRequest {
  if (source === 'football-data') return { source, sourceRef: form.code.trim() };
  if (source === 'openfootball') return { source, sourceRef: form.url.trim(), sourceTimeZone: form.timeZone.trim() };
  return { source, name: form.name.trim(), season: form.season.trim(), kind: form.kind };
}

/** The "New league" button and its dialog. */
export function NewLeagueDialog() {
  const { t } = useTranslation();
  const toast = useToast();
  const create = useCreateLeague();
  const [open, setOpen] = useState(false);
  const [source, setSource] = useState<LeagueSource>('manual');
  const [form, setForm] = useState(EMPTY);
  const invalid = invalidFields(create.error);
  const fieldError = (field: string, key: string) => (invalid.has(field) ? t(key) : null);
  // A refusal that names no field of this form (or any other failure) shows above the buttons.
  const general = create.error && ![...invalid].some((field) => ['name', 'season', 'kind', 'sourceRef', 'sourceTimeZone'].includes(field))
    ? `${errorText(t, create.error)}${create.error instanceof ApiError && create.error.id === 'validation_failed' ? ` (${create.error.message})` : ''}`
    : null;

  const edit = (patch: Partial<typeof EMPTY>) => setForm((current) => ({ ...current, ...patch }));
  const reset = () => {
    setSource('manual');
    setForm(EMPTY);
    create.reset();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const league = await create.mutateAsync(requestOf(source, form));
      toast(t(league.source === 'manual' ? 'admin.create.created' : 'admin.create.createdLinked', { name: league.name }));
      setOpen(false);
      reset();
    } catch {
      // Shown in the form (create.error).
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={(next) => { setOpen(next); if (!next) reset(); }}>
      <Dialog.Trigger asChild>
        <Button>
          <span aria-hidden="true" className="text-lg leading-none">+</span>
          {t('admin.create.open')}
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/60" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-5 shadow-xl focus:outline-none">
          <form onSubmit={(event) => void submit(event)} className="space-y-4" noValidate>
            <div className="space-y-1">
              <Dialog.Title className="text-lg font-semibold text-slate-900">{t('admin.create.title')}</Dialog.Title>
              <Dialog.Description className="text-sm text-slate-600">{t('admin.create.description')}</Dialog.Description>
            </div>
            <SourceChoice value={source} onChange={(next) => { setSource(next); create.reset(); }} />
            {source === 'manual' ? (
              <>
                <TextField label={t('admin.create.name')} value={form.name} maxLength={80} autoComplete="off"
                  onChange={(e) => edit({ name: e.target.value })} error={fieldError('name', 'admin.create.errors.name')} />
                <div className="grid gap-4 sm:grid-cols-2">
                  <TextField label={t('admin.create.season')} hint={t('admin.create.seasonHint')} value={form.season} maxLength={20} autoComplete="off"
                    onChange={(e) => edit({ season: e.target.value })} error={fieldError('season', 'admin.create.errors.season')} />
                  <SelectField label={t('admin.create.kind')} value={form.kind} onChange={(e) => edit({ kind: e.target.value as typeof form.kind })}
                    error={fieldError('kind', 'admin.create.errors.kind')}>
                    <option value="league">{t('admin.kind.league')}</option>
                    <option value="tournament">{t('admin.kind.tournament')}</option>
                  </SelectField>
                </div>
              </>
            ) : null}
            {source === 'football-data' ? (
              <TextField label={t('admin.create.code')} hint={t('admin.create.codeHint')} value={form.code} maxLength={5} autoComplete="off"
                autoCapitalize="characters" spellCheck={false}
                onChange={(e) => edit({ code: e.target.value.toUpperCase() })} error={fieldError('sourceRef', 'admin.create.errors.code')} />
            ) : null}
            {source === 'openfootball' ? (
              <>
                <TextField label={t('admin.create.url')} hint={t('admin.create.urlHint')} value={form.url} autoComplete="off" spellCheck={false}
                  onChange={(e) => edit({ url: e.target.value })} error={fieldError('sourceRef', 'admin.create.errors.url')} />
                <TimeZoneField value={form.timeZone} onChange={(timeZone) => edit({ timeZone })} error={fieldError('sourceTimeZone', 'admin.create.errors.timeZone')} />
              </>
            ) : null}
            {general ? <Alert>{general}</Alert> : null}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Dialog.Close asChild>
                <Button variant="secondary">{t('admin.create.cancel')}</Button>
              </Dialog.Close>
              <Button type="submit" disabled={create.isPending}>
                {create.isPending ? <><InlineSpinner />{t('admin.create.creating')}</> : t('admin.create.submit')}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
