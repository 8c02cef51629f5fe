/**
 * The group's spreadsheets: its ranking as the ranking route serves it, and every revealed prediction
 * (closed matches only, by the server's clock: src/domain/deadline.ts arePredictionsRevealed) with its
 * result and points. Members only (the routes check); the header row in the reader's language (labels.ts).
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { arePredictionsRevealed } from '../../../domain/deadline';
import type { LanguageCode } from '../../../domain/languages';
import type { Conn } from '../../db/client';
import { groups, matches, predictions, profiles } from '../../db/schema';
import type { GroupRanking } from '../groups/ranking';
import { homeTeam, matchColumns, withTeams, type MatchRow } from '../leagues/presenter';
import { predictionScoreColumns } from '../scoring/scoring-sql';
import { csvOf, type Cell } from './csv';
import { EXPORT_LABELS, type ExportLabels } from './labels';

/**
 * What of the group names the files and decides their columns: its name, whether it has bonus questions
 * (a Bonus column) and plays with jokers (Jokers played, Joker).
 */
export interface GroupExtras { name: string; bonus: boolean; jokers: boolean }

/** The group's name, whether it has bonus questions and whether it plays with jokers. */
export async function groupExtras(db: Conn, groupId: string): Promise<GroupExtras> {
  const [row] = await db.select({
    name: groups.name,
    bonus: sql<boolean>`exists (select 1 from bonus_questions q where q.group_id = ${groups.id})`,
    jokers: sql<boolean>`${groups.jokerMode} is not null`,
  }).from(groups).where(eq(groups.id, groupId));
  return { name: row?.name ?? 'group', bonus: row?.bonus === true, jokers: row?.jokers === true };
}

/** A file name from a group's name and what the file holds: "Bolão do Zé" → "bolao-do-ze-ranking.csv". */
export function fileName(groupName: string, what: 'ranking' | 'predictions'): string {
  const slug = groupName.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60);
  return `${slug || 'group'}-${what}.csv`;
}

/**
 * The ranking as CSV: rank, player, points, the counts of exact scores, goal differences, winners and
 * opposite results, then the bonus points and the jokers played when the group has them.
 * @param ranking the group's ranking (best first), as GET …/ranking serves it.
 */
export function rankingCsv(ranking: GroupRanking, extras: GroupExtras, language: LanguageCode): string {
  const words = EXPORT_LABELS[language].ranking;
  const header = [words.rank, words.player, words.points, words.exact, words.goalDifference, words.winner, words.opposite,
    ...(extras.bonus ? [words.bonus] : []), ...(extras.jokers ? [words.jokers] : [])];
  return csvOf(header, ranking.rows.map((row) => [
    row.rank, row.username, row.points, row.exact, row.goalDifference, row.winner, row.opposite,
    ...(extras.bonus ? [row.bonus] : []), ...(extras.jokers ? [row.jokers] : []),
  ]));
}

/** A score as a cell: "2–1" (an en dash: a spreadsheet takes "2-1" for a date). */
const score = (home: number, away: number) => `${home}–${away}`;

/** A match's result as a cell: the 90 minutes, then after extra time and on penalties when played; '' before full time. */
function resultCell(match: MatchRow, words: ExportLabels): string {
  if (match.status !== 'finished' || match.homeGoals === null || match.awayGoals === null) return '';
  const parts = [score(match.homeGoals, match.awayGoals)];
  if (match.homeGoalsExtraTime !== null && match.awayGoalsExtraTime !== null) parts.push(`${score(match.homeGoalsExtraTime, match.awayGoalsExtraTime)} ${words.extraTime}`);
  if (match.homePenalties !== null && match.awayPenalties !== null) parts.push(`${score(match.homePenalties, match.awayPenalties)} ${words.penalties}`);
  return parts.join(', ');
}

/** An instant as "YYYY-MM-DD HH:MM" in UTC (a form every spreadsheet reads as a date and time). */
const utcMinute = (instant: Date) => instant.toISOString().slice(0, 16).replace('T', ' ');

/**
 * Every revealed prediction of the group as CSV, in kickoff order then by player: round, kickoff (UTC),
 * match, player, prediction, result, points (a joker applied), and whether a joker was on it when the group
 * plays with them. A match whose predictions are still open is never in it.
 * @param now the server's clock.
 */
export async function predictionsCsv(db: Conn, groupId: string, leagueId: string, extras: GroupExtras, language: LanguageCode, now: Date): Promise<string> {
  const words = EXPORT_LABELS[language];
  const rows = await withTeams(db.select({
    ...matchColumns, username: profiles.username, pHome: predictions.homeGoals, pAway: predictions.awayGoals,
    points: predictionScoreColumns.points, joker: predictions.joker,
  }).from(matches).$dynamic())
    .innerJoin(predictions, and(eq(predictions.matchId, matches.id), eq(predictions.groupId, groupId)))
    .innerJoin(profiles, eq(profiles.userId, predictions.userId))
    .innerJoin(groups, eq(groups.id, predictions.groupId))
    .where(and(eq(matches.leagueId, leagueId), inArray(matches.status, ['scheduled', 'live', 'finished'])))
    .orderBy(asc(matches.kickoff), asc(matches.roundOrder), asc(homeTeam.name), asc(sql`lower(${profiles.username})`));
  const cells: Cell[][] = rows
    .filter((row) => arePredictionsRevealed({ kickoff: row.kickoff, status: row.status }, now))
    .map((row) => [
      row.roundName, utcMinute(row.kickoff), `${row.homeTeamName} – ${row.awayTeamName}`, row.username, score(row.pHome, row.pAway),
      resultCell(row, words), row.points === null ? null : Number(row.points), ...(extras.jokers ? [row.joker ? words.yes : null] : []),
    ]);
  const p = words.predictions;
  return csvOf([p.round, p.kickoff, p.match, p.player, p.prediction, p.result, p.points, ...(extras.jokers ? [p.joker] : [])], cells);
}
