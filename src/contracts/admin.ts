/** Platform administration: match results. */
import { z } from 'zod';
import { goals, instant, matchStatus, requestDay, requestInstant, uuidParam } from './common';
import { match } from './leagues';
import { standingsResponse } from './standings';
import { replayState } from './replay';

export const matchParams = z.object({ matchId: uuidParam });

/**
 * PUT /api/admin/matches/:matchId/result. Goals are the full-time (90-minute) score; extra time
 * (cumulative) and penalties are optional. A live or finished match needs both goals; a scheduled,
 * postponed or cancelled one clears them.
 */
export const matchResultRequest = z
  .object({
    status: matchStatus,
    homeGoals: goals.nullable().optional(),
    awayGoals: goals.nullable().optional(),
    homeGoalsExtraTime: goals.nullable().optional(),
    awayGoalsExtraTime: goals.nullable().optional(),
    homePenalties: goals.nullable().optional(),
    awayPenalties: goals.nullable().optional(),
    /**
     * true: the administrator confirmed a live or finished result for a match whose kickoff is still to
     * come (it is scored at once, and the audit log records that it came before kickoff). Without it
     * such a result is refused (409 match_not_started).
     */
    beforeKickoff: z.literal(true).optional(),
  })
  .superRefine((body, ctx) => {
    const pairs: [keyof typeof body, keyof typeof body][] = [
      ['homeGoals', 'awayGoals'],
      ['homeGoalsExtraTime', 'awayGoalsExtraTime'],
      ['homePenalties', 'awayPenalties'],
    ];
    for (const [home, away] of pairs) {
      if ((body[home] == null) !== (body[away] == null)) {
        ctx.addIssue({ code: 'custom', path: [away], message: `${home} and ${away} go together` });
      }
    }
    if ((body.status === 'finished' || body.status === 'live') && body.homeGoals == null) {
      ctx.addIssue({ code: 'custom', path: ['homeGoals'], message: `a ${body.status} match needs its score` });
    }
    // Extra time follows a draw and counts cumulatively; a shoot-out follows a draw and has a winner.
    const { homeGoals: h, awayGoals: a, homeGoalsExtraTime: eh, awayGoalsExtraTime: ea, homePenalties: ph, awayPenalties: pa } = body;
    if (eh != null && ea != null && h != null && a != null) {
      if (h !== a) ctx.addIssue({ code: 'custom', path: ['homeGoalsExtraTime'], message: 'extra time is only played after a draw' });
      if (eh < h || ea < a) ctx.addIssue({ code: 'custom', path: ['homeGoalsExtraTime'], message: 'the score after extra time includes the 90 minutes' });
    }
    if (ph != null && pa != null) {
      const [lh, la] = eh != null && ea != null ? [eh, ea] : [h, a];
      if (lh != null && la != null && lh !== la) ctx.addIssue({ code: 'custom', path: ['homePenalties'], message: 'a shoot-out is only held after a draw' });
      if (ph === pa) ctx.addIssue({ code: 'custom', path: ['homePenalties'], message: 'a shoot-out has a winner' });
    }
  });
export type MatchResultRequest = z.infer<typeof matchResultRequest>;

/** A sync run of a league, as administrators see it (src/server/modules/sync). */
export const syncRun = z.object({
  id: z.uuid(),
  kind: z.enum(['fixtures', 'live']),
  trigger: z.enum(['schedule', 'admin', 'cli']),
  status: z.enum(['running', 'succeeded', 'failed']),
  startedAt: instant,
  finishedAt: instant.nullable(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  rescored: z.number().int(),
  error: z.string().nullable(),
});
export type SyncRun = z.infer<typeof syncRun>;

/** The providers a league can be linked to; 'manual': entered by administrators. */
export const leagueSource = z.enum(['manual', 'football-data', 'openfootball']);
export type LeagueSource = z.infer<typeof leagueSource>;

/** A league in the administrators' list. */
export const adminLeague = z.object({
  id: z.uuid(),
  name: z.string(),
  season: z.string(),
  kind: z.enum(['league', 'tournament']),
  active: z.boolean(),
  source: leagueSource,
  /** football-data.org: the competition code ('PL'); openfootball: the file's URL or path; manual: null. */
  sourceRef: z.string().nullable(),
  /** openfootball only: the IANA zone of its local times. */
  sourceTimeZone: z.string().nullable(),
  /**
   * Where `npm run import` last read the league from (an openfootball file's path or URL), the zone its
   * times were read in, and when (null: never imported by hand): a league entered this way can be
   * linked to that source later.
   */
  importRef: z.string().nullable(),
  importTimeZone: z.string().nullable(),
  importedAt: instant.nullable(),
  matches: z.number().int(),
  finished: z.number().int(),
  groups: z.number().int(),
  lastRun: syncRun.nullable(),
  /** A replayed tournament's state and speed (decision 018), null for any other league. */
  replay: z.object({ state: replayState, speed: z.number() }).nullable(),
});
export type AdminLeague = z.infer<typeof adminLeague>;

export const adminLeaguesQuery = z.object({
  search: z.string().trim().max(100).optional(),
  sort: z.enum(['name', 'season', 'matches', 'groups']).default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
/** 50 rows a page, as every long admin list. */
export const ADMIN_PAGE_SIZE = 50;
export const adminLeaguesResponse = z.object({ leagues: z.array(adminLeague), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type AdminLeaguesResponse = z.infer<typeof adminLeaguesResponse>;

const ianaZone = z.string().trim().min(1).max(64).refine((zone) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}, 'an IANA time zone such as Europe/London');

/**
 * An openfootball source: an http(s) address, or the path of a .json file on the server (as `npm run
 * import` and `npm run sync` take it; a relative path is read from the server's working folder).
 */
export const openfootballSource = z.string().trim().min(1).max(2000).refine(
  (value) => (/^https?:\/\//i.test(value) ? URL.canParse(value) : !/^[a-z][a-z0-9+.-]*:\/\//i.test(value) && /\.json$/i.test(value)),
  'an http(s) address, or the path of a .json file on the server',
);

/**
 * POST /api/admin/leagues. A manual league needs its name and season (teams and fixtures are then
 * entered by hand); a linked one its source: a football-data.org competition code, or an openfootball
 * URL or file path with the time zone of its local times (name and season then come from the source at
 * its first sync).
 */
export const createLeagueRequest = z.discriminatedUnion('source', [
  z.object({ source: z.literal('manual'), name: z.string().trim().min(2).max(80), season: z.string().trim().min(2).max(20), kind: z.enum(['league', 'tournament']) }),
  z.object({ source: z.literal('football-data'), sourceRef: z.string().trim().regex(/^[A-Z0-9]{2,5}$/, 'a competition code such as PL, BSA or WC') }),
  z.object({ source: z.literal('openfootball'), sourceRef: openfootballSource, sourceTimeZone: ianaZone }),
]);

/**
 * POST /api/admin/leagues/:leagueId/link: links a league entered by hand or imported from the command
 * line to an openfootball source (its importRef, usually), which the scheduler then syncs.
 */
export const linkLeagueRequest = z.object({ sourceRef: openfootballSource, sourceTimeZone: ianaZone });
export type LinkLeagueRequest = z.infer<typeof linkLeagueRequest>;
export type CreateLeagueRequest = z.infer<typeof createLeagueRequest>;

/** PATCH /api/admin/leagues/:leagueId: any of these. */
export const updateLeagueRequest = z.object({
  name: z.string().trim().min(2).max(80).optional(),
  active: z.boolean().optional(),
  sourceTimeZone: ianaZone.optional(),
}).refine((body) => Object.keys(body).length > 0, 'nothing to change');
export type UpdateLeagueRequest = z.infer<typeof updateLeagueRequest>;

export const leagueParams = z.object({ leagueId: uuidParam });
export const leagueResponse = z.object({ league: adminLeague });
export const syncRunsResponse = z.object({ runs: z.array(syncRun) });

/** POST /api/admin/leagues/:leagueId/sync: what the run did. */
export const syncNowResponse = z.object({
  outcome: z.discriminatedUnion('status', [
    z.object({ status: z.literal('succeeded'), runId: z.uuid(), created: z.number().int(), updated: z.number().int(), unchanged: z.number().int(), rescored: z.number().int(), warnings: z.array(z.string()) }),
    z.object({ status: z.literal('failed'), runId: z.uuid(), error: z.string() }),
    z.object({ status: z.literal('busy') }),
    z.object({ status: z.literal('skipped'), reason: z.string() }),
  ]),
  league: adminLeague,
});
export type SyncNowResponse = z.infer<typeof syncNowResponse>;

/** GET /api/admin/dashboard. */
export const adminDashboardResponse = z.object({
  users: z.object({ total: z.number().int(), newThisWeek: z.number().int() }),
  groups: z.object({ total: z.number().int(), active: z.number().int() }),
  /** Predictions saved since midnight UTC. */
  predictionsToday: z.number().int(),
  liveMatches: z.number().int(),
  /** Every league linked to a provider, with its last run. */
  syncedLeagues: z.array(adminLeague),
  /** Leagues whose last run failed. */
  failing: z.number().int(),
  /** What is missing for a provider to work ('FOOTBALL_DATA_TOKEN'), empty when nothing. */
  missing: z.array(z.string()),
});
export type AdminDashboardResponse = z.infer<typeof adminDashboardResponse>;

/** An entry of the audit log: who did what to which subject, when, before/after, and why. */
export const auditEntry = z.object({
  id: z.uuid(),
  actor: z.string(),
  action: z.string(),
  subjectType: z.string(),
  subjectId: z.string(),
  subjectLabel: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  at: instant,
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditQuery = z.object({
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const auditResponse = z.object({ entries: z.array(auditEntry), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type AuditResponse = z.infer<typeof auditResponse>;

/** GET /api/admin/fixtures: filters (all optional), 50 a page, by kickoff. */
export const adminFixturesQuery = z.object({
  leagueId: uuidParam.optional(),
  roundOrder: z.coerce.number().int().min(1).max(1_000).optional(),
  status: matchStatus.optional(),
  /** Kickoff on or after this day / on or before this day (UTC, YYYY-MM-DD). */
  from: requestDay.optional(),
  to: requestDay.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const adminFixture = match.extend({
  leagueId: z.uuid(),
  leagueName: z.string(),
  /** Changed by an administrator in a league linked to a provider: its syncs leave it alone until released. */
  lockedByAdmin: z.boolean(),
});
export type AdminFixture = z.infer<typeof adminFixture>;
export const adminFixturesResponse = z.object({ fixtures: z.array(adminFixture), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type AdminFixturesResponse = z.infer<typeof adminFixturesResponse>;

/** Why an administrator changed a fixture: required, kept in the audit log. */
const reason = z.string().trim().min(3, 'say why (at least 3 characters)').max(500);

/**
 * PATCH /api/admin/matches/:matchId: a new kickoff and/or status and result, with the reason. Postpone:
 * status 'postponed' (predictions voided); cancel: 'cancelled'; restore: 'scheduled' (optionally with a
 * new kickoff: the match reopens and its predictions stand). A live or finished match needs its score.
 */
export const updateFixtureRequest = z.object({
  kickoff: requestInstant.optional(),
  result: matchResultRequest.optional(),
  /** true: hand a match of a linked league back to its provider (its next sync may change it again). */
  release: z.literal(true).optional(),
  reason,
}).refine((body) => body.kickoff !== undefined || body.result !== undefined || body.release === true, 'nothing to change');
export type UpdateFixtureRequest = z.infer<typeof updateFixtureRequest>;
/** POST /api/admin/matches/:matchId/rescore: scores every prediction of the match again from its stored result. */
export const rescoreRequest = z.object({ reason });
export const fixtureResponse = z.object({ fixture: adminFixture, rescored: z.number().int() });

/** A person as administrators see them. */
export const adminUser = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  fullName: z.string(),
  role: z.enum(['Regular User', 'Platform Administrator']),
  emailVerified: z.boolean(),
  disabled: z.boolean(),
  createdAt: instant,
  /** When their newest session began (kept after sign-out), null when they never signed in. */
  lastSignInAt: instant.nullable(),
  groups: z.number().int(),
});
export type AdminUser = z.infer<typeof adminUser>;
export const adminUsersQuery = z.object({
  /** Part of an email or username. */
  search: z.string().trim().max(100).optional(),
  sort: z.enum(['username', 'email', 'createdAt', 'lastSignInAt']).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const adminUsersResponse = z.object({ users: z.array(adminUser), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type AdminUsersResponse = z.infer<typeof adminUsersResponse>;
export const userParams = z.object({ userId: z.string().min(1).max(100) });
export const adminUserDetailResponse = z.object({
  user: adminUser,
  memberships: z.array(z.object({ groupId: z.uuid(), groupName: z.string(), role: z.enum(['owner', 'admin', 'member']), joinedAt: instant })),
});
export type AdminUserDetailResponse = z.infer<typeof adminUserDetailResponse>;
/** PATCH /api/admin/users/:userId: a new role and/or disabled (true ends every session at once). */
export const updateUserRequest = z.object({
  role: z.enum(['Regular User', 'Platform Administrator']).optional(),
  disabled: z.boolean().optional(),
}).refine((body) => body.role !== undefined || body.disabled !== undefined, 'nothing to change');
export type UpdateUserRequest = z.infer<typeof updateUserRequest>;

/** A group as administrators see it. */
export const adminGroup = z.object({
  id: z.uuid(),
  name: z.string(),
  leagueName: z.string(),
  visibility: z.enum(['public', 'private']),
  status: z.enum(['active', 'deactivated']),
  members: z.number().int(),
  owner: z.string().nullable(),
  createdAt: instant,
});
export type AdminGroup = z.infer<typeof adminGroup>;
export const adminGroupsQuery = z.object({
  search: z.string().trim().max(100).optional(),
  sort: z.enum(['name', 'members', 'createdAt']).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const adminGroupsResponse = z.object({ groups: z.array(adminGroup), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type AdminGroupsResponse = z.infer<typeof adminGroupsResponse>;
export const adminGroupParams = z.object({ groupId: uuidParam });
export const adminGroupDetailResponse = z.object({
  group: adminGroup,
  members: z.array(z.object({ userId: z.string(), username: z.string(), role: z.enum(['owner', 'admin', 'member']), joinedAt: instant })),
});
export type AdminGroupDetailResponse = z.infer<typeof adminGroupDetailResponse>;
export const updateAdminGroupRequest = z.object({ status: z.enum(['active', 'deactivated']) });

/** A team as administrators see it, with its other names. */
export const adminTeam = z.object({
  id: z.uuid(),
  name: z.string(),
  shortName: z.string().nullable(),
  code: z.string().nullable(),
  crestUrl: z.string().nullable(),
  aliases: z.array(z.string()),
  matches: z.number().int(),
});
export type AdminTeam = z.infer<typeof adminTeam>;
export const adminTeamsQuery = z.object({
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const adminTeamsResponse = z.object({ teams: z.array(adminTeam), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type AdminTeamsResponse = z.infer<typeof adminTeamsResponse>;
export const teamParams = z.object({ teamId: uuidParam });
export const teamAliasParams = z.object({ teamId: uuidParam, alias: z.string().min(1).max(80) });
/** PATCH /api/admin/teams/:teamId. The crest is an https address (uploads: not yet). */
export const updateTeamRequest = z.object({
  name: z.string().trim().min(2).max(80).optional(),
  shortName: z.string().trim().min(1).max(40).nullable().optional(),
  code: z.string().trim().regex(/^[A-Z]{3}$/, 'three capital letters, e.g. BRA').nullable().optional(),
  crestUrl: z.url().refine((u) => u.startsWith('https://'), 'an https address').nullable().optional(),
}).refine((body) => Object.keys(body).length > 0, 'nothing to change');
export type UpdateTeamRequest = z.infer<typeof updateTeamRequest>;
/** POST /api/admin/teams/:teamId/aliases: another name a provider writes for the team ('USA', 'Man Utd'). */
export const addAliasRequest = z.object({ alias: z.string().trim().min(2).max(80) });
export const teamResponse = z.object({ team: adminTeam });

/** GET /api/admin/leagues/:leagueId/standings: computed from results, and the provider's own tables when it has any. */
export const adminStandingsResponse = z.object({
  computed: standingsResponse,
  provider: z.object({
    fetchedAt: instant,
    tables: z.array(z.object({
      stage: z.string(), providerStage: z.string(), group: z.string().nullable(),
      rows: z.array(z.object({
        position: z.number().int(), team: z.string(), tla: z.string().nullable(), played: z.number().int(), won: z.number().int(), draw: z.number().int(),
        lost: z.number().int(), goalsFor: z.number().int(), goalsAgainst: z.number().int(), goalDifference: z.number().int(), points: z.number().int(),
      })),
    })),
  }).nullable(),
});
export type AdminStandingsResponse = z.infer<typeof adminStandingsResponse>;

/** GET /api/admin/provider-competitions: what football-data.org offers to link a league to. */
export const providerCompetitionsResponse = z.object({
  competitions: z.array(z.object({
    code: z.string(), name: z.string(), area: z.string().nullable(), type: z.string(),
    currentSeason: z.object({ startDate: z.string(), endDate: z.string(), label: z.string() }).nullable(),
  })),
});
export type ProviderCompetitionsResponse = z.infer<typeof providerCompetitionsResponse>;

/**
 * POST /api/admin/leagues/:leagueId/fixtures: a fixture of a league entered by hand. Teams are named:
 * an existing team (or one of its other names) is used, a new name makes a new team.
 */
export const createFixtureRequest = z.object({
  roundName: z.string().trim().min(1).max(60),
  kickoff: requestInstant,
  home: z.string().trim().min(2).max(80),
  away: z.string().trim().min(2).max(80),
  groupName: z.string().trim().min(1).max(40).nullable().optional(),
  venue: z.string().trim().min(1).max(120).nullable().optional(),
}).refine((body) => body.home.toLowerCase() !== body.away.toLowerCase(), { path: ['away'], message: 'a team cannot play itself' });
export type CreateFixtureRequest = z.infer<typeof createFixtureRequest>;

/** POST /api/admin/teams/:teamId/merge: the duplicate joins this team (matches, other names, its name). */
export const mergeTeamsRequest = z.object({ duplicateId: uuidParam });
