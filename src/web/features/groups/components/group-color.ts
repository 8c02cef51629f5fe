/** Tailwind classes of the group colors (GROUP_COLORS in src/contracts/groups.ts). */
const classes: Record<string, string> = {
  emerald: 'bg-emerald-500', sky: 'bg-sky-500', violet: 'bg-violet-500', amber: 'bg-amber-500', rose: 'bg-rose-500', slate: 'bg-slate-500',
};

/** The background class of a group color; unknown colors fall back to emerald. */
export function groupColor(color: string): string {
  return classes[color] ?? classes.emerald!;
}
