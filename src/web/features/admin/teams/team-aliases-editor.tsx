/**
 * A team's other names in its edit dialog, and what they are for: data providers write some teams
 * differently ('USA' for 'United States'), and every name listed here meets this same team when fixtures
 * are imported. Each name is a chip with a remove button; "Add another name" adds one. Both apply at once.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminTeam } from '../../../../contracts/admin';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { InlineSpinner } from '../../../components/ui/inline-spinner';
import { errorText } from '../../../lib/error-text';
import { useAddAlias, useRemoveAlias } from './teams-api';

/** The other names of `team`; `onChange` gets the team after each addition or removal. */
export function TeamAliasesEditor({ team, onChange }: { team: AdminTeam; onChange: (team: AdminTeam) => void }) {
  const { t } = useTranslation();
  const add = useAddAlias(team.id);
  const remove = useRemoveAlias(team.id);
  const [alias, setAlias] = useState('');
  const [news, setNews] = useState('');
  const [removeError, setRemoveError] = useState<string | null>(null);
  const [tooShort, setTooShort] = useState(false);
  const addError = add.error instanceof ApiError && add.error.status === 409 ? t('adminTeams.aliases.errors.taken')
    : add.error instanceof ApiError && add.error.id === 'validation_failed' ? t('adminTeams.aliases.errors.length')
      : add.error ? errorText(t, add.error) : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const name = alias.trim();
    if (name.length < 2) {
      add.reset();
      setNews('');
      // The server would refuse it; say so without asking.
      setTooShort(true);
      return;
    }
    try {
      const changed = await add.mutateAsync(name);
      onChange(changed);
      setAlias('');
      setNews(t('adminTeams.aliases.added', { alias: name }));
    } catch {
      setNews('');
    }
  };
  const drop = async (name: string) => {
    setRemoveError(null);
    try {
      const changed = await remove.mutateAsync(name);
      onChange(changed);
      setNews(t('adminTeams.aliases.removed', { alias: name }));
    } catch (error) {
      setRemoveError(errorText(t, error));
    }
  };

  return (
    <section aria-labelledby="team-aliases" className="space-y-3">
      <h3 id="team-aliases" className="text-base font-semibold text-slate-900">{t('adminTeams.aliases.title')}</h3>
      <p className="text-sm text-slate-600">{t('adminTeams.aliases.help')}</p>
      {team.aliases.length === 0 ? <p className="text-sm text-slate-600">{t('adminTeams.aliases.none')}</p> : (
        <ul className="flex flex-wrap gap-2" aria-label={t('adminTeams.aliases.title')}>
          {team.aliases.map((name) => (
            <li key={name} className="inline-flex max-w-full items-center gap-1 rounded-full bg-slate-100 py-1 pl-3 pr-1 text-sm text-slate-800 ring-1 ring-inset ring-slate-200">
              <span className="min-w-0 [overflow-wrap:anywhere]">{name}</span>
              <button type="button" onClick={() => void drop(name)} disabled={remove.isPending}
                aria-label={t('adminTeams.aliases.remove', { alias: name })}
                className="inline-flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-base leading-none text-slate-600 hover:bg-slate-200 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-emerald-600 disabled:opacity-50">
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {removeError ? <p className="text-sm text-red-700">{removeError}</p> : null}
      <form onSubmit={(event) => void submit(event)} noValidate className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-2">
        <TextField label={t('adminTeams.aliases.add')} hint={t('adminTeams.aliases.addHint')} value={alias} maxLength={80} autoComplete="off" spellCheck={false}
          onChange={(e) => { setAlias(e.target.value); add.reset(); setTooShort(false); }}
          error={tooShort ? t('adminTeams.aliases.errors.length') : addError} />
        <Button type="submit" variant="secondary" className="mt-6" disabled={add.isPending}>
          {add.isPending ? <InlineSpinner /> : null}
          {t('adminTeams.aliases.addButton')}
        </Button>
      </form>
      <p role="status" className="text-sm text-emerald-800">{news}</p>
    </section>
  );
}
