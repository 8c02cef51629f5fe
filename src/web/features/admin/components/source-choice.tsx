/** The data source of a new league, as three radio cards: Manual, football-data.org, openfootball. */
import { useTranslation } from 'react-i18next';
import type { LeagueSource } from '../../../../contracts/admin';

const SOURCES: LeagueSource[] = ['manual', 'football-data', 'openfootball'];

/** The radio group; `value` is the chosen source. */
export function SourceChoice({ value, onChange }: { value: LeagueSource; onChange: (source: LeagueSource) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-700">{t('admin.create.source')}</legend>
      <div className="mt-2 grid gap-2">
        {SOURCES.map((source) => (
          <label key={source} className="flex cursor-pointer items-start gap-3 rounded-lg p-3 ring-1 ring-slate-200 has-[:checked]:bg-emerald-50 has-[:checked]:ring-2 has-[:checked]:ring-emerald-600 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-emerald-600">
            <input type="radio" name="league-source" value={source} checked={value === source} onChange={() => onChange(source)}
              className="mt-1 h-4 w-4 shrink-0 accent-emerald-700" />
            <span className="min-w-0">
              <span className="block text-sm font-semibold text-slate-900">{t(`admin.source.${source}`)}</span>
              <span className="block text-xs text-slate-600">{t(`admin.create.sourceHint.${source}`)}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
