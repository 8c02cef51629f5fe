/** A small spinning ring for buttons and rows that are working (decorative: the text says what happens). */

/** The spinner, sized to the text around it. */
export function InlineSpinner({ className = '' }: { className?: string }) {
  return <span aria-hidden="true" className={`inline-block h-4 w-4 shrink-0 animate-spin rounded-full border-2 border-current border-t-transparent ${className}`} />;
}
