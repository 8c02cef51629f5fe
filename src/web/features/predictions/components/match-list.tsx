/**
 * A group's matches one round at a time, with score inputs for open matches and one Save for the round
 * (a single request; each match saved or refused on its own). Inputs lock at the deadline by the
 * server's clock (offset measured from the response's serverTime); the server refuses late predictions
 * anyway. Typed but unsaved scores are never lost silently: leaving the page (reload or in-app link)
 * asks first, and a match that closes with an unsaved score says so.
 */
import { useOnline } from '../../../lib/connectivity';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useBlocker } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { GroupMatch, GroupMatchesResponse } from '../../../../contracts/groups';
import type { PredictionRejection } from '../../../../contracts/predictions';
import { ApiError } from '../../../lib/api-client';
import { formatKickoff, formatRelative } from '../../../lib/format';
import { Button } from '../../../components/ui/button';
import { useSavePredictions } from '../api/predictions';
import { isUnusualScore } from '../../../../domain/unusual-score';
import { errorText } from '../../../lib/error-text';
import { roundLabel } from './round-label';
import { RevealedPredictions } from './revealed-predictions';
import { OutcomeBadge } from './outcome-badge';
import { useMatchdayWinners } from '../../stats/api/stats';
import type { MyJokers } from '../../../../contracts/jokers';
import { useMyJokers } from '../../jokers/api/jokers';
import { JokerControl, JokerSummary } from '../../jokers/components/joker-control';
import { JokerMark } from '../../jokers/components/joker-mark';
import { CommentsButton } from '../../wall/components/comments-button';
import { LiveClockText } from '../../live/components/live-clock';
import { MatchScorers } from '../../live/components/match-scorers';

// The "Sure?" question's dialog code comes with the first unusual score.
const ConfirmDialog = lazy(async () => ({ default: (await import('../../../components/ui/confirm-dialog')).ConfirmDialog }));

type Draft = { home: string; away: string };
/** Why a match's prediction was not saved: a rejection from the server, or a failed request. */
type SaveError = Pick<PredictionRejection, 'id' | 'started'> | { id: string; started?: undefined };

/** localStorage key of the "also apply to my other groups" choice, per person. */
const applyKey = (userId: string) => `palpite.applyToOtherGroups.${userId}`;

/** The round to show first: the one with the next open match, else the latest one played. */
function initialRound(matches: GroupMatch[]): number {
  const open = matches.find((m) => m.open);
  if (open) return open.roundOrder;
  const played = [...matches].reverse().find((m) => m.status === 'finished');
  return played?.roundOrder ?? matches[0]?.roundOrder ?? 1;
}

/**
 * The server's clock as seen here: local time plus the offset measured from the response's
 * serverTime. Re-renders every 15 s (for "closes in …") and exactly at the next deadline, so inputs
 * lock on time.
 */
function useServerNow(serverTime: string, deadlines: readonly string[]): number {
  const [offset] = useState(() => Date.parse(serverTime) - Date.now());
  const [now, setNow] = useState(() => Date.now() + offset);
  useEffect(() => {
    const tick = () => setNow(Date.now() + offset);
    const timer = setInterval(tick, 15_000);
    const current = Date.now() + offset;
    const next = deadlines.map((d) => Date.parse(d)).filter((d) => d > current).sort((a, b) => a - b)[0];
    // setTimeout holds at most ~24.8 days; later deadlines are reached by the interval's re-renders.
    const lock = next !== undefined && next - current < 2 ** 31 - 1 ? setTimeout(tick, next - current + 50) : undefined;
    return () => {
      clearInterval(timer);
      clearTimeout(lock);
    };
  }, [offset, deadlines, now]);
  return now;
}

/**
 * A group's matches one round at a time, with score inputs for open matches and a bar to save them.
 * @param memberCount the group's members, for "3 of 5 predicted".
 * @param otherGroupCount how many other active groups of the same league I am in (0 hides the option).
 * @param myUserId remembers the "apply to my other groups" choice per person.
 * @param wallEnabled the group's wall is on: each match offers its thread (Comments).
 */
export function MatchList({ groupId, data, memberCount, otherGroupCount = 0, myUserId, wallEnabled = false }: {
  groupId: string; data: GroupMatchesResponse; memberCount: number; otherGroupCount?: number; myUserId?: string; wallEnabled?: boolean;
}) {
  const { t } = useTranslation();
  const deadlines = useMemo(() => data.matches.filter((m) => m.open).map((m) => m.deadline), [data.matches]);
  const now = useServerNow(data.serverTime, deadlines);
  // The server's clock minus this device's, for the live clocks' minutes (they re-render on their own).
  const [clockOffset] = useState(() => Date.parse(data.serverTime) - Date.now());
  const rounds = useMemo(() => {
    const byOrder = new Map<number, string>();
    for (const m of data.matches) byOrder.set(m.roundOrder, m.roundName);
    return [...byOrder.entries()].sort((a, b) => a[0] - b[0]);
  }, [data.matches]);
  const [round, setRound] = useState(() => initialRound(data.matches));
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [errors, setErrors] = useState<Record<string, SaveError>>({});
  const [applyToOthers, setApplyToOthers] = useState(() => (myUserId ? localStorage.getItem(applyKey(myUserId)) === 'true' : false));
  const [otherGroupsSaved, setOtherGroupsSaved] = useState(0);
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const save = useSavePredictions(groupId);
  // My jokers, when the group plays with them (settings null otherwise; nothing shows while they load or fail).
  const myJokers = useMyJokers(groupId).data;
  const jokers = myJokers?.settings ? myJokers : null;
  // Offline, typed scores are kept and saved once the server is back (the banner says so).
  const online = useOnline();

  const isOpenAt = (m: GroupMatch, at: number) => m.open && at < Date.parse(m.deadline);
  const openDraft = (matchId: string) => {
    const match = data.matches.find((m) => m.id === matchId);
    return match && isOpenAt(match, now) ? match : null;
  };
  const pending = Object.entries(drafts).filter(([matchId, draft]) => {
    const match = openDraft(matchId);
    if (!match || draft.home === '' || draft.away === '') return false;
    return String(match.myPrediction?.homeGoals ?? '') !== draft.home || String(match.myPrediction?.awayGoals ?? '') !== draft.away;
  });
  // One score typed, the other not (or one cleared): nothing can be sent for that match until both are there.
  const incomplete = Object.entries(drafts)
    .filter(([, draft]) => (draft.home === '') !== (draft.away === ''))
    .map(([matchId]) => openDraft(matchId))
    .filter((match): match is GroupMatch => match !== null);
  const [unusual, setUnusual] = useState<{ label: string; home: number; away: number } | null>(null);
  const unsaved = pending.length > 0;
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);
  // Leaving by an in-app link asks too (a tab switch inside the group page is not a navigation).
  const blocker = useBlocker(({ currentLocation, nextLocation }) => unsaved && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(t('matches.leaveUnsaved', { count: pending.length }))) blocker.proceed();
    else blocker.reset();
  }, [blocker, pending.length, t]);

  if (data.matches.length === 0) return <p className="py-8 text-center text-slate-600">{t('matches.none')}</p>;

  const isOpen = (m: GroupMatch) => isOpenAt(m, now);
  const visible = data.matches.filter((m) => m.roundOrder === round);
  const roundIndex = rounds.findIndex(([order]) => order === round);
  const dirty = pending;

  /** Save, or first ask "Sure?" about a score that looks like a slip of the finger (domain/unusual-score.ts). */
  const requestSave = async () => {
    const odd = dirty.find(([, draft]) => isUnusualScore(Number(draft.home), Number(draft.away)));
    const match = odd ? data.matches.find((m) => m.id === odd[0]) : undefined;
    if (odd && match) {
      setUnusual({ label: `${match.homeTeam.name} – ${match.awayTeam.name}`, home: Number(odd[1].home), away: Number(odd[1].away) });
      return;
    }
    await submit();
  };

  const submit = async () => {
    const items = dirty.map(([matchId, draft]) => ({ matchId, homeGoals: Number(draft.home), awayGoals: Number(draft.away) }));
    const failures: Record<string, SaveError> = {};
    try {
      const response = await save.mutateAsync({ predictions: items, applyToOtherGroups: otherGroupCount > 0 && applyToOthers });
      for (const result of response.results) if (result.status === 'rejected') failures[result.matchId] = result.error;
      setOtherGroupsSaved(response.otherGroupIds.length);
    } catch (error) {
      for (const item of items) failures[item.matchId] = { id: error instanceof ApiError ? error.id : 'internal' };
    }
    setErrors(failures);
    // Refused items keep their typed score (shown as "closed before it was saved" once closed).
    setDrafts((current) => Object.fromEntries(Object.entries(current).filter(([id]) => failures[id] || !items.some((item) => item.matchId === id))));
    if (Object.keys(failures).length === 0) setSavedAt(Date.now());
  };

  const toggleApply = (checked: boolean) => {
    setApplyToOthers(checked);
    if (myUserId) localStorage.setItem(applyKey(myUserId), String(checked));
  };

  const setDraft = (match: GroupMatch, side: 'home' | 'away', value: string) => {
    const clean = value.replace(/\D/g, '').slice(0, 2);
    const current = drafts[match.id] ?? { home: String(match.myPrediction?.homeGoals ?? ''), away: String(match.myPrediction?.awayGoals ?? '') };
    setDrafts({ ...drafts, [match.id]: { ...current, [side]: clean } });
    setSavedAt(null);
  };

  return (
    <div>
      <nav className="mb-4 flex items-center gap-2" aria-label={t('matches.round')}>
        <Button variant="secondary" className="px-3" aria-label={t('matches.previousRound')} disabled={roundIndex <= 0} onClick={() => setRound(rounds[roundIndex - 1]![0])}>‹</Button>
        <label className="sr-only" htmlFor="round">{t('matches.round')}</label>
        <select id="round" value={round} onChange={(e) => setRound(Number(e.target.value))}
          className="min-w-0 flex-1 rounded-lg border-0 bg-white py-2.5 pl-3 text-center font-semibold ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-emerald-600">
          {rounds.map(([order, name]) => <option key={order} value={order}>{roundLabel(name, t)}</option>)}
        </select>
        <Button variant="secondary" className="px-3" aria-label={t('matches.nextRound')} disabled={roundIndex >= rounds.length - 1} onClick={() => setRound(rounds[roundIndex + 1]![0])}>›</Button>
      </nav>
      <RoundWinners groupId={groupId} roundOrder={round} />
      {jokers && visible.some(isOpen) ? <JokerSummary jokers={jokers} /> : null}

      <ul className="space-y-3 pb-28">
        {visible.map((match) => (
          <MatchRow key={match.id} groupId={groupId} match={match} open={isOpen(match)} now={now} draft={drafts[match.id]} error={errors[match.id]}
            incomplete={incomplete.includes(match)} memberCount={memberCount} onChange={setDraft}
            jokers={jokers} matches={data.matches} isOpen={isOpen} wallEnabled={wallEnabled} clockOffset={clockOffset} />
        ))}
      </ul>

      {visible.some(isOpen) || dirty.length > 0 ? (
      <div className="fixed inset-x-0 bottom-0 z-10 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur" style={{ paddingBottom: 'max(0.75rem, env(safe-area-inset-bottom))' }}>
        <div className="mx-auto flex max-w-3xl flex-wrap items-center justify-between gap-x-3 gap-y-2">
          <div className="min-w-0 flex-1">
            <p className="text-sm text-slate-600" role="status">
              {dirty.length > 0 ? t('matches.unsaved', { count: dirty.length }) : savedAt && incomplete.length === 0 ? `✓ ${t('matches.saved')}` : ''}
              {savedAt && dirty.length === 0 && incomplete.length === 0 && otherGroupsSaved > 0 ? ` ${t('matches.savedInOtherGroups', { count: otherGroupsSaved })}` : ''}
            </p>
            {incomplete.length > 0 ? (
              <p className="text-sm font-medium text-amber-800">
                {t('matches.incompleteList', { count: incomplete.length, matches: incomplete.map((m) => `${m.homeTeam.name} – ${m.awayTeam.name}`).join(', ') })}
              </p>
            ) : null}
            {otherGroupCount > 0 ? (
              <label className="mt-1 flex items-center gap-2 text-xs text-slate-600">
                <input type="checkbox" checked={applyToOthers} onChange={(e) => toggleApply(e.target.checked)}
                  className="h-4 w-4 rounded border-slate-300 text-emerald-600 focus:ring-emerald-600" />
                {t('matches.applyToOtherGroups', { count: otherGroupCount })}
              </label>
            ) : null}
          </div>
          <Button onClick={() => void requestSave()} disabled={dirty.length === 0 || save.isPending || !online}>
            {save.isPending ? t('matches.saving') : t('matches.save')}
          </Button>
        </div>
      </div>
      ) : null}
      {unusual ? (
        <Suspense fallback={null}>
          <ConfirmDialog open onOpenChange={(open) => { if (!open) setUnusual(null); }}
            texts={{
              title: t('matches.unusualTitle'),
              body: t('matches.unusualBody', { match: unusual.label, home: unusual.home, away: unusual.away }),
              confirm: t('matches.unusualConfirm'), working: t('matches.saving'), cancel: t('matches.unusualCancel'),
            }}
            onConfirm={submit} errorOf={(error) => errorText(t, error)} />
        </Suspense>
      ) : null}
    </div>
  );
}

function MatchRow({ groupId, match, open, now, draft, error, incomplete, memberCount, onChange, jokers, matches, isOpen, wallEnabled, clockOffset }: {
  groupId: string; match: GroupMatch; open: boolean; now: number; draft: Draft | undefined; error: SaveError | undefined;
  /** One score typed and the other not: marked, and not saved until both are there. */
  incomplete: boolean;
  memberCount: number; onChange: (match: GroupMatch, side: 'home' | 'away', value: string) => void;
  /** My jokers when the group plays with them (else null); `matches` and `isOpen` name and check the ones a joker may move from. */
  jokers: MyJokers | null; matches: readonly GroupMatch[]; isOpen: (match: GroupMatch) => boolean;
  /** The group's wall is on: a Comments button opens the match's thread. */
  wallEnabled: boolean;
  /** The server's clock minus this device's, in ms (a live clock's minute is the server's). */
  clockOffset: number;
}) {
  const { t, i18n } = useTranslation();
  const [showOthers, setShowOthers] = useState(false);
  const started = match.status !== 'scheduled' || now >= Date.parse(match.kickoff);
  const closedUnsaved = !open && draft !== undefined && draft.home !== '' && draft.away !== ''
    && (String(match.myPrediction?.homeGoals ?? '') !== draft.home || String(match.myPrediction?.awayGoals ?? '') !== draft.away);
  const prediction = match.myPrediction;
  const value = (side: 'home' | 'away') => draft?.[side] ?? String((side === 'home' ? prediction?.homeGoals : prediction?.awayGoals) ?? '');
  const hasResult = match.homeGoals !== null && match.awayGoals !== null;
  const statusText = open
    ? t('matches.closesIn', { when: formatRelative(match.deadline, now, i18n.language) })
    : match.status === 'scheduled' ? t('matches.closed') : t(`matches.status.${match.status}`);
  const step = (side: 'home' | 'away', by: 1 | -1) => {
    const current = Number.parseInt(value(side), 10);
    const next = Number.isNaN(current) ? (by > 0 ? 1 : 0) : Math.min(99, Math.max(0, current + by));
    onChange(match, side, String(next));
  };
  // A stepper above and below each input (tap targets on a phone, skipped by Tab so "2, Tab, 1" works);
  // on the input itself the arrow keys step too.
  const stepButton = (side: 'home' | 'away', team: string, by: 1 | -1) => (
    <button type="button" tabIndex={-1} onClick={() => step(side, by)}
      aria-label={t(by > 0 ? 'matches.more' : 'matches.fewer', { team })}
      className="flex h-7 w-12 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-900 active:bg-slate-200">
      <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden><path d={by > 0 ? 'M3 9l4-4 4 4' : 'M3 5l4 4 4-4'} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" /></svg>
    </button>
  );
  const goalInput = (side: 'home' | 'away', team: string) => (
    <span className="flex flex-col items-center">
      {stepButton(side, team, 1)}
      <input
        type="text" inputMode="numeric" pattern="[0-9]*" maxLength={2} autoComplete="off"
        aria-label={t(side === 'home' ? 'matches.homeGoals' : 'matches.awayGoals', { team })}
        value={value(side)} disabled={!open} onChange={(e) => onChange(match, side, e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
            e.preventDefault();
            step(side, e.key === 'ArrowUp' ? 1 : -1);
          }
        }}
        className="h-12 w-12 rounded-lg border-0 bg-white text-center text-xl font-bold tabular-nums text-slate-900 ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-emerald-600 disabled:bg-slate-100 disabled:text-slate-500"
      />
      {stepButton(side, team, -1)}
    </span>
  );

  return (
    <li className={`rounded-2xl bg-white p-4 shadow-sm ${incomplete ? 'ring-2 ring-amber-500' : 'ring-1 ring-slate-200'}`} aria-label={`${match.homeTeam.name} – ${match.awayTeam.name}`}>
      <div className="mb-3 flex items-center justify-between gap-2 text-xs">
        <span className="text-slate-500">{formatKickoff(match.kickoff, i18n.language)}{match.groupName ? ` · ${roundLabel(match.groupName, t)}` : ''}</span>
        <span className={open ? 'font-medium text-emerald-700' : match.status === 'live' ? 'font-semibold text-red-600' : 'text-slate-500'}>
          {statusText}
          {match.status === 'live' && match.live ? <> · <LiveClockText clock={match.live} offsetMs={clockOffset} /></> : null}
        </span>
      </div>
      <div className="grid grid-cols-[1fr_auto_1fr] items-center gap-3">
        <span className="text-right text-sm font-semibold leading-tight text-slate-900 sm:text-base">{match.homeTeam.name}</span>
        <div className="flex items-center gap-2">
          {open ? (
            <>{goalInput('home', match.homeTeam.name)}<span className="text-slate-500">–</span>{goalInput('away', match.awayTeam.name)}</>
          ) : hasResult ? (
            <span className="rounded-lg bg-slate-900 px-3 py-2 text-xl font-bold tabular-nums text-white">{match.homeGoals} – {match.awayGoals}</span>
          ) : (
            <span className="rounded-lg bg-slate-100 px-3 py-2 text-xl font-bold tabular-nums text-slate-600" aria-hidden>– : –</span>
          )}
        </div>
        <span className="text-sm font-semibold leading-tight text-slate-900 sm:text-base">{match.awayTeam.name}</span>
      </div>
      {hasResult && (match.homeGoalsExtraTime !== null || match.homePenalties !== null) ? (
        <p className="mt-2 text-center text-xs text-slate-600">
          {[
            match.homeGoalsExtraTime !== null
              ? t(match.status === 'live' ? 'matches.extraTimeSoFar' : 'matches.afterExtraTime', { home: match.homeGoalsExtraTime, away: match.awayGoalsExtraTime })
              : null,
            match.homePenalties !== null ? t('matches.onPenalties', { home: match.homePenalties, away: match.awayPenalties }) : null,
          ].filter(Boolean).join(' · ')}
        </p>
      ) : null}
      {hasResult ? <MatchScorers goals={match.goals} homeTeam={match.homeTeam.name} awayTeam={match.awayTeam.name} /> : null}
      {open ? (
        <>
          {incomplete ? <p className="mt-2 text-center text-sm font-medium text-amber-800">{t('matches.incomplete')}</p> : null}
          <p className="mt-2 text-center text-xs text-slate-500">{t('matches.predictedCount', { done: match.predictionCount, count: memberCount })}</p>
          {/* A joker goes on a saved prediction (not on scores still being typed). */}
          {jokers && prediction ? <JokerControl groupId={groupId} match={match} jokers={jokers} matches={matches} isOpen={isOpen} /> : null}
        </>
      ) : (
        <>
          {/* What was saved stands; a change typed too late is said apart ("3–0 was not saved"). */}
          {prediction || !closedUnsaved ? (
            <p className="mt-3 flex flex-wrap items-center justify-center gap-2 text-sm text-slate-600">
              {prediction ? t('matches.yourPrediction', { home: prediction.homeGoals, away: prediction.awayGoals }) : t('matches.noPrediction')}
              {prediction?.joker ? <JokerMark /> : null}
              {prediction?.outcome ? <OutcomeBadge outcome={prediction.outcome} points={prediction.points} /> : null}
            </p>
          ) : null}
          {closedUnsaved ? (
            <p className="mt-2 text-center text-sm font-medium text-amber-700">{t('matches.closedUnsaved', { home: draft?.home, away: draft?.away })}</p>
          ) : null}
        </>
      )}
      {error ? (
        <p role="alert" className="mt-2 text-center text-sm text-red-600">
          {error.id === 'prediction_closed' ? t(error.started ?? started ? 'matches.closedStarted' : 'matches.closedSoon') : t(`errors.${error.id}`)}
        </p>
      ) : null}
      {!open && match.status !== 'postponed' && match.status !== 'cancelled' ? (
        <div className="mt-3 text-center">
          <div className="flex flex-wrap items-center justify-center gap-x-4 gap-y-1">
            <button type="button" aria-expanded={showOthers} onClick={() => setShowOthers(!showOthers)}
              className="text-sm font-medium text-emerald-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-emerald-600">
              {showOthers ? t('matches.hideOthers') : t('matches.showOthers')}
            </button>
            {wallEnabled ? <CommentsButton groupId={groupId} matchId={match.id} label={`${match.homeTeam.name} – ${match.awayTeam.name}`} canWrite /> : null}
          </div>
          {showOthers ? <RevealedPredictions groupId={groupId} matchId={match.id} /> : null}
        </div>
      ) : wallEnabled ? (
        <div className="mt-2 flex justify-center">
          <CommentsButton groupId={groupId} matchId={match.id} label={`${match.homeTeam.name} – ${match.awayTeam.name}`} canWrite />
        </div>
      ) : null}
    </li>
  );
}

/**
 * The winner(s) of a round, under the round picker: nothing while the round has none; while some of its
 * matches are still to play or in play, they are only leading it so far, and it says so.
 */
function RoundWinners({ groupId, roundOrder }: { groupId: string; roundOrder: number }) {
  const { t } = useTranslation();
  const winners = useMatchdayWinners(groupId).data?.winners.find((w) => w.roundOrder === roundOrder);
  if (!winners || winners.members.length === 0) return null;
  return (
    <p className="-mt-2 mb-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200 [overflow-wrap:anywhere]">
      {t(winners.complete ? 'matches.roundWinners' : 'matches.roundLeaders', { count: winners.members.length, names: winners.members.map((m) => m.username).join(', '), points: winners.points })}
    </p>
  );
}
