/**
 * The demo league: eight fictional clubs in a double round robin (14 rounds of 4 matches, one round
 * every 3 days) placed around `now`, so a newcomer finds some finished matches with results and most
 * still open to predict. Pure and deterministic for a given `now`.
 */
import type { ImportedCompetition, ImportedMatch } from '../../providers/fixture-source';
import { mulberry32 } from './seeded-random';

export const DEMO_TEAMS = [
  { name: 'Atlético Aurora', code: 'AUR' },
  { name: 'Real Horizonte', code: 'HOR' },
  { name: 'Sporting Maré', code: 'MAR' },
  { name: 'União Serra Azul', code: 'SER' },
  { name: 'Deportivo Brisa', code: 'BRI' },
  { name: 'Olímpico Vale Verde', code: 'VAL' },
  { name: 'Estrela do Norte', code: 'EST' },
  { name: 'Racing Porto Sol', code: 'SOL' },
] as const;

const KICKOFF_TIMES_UTC = [13, 15.5, 18, 20.5]; // hours
const DAY = 24 * 60 * 60 * 1000;

/**
 * Builds the demo competition.
 * @param now the current instant; round 5 falls on its UTC day, rounds 1–4 before it.
 */
export function demoLeague(now: Date): ImportedCompetition {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const random = mulberry32(2026);
  const matches: ImportedMatch[] = [];
  roundRobin(DEMO_TEAMS.length).forEach((pairs, roundIndex) => {
    const day = today + (roundIndex - 4) * 3 * DAY;
    pairs.forEach(([home, away], slot) => {
      const kickoff = new Date(day + (KICKOFF_TIMES_UTC[slot] as number) * 60 * 60 * 1000);
      const finished = kickoff.getTime() + 2 * 60 * 60 * 1000 < now.getTime();
      const homeGoals = goals(random);
      const awayGoals = goals(random);
      const homeTeam = DEMO_TEAMS[home] as (typeof DEMO_TEAMS)[number];
      const awayTeam = DEMO_TEAMS[away] as (typeof DEMO_TEAMS)[number];
      matches.push({
        externalId: `R${roundIndex + 1}-M${slot + 1}`,
        roundName: `Matchday ${roundIndex + 1}`,
        roundOrder: roundIndex + 1,
        stage: 'league',
        groupName: null,
        kickoff,
        status: finished ? 'finished' : 'scheduled',
        home: { name: homeTeam.name, code: homeTeam.code },
        away: { name: awayTeam.name, code: awayTeam.code },
        fullTime: finished ? [homeGoals, awayGoals] : null,
        extraTime: null,
        penalties: null,
        venue: null,
        label: `Matchday ${roundIndex + 1}: ${homeTeam.name} v ${awayTeam.name}`,
      });
    });
  });
  return { name: 'Palpite Demo League', season: String(now.getUTCFullYear()), kind: 'league', matches, warnings: [] };
}

/** Circle-method double round robin for an even number of teams: rounds of [home, away] pairs. */
function roundRobin(teamCount: number): [number, number][][] {
  const ids = Array.from({ length: teamCount }, (_, i) => i);
  const rounds: [number, number][][] = [];
  for (let round = 0; round < teamCount - 1; round++) {
    const pairs: [number, number][] = [];
    for (let i = 0; i < teamCount / 2; i++) {
      const a = ids[i] as number;
      const b = ids[teamCount - 1 - i] as number;
      pairs.push(round % 2 === 0 ? [a, b] : [b, a]);
    }
    rounds.push(pairs);
    ids.splice(1, 0, ids.pop() as number);
  }
  return [...rounds, ...rounds.map((pairs) => pairs.map(([a, b]) => [b, a] as [number, number]))];
}

/** Goals with a realistic spread (0–4, mostly 0–2). */
function goals(random: () => number): number {
  const r = random();
  return r < 0.28 ? 0 : r < 0.62 ? 1 : r < 0.85 ? 2 : r < 0.96 ? 3 : 4;
}

