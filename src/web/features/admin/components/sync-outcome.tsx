/** What a "sync now" did: created / updated / unchanged counts, or why it failed or did not run. */
import { useTranslation } from 'react-i18next';
import type { useSyncNow } from '../api/leagues';
import { errorText } from '../../../lib/error-text';

type Sync = ReturnType<typeof useSyncNow>;

/** The outcome of `sync` as a sentence and a tone, or null before its first answer or while it runs. */
export function useOutcomeText(sync: Sync): { text: string; tone: 'success' | 'error' | 'info'; warnings: string[] } | null {
  const { t } = useTranslation();
  if (sync.isPending) return null;
  if (sync.isError) return { text: t('admin.sync.error', { message: errorText(t, sync.error) }), tone: 'error', warnings: [] };
  const outcome = sync.data?.outcome;
  if (!outcome) return null;
  switch (outcome.status) {
    case 'succeeded':
      return { text: t('admin.sync.succeeded', { created: outcome.created, updated: outcome.updated, unchanged: outcome.unchanged }), tone: 'success', warnings: outcome.warnings };
    case 'failed':
      return { text: t('admin.sync.failed', { error: outcome.error }), tone: 'error', warnings: [] };
    case 'busy':
      return { text: t('admin.sync.busy'), tone: 'info', warnings: [] };
    case 'skipped':
      return { text: t('admin.sync.skipped', { reason: outcome.reason }), tone: 'info', warnings: [] };
  }
}

const tones = { success: 'bg-emerald-50 text-emerald-900 ring-emerald-200', error: 'bg-red-50 text-red-900 ring-red-200', info: 'bg-sky-50 text-sky-900 ring-sky-200' };

/** The outcome of `sync` in a tinted box (its warnings listed), or nothing yet. */
export function SyncOutcome({ sync, className = '' }: { sync: Sync; className?: string }) {
  const { t } = useTranslation();
  const outcome = useOutcomeText(sync);
  if (!outcome) return null;
  return (
    <div className={`rounded-lg px-3 py-2 text-sm ring-1 ring-inset [overflow-wrap:anywhere] ${tones[outcome.tone]} ${className}`}>
      <p>{outcome.text}</p>
      {outcome.warnings.length > 0 ? (
        <details className="mt-1">
          <summary className="cursor-pointer text-xs font-semibold">{t('admin.sync.warnings', { count: outcome.warnings.length })}</summary>
          <ul className="mt-1 list-disc space-y-0.5 pl-5 text-xs">
            {outcome.warnings.map((warning, index) => <li key={index}>{warning}</li>)}
          </ul>
        </details>
      ) : null}
    </div>
  );
}
