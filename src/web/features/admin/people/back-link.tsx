/** "← All people" / "← All groups": back to a list from one of its pages. */
import { Link } from 'react-router';

/** A link to `to` reading `label`, with a back arrow. */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} className="inline-flex items-center gap-1 rounded text-sm font-semibold text-emerald-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600">
      <span aria-hidden="true">←</span> {label}
    </Link>
  );
}
