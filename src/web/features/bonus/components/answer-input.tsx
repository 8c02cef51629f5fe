/**
 * The input of a bonus answer (or, for an admin deciding a question, of its solution): a team from a list,
 * several teams as checkboxes (a count of how many are chosen), a whole number, or one of the options as
 * radio buttons. Controlled: `value` is the answer so far, `onChange` gets the next one (null when empty).
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { BonusAnswerBody, BonusQuestion } from '../../../../contracts/bonus';

const control = 'mt-1 block w-full rounded-lg border-0 bg-white px-3 py-2.5 text-base text-slate-900 ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-inset focus:ring-emerald-600 disabled:bg-slate-50';

/**
 * An answer's input for `question`.
 * @param picks how many teams a several-teams input takes (null: any number, as when deciding).
 */
export function AnswerInput({ question, teams, value, onChange, picks, label, disabled = false }: {
  question: Pick<BonusQuestion, 'answer' | 'options'>; teams: readonly string[]; value: BonusAnswerBody | null;
  onChange: (next: BonusAnswerBody | null) => void; picks: number | null; label: string; disabled?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  switch (question.answer) {
    case 'team':
      return (
        <div>
          <label htmlFor={id} className="sr-only">{label}</label>
          <select id={id} className={control} disabled={disabled} value={value?.kind === 'team' ? value.team : ''}
            onChange={(e) => onChange(e.target.value ? { kind: 'team', team: e.target.value } : null)}>
            <option value="">{t('bonus.chooseTeam')}</option>
            {teams.map((team) => <option key={team} value={team}>{team}</option>)}
          </select>
        </div>
      );
    case 'teams': {
      const chosen = value?.kind === 'teams' ? value.teams : [];
      const full = picks !== null && chosen.length >= picks;
      const toggle = (team: string, on: boolean) => {
        const next = on ? [...chosen, team] : chosen.filter((other) => other !== team);
        onChange(next.length > 0 ? { kind: 'teams', teams: next } : null);
      };
      return (
        <fieldset disabled={disabled}>
          <legend className="sr-only">{label}</legend>
          <p className="text-xs text-slate-600" aria-live="polite">
            {picks !== null ? t('bonus.chosenOf', { count: chosen.length, picks }) : t('bonus.chosen', { count: chosen.length })}
          </p>
          <div className="mt-1 grid max-h-64 grid-cols-1 gap-1 overflow-y-auto rounded-lg p-1 ring-1 ring-inset ring-slate-200 sm:grid-cols-2">
            {teams.map((team) => {
              const on = chosen.includes(team);
              return (
                <label key={team} className={`flex min-h-11 items-center gap-2 rounded-md px-2 text-sm ${on ? 'bg-emerald-50 font-medium text-emerald-900' : 'text-slate-800'} ${!on && full ? 'opacity-50' : ''}`}>
                  <input type="checkbox" className="h-4 w-4 accent-emerald-700" checked={on} disabled={!on && full} onChange={(e) => toggle(team, e.target.checked)} />
                  <span className="min-w-0 [overflow-wrap:anywhere]">{team}</span>
                </label>
              );
            })}
          </div>
        </fieldset>
      );
    }
    case 'number':
      return (
        <div>
          <label htmlFor={id} className="sr-only">{label}</label>
          <input id={id} type="number" inputMode="numeric" min={0} max={100_000} step={1} className={`${control} max-w-40`} disabled={disabled}
            value={value?.kind === 'number' ? value.value : ''}
            onChange={(e) => onChange(e.target.value === '' ? null : { kind: 'number', value: Math.max(0, Math.trunc(Number(e.target.value))) })} />
        </div>
      );
    case 'choice':
      return (
        <fieldset disabled={disabled} className="space-y-1">
          <legend className="sr-only">{label}</legend>
          {(question.options ?? []).map((option) => {
            const on = value?.kind === 'choice' && value.option === option;
            return (
              <label key={option} className={`flex min-h-11 items-center gap-2 rounded-md px-2 text-sm ring-1 ring-inset ${on ? 'bg-emerald-50 font-medium text-emerald-900 ring-emerald-300' : 'text-slate-800 ring-slate-200'}`}>
                <input type="radio" name={id} className="h-4 w-4 accent-emerald-700" checked={on} onChange={() => onChange({ kind: 'choice', option })} />
                <span className="min-w-0 [overflow-wrap:anywhere]">{option}</span>
              </label>
            );
          })}
        </fieldset>
      );
  }
}

/** An answer (or a solution) as text: the team, the teams, the number or the option. */
export function answerText(answer: BonusAnswerBody | { kind: 'teams'; teams: readonly string[] }): string {
  switch (answer.kind) {
    case 'team': return answer.team;
    case 'teams': return answer.teams.join(', ');
    case 'number': return String(answer.value);
    case 'choice': return answer.option;
  }
}
