/** The home page's few inline SVG icons (24×24, stroke in currentColor, hidden from screen readers). */
import type { ReactNode } from 'react';

function Icon({ children, className = 'h-6 w-6' }: { children: ReactNode; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" className={className} aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

/** Two people: a group. */
export function GroupIcon({ className }: { className?: string }) {
  return <Icon className={className}><circle cx="9" cy="8" r="3.2" /><path d="M3 19c.6-3.2 3-5 6-5s5.4 1.8 6 5" /><circle cx="17" cy="9" r="2.4" /><path d="M16.5 14.1c2.3.2 4 1.7 4.5 4.4" /></Icon>;
}

/** A pencil on a line: predicting a score. */
export function PredictIcon({ className }: { className?: string }) {
  return <Icon className={className}><path d="M4 20h16" /><path d="M14.5 4.5l3 3L8 17H5v-3z" /></Icon>;
}

/** A trophy: the ranking. */
export function TrophyIcon({ className }: { className?: string }) {
  return <Icon className={className}><path d="M8 4h8v5a4 4 0 0 1-8 0z" /><path d="M8 6H5a3 3 0 0 0 3 4M16 6h3a3 3 0 0 1-3 4" /><path d="M12 13v4M8.5 20h7M10 17h4v3h-4z" /></Icon>;
}

/** A clock: when predictions close. */
export function ClockIcon({ className }: { className?: string }) {
  return <Icon className={className}><circle cx="12" cy="12" r="8.5" /><path d="M12 7.5V12l3 2" /></Icon>;
}

/** A tick: predicted. */
export function CheckIcon({ className }: { className?: string }) {
  return <Icon className={className}><path d="M5 12.5l4.5 4.5L19 7.5" /></Icon>;
}

/** A chevron pointing right: the row is a link. */
export function ChevronIcon({ className }: { className?: string }) {
  return <Icon className={className}><path d="M9.5 6l6 6-6 6" /></Icon>;
}

/** A key: joining with an invite code. */
export function KeyIcon({ className }: { className?: string }) {
  return <Icon className={className}><circle cx="8" cy="14" r="4" /><path d="M11 11l8-8M16 6l2.5 2.5M14 8l2 2" /></Icon>;
}

/** A plus in a square: creating a group. */
export function PlusIcon({ className }: { className?: string }) {
  return <Icon className={className}><rect x="4" y="4" width="16" height="16" rx="4" /><path d="M12 8.5v7M8.5 12h7" /></Icon>;
}
