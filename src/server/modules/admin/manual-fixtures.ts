/**
 * Fixtures entered by hand in a league that has no provider: teams met by name or other name (created
 * when new), the stage from the round and group names, and every round of the league re-ordered by its
 * earliest kickoff (src/domain/rounds.ts), as imports do.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { CreateFixtureRequest } from '../../../contracts/admin';
import { orderRounds, stageOf } from '../../../domain/rounds';
import { rowsOf, type Conn } from '../../db/client';
import { AppError, errors } from '../../errors';
import { rebuildTotals } from '../scoring/consistency';

/** The team of a name: by name or other name (case-insensitive), else a new team. */
async function teamOf(conn: Conn, name: string): Promise<string> {
  const [found] = rowsOf<{ id: string }>(await conn.execute(sql`
    select id from teams where lower(name) = ${name.toLowerCase()}
    union all select team_id from team_aliases where alias = ${name.toLowerCase()} limit 1`));
  if (found) return found.id;
  const [created] = rowsOf<{ id: string }>(await conn.execute(sql`
    insert into teams (name) values (${name}) on conflict (name) do update set name = excluded.name returning id`));
  return created!.id;
}

/**
 * Adds a fixture to a league entered by hand. Call inside a transaction.
 * @returns the new match's id.
 * @throws AppError league_not_found; 409 validation_failed for a league whose fixtures come from a provider.
 */
export async function createManualFixture(conn: Conn, leagueId: string, body: CreateFixtureRequest): Promise<string> {
  const [league] = rowsOf<{ sync_provider: string | null }>(await conn.execute(sql`select sync_provider from leagues where id = ${leagueId}::uuid`));
  if (!league) throw errors.leagueNotFound();
  if (league.sync_provider) throw new AppError(409, 'validation_failed', "This league's fixtures come from its provider: add them there.");
  const [home, away] = [await teamOf(conn, body.home), await teamOf(conn, body.away)];
  if (home === away) throw errors.validation(`${body.home} and ${body.away} are the same team (one is another name of the other).`);
  const groupName = body.groupName ?? null;
  const [match] = rowsOf<{ id: string }>(await conn.execute(sql`
    insert into matches (league_id, external_id, round_name, round_order, stage, group_name, kickoff, home_team_id, away_team_id, venue)
    values (${leagueId}::uuid, ${`manual:${randomUUID()}`}, ${body.roundName}, 0, ${stageOf(body.roundName, groupName)}, ${groupName},
            ${body.kickoff}::timestamptz, ${home}::uuid, ${away}::uuid, ${body.venue ?? null})
    returning id`));
  // Every round's place by its earliest kickoff, the new one included.
  const rounds = rowsOf<{ round_name: string; kickoff: string | Date }>(await conn.execute(sql`
    select round_name, min(kickoff) as kickoff from matches where league_id = ${leagueId}::uuid group by round_name`));
  const order = orderRounds(rounds.map((r) => ({ roundName: r.round_name, kickoff: new Date(r.kickoff) })));
  const moved = rowsOf<{ id: string }>(await conn.execute(sql`
    update matches m set round_order = v.round_order
      from (values ${sql.join([...order].map(([name, position]) => sql`(${name}, ${position}::int)`), sql`, `)}) as v(round_name, round_order)
     where m.league_id = ${leagueId}::uuid and m.round_name = v.round_name and m.round_order <> v.round_order
    returning m.id`));
  // Totals are kept per round: when earlier matches moved to another round, they take their points with them.
  if (moved.some((row) => row.id !== match!.id)) await rebuildTotals(conn, { leagueId });
  return match!.id;
}
