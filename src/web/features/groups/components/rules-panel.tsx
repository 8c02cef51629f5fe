/**
 * The Rules tab: the group's own scoring (points per outcome with an example each, the knockout basis,
 * the 15-minute close), the bonus questions' rules with examples when the group has some, the jokers'
 * with examples in the group's points when it plays with them, and for the
 * owner and admins a form to change the scoring while it may still change.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScoringRules } from '../../../../contracts/scoring-rules';
import { ApiError } from '../../../lib/api-client';
import { LoadError } from '../../../components/ui/load-error';
import { Alert, Spinner } from '../../../components/ui/card';
import { Button } from '../../../components/ui/button';
import { useScoringRules, useUpdateScoringRules } from '../api/scoring-rules';
import { useBonus } from '../../bonus/api/bonus';
import { OUTCOMES, ScoringFields, type ScoringChoice } from './scoring-fields';
import type { JokerSettingsBody } from '../../../../contracts/scoring-rules';
import { JokerRules } from '../../jokers/components/joker-rules';
import { JokerFields } from '../../jokers/components/joker-fields';

/** The rules of a group; `canEdit` for its owner and admins. */
export function RulesPanel({ groupId, canEdit }: { groupId: string; canEdit: boolean }) {
  const { t } = useTranslation();
  const rules = useScoringRules(groupId);
  // The bonus rules show once the group has bonus questions.
  const hasBonus = (useBonus(groupId).data?.questions.length ?? 0) > 0;
  const [editing, setEditing] = useState(false);
  if (rules.isPending) return <Spinner label={t('app.loading')} />;
  if (rules.isError) return <LoadError label={t('groupPage.errorRules')} error={rules.error} onRetry={() => void rules.refetch()} />;
  const r = rules.data;
  return (
    <div className="space-y-4">
      <section className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <h2 className="text-lg font-semibold text-slate-900">{t('rules.title')}</h2>
        <p className="mt-1 text-sm text-slate-600">{t(`rules.presets.${r.preset}`)}</p>
        <dl className="mt-3 divide-y divide-slate-100 text-sm">
          {OUTCOMES.map((outcome) => (
            <div key={outcome} className="flex items-start justify-between gap-3 py-2">
              <dt>
                <span className="font-medium text-slate-900">{t(`rules.outcomes.${outcome}`)}</span>
                <span className="block text-xs text-slate-500">{t(`rules.examples.${outcome}`)}</span>
              </dt>
              <dd className="shrink-0 text-base font-bold tabular-nums text-slate-900">{r[outcome] > 0 ? `+${r[outcome]}` : r[outcome]}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-3 text-sm text-slate-700">{t(`rules.basis.${r.knockoutBasis}`)}</p>
        <p className="mt-2 text-sm text-slate-700">{t('rules.close')}</p>
        <p className="mt-2 text-sm text-slate-700">{t('rules.hidden')}</p>
        <p className="mt-2 text-sm text-slate-700">{t('rules.postponed')}</p>
        <p className="mt-2 text-sm text-slate-700">{t('rules.tieBreak')}</p>
      </section>
      {r.jokers ? <JokerRules rules={r} jokers={r.jokers} /> : null}
      {hasBonus ? (
        <section className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200" aria-labelledby="rules-bonus">
          <h2 id="rules-bonus" className="text-lg font-semibold text-slate-900">{t('rules.bonus.title')}</h2>
          <p className="mt-1 text-sm text-slate-700">{t('rules.bonus.body')}</p>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
            {(['champion', 'semis', 'goals', 'more'] as const).map((key) => <li key={key}>{t(`rules.bonus.${key}`)}</li>)}
          </ul>
        </section>
      ) : null}
      {canEdit ? (
        r.editable ? (
          editing ? <RulesForm groupId={groupId} rules={r} onDone={() => setEditing(false)} /> : <Button variant="secondary" onClick={() => setEditing(true)}>{t('rules.change')}</Button>
        ) : <p className="text-sm text-slate-500">{t('rules.locked')}</p>
      ) : null}
    </div>
  );
}

function RulesForm({ groupId, rules, onDone }: { groupId: string; rules: ScoringRules; onDone: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateScoringRules(groupId);
  const [choice, setChoice] = useState<ScoringChoice>({
    preset: rules.preset,
    points: { exact: rules.exact, goalDifference: rules.goalDifference, winner: rules.winner, opposite: rules.opposite },
    knockoutBasis: rules.knockoutBasis,
  });
  const [jokers, setJokers] = useState<JokerSettingsBody | null>(rules.jokers ?? null);
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    setError(null);
    try {
      await update.mutateAsync({ preset: choice.preset, points: choice.preset === 'custom' ? choice.points : undefined, knockoutBasis: choice.knockoutBasis, jokers });
      onDone();
    } catch (e) {
      setError(e instanceof ApiError ? (e.id === 'validation_failed' ? t('rules.invalid') : t(`errors.${e.id}`)) : t('errors.internal'));
    }
  };
  return (
    <form className="space-y-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200" onSubmit={(e) => { e.preventDefault(); void submit(); }}>
      <ScoringFields value={choice} onChange={setChoice} />
      <JokerFields value={jokers} onChange={setJokers} />
      {error ? <Alert>{error}</Alert> : null}
      <div className="flex gap-2">
        <Button type="submit" disabled={update.isPending}>{t('rules.save')}</Button>
        <Button variant="ghost" onClick={onDone}>{t('rules.cancel')}</Button>
      </div>
    </form>
  );
}
