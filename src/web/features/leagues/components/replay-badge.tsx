/**
 * The mark of a replayed tournament (decision 018: a real tournament's results played again on a faster
 * clock) shown next to its league's name, so nobody takes its matches for today's.
 */
import { useTranslation } from 'react-i18next';

/** A small "Replay" pill; its title says what a replay is. */
export function ReplayBadge({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <span title={t('replay.badgeHint')}
      className={`inline-flex shrink-0 items-center gap-1 whitespace-nowrap rounded-full bg-violet-100 px-2 py-0.5 align-middle text-xs font-semibold leading-4 text-violet-900 ${className}`}>
      <svg width="12" height="12" viewBox="0 0 16 16" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M2.5 8a5.5 5.5 0 1 0 1.6-3.9" /><path d="M2.5 2.5v3h3" />
      </svg>
      {t('replay.badge')}
    </span>
  );
}
