/** A medal for ranks 1–3 drawn as SVG (emoji medals render as empty boxes without an emoji font). */

const COLORS: Record<number, { fill: string; ribbon: string }> = {
  1: { fill: '#eab308', ribbon: '#2563eb' },
  2: { fill: '#94a3b8', ribbon: '#dc2626' },
  3: { fill: '#b45309', ribbon: '#059669' },
};

/** The medal of `rank` (1, 2 or 3) labelled for screen readers with `label`; nothing for other ranks. */
export function Medal({ rank, label, size = 20 }: { rank: number; label: string; size?: number }) {
  const color = COLORS[rank];
  if (!color) return null;
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" role="img" aria-label={label} className="inline-block shrink-0">
      <path d="M7 1h4l2 7H9z" fill={color.ribbon} />
      <path d="M13 1h4l-2 7h-4z" fill={color.ribbon} opacity="0.8" />
      <circle cx="12" cy="15" r="7.5" fill={color.fill} stroke="#0f172a" strokeOpacity="0.25" />
      <text x="12" y="18.5" textAnchor="middle" fontSize="9.5" fontWeight="700" fill="#0f172a">{rank}</text>
    </svg>
  );
}
