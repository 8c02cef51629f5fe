/**
 * Adding bonus questions (owner and admins): a preset set in one tap — a tournament's (champion 15,
 * runner-up 10, each semi-finalist 5, top-scoring team 8, total goals 10 exact / 5 within ±5) or a league
 * season's (champion 15, each relegated team 5, top-scoring team 8) — or a question of one's own (a team,
 * several teams, a number or a choice among options), decided by the admin. Each closes at the league's
 * first close unless another instant is chosen.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BonusQuestionRequest } from '../../../../contracts/bonus';
import { Alert } from '../../../components/ui/card';
import { Button } from '../../../components/ui/button';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { useAddBonusPresets, useAddBonusQuestion } from '../api/bonus';
import { bonusErrorText } from './bonus-text';

type Kind = BonusQuestionRequest['answer'];

/** The instant of a datetime-local value (the device's zone), as ISO 8601; undefined when empty. */
function instantOf(local: string): string | undefined {
  return local ? new Date(local).toISOString() : undefined;
}

/** The add section; `hasQuestions` folds it behind a summary once the group has some. */
export function AddBonusQuestions({ groupId, hasQuestions }: { groupId: string; hasQuestions: boolean }) {
  const { t } = useTranslation();
  const presets = useAddBonusPresets(groupId);
  const add = useAddBonusQuestion(groupId);
  const [closesAt, setClosesAt] = useState('');
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [text, setText] = useState('');
  const [kind, setKind] = useState<Kind>('team');
  const [points, setPoints] = useState('5');
  const [picks, setPicks] = useState('2');
  const [options, setOptions] = useState('');

  const run = async (action: () => Promise<unknown>, done: string) => {
    setMessage(null);
    try {
      await action();
      setMessage({ tone: 'success', text: done });
      return true;
    } catch (error) {
      setMessage({ tone: 'error', text: bonusErrorText(error, t) });
      return false;
    }
  };
  const addOwn = async () => {
    const body: BonusQuestionRequest = {
      text: text.trim(), answer: kind, subject: { kind: 'admin' }, points: Number(points), closesAt: instantOf(closesAt),
      ...(kind === 'teams' ? { picks: Number(picks) } : {}),
      ...(kind === 'choice' ? { options: options.split('\n').map((o) => o.trim()).filter(Boolean) } : {}),
    };
    if (await run(() => add.mutateAsync(body), t('bonus.added'))) {
      setText('');
      setOptions('');
    }
  };

  const content = (
    <div className="space-y-4">
      <TextField type="datetime-local" label={t('bonus.closeLabel')} hint={t('bonus.closeHint')} value={closesAt} onChange={(e) => setClosesAt(e.target.value)} />
      <div>
        <h3 className="text-sm font-semibold text-slate-900">{t('bonus.presetSets')}</h3>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {(['tournament', 'league'] as const).map((set) => (
            <Button key={set} variant="secondary" className="h-auto flex-col items-start text-left" disabled={presets.isPending}
              onClick={() => void run(() => presets.mutateAsync({ set, closesAt: instantOf(closesAt) }), t('bonus.added'))}>
              <span>{t(`bonus.sets.${set}.title`)}</span>
              <span className="text-xs font-normal text-slate-600">{t(`bonus.sets.${set}.body`)}</span>
            </Button>
          ))}
        </div>
      </div>
      <form className="space-y-3 border-t border-slate-100 pt-4" onSubmit={(e) => { e.preventDefault(); void addOwn(); }}>
        <h3 className="text-sm font-semibold text-slate-900">{t('bonus.ownQuestion')}</h3>
        <TextField label={t('bonus.questionText')} placeholder={t('bonus.questionPlaceholder')} value={text} maxLength={200} onChange={(e) => setText(e.target.value)} />
        <div className="grid grid-cols-2 gap-3">
          <SelectField label={t('bonus.kindLabel')} value={kind} onChange={(e) => setKind(e.target.value as Kind)}>
            {(['team', 'teams', 'number', 'choice'] as const).map((each) => <option key={each} value={each}>{t(`bonus.kinds.${each}`)}</option>)}
          </SelectField>
          <TextField type="number" inputMode="numeric" min={0} max={100} label={t('bonus.pointsLabel')} value={points} onChange={(e) => setPoints(e.target.value)} />
        </div>
        {kind === 'teams' ? (
          <TextField type="number" inputMode="numeric" min={1} max={20} label={t('bonus.picksLabel')} value={picks} onChange={(e) => setPicks(e.target.value)} />
        ) : null}
        {kind === 'choice' ? (
          <TextAreaField label={t('bonus.optionsLabel')} hint={t('bonus.optionsHint')} rows={4} value={options} onChange={(e) => setOptions(e.target.value)} />
        ) : null}
        <p className="text-xs text-slate-600">{t('bonus.ownDecided')}</p>
        <Button type="submit" disabled={add.isPending || text.trim().length < 3 || points === ''}>{t('bonus.add')}</Button>
      </form>
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
    </div>
  );
  return (
    <section className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      {hasQuestions ? (
        <details>
          <summary className="min-h-11 cursor-pointer py-2 text-base font-semibold text-slate-900">{t('bonus.addMore')}</summary>
          <div className="pt-3">{content}</div>
        </details>
      ) : (
        <>
          <h2 className="mb-3 text-base font-semibold text-slate-900">{t('bonus.addTitle')}</h2>
          {content}
        </>
      )}
    </section>
  );
}
