/**
 * Writes an imported competition to the database in one transaction: the league, its teams and its
 * matches are upserted set-based (one statement each), so re-importing the same source updates scores
 * and statuses and never duplicates a team or a match; matches whose result changed are re-scored in
 * the same transaction, and those whose kickoff moved with the result unchanged are published as live
 * `match` events.
 * Matches missing from a later import are left as they are.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { leagues, matches, teamAliases, teams } from '../../db/schema';
import { ImportError, type ImportedCompetition, type ImportedMatch, type ImportedTeam } from '../../providers/fixture-source';
import { publishMatchEvents } from '../live/publish';
import { scoreMatchesSaying } from '../scoring/score-matches';
import { announceRankingsChanged } from '../scoring/rankings-changed';
import { rebuildTotals } from '../scoring/consistency';
import { recordAudit, type AuditActor } from '../admin/audit';

export interface ImportOptions {
  /** Data provider name, e.g. 'openfootball' or 'demo'. */
  provider: string;
  /** Display name; default: the competition's own name. */
  leagueName?: string;
  /**
   * Write into this league (a sync of a league linked to a provider) instead of the one found by the
   * provider and the competition's name and season. @throws ImportError when it does not exist.
   */
  leagueId?: string;
  /**
   * An import by hand (`npm run import`): its source (path or URL) and the zone its times were read in,
   * kept on the league so an administrator can link it later, and who ran it, recorded in the audit log
   * in the import's transaction.
   */
  byHand?: { ref: string; timeZone: string | null; actor: AuditActor };
}

/** What an import did. */
export interface ImportSummary {
  leagueId: string;
  leagueName: string;
  season: string;
  matches: number;
  teams: number;
  finished: number;
  postponed: number;
  created: number;
  updated: number;
  unchanged: number;
  /** Predictions re-scored because their match's result changed. */
  rescored: number;
}

/** The league's stable id for a provider: the source's own name and the season, slugged. */
export function leagueExternalId(competition: Pick<ImportedCompetition, 'name' | 'season'>): string {
  const slug = competition.name.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  return `${slug}:${competition.season}`;
}

/** Imports a competition; see the module comment. Throws (and writes nothing) on any database error. */
export async function importCompetition(db: Db, competition: ImportedCompetition, options: ImportOptions): Promise<ImportSummary> {
  return db.transaction(async (tx) => {
    const name = options.leagueName ?? competition.name;
    const [league] = options.leagueId ? await tx
      .update(leagues)
      .set({ kind: competition.kind, season: competition.season, updatedAt: new Date() })
      .where(eq(leagues.id, options.leagueId))
      .returning({ id: leagues.id, name: leagues.name }) : await tx
      .insert(leagues)
      .values({ name, season: competition.season, kind: competition.kind, provider: options.provider, externalId: leagueExternalId(competition) })
      .onConflictDoUpdate({
        target: [leagues.provider, leagues.externalId],
        set: { name: options.leagueName ? name : sql`${leagues.name}`, kind: competition.kind, season: competition.season, updatedAt: new Date() },
      })
      .returning({ id: leagues.id, name: leagues.name });
    if (!league) throw options.leagueId ? new ImportError(`league ${options.leagueId} does not exist`) : new Error('league upsert returned nothing');
    if (options.byHand) {
      await tx.update(leagues).set({ importRef: options.byHand.ref, importTimeZone: options.byHand.timeZone, importedAt: new Date() }).where(eq(leagues.id, league.id));
    }

    const teamByName = new Map<string, ImportedTeam>();
    for (const match of competition.matches) {
      for (const team of [match.home, match.away]) {
        const seen = teamByName.get(team.name);
        if (!seen || (!seen.code && team.code)) teamByName.set(team.name, team);
      }
    }
    // A name an administrator gave as another name of a team (team_aliases) is that team.
    const names = [...teamByName.keys()];
    const aliased = names.length === 0 ? [] : await tx
      .select({ alias: teamAliases.alias, teamId: teamAliases.teamId })
      .from(teamAliases)
      .where(inArray(teamAliases.alias, names.map((n) => n.toLowerCase())));
    const aliasTeam = new Map(aliased.map((row) => [row.alias, row.teamId]));
    const fresh = [...teamByName.values()].filter((team) => !aliasTeam.has(team.name.toLowerCase()));
    const teamRows = fresh.length === 0 ? [] : await tx
      .insert(teams)
      .values(fresh.map((team) => ({ name: team.name, code: team.code, shortName: team.shortName ?? null, crestUrl: team.crestUrl ?? null })))
      .onConflictDoUpdate({
        target: teams.name,
        // What a team already has wins (an administrator's code, short name or uploaded crest): a provider
        // only fills what is empty.
        set: {
          code: sql`coalesce(${teams.code}, excluded.code)`,
          shortName: sql`coalesce(${teams.shortName}, excluded.short_name)`,
          crestUrl: sql`coalesce(${teams.crestUrl}, excluded.crest_url)`,
        },
      })
      .returning({ id: teams.id, name: teams.name });
    const teamId = new Map([
      ...names.flatMap((n) => (aliasTeam.has(n.toLowerCase()) ? [[n, aliasTeam.get(n.toLowerCase())!] as const] : [])),
      ...teamRows.map((row) => [row.name, row.id] as const),
    ]);

    // Old results, to know which matches need re-scoring.
    const existing = await tx
      .select({
        id: matches.id, externalId: matches.externalId, lockedByAdmin: matches.lockedByAdmin,
        ...Object.fromEntries(UPDATABLE_COLUMNS.map((key) => [key, matches[key]])) as { [K in (typeof UPDATABLE_COLUMNS)[number]]: (typeof matches)[K] },
      })
      .from(matches)
      .where(eq(matches.leagueId, league.id))
      .orderBy(matches.id)
      // Locked until the import commits: a result an administrator saves meanwhile waits, so what is
      // compared below is what the upsert overwrites. FOR UPDATE, as the upsert would lock them (it sets
      // round_order, a column of a unique index), and in id order, the order saves of predictions lock the
      // matches they write for (FOR KEY SHARE): a save waits for the import and re-checks the match after
      // it, and the two never wait on each other in a circle (decision 011).
      .for('update');
    const before = new Map(existing.map((row) => [row.externalId, row]));

    const values = competition.matches.map((match) => toRow(match, league.id, teamId));
    const resultChanged = values.flatMap((value) => {
      const old = before.get(value.externalId);
      // Extra time counts too: a group may score knockout matches on the score after extra time. So does a
      // shoot-out arriving later: it decides who won a final (bonus questions, modules/bonus/resolve.ts).
      return old && !old.lockedByAdmin && (old.status !== value.status || old.homeGoals !== value.homeGoals || old.awayGoals !== value.awayGoals
        || old.homeGoalsExtraTime !== value.homeGoalsExtraTime || old.awayGoalsExtraTime !== value.awayGoalsExtraTime
        || old.homePenalties !== value.homePenalties || old.awayPenalties !== value.awayPenalties
        || old.stage !== value.stage) ? [old.id] : [];
    });

    const columns = UPDATABLE_COLUMNS.map((key) => sql.raw(`"${columnName(key)}"`));
    const excluded = UPDATABLE_COLUMNS.map((key) => sql.raw(`excluded."${columnName(key)}"`));
    // Only new matches and changed ones are written (a sync re-imports mostly unchanged seasons): the
    // statement below would leave the others as they are anyway.
    const toWrite = values.filter((value) => {
      const old = before.get(value.externalId);
      return old === undefined || (!old.lockedByAdmin && UPDATABLE_COLUMNS.some((key) => !sameValue(old[key], value[key])));
    });
    let created = 0;
    let updated = 0;
    for (let i = 0; i < toWrite.length; i += 500) {
      const written = await tx
        .insert(matches)
        .values(toWrite.slice(i, i + 500))
        .onConflictDoUpdate({
          target: [matches.leagueId, matches.externalId],
          set: Object.fromEntries([...UPDATABLE_COLUMNS.map((key, i) => [key, excluded[i]]), ['updatedAt', sql`now()`]]),
          // Only rows whose data differ are touched, so `updated` counts real changes; a match an
          // administrator changed by hand (locked_by_admin) stays as they left it.
          setWhere: sql`not ${matches.lockedByAdmin} and (${sql.join(columns.map((c) => sql`${matches}.${c}`), sql`, `)}) is distinct from (${sql.join(excluded, sql`, `)})`,
        })
        .returning({ inserted: sql<boolean>`(xmax = 0)` });
      created += written.filter((row) => row.inserted).length;
      updated += written.filter((row) => !row.inserted).length;
    }
    // Only results, clocks and scorers changed: their match events say what moved (a score in play alone
    // keeps the rankings' official parts). Anything else: every match event of the import says all, and so
    // does a notice below, so that no instance ranks from an official part the import changed.
    const resultsOnly = created === 0 && toWrite.every((value) => {
      const old = before.get(value.externalId);
      return old !== undefined && UPDATABLE_COLUMNS.every((key) => RESULT_COLUMNS.has(key) || sameValue(old[key], value[key]));
    });
    const { scored: rescored } = await scoreMatchesSaying(tx, resultChanged, resultsOnly ? {} : { rankings: 'all' });
    // A kickoff moved, or a live match's clock or scorers changed, with the result unchanged: open pages
    // hear it too (the deadline moves with a kickoff); result changes were published by scoreMatches.
    const rescoredIds = new Set(resultChanged);
    await publishMatchEvents(tx, values.flatMap((value) => {
      const old = before.get(value.externalId);
      return old && !old.lockedByAdmin && !rescoredIds.has(old.id)
        && (!sameValue(old.kickoff, value.kickoff) || !sameValue(old.live, value.live) || !sameValue(old.goals, value.goals)) ? [old.id] : [];
    }), { rankings: resultsOnly ? 'live' : 'all' });
    // Totals are kept per round: matches that moved to another round take their points with them.
    const roundMoved = values.some((value) => {
      const old = before.get(value.externalId);
      return old !== undefined && !old.lockedByAdmin && old.roundOrder !== value.roundOrder;
    });
    if (roundMoved) await rebuildTotals(tx, { leagueId: league.id });
    // New matches, kickoffs and round names show on stats pages: every instance hears of them at commit.
    // An import of results, clocks and scorers alone is heard through its match events (above).
    if (created + updated > 0 && !resultsOnly) await announceRankingsChanged(tx);

    const summary: ImportSummary = {
      leagueId: league.id,
      leagueName: league.name,
      season: competition.season,
      matches: values.length,
      teams: teamByName.size,
      finished: values.filter((v) => v.status === 'finished').length,
      postponed: values.filter((v) => v.status === 'postponed').length,
      created,
      updated,
      unchanged: values.length - created - updated,
      rescored,
    };
    if (options.byHand) {
      const { leagueId: _id, ...figures } = summary;
      await recordAudit(tx, options.byHand.actor, {
        action: 'league.import', subjectType: 'league', subjectId: league.id, subjectLabel: league.name,
        after: { source: options.byHand.ref, timeZone: options.byHand.timeZone, ...figures },
      });
    }
    return summary;
  });
}

const UPDATABLE_COLUMNS = [
  'roundName', 'roundOrder', 'stage', 'groupName', 'kickoff', 'status', 'homeTeamId', 'awayTeamId', 'homeGoals', 'awayGoals',
  'homeGoalsExtraTime', 'awayGoalsExtraTime', 'homePenalties', 'awayPenalties', 'venue', 'live', 'goals',
] as const;

/** The columns of a match's result as it is played (scored by scoreMatches) and its clock and scorers. */
const RESULT_COLUMNS: ReadonlySet<(typeof UPDATABLE_COLUMNS)[number]> = new Set([
  'status', 'homeGoals', 'awayGoals', 'homeGoalsExtraTime', 'awayGoalsExtraTime', 'homePenalties', 'awayPenalties', 'live', 'goals',
] as const);

type MatchInsert = typeof matches.$inferInsert & { externalId: string; status: ImportedMatch['status'] };

/**
 * Whether a stored column value and an imported one are the same (null and undefined alike; instants by
 * time; JSON documents by content, whatever the order of their keys — jsonb keeps its own).
 */
function sameValue(stored: unknown, imported: unknown): boolean {
  if (stored instanceof Date || imported instanceof Date) {
    return stored instanceof Date && imported instanceof Date && stored.getTime() === imported.getTime();
  }
  if (typeof stored === 'object' && stored !== null && typeof imported === 'object' && imported !== null) {
    return canonicalJson(stored) === canonicalJson(imported);
  }
  return (stored ?? null) === (imported ?? null);
}

/** JSON text of a value with every object's keys sorted (undefined members left out, as JSON does). */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => (inner && typeof inner === 'object' && !Array.isArray(inner)
    ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    : inner));
}

function toRow(match: ImportedMatch, leagueId: string, teamId: Map<string, string>): MatchInsert {
  const id = (name: string) => {
    const found = teamId.get(name);
    if (!found) throw new Error(`team ${name} was not saved`);
    return found;
  };
  return {
    leagueId,
    externalId: match.externalId,
    roundName: match.roundName,
    roundOrder: match.roundOrder,
    stage: match.stage,
    groupName: match.groupName,
    kickoff: match.kickoff,
    status: match.status,
    homeTeamId: id(match.home.name),
    awayTeamId: id(match.away.name),
    homeGoals: match.fullTime?.[0] ?? null,
    awayGoals: match.fullTime?.[1] ?? null,
    homeGoalsExtraTime: match.extraTime?.[0] ?? null,
    awayGoalsExtraTime: match.extraTime?.[1] ?? null,
    homePenalties: match.penalties?.[0] ?? null,
    awayPenalties: match.penalties?.[1] ?? null,
    venue: match.venue,
    live: match.live ?? null,
    goals: match.goals && match.goals.length > 0 ? match.goals : null,
  };
}

function columnName(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}
