/**
 * A small, secondary "Download … (CSV)" link above the Ranking and History tabs: a plain <a download>
 * (the browser saves the server's attachment; no script, so it works on any phone), its header row in
 * the page's language.
 */
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button';
import { exportUrl, type ExportKind } from '../export-url';

/** The download link of `groupId`'s `kind` spreadsheet, right-aligned on its own line. */
export function ExportLink({ groupId, kind }: { groupId: string; kind: ExportKind }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="mb-3 flex justify-end">
      <a href={exportUrl(groupId, kind, i18n.language)} download className={buttonClass('secondary', 'px-3 py-2 text-xs sm:text-sm')}>
        <svg viewBox="0 0 20 20" fill="currentColor" className="h-4 w-4 shrink-0 text-slate-500" aria-hidden>
          <path d="M10 2.75a.75.75 0 0 1 .75.75v7.69l2.22-2.22a.75.75 0 1 1 1.06 1.06l-3.5 3.5a.75.75 0 0 1-1.06 0l-3.5-3.5a.75.75 0 1 1 1.06-1.06l2.22 2.22V3.5a.75.75 0 0 1 .75-.75Z" />
          <path d="M3.5 13.25a.75.75 0 0 1 .75.75v1.5c0 .14.11.25.25.25h11a.25.25 0 0 0 .25-.25V14a.75.75 0 0 1 1.5 0v1.5A1.75 1.75 0 0 1 15.5 17.25h-11A1.75 1.75 0 0 1 2.75 15.5V14a.75.75 0 0 1 .75-.75Z" />
        </svg>
        {kind === 'ranking' ? t('exports.ranking') : t('exports.predictions')}
      </a>
    </div>
  );
}
