/**
 * A team's fields in its edit dialog: name, short name, three-letter code and crest address, with a
 * small preview of the crest. Only what changed is sent; an emptied short name, code or crest is
 * cleared. The server checks the fields: each one it refuses is marked with what it expects, and a name
 * that belongs to another team (or is another team's other name) says so.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminTeam, UpdateTeamRequest } from '../../../../contracts/admin';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { InlineSpinner } from '../components/inline-spinner';
import { errorText } from '../lib/error-text';
import { invalidFields } from '../lib/field-errors';
import { TeamCrest } from './team-crest';
import { useUpdateTeam } from './teams-api';

/** What differs between the form and `team`: the request to send (empty when nothing changed). */
function changesOf(team: AdminTeam, form: { name: string; shortName: string; code: string; crestUrl: string }): UpdateTeamRequest {
  const body: UpdateTeamRequest = {};
  const orNull = (value: string) => (value.trim() === '' ? null : value.trim());
  if (form.name.trim() !== team.name) body.name = form.name.trim();
  if (orNull(form.shortName) !== team.shortName) body.shortName = orNull(form.shortName);
  if (orNull(form.code) !== team.code) body.code = orNull(form.code);
  if (orNull(form.crestUrl) !== team.crestUrl) body.crestUrl = orNull(form.crestUrl);
  return body;
}

/** The form of `team`; `onSaved` gets the team as saved. */
export function TeamFieldsForm({ team, onSaved }: { team: AdminTeam; onSaved: (team: AdminTeam) => void }) {
  const { t } = useTranslation();
  const update = useUpdateTeam(team.id);
  const [form, setForm] = useState({ name: team.name, shortName: team.shortName ?? '', code: team.code ?? '', crestUrl: team.crestUrl ?? '' });
  const [saved, setSaved] = useState(false);
  const [failedCrest, setFailedCrest] = useState<string | null>(null);
  const body = changesOf(team, form);
  const changed = Object.keys(body).length > 0;
  const invalid = invalidFields(update.error);
  const taken = update.error instanceof ApiError && update.error.status === 409;
  const fieldError = (field: keyof typeof form, key: string) => (invalid.has(field) ? t(key) : null);
  const general = update.error && !taken && invalid.size === 0 ? errorText(t, update.error) : null;
  const crest = form.crestUrl.trim();
  const previewable = /^https:\/\/\S+$/.test(crest);

  const edit = (patch: Partial<typeof form>) => {
    setForm((current) => ({ ...current, ...patch }));
    setSaved(false);
    update.reset();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!changed) return;
    try {
      const team = await update.mutateAsync(body);
      setSaved(true);
      onSaved(team);
    } catch {
      // Shown in the form (update.error).
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-4" noValidate aria-labelledby="team-fields">
      <h3 id="team-fields" className="text-base font-semibold text-slate-900">{t('adminTeams.edit.details')}</h3>
      <TextField label={t('adminTeams.edit.name')} value={form.name} maxLength={80} autoComplete="off"
        onChange={(e) => edit({ name: e.target.value })}
        error={taken ? t('adminTeams.edit.errors.nameTaken') : fieldError('name', 'adminTeams.edit.errors.name')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('adminTeams.edit.shortName')} hint={t('adminTeams.edit.shortNameHint')} value={form.shortName} maxLength={40} autoComplete="off"
          onChange={(e) => edit({ shortName: e.target.value })} error={fieldError('shortName', 'adminTeams.edit.errors.shortName')} />
        <TextField label={t('adminTeams.edit.code')} hint={t('adminTeams.edit.codeHint')} value={form.code} maxLength={3} autoComplete="off"
          autoCapitalize="characters" spellCheck={false}
          onChange={(e) => edit({ code: e.target.value.toUpperCase() })} error={fieldError('code', 'adminTeams.edit.errors.code')} />
      </div>
      <div className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-3">
        <TextField label={t('adminTeams.edit.crest')} hint={t('adminTeams.edit.crestHint')} type="url" inputMode="url" value={form.crestUrl}
          autoComplete="off" spellCheck={false} onChange={(e) => edit({ crestUrl: e.target.value })}
          error={fieldError('crestUrl', 'adminTeams.edit.errors.crest')} />
        <figure className="mt-6 flex w-16 flex-col items-center gap-1 text-center">
          <span className="flex h-14 w-14 items-center justify-center rounded-lg bg-slate-50 ring-1 ring-inset ring-slate-200">
            <TeamCrest key={crest} url={previewable ? crest : null} name={form.name || team.name} code={form.code || null} size="h-10 w-10"
              onFail={() => setFailedCrest(crest)} />
          </span>
          <figcaption className="text-[0.7rem] leading-tight text-slate-600">{t('adminTeams.edit.preview')}</figcaption>
        </figure>
      </div>
      {previewable && failedCrest === crest ? <p className="text-xs text-amber-900">{t('adminTeams.edit.previewFailed')}</p> : null}
      {general ? <Alert>{general}</Alert> : null}
      <div className="flex flex-wrap items-center justify-end gap-3">
        <p role="status" className="text-sm text-emerald-800">{saved ? t('adminTeams.edit.saved') : ''}</p>
        <Button type="submit" disabled={!changed || update.isPending}>
          {update.isPending ? <><InlineSpinner />{t('adminTeams.edit.saving')}</> : t('adminTeams.edit.save')}
        </Button>
      </div>
    </form>
  );
}
