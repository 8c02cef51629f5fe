/**
 * The database schema (Drizzle). One schema for PGlite and PostgreSQL; drizzle-kit generates the SQL
 * migrations in ./migrations from it. Instants are `timestamptz` (UTC); goals are small integers.
 *
 * The first four tables (and rate_limit) are Better Auth's own, with its column names
 * (https://www.better-auth.com/docs/concepts/database#core-schema).
 */
import { sql } from 'drizzle-orm';
import {
  bigint, bigserial, boolean, check, doublePrecision, index, integer, jsonb, pgEnum, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid,
} from 'drizzle-orm/pg-core';
import { BONUS_ANSWER_KINDS } from '../../domain/bonus';
import { JOKER_MODES } from '../../domain/jokers';
import { MATCH_STATUSES } from '../../domain/deadline';
import type { LiveClock, SourceGoal } from '../../domain/replay';
import { DEFAULT_SCORING_RULES, KNOCKOUT_BASES, PREDICTION_OUTCOMES } from '../../domain/scoring';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

// ── Better Auth ──────────────────────────────────────────────────────────────────────────────────
export const user = pgTable('user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const session = pgTable('session', {
  id: text('id').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  token: text('token').notNull().unique(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  ipAddress: text('ip_address'),
  userAgent: text('user_agent'),
  userId: text('user_id').notNull().references(() => user.id, { onDelete: 'cascade' }),
}, (t) => [index('session_user_id_idx').on(t.userId)]);

export const account = pgTable('account', {
  id: text('id').primaryKey(),
  accountId: text('account_id').notNull(),
  providerId: text('provider_id').notNull(),
  userId: text('user_id').notNull().references(() => user.id, { onDelete: 'cascade' }),
  accessToken: text('access_token'),
  refreshToken: text('refresh_token'),
  idToken: text('id_token'),
  accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
  refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
  scope: text('scope'),
  password: text('password'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [index('account_user_id_idx').on(t.userId)]);

export const verification = pgTable('verification', {
  id: text('id').primaryKey(),
  identifier: text('identifier').notNull(),
  value: text('value').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [index('verification_identifier_idx').on(t.identifier)]);

/** Better Auth's rate-limit counters, kept in the database so every app instance shares them. */
export const rateLimit = pgTable('rate_limit', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

/**
 * Sessions ended lately (sign-out, revocation, a password reset or change, an account disabled): the
 * SHA-256 of each deleted session's token, written by a trigger on `session` deletes (migration 0027),
 * which also NOTIFYs `session_revoked`. Every instance keeps the last minutes' hashes in memory and refuses
 * the signed session copies (the cookie cache of decision 006) of those sessions at once
 * (auth/revoked-sessions.ts). Rows older than 10 minutes are deleted by the same trigger.
 */
export const revokedSessions = pgTable('revoked_sessions', {
  tokenHash: text('token_hash').primaryKey(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('revoked_sessions_revoked_at_idx').on(t.revokedAt)]);

/**
 * Failed sign-ins by account (auth/sign-in-throttle.ts): one row per failure, keyed by an HMAC of the
 * lower-cased address under the server secret (no address is stored; unknown addresses are counted
 * alike, so the limit tells nothing about accounts). Rows older than the window are deleted as new ones come.
 */
export const signInFailures = pgTable('sign_in_failures', {
  accountKey: text('account_key').notNull(),
  failedAt: timestamp('failed_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('sign_in_failures_key_idx').on(t.accountKey, t.failedAt)]);

// ── Palpite ──────────────────────────────────────────────────────────────────────────────────────
export const platformRole = pgEnum('platform_role', ['Regular User', 'Platform Administrator']);
export const leagueKind = pgEnum('league_kind', ['league', 'tournament']);
export const matchStage = pgEnum('match_stage', ['group', 'knockout', 'league']);
export const matchStatus = pgEnum('match_status', MATCH_STATUSES);
export const groupVisibility = pgEnum('group_visibility', ['public', 'private']);
export const groupStatus = pgEnum('group_status', ['active', 'deactivated']);
export const memberRole = pgEnum('member_role', ['owner', 'admin', 'member']);
export const predictionOutcome = pgEnum('prediction_outcome', PREDICTION_OUTCOMES);
export const knockoutBasis = pgEnum('knockout_basis', KNOCKOUT_BASES);
export const bonusAnswerKind = pgEnum('bonus_answer_kind', BONUS_ANSWER_KINDS);
/** Who decided a bonus question: the league's results, or a group admin. */
export const bonusResolution = pgEnum('bonus_resolution', ['data', 'admin']);
/** What a joker does to its prediction's points (src/domain/jokers.ts). */
export const jokerMode = pgEnum('joker_mode', JOKER_MODES);
export const replayState = pgEnum('replay_state', ['running', 'paused', 'stopped', 'finished']);

/** A person's public face in Palpite, one per Better Auth user. */
export const profiles = pgTable('profiles', {
  userId: text('user_id').primaryKey().references(() => user.id, { onDelete: 'cascade' }),
  username: text('username').notNull(),
  fullName: text('full_name').notNull(),
  /**
   * The avatar's address as the API hands it out (modules/profile/avatar-url.ts), kept in step with
   * avatar_key: null when there is no uploaded image (the generated SVG is served then).
   */
  avatarUrl: text('avatar_url'),
  /** Where the uploaded avatar (256 px WebP) is stored (modules/profile/avatar-storage.ts); null: none. */
  avatarKey: text('avatar_key'),
  /**
   * Bumped with every upload and never reused, so `?v=` of an avatar's address names one image for
   * good (cached as immutable).
   */
  avatarVersion: integer('avatar_version').notNull().default(0),
  /** Optional phone number given at sign-up, as typed (validated by the contract). */
  phone: text('phone'),
  /** The person's chosen language ('en' | 'pt-BR' | 'es'); null until chosen (browser default). */
  language: text('language'),
  role: platformRole('role').notNull().default('Regular User'),
  /** Set by a Platform Administrator: the person cannot sign in, and their sessions were ended. */
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  /** When their newest session began (kept after sign-out, for administrators). */
  lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  /**
   * A simulated member of the demo's replayed tournament (modules/replay/demo-members.ts): no password, no
   * mail, no push, a member of the demo group only, deleted with their membership (trigger
   * simulated_members_leave, migration 0036).
   */
  simulated: boolean('simulated').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('profiles_username_lower_idx').on(sql`lower(${t.username})`),
  // The ranking statement sends members as text with U+001E and U+001F as separators
  // (groups/ranking-text.ts): no name or address may hold them (the API's username pattern already keeps
  // them out; this keeps out an edit by hand too).
  check('profiles_no_separators', sql`${t.username} !~ '[\\x1e\\x1f]' and coalesce(${t.avatarUrl}, '') !~ '[\\x1e\\x1f]'`),
]);

/** A league or tournament season, as one data provider describes it. */
export const leagues = pgTable('leagues', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  season: text('season').notNull(),
  kind: leagueKind('kind').notNull(),
  provider: text('provider').notNull(),
  externalId: text('external_id').notNull(),
  /** Inactive leagues are not offered for new groups and are not synced. */
  active: boolean('active').notNull().default(true),
  /**
   * Where the sync job fetches the league from (src/server/modules/sync): 'football-data' (syncRef: the
   * competition code, e.g. 'PL') or 'openfootball' (syncRef: the file's URL or path); null: entered by hand.
   */
  syncProvider: text('sync_provider'),
  syncRef: text('sync_ref'),
  /** openfootball only: the IANA zone its local kickoff times are written in. */
  syncTimeZone: text('sync_time_zone'),
  /**
   * football-data.org only: the year the league's season starts (2025 for 2025-26), set at its first
   * sync; later syncs ask for that season, so a league never rolls over into the next one.
   */
  syncSeason: integer('sync_season'),
  /**
   * Where the league was last imported from by `npm run import` (an openfootball file's path or URL) and
   * the zone its times were read in, and when: what an administrator links the league to later.
   */
  importRef: text('import_ref'),
  importTimeZone: text('import_time_zone'),
  importedAt: timestamp('imported_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('leagues_provider_external_idx').on(t.provider, t.externalId),
  // One league per provider competition and season.
  uniqueIndex('leagues_sync_link_idx').on(t.syncProvider, t.syncRef, t.syncSeason).where(sql`sync_provider is not null and sync_season is not null`),
]);

/** One run of a league's sync (a job, an administrator's "sync now" or the CLI), kept for administrators. */
export const syncRuns = pgTable('sync_runs', {
  id: uuid('id').primaryKey().defaultRandom(),
  leagueId: uuid('league_id').notNull().references(() => leagues.id, { onDelete: 'cascade' }),
  /** 'fixtures' (the whole season: daily) or 'live' (every minute around matches being played). */
  kind: text('kind').notNull(),
  /** 'schedule', 'admin' or 'cli'. */
  trigger: text('trigger').notNull(),
  /** 'running', 'succeeded' or 'failed'. */
  status: text('status').notNull().default('running'),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  /** A running run's lease: past it, the run is taken as dead (its instance stopped) and another may start. */
  leaseUntil: timestamp('lease_until', { withTimezone: true }).notNull(),
  created: integer('created').notNull().default(0),
  updated: integer('updated').notNull().default(0),
  unchanged: integer('unchanged').notNull().default(0),
  /** Predictions re-scored because a result changed. */
  rescored: integer('rescored').notNull().default(0),
  /** What went wrong (never a token or a personal datum). */
  error: text('error'),
}, (t) => [
  index('sync_runs_league_started_idx').on(t.leagueId, t.startedAt),
  // At most one run of a league at a time, across every app instance.
  uniqueIndex('sync_runs_one_running_idx').on(t.leagueId).where(sql`status = 'running'`),
]);

/**
 * Every administrative write (the audit log): who, when, what, the subject's state before and after,
 * and the reason given. Kept when the administrator's account is deleted (actor_id set null, the username
 * kept as written then).
 */
export const auditLog = pgTable('audit_log', {
  id: uuid('id').primaryKey().defaultRandom(),
  actorId: text('actor_id').references(() => user.id, { onDelete: 'set null' }),
  actorUsername: text('actor_username').notNull(),
  /** 'league.create', 'league.update', 'league.sync', 'match.update', 'match.rescore' … */
  action: text('action').notNull(),
  /** 'league', 'match' … and its id. */
  subjectType: text('subject_type').notNull(),
  subjectId: text('subject_id').notNull(),
  /** A readable name of the subject when written ('Arsenal v Chelsea (2025-08-16)'). */
  subjectLabel: text('subject_label').notNull(),
  before: jsonb('before'),
  after: jsonb('after'),
  reason: text('reason'),
  createdAt: createdAt(),
}, (t) => [index('audit_log_created_idx').on(t.createdAt), index('audit_log_subject_idx').on(t.subjectType, t.subjectId)]);

/** A league's tables as its provider publishes them (football-data.org), beside the ones computed from results. */
export const leagueProviderStandings = pgTable('league_provider_standings', {
  leagueId: uuid('league_id').primaryKey().references(() => leagues.id, { onDelete: 'cascade' }),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
  /** StandingTable[] of src/server/providers/football-data/standings.ts. */
  tables: jsonb('tables').notNull(),
});

/**
 * Tokens of a rate-limited provider (a token bucket shared by every app instance): football-data.org's
 * free tier allows 10 requests a minute.
 */
export const providerBuckets = pgTable('provider_buckets', {
  provider: text('provider').primaryKey(),
  tokens: doublePrecision('tokens').notNull(),
  refilledAt: timestamp('refilled_at', { withTimezone: true }).notNull(),
  /** Set after a 429: nobody calls the provider before this instant. */
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
});

/** A club or national team, known by its name as the providers write it. */
export const teams = pgTable('teams', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  code: text('code'),
  shortName: text('short_name'),
  /** The crest's address (the provider's, or an uploaded image's). */
  crestUrl: text('crest_url'),
  createdAt: createdAt(),
});

/**
 * Other names of a team ('USA' for 'United States', 'Man Utd' for 'Manchester United FC'): every
 * provider's name meets the same team. Keyed by the lower-cased name; editable by administrators.
 */
export const teamAliases = pgTable('team_aliases', {
  alias: text('alias').primaryKey(),
  teamId: uuid('team_id').notNull().references(() => teams.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

/** A fixture of a league. Goals: full time (90 min), after extra time (cumulative), penalties. */
export const matches = pgTable('matches', {
  id: uuid('id').primaryKey().defaultRandom(),
  leagueId: uuid('league_id').notNull().references(() => leagues.id, { onDelete: 'cascade' }),
  externalId: text('external_id').notNull(),
  roundName: text('round_name').notNull(),
  roundOrder: integer('round_order').notNull(),
  stage: matchStage('stage').notNull(),
  groupName: text('group_name'),
  kickoff: timestamp('kickoff', { withTimezone: true }).notNull(),
  status: matchStatus('status').notNull().default('scheduled'),
  homeTeamId: uuid('home_team_id').notNull().references(() => teams.id),
  awayTeamId: uuid('away_team_id').notNull().references(() => teams.id),
  homeGoals: integer('home_goals'),
  awayGoals: integer('away_goals'),
  homeGoalsExtraTime: integer('home_goals_extra_time'),
  awayGoalsExtraTime: integer('away_goals_extra_time'),
  homePenalties: integer('home_penalties'),
  awayPenalties: integer('away_penalties'),
  venue: text('venue'),
  /**
   * Set when an administrator changed the match of a league linked to a provider: syncs leave it as the
   * administrator left it until it is handed back.
   */
  lockedByAdmin: boolean('locked_by_admin').notNull().default(false),
  /** Bumped with every change of status or score (scoring/score-matches.ts), which snapshots it in scoring_results. */
  resultVersion: integer('result_version').notNull().default(0),
  /**
   * The match's bit in its round's streak masks (member_round_totals.scored_bits / hit_bits): 0, 1, 2 …
   * in the order matches joined the round (the next above the round's highest), set by the trigger
   * matches_round_slot (migration 0016) on insert and when round_order or league_id changes; a match
   * moving between rounds rebuilds its league's totals, so a slot freed that way is safe to give again.
   * Slots from 64 on have no bit (their predictions are read directly).
   */
  roundSlot: integer('round_slot'),
  /**
   * The clock of a match being played (domain/replay.ts LiveClock: phase, minutes at an instant, rate),
   * null when it is not live or the source gives none.
   */
  live: jsonb('live').$type<LiveClock>(),
  /** The goals so far, in order (domain/replay.ts SourceGoal), or null when the source lists none. */
  goals: jsonb('goals').$type<SourceGoal[]>(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('matches_league_external_idx').on(t.leagueId, t.externalId),
  index('matches_league_kickoff_idx').on(t.leagueId, t.kickoff),
  uniqueIndex('matches_league_round_slot_idx').on(t.leagueId, t.roundOrder, t.roundSlot),
]);

/** A prediction pool: members predicting one league's matches together. */
export const groups = pgTable('groups', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  description: text('description'),
  leagueId: uuid('league_id').notNull().references(() => leagues.id, { onDelete: 'restrict' }),
  visibility: groupVisibility('visibility').notNull().default('private'),
  color: text('color').notNull(),
  inviteCode: text('invite_code').notNull().unique(),
  status: groupStatus('status').notNull().default('active'),
  ownerId: text('owner_id').notNull().references(() => user.id, { onDelete: 'cascade' }),
  /** The group's scoring rules (src/domain/scoring.ts): points per outcome and the knockout basis. */
  scoringExact: integer('scoring_exact').notNull().default(DEFAULT_SCORING_RULES.exact),
  scoringGoalDifference: integer('scoring_goal_difference').notNull().default(DEFAULT_SCORING_RULES.goalDifference),
  scoringWinner: integer('scoring_winner').notNull().default(DEFAULT_SCORING_RULES.winner),
  scoringOpposite: integer('scoring_opposite').notNull().default(DEFAULT_SCORING_RULES.opposite),
  knockoutBasis: knockoutBasis('knockout_basis').notNull().default(DEFAULT_SCORING_RULES.knockoutBasis),
  /**
   * The group's jokers (src/domain/jokers.ts): what one does to its prediction's points, null when the
   * group plays without; and how many a member has for the season (1–10), null for one per round.
   */
  jokerMode: jokerMode('joker_mode'),
  jokersPerSeason: integer('jokers_per_season'),
  /** Most members the group takes (null: no cap). */
  memberCap: integer('member_cap'),
  /** Whether the group's wall (its posts and match threads) is on; its owner and admins may turn it off. */
  wallEnabled: boolean('wall_enabled').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [index('groups_league_idx').on(t.leagueId)]);

export const groupMembers = pgTable('group_members', {
  groupId: uuid('group_id').notNull().references(() => groups.id, { onDelete: 'cascade' }),
  userId: text('user_id').notNull().references(() => user.id, { onDelete: 'cascade' }),
  role: memberRole('role').notNull().default('member'),
  joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('group_members_user_idx').on(t.userId)]);

/**
 * One member's predicted score for one match in one group. Its outcome and points are not stored: they
 * follow from the match's result and the group's rules (src/server/modules/scoring/scoring-sql.ts).
 */
export const predictions = pgTable('predictions', {
  /**
   * The former surrogate key, no longer indexed or read: kept one release for instances of the previous
   * version during a rolling upgrade, to be dropped by a later migration (docs/deploy.md), which also deletes
   * predictions a rolling upgrade across 0025 may have left without their group, account, match or
   * membership, and their totals (decision 011). The previous version reads it only as "a prediction
   * exists" (not null), so new rows take the nil UUID: gen_random_uuid() opened /dev/urandom on the
   * embedded database for every row a save proposed, updates included (migration 0024).
   */
  id: uuid('id').notNull().default(sql`'00000000-0000-0000-0000-000000000000'::uuid`),
  // No foreign keys (decision 011): the save's statement locks the group, membership and match rows it
  // writes for once per statement, as their checks did once per row, and triggers of migration 0025 delete
  // the predictions of a deleted group, account or match, as their cascades did.
  groupId: uuid('group_id').notNull(),
  userId: text('user_id').notNull(),
  matchId: uuid('match_id').notNull(),
  homeGoals: integer('home_goals').notNull(),
  awayGoals: integer('away_goals').notNull(),
  /**
   * Whether the member's joker is on this prediction (src/domain/jokers.ts): its points count twice (or
   * only when above 0) under the group's joker mode. Changes only while the match is open (jokers.ts).
   */
  joker: boolean('joker').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  // A member's jokers in a group, found without reading their predictions (placing one, the revealed
  // predictions, the stats' Best joker card, the consistency check).
  index('predictions_jokers_idx').on(t.groupId, t.userId, t.matchId).where(sql`joker`),
  // The jokers on a match, by group: the ranking counts those on closed matches not yet finished this way
  // (the finished ones are folded into member_round_totals.jokers).
  index('predictions_match_jokers_idx').on(t.matchId, t.groupId, t.userId).where(sql`joker`),
  // One prediction per member and match in a group, and the row's identity: the surrogate id's index was
  // a seventh to a third of a batch of saves on the embedded database (docs/benchmarks.md).
  primaryKey({ columns: [t.groupId, t.userId, t.matchId] }),
  // A match's predictions group by group: folding walks it by (group, user), a ranking reads its group's slice.
  uniqueIndex('predictions_match_group_user_idx').on(t.matchId, t.groupId, t.userId),
]);

/**
 * How many predictions each match has in a group (a match card's "12 of 20 predicted"), kept by
 * PostgreSQL: statement-level triggers on predictions add each statement's inserted rows and take away its
 * deleted ones (saves, removals, resets, deletions of a group, an account or a match: every writer, in its
 * transaction). Counted in 8 shards per (group, match) by the member's id (`shard` = hashtext(user_id) & 7),
 * so first saves of one match by many members of one group at once do not all wait on one row; a read sums
 * them. Before, each member's view of a group's matches counted every prediction of the group (300 members
 * × 380 matches: 114,000 rows per read). A row whose count reaches 0 is deleted. No foreign keys (decision 011).
 */
export const groupMatchPredictions = pgTable('group_match_predictions', {
  groupId: uuid('group_id').notNull(),
  matchId: uuid('match_id').notNull(),
  shard: smallint('shard').notNull(),
  predictions: integer('predictions').notNull(),
}, (t) => [primaryKey({ columns: [t.groupId, t.matchId, t.shard] })]);

/** What an owner or admin did to a group: who, when, what (shown to admins as the group's activity). */
export const groupActivity = pgTable('group_activity', {
  id: uuid('id').primaryKey().defaultRandom(),
  groupId: uuid('group_id').notNull().references(() => groups.id, { onDelete: 'cascade' }),
  actorId: text('actor_id').references(() => user.id, { onDelete: 'set null' }),
  /** A stable action id ('group_updated', 'member_removed', …). */
  action: text('action').notNull(),
  /** Details of the action (changed fields, the member concerned), never secrets. */
  detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: createdAt(),
}, (t) => [index('group_activity_group_created_idx').on(t.groupId, t.createdAt)]);

/**
 * Each member's folded totals per round (matches.round_order) in a group: points and counts of each
 * outcome of their predictions at the result snapshots the scoring queue says they are folded at (the
 * match's current result when it is not queued). Rankings sum them and add the queued matches on read;
 * a group's statistics read them instead of the predictions. No foreign keys: their checks were half of a
 * fold's time (two row locks per written row); the code that deletes a group, a member or an account
 * deletes their totals in the same transaction (decision 004).
 */
export const memberRoundTotals = pgTable('member_round_totals', {
  groupId: uuid('group_id').notNull(),
  roundOrder: integer('round_order').notNull(),
  userId: text('user_id').notNull(),
  points: integer('points').notNull().default(0),
  exact: integer('exact').notNull().default(0),
  goalDifference: integer('goal_difference').notNull().default(0),
  winner: integer('winner').notNull().default(0),
  opposite: integer('opposite').notNull().default(0),
  scored: integer('scored').notNull().default(0),
  /**
   * How many of those counted predictions (finished with a score, not void) carry the member's joker: the
   * ranking's "jokers played" adds those on closed matches not yet finished on read (groups/ranking.ts).
   */
  jokers: integer('jokers').notNull().default(0),
  /**
   * Which of the round's matches the member has a counted prediction of (bit `matches.round_slot`, slots
   * 0–63), and which of those scored more than 0 points: the hot streak of the stats page reads these
   * instead of every prediction of the group. Kept with the other columns, at the same held snapshots.
   */
  scoredBits: bigint('scored_bits', { mode: 'bigint' }).notNull().default(sql`0`),
  hitBits: bigint('hit_bits', { mode: 'bigint' }).notNull().default(sql`0`),
  /**
   * The row's figures as the stats page reads them (src/server/modules/groups/stats.ts roundTotalsRows):
   * round_order, points, exact, goal_difference, winner, opposite, scored_bits, hit_bits in decimal,
   * comma-separated. Kept by PostgreSQL on every write: turning 38,000 rows' numbers into text on each
   * computation of a 1,000-member season's page cost the embedded database about 40 of its 55 ms; keeping
   * them costs a plain UPDATE of the table 1.5 % and folding 5–10 % at 400,000 predictions (0.73× / 0.78× a
   * bare UPDATE at 2,000,000: docs/benchmarks.md, 2026-11-27, 3486bd8).
   */
  statsLine: text('stats_line').generatedAlwaysAs(sql`round_order::text || ',' || points::text || ',' || exact::text || ',' || goal_difference::text
    || ',' || winner::text || ',' || opposite::text || ',' || scored_bits::text || ',' || hit_bits::text`),
}, (t) => [primaryKey({ columns: [t.groupId, t.roundOrder, t.userId] })]);

/**
 * Each member's totals over the rounds of their group's league up to that league's season mark
 * (season_total_marks.through_round): the sum of their member_round_totals rows with round_order ≤ the
 * mark. A ranking reads this one row plus the rounds after the mark (none once the mark is on the
 * latest finished round, one or two per member while a round is being played) instead of every round. Kept in the same statement as member_round_totals by the trigger member_round_totals_season
 * (migration 0029, redefined in 0037 and 0040), whoever writes them; the mark moves in season-totals.ts. A missing row means zeros.
 * No foreign keys, as member_round_totals (decision 004).
 */
export const memberSeasonTotals = pgTable('member_season_totals', {
  groupId: uuid('group_id').notNull(),
  userId: text('user_id').notNull(),
  points: integer('points').notNull().default(0),
  exact: integer('exact').notNull().default(0),
  goalDifference: integer('goal_difference').notNull().default(0),
  winner: integer('winner').notNull().default(0),
  opposite: integer('opposite').notNull().default(0),
  scored: integer('scored').notNull().default(0),
  /** Counted predictions with the member's joker (member_round_totals.jokers) over the same rounds. */
  jokers: integer('jokers').notNull().default(0),
  /**
   * The mark round's own figures (its member_round_totals row; in the sums above too): when the mark is
   * the latest finished round, a ranking's movement takes them away (the ranking before the latest round)
   * without reading that round's rows (groups/ranking.ts).
   */
  markPoints: integer('mark_points').notNull().default(0),
  markExact: integer('mark_exact').notNull().default(0),
  markGoalDifference: integer('mark_goal_difference').notNull().default(0),
  markWinner: integer('mark_winner').notNull().default(0),
  markOpposite: integer('mark_opposite').notNull().default(0),
}, (t) => [primaryKey({ columns: [t.groupId, t.userId] })]);

/**
 * Per league, the last round (matches.round_order) whose member totals are summed into
 * member_season_totals. No row: nothing is. Moved (season-totals.ts) to the league's latest finished
 * round once none of its matches is left to play (else the round before) while the league is quiet, under an exclusive advisory lock that every writer of
 * member_round_totals takes shared (the trigger), so a mark and its sums always change together.
 */
export const seasonTotalMarks = pgTable('season_total_marks', {
  leagueId: uuid('league_id').primaryKey().references(() => leagues.id, { onDelete: 'cascade' }),
  throughRound: integer('through_round').notNull(),
});

/**
 * Matches whose predictions still have to be folded into member_round_totals (background job, in
 * batches). The totals hold each prediction of the match at one result snapshot (scoring_results): a pass
 * walks the match's predictions by (group, user); those up to the cursor are folded at to_version, the
 * others still at from_version. A pass that ends makes to_version the new from_version; the row goes when
 * from_version is the match's result_version.
 */
export const scoringQueue = pgTable('scoring_queue', {
  matchId: uuid('match_id').primaryKey().references(() => matches.id, { onDelete: 'cascade' }),
  /** The result version the predictions after the cursor are folded at (0: never scored). */
  fromVersion: integer('from_version').notNull().default(0),
  /** The result version of the pass under way (predictions up to the cursor); null before a pass starts. */
  toVersion: integer('to_version'),
  cursorGroup: uuid('cursor_group'),
  cursorUser: text('cursor_user'),
  queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The result of a match at each result_version that totals may hold (src/server/modules/scoring): the
 * columns scoring reads, copied when the version is bumped. Versions older than the queue's from_version
 * are pruned; the match's current version is always kept.
 */
export const scoringResults = pgTable('scoring_results', {
  matchId: uuid('match_id').notNull().references(() => matches.id, { onDelete: 'cascade' }),
  version: integer('version').notNull(),
  stage: matchStage('stage').notNull(),
  status: matchStatus('status').notNull(),
  homeGoals: integer('home_goals'),
  awayGoals: integer('away_goals'),
  homeGoalsExtraTime: integer('home_goals_extra_time'),
  awayGoalsExtraTime: integer('away_goals_extra_time'),
}, (t) => [primaryKey({ columns: [t.matchId, t.version] })]);

/**
 * Hits per key in fixed windows, shared by every app instance (src/server/http/person-limit.ts): limits
 * that follow a person rather than an address, such as joining groups. A key keeps only its current window.
 */
export const rateLimitWindows = pgTable('rate_limit_windows', {
  /** What is limited and for whom: 'join:<user id>'. */
  key: text('key').notNull(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  hits: integer('hits').notNull(),
}, (t) => [primaryKey({ columns: [t.key, t.windowStart] })]);

/**
 * Live events (src/server/modules/live): what open pages need to hear — a match's score or status changed —
 * written in the transaction that made the change and announced with NOTIFY to every app instance, which
 * fans it out to its event streams. Kept an hour, so a stream that reconnects with Last-Event-ID receives
 * what it missed; older ones are pruned.
 */
export const liveEvents = pgTable('live_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  /** The league the event is about: streams of members of the league's groups hear it. */
  leagueId: uuid('league_id').notNull(),
  /**
   * 'match': a match's score or status changed (payload: the match's live state); 'wall': a post of a
   * group's wall was written, changed, deleted or reacted to (payload: groupId, postId, action).
   */
  kind: text('kind').notNull(),
  /** The group a 'wall' event is for: only the streams of that group hear it (null: every stream of the league). */
  groupId: uuid('group_id'),
  payload: jsonb('payload').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('live_events_league_idx').on(t.leagueId, t.id), index('live_events_created_idx').on(t.createdAt)]);

// ── Reminders and notifications ──────────────────────────────────────────────────────────────────

/**
 * A person's notification choices (src/contracts/notifications.ts). No row: the defaults (deadline
 * reminders by email; deadline reminders and results by push once a device subscribed; goals opt-in).
 */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: text('user_id').primaryKey().references(() => user.id, { onDelete: 'cascade' }),
  emailDeadline: boolean('email_deadline').notNull().default(true),
  emailResults: boolean('email_results').notNull().default(false),
  pushDeadline: boolean('push_deadline').notNull().default(true),
  pushResults: boolean('push_results').notNull().default(true),
  pushGoals: boolean('push_goals').notNull().default(false),
  updatedAt: updatedAt(),
});

/** A device's Web Push subscription (PushSubscription.toJSON()); removed when the push service says it is gone. */
export const pushSubscriptions = pgTable('push_subscriptions', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: text('user_id').notNull().references(() => user.id, { onDelete: 'cascade' }),
  endpoint: text('endpoint').notNull().unique(),
  p256dh: text('p256dh').notNull(),
  auth: text('auth').notNull(),
  createdAt: createdAt(),
}, (t) => [index('push_subscriptions_user_idx').on(t.userId)]);

/**
 * A person's calendar feed (iCalendar): the secret token its address carries (GET /api/calendar.ics?token=…,
 * read without a session by calendar apps). Regenerating replaces the token, so the old address stops at
 * once; none until the person asks for one. Kept as given (the profile shows the address again, as calendar
 * services do), 32 random bytes in base64url.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: text('user_id').primaryKey().references(() => user.id, { onDelete: 'cascade' }),
  token: text('token').notNull().unique(),
  createdAt: createdAt(),
});

/**
 * Every notification, claimed before it is sent (insert … on conflict do nothing): whichever app instance
 * claims it sends it, and nobody ever gets the same one twice. The claim is also a delivery record: the
 * rendered message is kept until it is delivered, a failed send is tried again with a backoff until it
 * expires, and a claim whose sender died is taken over once its lease (`retry_at`) has passed
 * (modules/notifications/delivery-record.ts).
 */
export const sentNotifications = pgTable('sent_notifications', {
  /** 'deadline' | 'results' | 'goals'. */
  kind: text('kind').notNull(),
  userId: text('user_id').notNull().references(() => user.id, { onDelete: 'cascade' }),
  /** What it is about: 'group:<id>:round:<order>' or 'match:<id>:<home>-<away>'. */
  subject: text('subject').notNull(),
  /** 'email' | 'push'. */
  channel: text('channel').notNull(),
  /** When it was claimed. */
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  /** When a mail server or push service accepted it; null while it is still to be delivered. */
  deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  /** Sends tried so far (the claim counts as the first). */
  attempts: integer('attempts').notNull().default(1),
  /** When an undelivered one may be tried (again): the claimer's lease, then the backoff after a failure. */
  retryAt: timestamp('retry_at', { withTimezone: true }),
  /** After this instant it is no longer worth sending (a reminder for matches already closed). */
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  /** The rendered message ({mail} or {push}), kept until it is delivered. */
  message: jsonb('message'),
}, (t) => [
  primaryKey({ columns: [t.kind, t.userId, t.subject, t.channel] }),
  index('sent_notifications_sent_idx').on(t.sentAt),
  index('sent_notifications_retry_idx').on(t.retryAt).where(sql`delivered_at is null`),
]);

/**
 * The (group, round) pairs whose results notices have been worked out (modules/notifications/reminders.ts
 * claimResultsNotices), with the round's results as they were then (`results_key`: the sum of its matches'
 * result_version and their count): worked out again only when a result of the round changed (a score that
 * came after a match was first marked finished, a correction, a postponed match played, a fixture added).
 * Without it every run of the reminders job summed the standings of every member of every group whose round
 * ended in the last 48 h again, minutes of a database's time a run at 10,000 groups (docs/benchmarks.md,
 * the night benchmark). No foreign key: its check would lock each group for the reminders' transaction
 * (decision 004); rows of deleted groups are harmless and forgotten with the sent notifications
 * (SENT_KEPT_DAYS).
 */
export const resultsNoticeRounds = pgTable('results_notice_rounds', {
  groupId: uuid('group_id').notNull(),
  roundOrder: integer('round_order').notNull(),
  resultsKey: text('results_key').notNull(),
  noticedAt: timestamp('noticed_at', { withTimezone: true }).notNull(),
}, (t) => [primaryKey({ columns: [t.groupId, t.roundOrder] }), index('results_notice_rounds_noticed_idx').on(t.noticedAt)]);

/** Settings the app generates once and shares across instances (the VAPID key pair for Web Push). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: createdAt(),
});

/**
 * Each large group's last computed stats page (the JSON text of GET /api/groups/:groupId/stats), so an app
 * instance that has none in memory (just started, or the group was evicted) serves it while one refresh
 * runs instead of making the reader wait for the computation (ranking-cache.ts `stored`). Deleted with the
 * group; deleted when a member leaves or is removed, when predictions are reset (administration.ts) and
 * when a member's username changes; a page naming someone no longer a member is never written
 * (stats-snapshot.ts).
 */
export const groupStatsSnapshots = pgTable('group_stats_snapshots', {
  groupId: uuid('group_id').primaryKey().references(() => groups.id, { onDelete: 'cascade' }),
  stats: text('stats').notNull(),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A group's bonus question (src/domain/bonus.ts): a preset's key, which the web app words in three
 * languages, or the admin's own wording; the kind of answer, what decides it (`subject`, a BonusSubject) and
 * its points. Answers close at `closes_at` (UTC). Once decided, `solution` holds what is right (a
 * BonusSolution) and `resolution` who decided: the league's results (again after a correction) or an admin.
 */
export const bonusQuestions = pgTable('bonus_questions', {
  id: uuid('id').primaryKey().defaultRandom(),
  groupId: uuid('group_id').notNull().references(() => groups.id, { onDelete: 'cascade' }),
  /** The group's league (a group never changes league): a result finds the questions it may decide by it. */
  leagueId: uuid('league_id').notNull().references(() => leagues.id, { onDelete: 'cascade' }),
  /** Where it shows among the group's questions (ascending). */
  position: integer('position').notNull(),
  preset: text('preset'),
  text: text('text'),
  answer: bonusAnswerKind('answer').notNull(),
  subject: jsonb('subject').notNull(),
  points: integer('points').notNull(),
  picks: integer('picks'),
  nearPoints: integer('near_points'),
  nearWithin: integer('near_within'),
  options: jsonb('options').$type<string[]>(),
  closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
  solution: jsonb('solution'),
  resolution: bonusResolution('resolution'),
  resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [index('bonus_questions_group_idx').on(t.groupId, t.position), index('bonus_questions_league_idx').on(t.leagueId)]);

/**
 * A member's answer to a bonus question (a BonusAnswer, checked against the question on save), and the
 * points it earned once the question is decided (null before). Hidden from other members until the
 * question closes (bonus/service.ts).
 */
export const bonusAnswers = pgTable('bonus_answers', {
  questionId: uuid('question_id').notNull().references(() => bonusQuestions.id, { onDelete: 'cascade' }),
  userId: text('user_id').notNull().references(() => user.id, { onDelete: 'cascade' }),
  groupId: uuid('group_id').notNull().references(() => groups.id, { onDelete: 'cascade' }),
  answer: jsonb('answer').notNull(),
  points: integer('points'),
  updatedAt: updatedAt(),
}, (t) => [primaryKey({ columns: [t.questionId, t.userId] }), index('bonus_answers_group_user_idx').on(t.groupId, t.userId)]);

/**
 * Each member's bonus points in a group: the sum of their decided answers' points, written in the same
 * transaction as the answers' points (bonus/resolve.ts), so a ranking reads one row per member and never
 * aggregates answers (decision 004). A missing row means 0.
 */
export const memberBonusTotals = pgTable('member_bonus_totals', {
  groupId: uuid('group_id').notNull().references(() => groups.id, { onDelete: 'cascade' }),
  userId: text('user_id').notNull().references(() => user.id, { onDelete: 'cascade' }),
  points: integer('points').notNull().default(0),
}, (t) => [primaryKey({ columns: [t.groupId, t.userId] })]);

/**
 * A post on a group's wall (src/server/modules/wall): plain text of 1–1,000 characters by a member, on the
 * group's wall or, with `match_id`, in that match's thread. The author's account deleted, the post stays
 * without an author; the author removed from the group, it stays under their name. Read newest first.
 */
export const wallPosts = pgTable('wall_posts', {
  id: uuid('id').primaryKey().defaultRandom(),
  groupId: uuid('group_id').notNull().references(() => groups.id, { onDelete: 'cascade' }),
  authorId: text('author_id').references(() => user.id, { onDelete: 'set null' }),
  matchId: uuid('match_id').references(() => matches.id, { onDelete: 'cascade' }),
  body: text('body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  editedAt: timestamp('edited_at', { withTimezone: true }),
}, (t) => [
  // A page of a group's wall, newest first: one index range.
  index('wall_posts_group_time_idx').on(t.groupId, t.createdAt.desc(), t.id.desc()),
  index('wall_posts_match_time_idx').on(t.groupId, t.matchId, t.createdAt.desc(), t.id.desc()).where(sql`match_id is not null`),
  // A member's posts of the last minute and day (the limits).
  index('wall_posts_author_time_idx').on(t.authorId, t.createdAt),
]);

/** A member's reaction to a post: each of the six (src/domain/wall.ts WALL_REACTIONS) once per member. */
export const wallReactions = pgTable('wall_reactions', {
  postId: uuid('post_id').notNull().references(() => wallPosts.id, { onDelete: 'cascade' }),
  userId: text('user_id').notNull().references(() => user.id, { onDelete: 'cascade' }),
  reaction: text('reaction').notNull(),
  createdAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.postId, t.userId, t.reaction] })]);

/** Until when a member has seen their group's wall: the posts after it count as unread. */
export const wallReads = pgTable('wall_reads', {
  groupId: uuid('group_id').notNull().references(() => groups.id, { onDelete: 'cascade' }),
  userId: text('user_id').notNull().references(() => user.id, { onDelete: 'cascade' }),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
}, (t) => [primaryKey({ columns: [t.groupId, t.userId] })]);

/**
 * A member's report of a post on their group's wall, for the platform administrators' queue: open until
 * an administrator deletes the post (the report goes with it) or dismisses it. One per member and post.
 */
export const wallReports = pgTable('wall_reports', {
  id: uuid('id').primaryKey().defaultRandom(),
  postId: uuid('post_id').notNull().references(() => wallPosts.id, { onDelete: 'cascade' }),
  reporterId: text('reporter_id').notNull().references(() => user.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
  dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
}, (t) => [
  uniqueIndex('wall_reports_post_reporter_idx').on(t.postId, t.reporterId),
  index('wall_reports_open_idx').on(t.createdAt).where(sql`dismissed_at is null`),
]);

/**
 * A tournament being replayed on a compressed clock (modules/replay): its league, the source's matches
 * with their planned offsets (providers/replay/plan.ts ReplayPlan), the speed, and the replay's clock —
 * the planned first kickoff, the pauses so far and the current pause. Deleted with its league.
 */
export const replays = pgTable('replays', {
  leagueId: uuid('league_id').primaryKey().references(() => leagues.id, { onDelete: 'cascade' }),
  /** Where the tournament came from: a file's path or URL, or 'bundled:<name>' for the demo's. */
  source: text('source').notNull(),
  speed: doublePrecision('speed').notNull(),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  pausedMs: bigint('paused_ms', { mode: 'number' }).notNull().default(0),
  pausedAt: timestamp('paused_at', { withTimezone: true }),
  state: replayState('state').notNull().default('running'),
  plan: jsonb('plan').notNull(),
  /** The demo's replay (its group's simulated members predict its matches). */
  demo: boolean('demo').notNull().default(false),
  /** The last tick's claim (one runner across instances) and what it wrote, to skip unchanged ticks. */
  tickedAt: timestamp('ticked_at', { withTimezone: true }),
  digest: text('digest'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
