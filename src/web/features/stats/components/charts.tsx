/**
 * The ranking chart (position per round, a line per member) and the points progression chart
 * (cumulative points per round), with Recharts. By default the top 10 and me are drawn; every member can
 * be toggled. Loaded only with the stats page.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { GroupStatsResponse } from '../../../../contracts/stats';

/**
 * The tooltip's text in the page's dark text colour: Recharts writes each line's name and value in the
 * line's own colour, and most of these colours on white fall short of the 4.5:1 contrast text needs (WCAG 1.4.3).
 */
const TOOLTIP_ITEM = { color: '#1e293b' };

const PALETTE = ['#059669', '#2563eb', '#dc2626', '#d97706', '#7c3aed', '#db2777', '#0891b2', '#65a30d', '#ea580c', '#4f46e5', '#0f766e'];

/** Both charts with one shared member selection. */
export function StatsCharts({ stats, names, myUserId }: { stats: GroupStatsResponse; names: Map<string, string>; myUserId?: string }) {
  const { t } = useTranslation();
  const { roundOrders, members } = stats.standings;
  const finalOrder = useMemo(
    () => [...members].sort((a, b) => (a.ranks.at(-1) ?? 0) - (b.ranks.at(-1) ?? 0) || (names.get(a.userId) ?? '').localeCompare(names.get(b.userId) ?? '')).map((s) => s.userId),
    [members, names],
  );
  const [shown, setShown] = useState<Set<string>>(() => new Set([...finalOrder.slice(0, 10), ...(myUserId ? [myUserId] : [])]));
  // One row per round with only the drawn members' values (Recharts reads them by dataKey).
  const rows = useMemo(() => roundOrders.map((order, i) => {
    const row: Record<string, number> = { round: order };
    for (const s of members) {
      if (!shown.has(s.userId)) continue;
      row[`rank:${s.userId}`] = s.ranks[i]!;
      row[`points:${s.userId}`] = s.cumulativePoints[i]!;
    }
    return row;
  }), [roundOrders, members, shown]);
  const maxRank = members.reduce((max, s) => Math.max(max, ...s.ranks), 1);
  const rankTicks = maxRank <= 12 ? Array.from({ length: maxRank }, (_, i) => i + 1) : undefined;
  const color = (userId: string) => PALETTE[finalOrder.indexOf(userId) % PALETTE.length];
  const lines = (kind: 'rank' | 'points') => finalOrder.filter((id) => shown.has(id)).map((id) => (
    <Line key={id} type="monotone" dataKey={`${kind}:${id}`} name={names.get(id)} stroke={color(id)} strokeWidth={id === myUserId ? 3 : 1.5} dot={false} isAnimationActive={false} />
  ));
  // The tooltip's title: the round it shows ("Round 5"), not its bare number.
  const roundLabel = (round: unknown) => t('stats.roundLabel', { round: String(round) });
  const toggle = (id: string) => setShown((current) => {
    const next = new Set(current);
    if (next.has(id)) next.delete(id); else next.add(id);
    return next;
  });

  return (
    <div className="space-y-6">
      <figure className="rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-200">
        <figcaption className="mb-2 px-1 text-sm font-semibold text-slate-800">{t('stats.rankingChart')}</figcaption>
        <ResponsiveContainer width="100%" height={260}>
          <LineChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: -20 }}>
            <CartesianGrid stroke="#e2e8f0" />
            <XAxis dataKey="round" tick={{ fontSize: 11 }} />
            {/* interval 0: every tick is labelled. Recharts' default drops a label reaching past the axis's end,
                which on this reversed axis was always rank 1's, at the top edge. */}
            <YAxis reversed allowDecimals={false} domain={[1, maxRank]} ticks={rankTicks} interval={0} tick={{ fontSize: 11 }} />
            <Tooltip itemStyle={TOOLTIP_ITEM} labelFormatter={roundLabel} />
            {lines('rank')}
          </LineChart>
        </ResponsiveContainer>
      </figure>
      <figure className="rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-200">
        <figcaption className="mb-2 px-1 text-sm font-semibold text-slate-800">{t('stats.pointsChart')}</figcaption>
        <ResponsiveContainer width="100%" height={260}>
          <LineChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: -20 }}>
            <CartesianGrid stroke="#e2e8f0" />
            <XAxis dataKey="round" tick={{ fontSize: 11 }} />
            <YAxis allowDecimals={false} tick={{ fontSize: 11 }} />
            <Tooltip itemStyle={TOOLTIP_ITEM} labelFormatter={roundLabel} />
            {lines('points')}
          </LineChart>
        </ResponsiveContainer>
      </figure>
      <fieldset>
        <legend className="mb-2 text-sm font-semibold text-slate-800">{t('stats.members')}</legend>
        <div className="flex flex-wrap gap-2">
          {finalOrder.map((id) => (
            <label key={id} className="flex max-w-full items-center gap-1.5 rounded-full bg-white px-3 py-1 text-sm ring-1 ring-slate-200">
              <input type="checkbox" checked={shown.has(id)} onChange={() => toggle(id)} className="h-4 w-4" style={{ accentColor: color(id) }} />
              <span className="truncate">{names.get(id)}</span>
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
