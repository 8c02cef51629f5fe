/** What the server lacks for a data source to sync (the dashboard's `missing`), as a clear notice. */
import { useTranslation } from 'react-i18next';

/** Known settings, each with its own explanation. */
const KNOWN = new Set(['FOOTBALL_DATA_TOKEN']);

/** One notice per missing setting; nothing when none is missing. */
export function MissingConfigNotice({ missing }: { missing: string[] }) {
  const { t } = useTranslation();
  if (missing.length === 0) return null;
  return (
    <div className="space-y-2 rounded-2xl bg-amber-50 p-4 text-sm text-amber-950 ring-1 ring-inset ring-amber-300">
      <h2 className="font-semibold">{t('admin.dashboard.missingTitle')}</h2>
      <ul className="list-disc space-y-1 pl-5">
        {missing.map((name) => (
          <li key={name}>{KNOWN.has(name) ? t(`admin.dashboard.missing.${name}`) : t('admin.dashboard.missing.other', { name })}</li>
        ))}
      </ul>
    </div>
  );
}
