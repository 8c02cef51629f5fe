/**
 * A team's fields in its edit dialog: name, short name, three-letter code and crest address, with a
 * small preview of the crest. Only what changed is sent; an emptied short name, code or crest is
 * cleared. The server checks the fields: each one it refuses is marked with what it expects, and a name
 * that belongs to another team (or is another team's other name) says so. "Upload a crest" sends an
 * image file at once (JPEG, PNG or WebP up to 2 MB, checked here first): the crest address becomes the
 * uploaded image's and the preview shows it.
 */
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminTeam, UpdateTeamRequest } from '../../../../contracts/admin';
import { AVATAR_CONTENT_TYPES } from '../../../../contracts/limits';
import { Button, buttonClass } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { InlineSpinner } from '../../../components/ui/inline-spinner';
import { errorText } from '../../../lib/error-text';
import { invalidFields } from '../lib/field-errors';
import { TeamCrest } from './team-crest';
import { crestFileProblem, useUpdateTeam, useUploadCrest } from './teams-api';

/** Whether `address` is a crest's own uploaded image (/api/teams/<id>/crest?v=…). */
const uploadedCrest = (address: string) => address.startsWith('/api/teams/');

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
  const upload = useUploadCrest(team.id);
  const uploadIds = useId();
  const [form, setForm] = useState({ name: team.name, shortName: team.shortName ?? '', code: team.code ?? '', crestUrl: team.crestUrl ?? '' });
  // What the status line says: the fields saved, or a crest uploaded.
  const [note, setNote] = useState<'saved' | 'uploaded' | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [failedCrest, setFailedCrest] = useState<string | null>(null);
  const body = changesOf(team, form);
  const changed = Object.keys(body).length > 0;
  const invalid = invalidFields(update.error);
  const taken = update.error instanceof ApiError && update.error.status === 409;
  const fieldError = (field: keyof typeof form, key: string) => (invalid.has(field) ? t(key) : null);
  const general = update.error && !taken && invalid.size === 0 ? errorText(t, update.error) : null;
  const crest = form.crestUrl.trim();
  const previewable = /^https:\/\/\S+$/.test(crest) || uploadedCrest(crest);

  const edit = (patch: Partial<typeof form>) => {
    setForm((current) => ({ ...current, ...patch }));
    setNote(null);
    update.reset();
  };
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Choosing the same file again still gives an answer.
    event.target.value = '';
    if (!file) return;
    setNote(null);
    setUploadError(null);
    const problem = crestFileProblem(file);
    if (problem) {
      setUploadError(t(`errors.${problem}`));
      return;
    }
    try {
      const uploaded = await upload.mutateAsync(file);
      setForm((current) => ({ ...current, crestUrl: uploaded.crestUrl ?? '' }));
      setNote('uploaded');
      onSaved(uploaded);
    } catch (caught) {
      setUploadError(errorText(t, caught));
    }
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!changed) return;
    try {
      const team = await update.mutateAsync(body);
      setNote('saved');
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
        <div className="min-w-0 space-y-2">
          <TextField label={t('adminTeams.edit.crest')} hint={uploadedCrest(crest) ? t('adminExtra.crest.uploadedAddress') : t('adminTeams.edit.crestHint')}
            type="url" inputMode="url" value={form.crestUrl}
            autoComplete="off" spellCheck={false} onChange={(e) => edit({ crestUrl: e.target.value })}
            error={fieldError('crestUrl', 'adminTeams.edit.errors.crest')} />
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            {/* The file input is the button's own (a label around it): reached and opened with the keyboard like any button. */}
            <label className={buttonClass('secondary', `cursor-pointer px-3 py-2 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-emerald-600 ${upload.isPending ? 'pointer-events-none opacity-60' : ''}`)}>
              {upload.isPending ? <><InlineSpinner />{t('adminExtra.crest.uploading')}</> : t('adminExtra.crest.upload')}
              <input type="file" accept={AVATAR_CONTENT_TYPES.join(',')} className="sr-only" disabled={upload.isPending}
                aria-describedby={uploadError ? `${uploadIds}-error` : `${uploadIds}-hint`} aria-invalid={uploadError ? true : undefined}
                onChange={(event) => void choose(event)} />
            </label>
            <p id={`${uploadIds}-hint`} className="min-w-0 flex-1 basis-40 text-xs text-slate-500">{t('adminExtra.crest.uploadHint')}</p>
          </div>
          {uploadError ? <p id={`${uploadIds}-error`} className="text-sm text-red-700">{uploadError}</p> : null}
        </div>
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
        <p role="status" className="text-sm text-emerald-800">{note === 'saved' ? t('adminTeams.edit.saved') : note === 'uploaded' ? t('adminExtra.crest.uploaded') : ''}</p>
        <Button type="submit" disabled={!changed || update.isPending}>
          {update.isPending ? <><InlineSpinner />{t('adminTeams.edit.saving')}</> : t('adminTeams.edit.save')}
        </Button>
      </div>
    </form>
  );
}
