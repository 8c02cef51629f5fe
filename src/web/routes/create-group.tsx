/** Create a group on a league. Validated with the same zod schema as the server. */
import { useMemo, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCreateGroup } from '../features/groups/api/groups';
import { useLeagues } from '../features/leagues/api/leagues';
import { competitionsToPlay } from '../features/leagues/competitions';
import { leagueLabel } from '../features/leagues/league-label';
import { ReplayBadge } from '../features/leagues/components/replay-badge';
import { ScoringFields, type ScoringChoice } from '../features/groups/components/scoring-fields';
import { SCORING_PRESETS } from '../../domain/scoring';
import { ColorPicker } from '../features/groups/components/color-picker';
import { JokerFields } from '../features/jokers/components/joker-fields';
import type { JokerSettingsBody } from '../../contracts/scoring-rules';
import { VisibilityField } from '../features/groups/components/visibility-field';
import { ApiError } from '../lib/api-client';
import { Button } from '../components/ui/button';
import { Alert, Card, PageTitle } from '../components/ui/card';
import { SelectField, TextAreaField, TextField } from '../components/ui/field';
import { paths } from '../config/paths';

/** Page /create-group: the create-group form (colour: a palette name or a custom colour white text can be read on), then the new group. */
export function CreateGroupRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const leagues = useLeagues();
  const create = useCreateGroup();
  const [form, setForm] = useState({ name: '', description: '', leagueId: '', visibility: 'private' as 'private' | 'public', color: 'green' as string });
  const [scoring, setScoring] = useState<ScoringChoice>({ preset: 'palpite', points: { ...SCORING_PRESETS.palpite }, knockoutBasis: 'full_time' });
  // Jokers are off unless the creator turns them on (null).
  const [jokers, setJokers] = useState<JokerSettingsBody | null>(null);
  const [invalid, setInvalid] = useState<Set<string>>(new Set());
  const forget = (field: string) => setInvalid((fields) => (fields.has(field) ? new Set([...fields].filter((f) => f !== field)) : fields));
  const competitions = useMemo(() => competitionsToPlay(leagues.data ?? []), [leagues.data]);
  const chosen = leagues.data?.find((league) => league.id === form.leagueId);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The contract's schema (zod) comes with the first submit, not with the page.
    const { createGroupRequest } = await import('../../contracts/groups');
    const parsed = createGroupRequest.safeParse({
      ...form, description: form.description || undefined,
      scoring: { preset: scoring.preset, points: scoring.preset === 'custom' ? scoring.points : undefined, knockoutBasis: scoring.knockoutBasis, ...(jokers ? { jokers } : {}) },
    });
    if (!parsed.success) {
      setInvalid(new Set(parsed.error.issues.map((issue) => String(issue.path[0]))));
      return;
    }
    setInvalid(new Set());
    const group = await create.mutateAsync(parsed.data).catch(() => null);
    if (group) navigate(paths.group(group.id));
  };
  const errorId = create.error instanceof ApiError ? create.error.id : create.error ? 'internal' : null;

  return (
    <Card className="mx-auto max-w-lg">
      <form onSubmit={submit} className="space-y-4" noValidate>
        <PageTitle>{t('groups.newTitle')}</PageTitle>
        {errorId ? <Alert>{t(`errors.${errorId}`)}</Alert> : null}
        <TextField label={t('groups.name')} required maxLength={60} value={form.name}
          onChange={(e) => { setForm({ ...form, name: e.target.value }); forget('name'); }}
          error={invalid.has('name') ? t(form.name.trim() ? 'groups.nameLength' : 'auth.validation.required') : null} />
        <SelectField label={t('groups.league')} required value={form.leagueId}
          onChange={(e) => { setForm({ ...form, leagueId: e.target.value }); forget('leagueId'); }}
          error={invalid.has('leagueId') ? t('groups.selectLeague') : null}
          hint={leagues.data && competitions.length === 0 ? t('groups.noLeagues') : undefined}>
          <option value="">{t('groups.chooseLeague')}</option>
          {competitions.map(([competition, seasons]) => (
            <optgroup key={competition} label={competition}>
              {seasons.map((league) => (
                <option key={league.id} value={league.id}>
                  {leagueLabel(league)}{league.replay ? ` · ${t('replay.badge')}` : ''} — {t('groups.matchesLeft', { count: league.matchesToPlay })}
                </option>
              ))}
            </optgroup>
          ))}
        </SelectField>
        {chosen?.replay ? (
          <p className="-mt-2 flex items-start gap-2 text-xs text-slate-600">
            <ReplayBadge />
            <span>{t('groups.replayHint')}</span>
          </p>
        ) : null}
        <TextAreaField label={t('groups.description')} maxLength={500} value={form.description} onChange={(e) => setForm({ ...form, description: e.target.value })} />
        <VisibilityField value={form.visibility} onChange={(visibility) => setForm({ ...form, visibility })} />
        <ColorPicker value={form.color} onChange={(color) => setForm({ ...form, color })} />
        <details className="rounded-lg p-3 ring-1 ring-slate-200" open={invalid.has('scoring') || undefined}>
          <summary className="cursor-pointer text-sm font-medium text-slate-700">
            {t('groups.scoring')}: <span className="font-normal">{t(`rules.presets.${scoring.preset}`)}{jokers ? ` · ${t('jokers.settings.title')}` : ''}</span>
          </summary>
          <div className="mt-3 space-y-4">
            <p className="text-sm text-slate-600">{t('groups.scoringHelp')}</p>
            <ScoringFields value={scoring} onChange={(next) => { setScoring(next); forget('scoring'); }} />
            <JokerFields value={jokers} onChange={(next) => { setJokers(next); forget('scoring'); }} />
            {invalid.has('scoring') ? <p role="alert" className="text-sm text-red-600">{t('rules.invalid')}</p> : null}
          </div>
        </details>
        <Button type="submit" disabled={create.isPending} className="w-full">{t('groups.create')}</Button>
      </form>
    </Card>
  );
}
