/**
 * The figures of `npm run bench:night` (bench/night.ts), computed from what its threads reported and
 * printed as Markdown: each with its baseline from the same run, its ratio and whether its goal is met.
 */
import type { LoadResult } from './load';
import type { NightData } from './night-data';
import type { HealthReport, RankingsReport, RushReport, SlowStatement, StreamsReport } from './night-worker';

/** A stretch of the night (Date.now() ms), for the health route's figures by stage. */
export interface Stage { name: string; from: number; to: number }
/** A change of a replayed match seen after the tick that wrote it (times: Date.now() ms around the tick). */
export interface Change { matchId: string; kind: 'kickoff' | 'goal' | 'finished'; goals: number; tickStart: number; tickEnd: number }
/** A replay played by the benchmark: the changes seen and every tick's duration (ms). */
export interface Played { changes: Change[]; ticks: number[] }

/** The goals of the night. */
export const NIGHT_GOALS = { eventP99Ms: 1_000, freshMs: 5_000, healthP99Ms: 50 };

/** Everything the report reads. */
export interface NightRun {
  data: NightData;
  /** The database's URL (its host is named). */
  url: string;
  /** GET /api/health under autocannon on the idle app. */
  healthLoad: LoadResult;
  /** The one-stream baseline: the third-place match replayed alone. */
  baseline: Played & { streams: StreamsReport };
  opened: { open: number; failed: number; seconds: number };
  memory: { before: NodeJS.MemoryUsage; afterStreams: NodeJS.MemoryUsage; atEnd: NodeJS.MemoryUsage };
  rush: RushReport;
  rushConnections: number;
  rushSeconds: number;
  /** Members answered "saved" whose stored prediction is missing or not the score they sent last. */
  lost: number;
  /** The status of one save sent after the close (409 expected). */
  afterClose: number;
  predictionsAtKickoff: number;
  predictionsAtEnd: number;
  /** Minutes of the replay's clock skipped after the close. */
  jumpMinutes: number;
  night: Played;
  rankings: RankingsReport;
  readers: number;
  allFresh: boolean;
  streams: StreamsReport;
  health: HealthReport;
  stages: Stage[];
  /** os.loadavg() at the start and at the end. */
  loads: [number[], number[]];
  cores: number;
  speed: number;
  /** The server thread's event-loop delay (ms, sampled every 10 ms): on the idle app, and from the baseline to the end. */
  loopDelay: { idle: { p99: number; max: number }; night: { p99: number; max: number } };
  /** The server thread's stalls over 100 ms: [when it ended (Date.now()), how long (ms)]. */
  stalls: [number, number][];
  /** Whether the reminders job ran (BENCH_NIGHT_REMINDERS). */
  reminders: boolean;
  /** The app's statements still running on the database at the end (cancelled after the report). */
  running: SlowStatement[];
  /** Matches queued for folding just after full time and at the end (their predictions added on every ranking read meanwhile). */
  queued: { fullTime: string[]; end: string[] };
}

/** The p-th percentile (nearest rank) of `values`; NaN when there are none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
const ms = (value: number) => (Number.isFinite(value) ? (Math.abs(value) >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${Math.round(value)} ms`) : '—');
const int = (value: number) => Math.round(value).toLocaleString('en');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const ratio = (value: number, base: number) => (Number.isFinite(value) && Number.isFinite(base) && base > 0 ? `${(value / base).toFixed(2)}×` : '—');
const met = (ok: boolean) => (ok ? 'met' : '**not met**');
/** Sorted values' largest (Math.max(...values) overflows the stack past ~100,000 arguments). */
const largest = (values: readonly number[]) => values.reduce((top, value) => (value > top ? value : top), Number.NEGATIVE_INFINITY);

/**
 * When a change committed: the first `match` event the independent listener heard with the match at that
 * many goals or more (or finished), else the end of the tick that wrote it.
 */
export function committedAt(change: Change, heard: HealthReport['heard']): { at: number; heard: boolean } {
  const event = heard.find((e) => e.matchId === change.matchId && (change.kind === 'finished' ? e.status === 'finished' : e.goals >= change.goals));
  return event ? { at: event.at, heard: true } : { at: change.tickEnd, heard: false };
}

/**
 * Goal → event: for each goal and stream, the delay from the goal's commit (or the end of its tick) to the
 * stream's first event with the match at that score; and the deliveries that never came.
 */
export function deliveries(goals: readonly Change[], streams: StreamsReport, heard: HealthReport['heard'], from: 'commit' | 'tick'): { delays: number[]; missed: number } {
  const delays: number[] = [];
  let missed = 0;
  for (const goal of goals) {
    const start = from === 'commit' ? committedAt(goal, heard).at : goal.tickEnd;
    const match = streams.matches[goal.matchId];
    const n = match?.finished.length ?? 0;
    if (n === 0) missed += 1;
    for (let s = 0; s < n; s++) {
      const at = match!.byGoals[goal.goals]?.[s] ?? Number.NaN;
      if (Number.isNaN(at)) missed += 1;
      else delays.push(at - start);
    }
  }
  return { delays, missed };
}

/** The health route's latencies between two instants. */
const healthBetween = (health: HealthReport, from: number, to: number) => health.samples.filter(([at]) => at >= from && at <= to).map(([, latency]) => latency);

/** Prints the night's figures (Markdown, to stdout). */
export function printNight(run: NightRun): void {
  const { data, health, stages } = run;
  const finalGoals = run.night.changes.filter((c) => c.kind === 'goal' && c.matchId === data.finalId);
  const allGoals = run.night.changes.filter((c) => c.kind === 'goal');
  const baseGoals = run.baseline.changes.filter((c) => c.kind === 'goal');
  const final = deliveries(finalGoals, run.streams, health.heard, 'commit');
  const finalFromTick = deliveries(finalGoals, run.streams, health.heard, 'tick');
  const every = deliveries(allGoals, run.streams, health.heard, 'commit');
  const base = deliveries(baseGoals, run.baseline.streams, health.heard, 'commit');
  const heardAll = [...allGoals, ...baseGoals].every((goal) => committedAt(goal, health.heard).heard);
  const [p50, p99] = [percentile(final.delays, 50), percentile(final.delays, 99)];
  const [base50, base99] = [percentile(base.delays, 50), percentile(base.delays, 99)];

  // Full time → every ranking fresh.
  const fullTime = run.night.changes.find((c) => c.kind === 'finished' && c.matchId === data.finalId);
  const fullTimeAt = fullTime ? committedAt(fullTime, health.heard).at : Number.NaN;
  const freshTimes = run.rankings.firstFresh.filter((at) => !Number.isNaN(at));
  const allFresh = freshTimes.length === data.groupIds.length;
  const lastFresh = largest(freshTimes);
  const freshMs = allFresh ? lastFresh - fullTimeAt : Number.NaN;
  // The readers' rate from full time to the last group read fresh (or to their last read).
  const until = allFresh ? lastFresh : largest(run.rankings.reads.map(([at]) => at));
  const readsAfter = run.rankings.reads.filter(([at]) => at >= fullTimeAt && at <= until);
  const readRate = until > fullTimeAt ? readsAfter.length / ((until - fullTimeAt) / 1000) : Number.NaN;
  const floorMs = (data.groupIds.length / readRate) * 1000;
  const freshBySecond: number[] = [];
  for (const at of freshTimes) {
    const second = Math.max(0, Math.floor((at - fullTimeAt) / 1000));
    freshBySecond[second] = (freshBySecond[second] ?? 0) + 1;
  }
  let sum = 0;
  const cumulative = Array.from(freshBySecond, (n) => (sum += n ?? 0));
  const readLatencies = run.rankings.reads.map(([, latency]) => latency);

  // The health route: idle, and from the baseline's first goal to the end.
  const idle = stages.find((s) => s.name === 'idle')!;
  const firstNightStage = stages.find((s) => s.name.startsWith('baseline'))!;
  const idleHealth = healthBetween(health, idle.from, idle.to);
  const throughout = healthBetween(health, firstNightStage.from, largest(stages.map((s) => s.to)));
  const [idle99, night50, night99] = [percentile(idleHealth, 99), percentile(throughout, 50), percentile(throughout, 99)];
  const byStage = stages.filter((s) => s !== idle && !s.name.startsWith('health under')).map((s) => {
    const values = healthBetween(health, s.from, s.to);
    return `${s.name} (${((s.to - s.from) / 1000).toFixed(0)} s): p99 ${ms(percentile(values, 99))}, max ${ms(largest(values))}`;
  });

  const rush = run.rush;
  const savedOk = (rush.statuses['200'] ?? 0);
  const otherStatuses = Object.entries(rush.statuses).filter(([status]) => status !== '200').map(([status, n]) => `${int(n)} × ${status}`).join(', ');
  const perStream = (key: 'rss' | 'heapUsed') => kb((run.memory.afterStreams[key] - run.memory.before[key]) / Math.max(1, run.opened.open));
  const ticks = run.night.ticks;
  // Where the longest stalls fell: the stage, and the last change of a replayed match before each.
  const names = new Map(data.replayedIds.map((id, i) => [id, ['semi-final 1', 'semi-final 2', 'third place', 'final'][i]!]));
  const changes = [...run.baseline.changes, ...run.night.changes].sort((a, b) => a.tickEnd - b.tickEnd);
  const longest = [...run.stalls].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([at, late]) => {
    const inStage = stages.find((s) => at >= s.from && at <= s.to + 1_000)?.name ?? 'between stages';
    const change = changes.filter((c) => c.tickEnd <= at).at(-1);
    const after = change ? `, ${ms(at - late - change.tickEnd)} after ${names.get(change.matchId) ?? 'the baseline'}'s ${change.kind === 'goal' ? `goal ${change.goals}` : change.kind}` : '';
    return `${ms(late)} (${inStage}${after})`;
  });
  const host = new URL(run.url).host;
  const loads = run.loads.map((l) => l.map((v) => v.toFixed(2)).join(' ')).join(' → ');
  const counts = data.counts;

  console.log([
    `### A World Cup night — PostgreSQL (${host}), node ${process.version}, ${new Date().toISOString()}`, '',
    `${int(data.groupIds.length)} groups of 10–50 members (${int(counts.memberships)} memberships, ${int(counts.users)} accounts), `
      + `${int(run.predictionsAtKickoff)} predictions at the first kickoff (${int(counts.earlierPredictions)} on the 60 earlier matches, scored and folded; `
      + `${int(counts.finalPredictions)} on the final before the rush), ${int(run.predictionsAtEnd)} at the end. The replay at speed ${run.speed}; `
      + `${run.jumpMinutes.toFixed(1)} minutes of its clock skipped after the final's close. Load averages (1, 5, 15 min) at the start → at the end: ${loads}; ${run.cores} cores.`, '',
    '| figure | result | baseline (same run) | ratio | goal |', '| --- | --- | --- | --- | --- |',
    `| goal → event delivered, the final's ${finalGoals.length} goals × ${int(run.opened.open)} streams (from the commit as an independent LISTEN heard it) | p50 ${ms(p50)}, p99 ${ms(p99)}, max ${ms(largest(final.delays))}; ${int(final.missed)} deliveries missing; from the end of the tick that wrote it: p50 ${ms(percentile(finalFromTick.delays, 50))}, p99 ${ms(percentile(finalFromTick.delays, 99))}; every replayed goal (${allGoals.length}): p99 ${ms(percentile(every.delays, 99))} | one stream, the third place replayed alone (${baseGoals.length} goals): p50 ${ms(base50)}, p99 ${ms(base99)} | p99 ${ratio(p99, base99)} | p99 ≤ 1 s: ${met(p99 <= NIGHT_GOALS.eventP99Ms && final.missed === 0)}${heardAll ? '' : ' (some commits not heard: the tick\'s end stood in)'} |`,
    `| full time → every group's ranking read with the final counted (${run.readers} connections reading the ${int(data.groupIds.length)} rankings in turn) | ${allFresh ? ms(freshMs) : `not all: ${int(freshTimes.length)} of ${int(data.groupIds.length)} in ${ms(until - fullTimeAt)}`}; groups fresh by second: ${cumulative.join(', ')}; ${int(run.rankings.staleAfter)} of ${int(run.rankings.checked)} read stale in a pass after; ranking reads p50 ${ms(percentile(readLatencies, 50))}, p99 ${ms(percentile(readLatencies, 99))} | reading each group once at the readers' rate after full time (${int(readRate)} reads/s): ${ms(floorMs)} | ${ratio(freshMs, floorMs)} | ≤ 5 s: ${met(freshMs <= NIGHT_GOALS.freshMs)} |`,
    `| the save rush: ${run.rushConnections} connections saving the final's prediction for ${int(data.rushMembers.length)} members (one a group) in turn, the last ${run.rushSeconds} s before the close | ${rush.requestsPerSecond.toFixed(0)} req/s, p50 ${ms(rush.p50)}, p99 ${ms(rush.p99)} (${int(rush.total)} requests: ${int(savedOk)} saved${otherStatuses ? `, ${otherStatuses}` : ''}); none lost: ${run.lost === 0 ? 'yes' : `**no: ${run.lost}**`} (${int(rush.saved.length)} members answered "saved", each stored with the score they sent last); ${int(rush.renewed)} answers renewed the session's signed copy (past 60 s); a save after the close: ${run.afterClose} | GET /api/health, ${run.rushConnections} connections on the idle app: ${run.healthLoad.requests.average.toFixed(0)} req/s, p99 ${ms(run.healthLoad.latency.p99)} | ${ratio(rush.requestsPerSecond, run.healthLoad.requests.average)} | none lost: ${met(run.lost === 0)} |`,
    `| GET /api/health p99 throughout (one connection, every 50 ms, from the baseline's kickoff to the last fresh ranking: ${int(throughout.length)} samples) | p50 ${ms(night50)}, p99 ${ms(night99)}, max ${ms(largest(throughout))}; ${health.failures} failed | idle app: p99 ${ms(idle99)} | ${ratio(night99, idle99)} | ≤ 50 ms: ${met(night99 <= NIGHT_GOALS.healthP99Ms)} |`,
    `| memory of the process (the server, and the clients' threads in its RSS): before the streams / after opening them / at the end | RSS ${mb(run.memory.before.rss)} / ${mb(run.memory.afterStreams.rss)} / ${mb(run.memory.atEnd.rss)}; server heap ${mb(run.memory.before.heapUsed)} / ${mb(run.memory.afterStreams.heapUsed)} / ${mb(run.memory.atEnd.heapUsed)}; per stream RSS ${perStream('rss')}, heap ${perStream('heapUsed')} | — | — | — |`,
    '',
    `Streams: ${int(run.opened.open)} opened in ${run.opened.seconds.toFixed(1)} s (${run.opened.failed} refused or failed; ${run.streams.ended} ended by the server during the night${run.streams.failed.length ? `: ${run.streams.failed.slice(0, 3).join('; ')}` : ''}). `
      + `Ticks: ${ticks.length}, p50 ${ms(percentile(ticks, 50))}, p99 ${ms(percentile(ticks, 99))}, max ${ms(largest(ticks))}. `
      + `The server thread's event-loop delay: idle p99 ${ms(run.loopDelay.idle.p99)} (max ${ms(run.loopDelay.idle.max)}), through the night p99 ${ms(run.loopDelay.night.p99)} (max ${ms(run.loopDelay.night.max)}). `
      + `Reminders job: ${run.reminders ? 'on (as the app runs)' : 'off (BENCH_NIGHT_REMINDERS=off)'}. `
      + `The app's statements seen running over 1 s (longest first): ${health.slow.slice(0, 5).map((st) => `${st.seconds.toFixed(1)} s from ${new Date(st.startedAt).toISOString().slice(11, 19)}${st.waiting?.length ? `, seen waiting on ${st.waiting.join(', ')}` : ''} (${st.query.slice(0, 90)}…)`).join('; ') || 'none'}; `
      + `still running at the end (then cancelled): ${run.running.map((st) => `${st.seconds.toFixed(1)} s (${st.query.slice(0, 90)}…)`).join('; ') || 'none'}. `
      + `Queued for folding just after full time: ${run.queued.fullTime.join(', ') || 'nothing'}; at the end: ${run.queued.end.join(', ') || 'nothing'}. `
      + `Stages (UTC): ${stages.map((st) => `${st.name} ${new Date(st.from).toISOString().slice(11, 19)}–${new Date(st.to).toISOString().slice(11, 19)}`).join(', ')}. `
      + `Stalls of the server thread over 100 ms: ${run.stalls.length}${longest.length ? `, the longest ${longest.join('; ')}` : ''}. `
      + `Health by stage: ${byStage.join('; ')}.`, '',
  ].join('\n'));
}
