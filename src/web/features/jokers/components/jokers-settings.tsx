/**
 * The Settings tab's Jokers section (owner and admins): turn jokers on or off, what one does and how
 * many, saved on their own with the rest of the scoring rules as they are (PUT /api/groups/:groupId/scoring
 * takes the whole rules). Once the group's first predictions have closed it only says what they are.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScoringRules } from '../../../../contracts/scoring-rules';
import { errorText } from '../../../lib/error-text';
import { Alert } from '../../../components/ui/card';
import { Button } from '../../../components/ui/button';
import { useScoringRules, useUpdateScoringRules } from '../../groups/api/scoring-rules';
import { JokerFields, jokerSettingsText } from './joker-fields';

/** The section's body, once the group's rules have loaded (`rules`). */
function JokersForm({ groupId, rules }: { groupId: string; rules: ScoringRules }) {
  const { t } = useTranslation();
  const update = useUpdateScoringRules(groupId);
  const [value, setValue] = useState(rules.jokers ?? null);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    try {
      await update.mutateAsync({
        preset: rules.preset,
        points: rules.preset === 'custom' ? { exact: rules.exact, goalDifference: rules.goalDifference, winner: rules.winner, opposite: rules.opposite } : undefined,
        knockoutBasis: rules.knockoutBasis,
        jokers: value,
      });
      setMessage({ tone: 'success', text: t('jokers.settings.saved') });
    } catch (error) {
      setMessage({ tone: 'error', text: errorText(t, error) });
    }
  };
  const unchanged = JSON.stringify(value) === JSON.stringify(rules.jokers ?? null);
  return (
    <form className="space-y-3" onSubmit={(e) => void save(e)}>
      <JokerFields legendHidden value={value} onChange={(next) => { setValue(next); setMessage(null); }} />
      <p className="text-xs text-slate-500">{t('jokers.settings.help')}</p>
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      <Button type="submit" disabled={update.isPending || unchanged}>{t('jokers.settings.save')}</Button>
    </form>
  );
}

/** The Jokers section of a group's settings. */
export function JokersSettings({ groupId }: { groupId: string }) {
  const { t } = useTranslation();
  const rules = useScoringRules(groupId);
  if (rules.isPending) return <p className="text-sm text-slate-500">{t('app.loading')}</p>;
  if (rules.isError) return <Alert>{errorText(t, rules.error)}</Alert>;
  if (!rules.data.editable) {
    return (
      <>
        <p className="text-sm text-slate-800">{jokerSettingsText(t, rules.data.jokers ?? null)}</p>
        <p className="text-xs text-slate-500">{t('jokers.settings.locked')}</p>
      </>
    );
  }
  return <JokersForm groupId={groupId} rules={rules.data} />;
}
