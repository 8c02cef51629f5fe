/** A team's other names in the lists, as small read-only chips ("None" when it has none). */
import { useTranslation } from 'react-i18next';

/** The chips of `aliases`. */
export function AliasChips({ aliases }: { aliases: string[] }) {
  const { t } = useTranslation();
  if (aliases.length === 0) return <span className="text-slate-600">{t('adminTeams.noAliases')}</span>;
  return (
    <ul className="flex flex-wrap gap-1" aria-label={t('adminTeams.columns.aliases')}>
      {aliases.map((alias) => (
        <li key={alias} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-800 ring-1 ring-inset ring-slate-200 [overflow-wrap:anywhere]">{alias}</li>
      ))}
    </ul>
  );
}
