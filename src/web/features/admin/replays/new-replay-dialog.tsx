/**
 * "Replay a tournament": a dialog (Radix: focus trapped, Escape closes) that creates a replay — a new
 * league whose matches are a real tournament's, kicking off, scoring and ending by themselves on a faster
 * clock (decision 018). The source is the shipped World Cup 2022 (default), an openfootball address or a
 * .json file read here and sent as a document; then the time zone of a file's times, the speed (what it
 * means in real time is worked out under it), the first kickoff (20 minutes ahead by default: predictions
 * close 15 minutes before each kickoff) and an optional league name. The contract's schema checks the
 * values first; the server's refusals show on their field, or by their translated id above the buttons.
 */
import { useState, type ChangeEvent, type FormEvent } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/field';
import { InlineSpinner } from '../../../components/ui/inline-spinner';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { TimeZoneField } from '../components/time-zone-field';
import { useNow } from '../hooks/use-now';
import { formatDateTime } from '../lib/format-time';
import { invalidFields } from '../lib/field-errors';
import { toLocalInput } from '../fixtures/kickoff-input';
import { useCreateReplay } from './replays-api';
import {
  initialReplayForm, MAX_UPLOAD_BYTES, replayBody, replayFieldOf, startsTooSoon, type ReplayField, type ReplayForm, type ReplayUpload,
} from './replay-form';
import { ReplayFileField } from './replay-file-field';
import { ReplaySourceChoice } from './replay-source-choice';
import { formatSpan, replayTimes } from './replay-speed';
import { REPLAY_MAX_SPEED, REPLAY_MIN_SPEED } from '../../../../domain/replay';

/** The "Replay a tournament" button and its dialog. */
export function NewReplayDialog() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const create = useCreateReplay();
  const now = useNow();
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState<ReplayForm>(() => initialReplayForm(Date.now()));
  const [upload, setUpload] = useState<ReplayUpload | null>(null);
  const [fileProblem, setFileProblem] = useState<'fileJson' | 'fileSize' | null>(null);
  const [refused, setRefused] = useState<Set<ReplayField>>(new Set());

  // The server's refusals of a field (validation_failed names them), besides the schema's here.
  const serverFields = new Set([...invalidFields(create.error)].map((field) => replayFieldOf([field], form.kind)).filter((field) => field !== null));
  const fieldError = (field: ReplayField) => (refused.has(field) || serverFields.has(field) ? t(`adminReplay.form.errors.${field}`) : null);
  const general = create.error && serverFields.size === 0
    ? `${errorText(t, create.error)}${create.error instanceof ApiError && ['replay_source', 'validation_failed'].includes(create.error.id) ? ` (${create.error.message})` : ''}`
    : null;

  const speed = Number(form.speed);
  const speedOk = form.speed.trim() !== '' && speed >= REPLAY_MIN_SPEED && speed <= REPLAY_MAX_SPEED;
  const times = speedOk ? replayTimes(speed) : null;
  const span = (ms: number) => formatSpan(ms, i18n.language);

  const edit = (patch: Partial<ReplayForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    // A field typed again is no longer marked; another source starts its fields afresh.
    setRefused((current) => ('kind' in patch ? new Set() : new Set([...current].filter((field) => !(field in patch)))));
    if (create.error) create.reset();
  };
  const reset = () => {
    setForm(initialReplayForm(Date.now()));
    setUpload(null);
    setFileProblem(null);
    setRefused(new Set());
    create.reset();
  };
  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setUpload(null);
    setFileProblem(null);
    setRefused((current) => new Set([...current].filter((field) => field !== 'file')));
    if (!file) return;
    if (file.size > MAX_UPLOAD_BYTES) {
      setFileProblem('fileSize');
      return;
    }
    try {
      setUpload({ name: file.name, document: JSON.parse(await file.text()) as unknown });
    } catch {
      setFileProblem('fileJson');
    }
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (form.kind === 'document' && fileProblem) return;
    // The contract's schema (zod) comes with the first submit, not with the screen.
    const { createReplayRequest } = await import('../../../../contracts/replay');
    const parsed = createReplayRequest.safeParse(replayBody(form, upload));
    if (!parsed.success) {
      setRefused(new Set(parsed.error.issues.map((issue) => replayFieldOf(issue.path, form.kind)).filter((field) => field !== null)));
      return;
    }
    setRefused(new Set());
    try {
      const replay = await create.mutateAsync(parsed.data);
      toast(t('adminReplay.form.created', { when: formatDateTime(replay.startsAt, i18n.language) }));
      setOpen(false);
      reset();
    } catch {
      // Shown in the form (create.error).
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={(next) => { setOpen(next); if (next) reset(); }}>
      <Dialog.Trigger asChild>
        <Button variant="secondary">
          <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
            <path d="M2.5 8a5.5 5.5 0 1 0 1.6-3.9" /><path d="M2.5 2.5v3h3" />
          </svg>
          {t('adminReplay.form.open')}
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/60" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-5 shadow-xl focus:outline-none">
          <form onSubmit={(event) => void submit(event)} className="space-y-4" noValidate>
            <div className="space-y-1">
              <Dialog.Title className="text-lg font-semibold text-slate-900">{t('adminReplay.form.title')}</Dialog.Title>
              <Dialog.Description className="text-sm text-slate-600">{t('adminReplay.form.description')}</Dialog.Description>
            </div>
            <ReplaySourceChoice value={form.kind} onChange={(kind) => edit({ kind })} />
            {form.kind === 'url' ? (
              <TextField label={t('adminReplay.form.url')} hint={t('adminReplay.form.urlHint')} value={form.url} type="url" inputMode="url"
                autoComplete="off" spellCheck={false} onChange={(e) => edit({ url: e.target.value })} error={fieldError('url')} />
            ) : null}
            {form.kind === 'document' ? (
              <ReplayFileField label={t('adminReplay.form.file')} hint={upload ? t('adminReplay.form.fileRead', { name: upload.name }) : t('adminReplay.form.fileHint')}
                onFile={(e) => void readFile(e)} error={fileProblem ? t(`adminReplay.form.errors.${fileProblem}`) : fieldError('file')} />
            ) : null}
            {form.kind !== 'bundled' ? (
              <TimeZoneField label={t('adminReplay.form.timeZone')} hint={t('adminReplay.form.timeZoneHint')} value={form.timeZone}
                onChange={(timeZone) => edit({ timeZone })} error={fieldError('timeZone')} />
            ) : null}
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField label={t('adminReplay.form.speed')} type="number" inputMode="numeric" min={REPLAY_MIN_SPEED} max={REPLAY_MAX_SPEED} step={1}
                value={form.speed} onChange={(e) => edit({ speed: e.target.value })} error={fieldError('speed')}
                hint={times
                  ? t('adminReplay.form.speedHint', { speed, match: span(times.match), halfTime: span(times.halfTime), minGap: span(times.minGap), maxGap: span(times.maxGap) })
                  : t('adminReplay.form.speedRange')} />
              <TextField label={t('adminReplay.form.startsAt')} type="datetime-local" min={toLocalInput(new Date(now).toISOString())}
                value={form.startsAt} onChange={(e) => edit({ startsAt: e.target.value })} error={fieldError('startsAt')}
                hint={t('adminReplay.form.startsAtHint')} />
            </div>
            {startsTooSoon(form.startsAt, now) && !fieldError('startsAt') ? (
              <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-inset ring-amber-200">{t('adminReplay.form.startsSoon')}</p>
            ) : null}
            <TextField label={t('adminReplay.form.leagueName')} hint={t('adminReplay.form.leagueNameHint')} value={form.leagueName} maxLength={100}
              autoComplete="off" onChange={(e) => edit({ leagueName: e.target.value })} error={fieldError('leagueName')} />
            {general ? <Alert>{general}</Alert> : null}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Dialog.Close asChild>
                <Button variant="secondary">{t('adminReplay.form.cancel')}</Button>
              </Dialog.Close>
              <Button type="submit" disabled={create.isPending}>
                {create.isPending ? <><InlineSpinner />{t('adminReplay.form.creating')}</> : t('adminReplay.form.submit')}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
