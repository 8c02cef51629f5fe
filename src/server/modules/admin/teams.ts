/**
 * The administrators' teams: the list (searched in names, codes and aliases; 50 a page) and edits (name,
 * short name, three-letter code, crest address), and the aliases through which every provider's name of a
 * team meets the same team (the importer reads team_aliases). Callers check the role and audit.
 */
import { sql, type SQL } from 'drizzle-orm';
import { ADMIN_PAGE_SIZE, type AdminTeam, type AdminTeamsResponse, type UpdateTeamRequest } from '../../../contracts/admin';
import { rowsOf, type Conn } from '../../db/client';
import { AppError, errors } from '../../errors';

interface TeamRow { id: string; name: string; short_name: string | null; code: string | null; crest_url: string | null; aliases: string[] | null; matches: number }
const teamSelect = (where: SQL, tail: SQL = sql``) => sql`
  select t.id, t.name, t.short_name, t.code, t.crest_url,
         (select array_agg(a.alias order by a.alias) from team_aliases a where a.team_id = t.id) as aliases,
         (select count(*) from matches m where m.home_team_id = t.id or m.away_team_id = t.id)::int as matches
    from teams t
   where ${where}
   ${tail}`;
const present = (row: TeamRow): AdminTeam => ({
  id: row.id, name: row.name, shortName: row.short_name, code: row.code, crestUrl: row.crest_url, aliases: row.aliases ?? [], matches: Number(row.matches),
});
const like = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** One page of teams by name. */
export async function listAdminTeams(db: Conn, query: { search?: string; page: number }): Promise<AdminTeamsResponse> {
  const where = query.search
    ? sql`(t.name ilike ${like(query.search)} or coalesce(t.short_name, '') ilike ${like(query.search)} or coalesce(t.code, '') ilike ${like(query.search)}
           or exists (select 1 from team_aliases a where a.team_id = t.id and a.alias ilike ${like(query.search)}))`
    : sql`true`;
  const rows = rowsOf<TeamRow>(await db.execute(teamSelect(where, sql`order by lower(t.name), t.id limit ${ADMIN_PAGE_SIZE} offset ${(query.page - 1) * ADMIN_PAGE_SIZE}`)));
  const [count] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from teams t where ${where}`));
  return { teams: rows.map(present), total: Number(count?.n ?? 0), page: query.page, pageSize: ADMIN_PAGE_SIZE };
}

/** One team. @throws AppError not_found. */
export async function getAdminTeam(db: Conn, teamId: string): Promise<AdminTeam> {
  const [row] = rowsOf<TeamRow>(await db.execute(teamSelect(sql`t.id = ${teamId}::uuid`)));
  if (!row) throw errors.notFound('Team');
  return present(row);
}

const nameTaken = () => new AppError(409, 'validation_failed', 'Another team already has this name, or uses it as another name.');

/**
 * Edits a team; a new name keeps the old one as another name (providers still write it).
 * @throws AppError not_found; 409 when the name belongs to another team or alias.
 */
export async function updateAdminTeam(db: Conn, teamId: string, body: UpdateTeamRequest): Promise<AdminTeam> {
  if (body.name !== undefined) {
    const [clash] = rowsOf<{ id: string }>(await db.execute(sql`
      select id from teams where lower(name) = ${body.name.toLowerCase()} and id <> ${teamId}::uuid
      union all select team_id from team_aliases where alias = ${body.name.toLowerCase()} and team_id <> ${teamId}::uuid limit 1`));
    if (clash) throw nameTaken();
  }
  const sets: SQL[] = [];
  if (body.name !== undefined) sets.push(sql`name = ${body.name}`);
  if (body.shortName !== undefined) sets.push(sql`short_name = ${body.shortName}`);
  if (body.code !== undefined) sets.push(sql`code = ${body.code}`);
  if (body.crestUrl !== undefined) sets.push(sql`crest_url = ${body.crestUrl}`);
  const before = await getAdminTeam(db, teamId);
  await db.execute(sql`update teams set ${sql.join(sets, sql`, `)} where id = ${teamId}::uuid`);
  // The old name stays another name of the team: providers still write it, and must meet this team.
  if (body.name !== undefined && body.name.toLowerCase() !== before.name.toLowerCase()) {
    await db.execute(sql`insert into team_aliases (alias, team_id) values (${before.name.toLowerCase()}, ${teamId}::uuid) on conflict (alias) do nothing`);
  }
  return getAdminTeam(db, teamId);
}

/**
 * Adds another name of a team (stored lower-cased: names meet whatever their case).
 * @throws AppError not_found; 409 when the name is another team's name or alias.
 */
export async function addTeamAlias(db: Conn, teamId: string, alias: string): Promise<AdminTeam> {
  const team = await getAdminTeam(db, teamId);
  const key = alias.toLowerCase();
  const [clash] = rowsOf<{ id: string }>(await db.execute(sql`
    select id from teams where lower(name) = ${key} and id <> ${teamId}::uuid
    union all select team_id from team_aliases where alias = ${key} and team_id <> ${teamId}::uuid limit 1`));
  if (clash) throw nameTaken();
  if (team.name.toLowerCase() !== key) {
    await db.execute(sql`insert into team_aliases (alias, team_id) values (${key}, ${teamId}::uuid) on conflict (alias) do nothing`);
  }
  return getAdminTeam(db, teamId);
}

/** Removes another name of a team (nothing when it had no such alias). @throws AppError not_found. */
export async function removeTeamAlias(db: Conn, teamId: string, alias: string): Promise<AdminTeam> {
  await getAdminTeam(db, teamId);
  await db.execute(sql`delete from team_aliases where team_id = ${teamId}::uuid and alias = ${alias.toLowerCase()}`);
  return getAdminTeam(db, teamId);
}

/**
 * Joins a duplicate into a team (two providers' names of one team, created before an alias linked them):
 * the duplicate's matches and other names move to the team, its name becomes one of the team's other
 * names, and the duplicate is deleted. Call inside a transaction.
 * @throws AppError not_found; 409 validation_failed when both are the same team or play each other.
 */
export async function mergeTeams(db: Conn, teamId: string, duplicateId: string): Promise<AdminTeam> {
  if (teamId === duplicateId) throw new AppError(409, 'validation_failed', 'A team cannot be merged into itself.');
  await getAdminTeam(db, teamId);
  const duplicate = await getAdminTeam(db, duplicateId);
  const [clash] = rowsOf<{ id: string }>(await db.execute(sql`
    select id from matches where (home_team_id = ${teamId}::uuid and away_team_id = ${duplicateId}::uuid)
                              or (home_team_id = ${duplicateId}::uuid and away_team_id = ${teamId}::uuid) limit 1`));
  if (clash) throw new AppError(409, 'validation_failed', 'These teams play each other: they are not the same team.');
  await db.execute(sql`update matches set home_team_id = ${teamId}::uuid where home_team_id = ${duplicateId}::uuid`);
  await db.execute(sql`update matches set away_team_id = ${teamId}::uuid where away_team_id = ${duplicateId}::uuid`);
  await db.execute(sql`update team_aliases set team_id = ${teamId}::uuid where team_id = ${duplicateId}::uuid`);
  await db.execute(sql`delete from teams where id = ${duplicateId}::uuid`);
  await db.execute(sql`insert into team_aliases (alias, team_id) values (${duplicate.name.toLowerCase()}, ${teamId}::uuid) on conflict (alias) do update set team_id = excluded.team_id`);
  return getAdminTeam(db, teamId);
}
