/**
 * The joker on an open match's card: a toggle (aria-pressed) that puts my joker on my saved prediction
 * or takes it back, and what happens next said beside it (how many are left, or that the round's joker
 * moves here). With a season's jokers all placed, a tap offers the open matches to move one from (PUT
 * with `from`); with one per round the server moves the round's joker by itself. The server decides
 * (src/domain/jokers.ts planJoker); a refusal shows its translated reason under the toggle.
 */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { GroupMatch } from '../../../../contracts/groups';
import type { MyJokers } from '../../../../contracts/jokers';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { formatKickoff } from '../../../lib/format';
import { useJokerChange } from '../api/jokers';
import { JokerIcon } from './joker-mark';

/** "Home – Away" of a match among `matches`, or '' when it is not listed. */
const matchName = (matches: readonly GroupMatch[], matchId: string) => {
  const match = matches.find((m) => m.id === matchId);
  return match ? `${match.homeTeam.name} – ${match.awayTeam.name}` : '';
};

/** A refusal's text: with one per round, no_joker_left means the round's joker sits on a closed match. */
function refusalText(t: TFunction, error: unknown, perRound: boolean): string {
  if (perRound && error instanceof ApiError && error.id === 'no_joker_left') return t('jokers.roundUsed');
  return errorText(t, error);
}

/**
 * The joker toggle of one open match with my saved prediction.
 * @param jokers my jokers (settings not null: the group plays with them).
 * @param matches the group's matches, to name the ones a joker may move from.
 * @param isOpen whether a match still takes predictions by the server's clock.
 */
export function JokerControl({ groupId, match, jokers, matches, isOpen }: {
  groupId: string; match: GroupMatch; jokers: MyJokers; matches: readonly GroupMatch[]; isOpen: (match: GroupMatch) => boolean;
}) {
  const { t, i18n } = useTranslation();
  const change = useJokerChange(groupId);
  const [choosing, setChoosing] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const settings = jokers.settings!;
  const perRound = settings.perSeason === null;
  const on = jokers.placed.some((p) => p.matchId === match.id);
  // Jokers on other matches that may still move: their matches take predictions, or were postponed or
  // cancelled (their points are void: src/domain/jokers.ts lets a joker leave them).
  const movable = jokers.placed.filter((p) => {
    const other = matches.find((m) => m.id === p.matchId);
    if (p.matchId === match.id || other === undefined) return false;
    return (p.open && isOpen(other)) || other.status === 'postponed' || other.status === 'cancelled';
  });
  const roundJoker = perRound ? jokers.placed.find((p) => p.roundOrder === match.roundOrder && p.matchId !== match.id) : undefined;
  const roundJokerMoves = roundJoker !== undefined && movable.some((p) => p.matchId === roundJoker.matchId);
  const blocked = !on && (perRound ? roundJoker !== undefined && !roundJokerMoves : jokers.left === 0 && movable.length === 0);

  const run = async (body: { from?: string | null; remove?: boolean }) => {
    try {
      await change.mutateAsync({ matchId: match.id, ...body });
      setChoosing(false);
      toggle.current?.focus();
    } catch {
      // Shown from change.error below.
    }
  };
  const onToggle = () => {
    change.reset();
    if (on) void run({ remove: true });
    else if (!perRound && jokers.left === 0) setChoosing(!choosing);
    else void run({});
  };

  const note = on
    ? t(settings.mode === 'double' ? 'jokers.onDouble' : 'jokers.onDoublePositive')
    : blocked ? t(perRound ? 'jokers.roundUsed' : 'jokers.allPlayed')
    : roundJoker ? t('jokers.movesFromRound', { match: matchName(matches, roundJoker.matchId) })
    : perRound ? t('jokers.perRound')
    : t('jokers.left', { count: jokers.left ?? 0, total: settings.perSeason });

  return (
    <div className="mt-3 border-t border-slate-100 pt-3">
      <div className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1">
        <button ref={toggle} type="button" aria-pressed={on} disabled={blocked || change.isPending} onClick={onToggle}
          className={`inline-flex min-h-10 items-center gap-1.5 rounded-full px-4 py-2 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600 disabled:cursor-not-allowed disabled:opacity-50 ${
            on ? 'bg-amber-500 text-slate-950 shadow-sm hover:bg-amber-400' : 'bg-white text-slate-800 ring-1 ring-inset ring-amber-400 hover:bg-amber-50'}`}>
          <JokerIcon />
          {t('jokers.toggle')}
          {on ? <span aria-hidden className="rounded-full bg-slate-950/10 px-1.5 text-xs font-bold">2×</span> : null}
        </button>
        <span className="text-center text-xs text-slate-600">{note}</span>
      </div>
      {choosing && !on ? (
        <div role="group" aria-label={t('jokers.moveTitle')} className="mt-3 rounded-xl bg-amber-50 p-3 text-left ring-1 ring-amber-200">
          <p className="text-sm font-medium text-amber-950">{t('jokers.moveTitle')}</p>
          <ul className="mt-2 space-y-2">
            {movable.map((p) => {
              const from = matches.find((m) => m.id === p.matchId)!;
              return (
                <li key={p.matchId}>
                  {/* Named "Move the joker from Brazil – Chile …": the visible text, with what the tap does before it. */}
                  <button type="button" disabled={change.isPending} onClick={() => void run({ from: p.matchId })}
                    className="flex w-full flex-col items-start rounded-lg bg-white px-3 py-2 text-left text-sm ring-1 ring-inset ring-amber-300 hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-amber-600 disabled:opacity-50">
                    <span className="font-semibold text-slate-900"><span className="sr-only">{t('jokers.moveFrom')} </span>{matchName(matches, p.matchId)}</span>
                    <span className="text-xs text-slate-600">{formatKickoff(from.kickoff, i18n.language)}</span>
                  </button>
                </li>
              );
            })}
          </ul>
          <button type="button" onClick={() => { setChoosing(false); toggle.current?.focus(); }}
            className="mt-2 text-sm font-medium text-amber-950 underline underline-offset-2">
            {t('jokers.cancel')}
          </button>
        </div>
      ) : null}
      {change.isError ? <p role="alert" className="mt-2 text-center text-sm text-red-600">{refusalText(t, change.error, perRound)}</p> : null}
    </div>
  );
}

/**
 * One line above a round's matches: how many jokers are left (or one per round) and what one does.
 * @param jokers my jokers (settings not null).
 */
export function JokerSummary({ jokers }: { jokers: MyJokers }) {
  const { t } = useTranslation();
  const settings = jokers.settings!;
  return (
    <p className="-mt-1 mb-3 flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950 ring-1 ring-amber-200" data-testid="joker-summary">
      <JokerIcon className="mt-0.5" />
      <span>
        {settings.perSeason === null ? t('jokers.summaryRound') : t('jokers.summarySeason', { count: jokers.left ?? 0, total: settings.perSeason })}
        {' '}{t(settings.mode === 'double' ? 'jokers.whatDouble' : 'jokers.whatDoublePositive')}
      </span>
    </p>
  );
}
