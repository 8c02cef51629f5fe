/**
 * The joker's look: a small playing card with a star (an SVG, not the 🃏 emoji, which some phones and
 * Linux browsers draw as an empty box), and the mark on a prediction a joker was on ("Joker"), shown once
 * its match has closed: on my prediction, on everyone's revealed ones and on a member's page.
 */
import { useTranslation } from 'react-i18next';

/** The joker card icon, decorative (its text says what it is). */
export function JokerIcon({ className = '' }: { className?: string }) {
  return (
    <svg width="14" height="16" viewBox="0 0 14 16" aria-hidden className={`shrink-0 ${className}`}>
      <rect x="1" y="1" width="12" height="14" rx="2" fill="#fff" stroke="currentColor" strokeWidth="1.5" />
      <path d="M7 4.2l.9 1.9 2.1.3-1.5 1.5.4 2.1L7 9l-1.9 1 .4-2.1L4 6.4l2.1-.3z" fill="currentColor" />
    </svg>
  );
}

/** The "Joker" pill beside a prediction a joker was on (its points, shown beside it, already count double). */
export function JokerMark() {
  const { t } = useTranslation();
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-inset ring-amber-300"
      title={t('jokers.markTitle')}>
      <JokerIcon />
      {t('jokers.mark')}
    </span>
  );
}
