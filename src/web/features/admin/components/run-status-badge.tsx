/** A sync run's status as a coloured pill: running, succeeded, failed, or never synced. */
import { useTranslation } from 'react-i18next';
import type { SyncRun } from '../../../../contracts/admin';
import { InlineSpinner } from '../../../components/ui/inline-spinner';

const tones: Record<SyncRun['status'] | 'never', string> = {
  running: 'bg-sky-100 text-sky-900',
  succeeded: 'bg-emerald-100 text-emerald-900',
  failed: 'bg-red-100 text-red-900',
  never: 'bg-slate-100 text-slate-700',
};

/** The badge of `status` ('never' for a league without runs). */
export function RunStatusBadge({ status }: { status: SyncRun['status'] | 'never' }) {
  const { t } = useTranslation();
  return (
    <span className={`inline-flex items-center gap-1.5 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${tones[status]}`}>
      {status === 'running' ? <InlineSpinner className="h-3 w-3" /> : null}
      {t(`admin.runStatus.${status}`)}
    </span>
  );
}
