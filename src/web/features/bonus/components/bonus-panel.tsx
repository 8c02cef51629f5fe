/**
 * The Bonus tab: the group's bonus questions, each with its points and close; while open, my answer (saved
 * per question); once closed, everyone's answers, and once decided, what was right and the points. The owner
 * and admins add a preset set or a question of their own, change an open question's points, delete
 * questions and decide the ones the league's results cannot.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { BonusAnswerBody, BonusQuestion, BonusResponse } from '../../../../contracts/bonus';
import { formatKickoff } from '../../../lib/format';
import { Alert, Spinner } from '../../../components/ui/card';
import { Button } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useAnswerBonus, useBonus, useChangeBonusPoints, useDeleteBonusQuestion, useResolveBonus } from '../api/bonus';
import { AnswerInput, answerText } from './answer-input';
import { AddBonusQuestions } from './add-bonus-questions';
import { bonusErrorText, questionTitle } from './bonus-text';

/** How a question scores: "15 points", "5 points per right team", "10 points exact, 5 within ±5". */
function pointsText(question: BonusQuestion, t: TFunction): string {
  if (question.answer === 'teams') return t('bonus.pointsPerTeam', { count: question.points });
  if (question.answer === 'number' && question.nearPoints !== null && question.nearWithin !== null) {
    return t('bonus.pointsNear', { count: question.points, near: question.nearPoints, within: question.nearWithin });
  }
  return t('bonus.points', { count: question.points });
}

/** The Bonus tab of group `groupId`; `active`: the group takes answers and changes. */
export function BonusPanel({ groupId, active }: { groupId: string; active: boolean }) {
  const { t } = useTranslation();
  const bonus = useBonus(groupId);
  if (bonus.isPending) return <Spinner label={t('app.loading')} />;
  if (bonus.isError) return <LoadError label={t('bonus.loadError')} error={bonus.error} onRetry={() => void bonus.refetch()} />;
  const data = bonus.data;
  return (
    <div className="space-y-4">
      <section className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3">
          <h2 className="text-lg font-semibold text-slate-900">{t('bonus.title')}</h2>
          {data.questions.length > 0 ? <p className="text-sm font-medium text-slate-700">{t('bonus.myPoints', { count: data.points })}</p> : null}
        </div>
        <p className="mt-1 text-sm text-slate-600">{t(data.questions.length > 0 ? 'bonus.intro' : data.canManage ? 'bonus.emptyAdmin' : 'bonus.empty')}</p>
      </section>
      {data.questions.map((question) => <QuestionCard key={question.id} groupId={groupId} question={question} data={data} active={active} />)}
      {data.canManage && active ? <AddBonusQuestions groupId={groupId} hasQuestions={data.questions.length > 0} /> : null}
    </div>
  );
}

function QuestionCard({ groupId, question, data, active }: { groupId: string; question: BonusQuestion; data: BonusResponse; active: boolean }) {
  const { t, i18n } = useTranslation();
  const title = questionTitle(question, t);
  return (
    <article className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200" aria-label={title} data-testid="bonus-question">
      <h3 className="font-semibold text-slate-900 [overflow-wrap:anywhere]">{title}</h3>
      <p className="mt-0.5 text-xs text-slate-600">
        {pointsText(question, t)} · {t(question.closed ? 'bonus.closedAt' : 'bonus.closesAt', { time: formatKickoff(question.closesAt, i18n.language) })}
      </p>
      {question.closed || !active ? <ClosedQuestion question={question} /> : <OpenAnswer groupId={groupId} question={question} teams={data.teams} />}
      {/* Open: points and delete; closed: deciding it, unless the results did. */}
      {data.canManage && active && (!question.closed || question.resolution !== 'data') ? <ManageQuestion groupId={groupId} question={question} teams={data.teams} /> : null}
    </article>
  );
}

/** My answer to an open question, saved with its button; the saved one shown. */
function OpenAnswer({ groupId, question, teams }: { groupId: string; question: BonusQuestion; teams: readonly string[] }) {
  const { t } = useTranslation();
  const save = useAnswerBonus(groupId);
  const [draft, setDraft] = useState<BonusAnswerBody | null>(question.mine?.answer ?? null);
  const [error, setError] = useState<string | null>(null);
  const picks = question.answer === 'teams' ? question.picks : null;
  const complete = draft !== null && (draft.kind !== 'teams' || picks === null || draft.teams.length === picks);
  const unchanged = question.mine !== null && JSON.stringify(question.mine.answer) === JSON.stringify(draft);
  const submit = async () => {
    if (!draft) return;
    setError(null);
    try {
      await save.mutateAsync({ questionId: question.id, answer: draft });
    } catch (e) {
      setError(bonusErrorText(e, t));
    }
  };
  return (
    <form className="mt-3 space-y-2" onSubmit={(e) => { e.preventDefault(); void submit(); }}>
      <AnswerInput question={question} teams={teams} value={draft} onChange={(next) => { setDraft(next); setError(null); }} picks={picks} label={t('bonus.yourAnswer')} />
      <div className="flex min-h-11 flex-wrap items-center gap-2">
        {/* Saved and unchanged: a mark, no button; changed or new: the button. */}
        {unchanged ? <span className="text-sm font-medium text-emerald-800" role="status">✓ {t('bonus.saved')}</span>
          : <Button type="submit" disabled={!complete || save.isPending}>{t(question.mine ? 'bonus.change' : 'bonus.save')}</Button>}
        <span className="text-sm text-slate-600">{t('bonus.hiddenUntilClose')}</span>
      </div>
      {error ? <Alert>{error}</Alert> : null}
    </form>
  );
}

/** A closed question: what was right (once decided), my answer and points, everyone's answers. */
function ClosedQuestion({ question }: { question: BonusQuestion }) {
  const { t } = useTranslation();
  return (
    <div className="mt-3 space-y-2 text-sm">
      {question.solution ? (
        <p className="rounded-lg bg-emerald-50 px-3 py-2 text-emerald-950">
          <span className="font-semibold">{t('bonus.right')}</span> {answerText(question.solution)}
          <span className="block text-xs text-emerald-900">{t(question.resolution === 'data' ? 'bonus.decidedByResults' : 'bonus.decidedByAdmin')}</span>
        </p>
      ) : <p className="text-slate-600">{t('bonus.undecided')}</p>}
      <p className="text-slate-800">
        <span className="font-medium">{t('bonus.yourAnswer')}:</span> {question.mine ? answerText(question.mine.answer) : t('bonus.noAnswer')}
        {question.mine?.points != null ? <span className="ml-2 font-bold tabular-nums">{question.mine.points > 0 ? '+' : ''}{t('bonus.earned', { count: question.mine.points })}</span> : null}
      </p>
      {question.answers && question.answers.length > 0 ? (
        <details className="rounded-lg ring-1 ring-slate-200">
          <summary className="min-h-11 cursor-pointer px-3 py-2.5 font-medium text-slate-800">{t('bonus.everyone', { count: question.answers.length })}</summary>
          <ul className="divide-y divide-slate-100 border-t border-slate-100">
            {question.answers.map((answer) => (
              <li key={answer.userId} className="flex items-start justify-between gap-3 px-3 py-2">
                <span className="min-w-0">
                  <span className="font-medium text-slate-900">{answer.username}</span>
                  <span className="block text-slate-700 [overflow-wrap:anywhere]">{answerText(answer.answer)}</span>
                </span>
                {answer.points !== null ? <span className="shrink-0 font-bold tabular-nums text-slate-900">{answer.points}</span> : null}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}

/** The owner's and admins' actions on a question: change its points or delete it while open, decide it once closed. */
function ManageQuestion({ groupId, question, teams }: { groupId: string; question: BonusQuestion; teams: readonly string[] }) {
  const { t } = useTranslation();
  const changePoints = useChangeBonusPoints(groupId);
  const remove = useDeleteBonusQuestion(groupId);
  const resolve = useResolveBonus(groupId);
  const [points, setPoints] = useState(String(question.points));
  const [solution, setSolution] = useState<BonusAnswerBody | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async (action: () => Promise<unknown>) => {
    setError(null);
    try {
      await action();
    } catch (e) {
      setError(bonusErrorText(e, t));
    }
  };
  const decidable = question.closed && question.resolution !== 'data';
  // A solution names teams for team answers (several when teams are level), else the answer's own kind.
  const solutionBody = solution?.kind === 'team' ? { kind: 'teams' as const, teams: [solution.team] } : solution;
  return (
    <details className="mt-3 rounded-lg bg-slate-50 ring-1 ring-slate-200">
      <summary className="min-h-11 cursor-pointer px-3 py-2.5 text-sm font-medium text-slate-700">{t('bonus.manage')}</summary>
      <div className="space-y-3 border-t border-slate-200 p-3">
        {!question.closed ? (
          <form className="flex flex-wrap items-end gap-2" onSubmit={(e) => { e.preventDefault(); void run(() => changePoints.mutateAsync({ questionId: question.id, points: Number(points) })); }}>
            <label className="text-sm text-slate-700">
              {t('bonus.pointsLabel')}
              <input type="number" inputMode="numeric" min={0} max={100} value={points} onChange={(e) => setPoints(e.target.value)}
                className="mt-1 block w-24 rounded-lg border-0 bg-white px-3 py-2 text-base ring-1 ring-inset ring-slate-300" />
            </label>
            <Button type="submit" variant="secondary" disabled={changePoints.isPending || points === String(question.points) || points === ''}>{t('bonus.savePoints')}</Button>
          </form>
        ) : null}
        {decidable ? (
          <form className="space-y-2" onSubmit={(e) => { e.preventDefault(); if (solutionBody) void run(() => resolve.mutateAsync({ questionId: question.id, solution: solutionBody })); }}>
            <p className="text-sm font-medium text-slate-800">{t(question.solution ? 'bonus.decideAgain' : 'bonus.decide')}</p>
            <AnswerInput question={question} teams={teams} value={solution} onChange={setSolution} picks={null} label={t('bonus.decide')} />
            <Button type="submit" disabled={!solution || resolve.isPending}>{t('bonus.decideButton')}</Button>
          </form>
        ) : null}
        {!question.closed ? <ConfirmDialog danger
          trigger={<Button variant="ghost" className="text-red-700">{t('bonus.delete')}</Button>}
          texts={{ title: t('bonus.delete'), body: t('bonus.deleteConfirm'), confirm: t('bonus.delete'), working: t('bonus.working'), cancel: t('bonus.cancel') }}
          onConfirm={() => remove.mutateAsync(question.id)} errorOf={(e) => bonusErrorText(e, t)} /> : null}
        {error ? <Alert>{error}</Alert> : null}
      </div>
    </details>
  );
}
