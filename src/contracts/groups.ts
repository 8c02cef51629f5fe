/** Groups (prediction pools): create, join, read, ranking. */
import { z } from 'zod';
import { match } from './leagues';
import { goals, instant, uuidParam } from './common';
import { PREDICTION_OUTCOMES } from '../domain/scoring';
import { scoringRulesRequest } from './scoring-rules';
import { groupColor } from './group-colors';
import { GROUP_COLOR_NAMES } from '../domain/group-colors';

/** The palette names a group colour can take (or a custom #rrggbb, see ./group-colors.ts). */
export const GROUP_COLORS = GROUP_COLOR_NAMES;
/** Invite codes: 8 characters from an alphabet without look-alikes (no 0/O, 1/I/L). */
export const INVITE_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const INVITE_CODE_LENGTH = 8;

export const createGroupRequest = z.object({
  name: z.string().trim().min(3).max(60),
  description: z.string().trim().max(500).optional(),
  leagueId: uuidParam,
  visibility: z.enum(['public', 'private']).default('private'),
  /** A palette name or a custom #rrggbb on which white text passes WCAG AA. */
  color: groupColor.default('green'),
  /** The group's scoring rules; default the Palpite preset on the 90-minute score. */
  scoring: scoringRulesRequest.optional(),
});
export type CreateGroupRequest = z.input<typeof createGroupRequest>;

export const joinGroupRequest = z.object({
  inviteCode: z
    .string()
    .trim()
    .transform((code) => code.toUpperCase().replace(/[\s-]/g, ''))
    .pipe(z.string().regex(new RegExp(`^[${INVITE_CODE_ALPHABET}]{${INVITE_CODE_LENGTH}}$`), 'not an invite code')),
});

export const group = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  league: z.object({ id: z.uuid(), name: z.string(), season: z.string(), /** A replayed tournament (decision 018). */ replay: z.boolean() }),
  visibility: z.enum(['public', 'private']),
  /** A palette name or #rrggbb (groups from before the palette may still hold an old name until migrated). */
  color: z.string(),
  /** The invite code, for the group's owner and admins; null for members. */
  inviteCode: z.string().nullable(),
  status: z.enum(['active', 'deactivated']),
  memberCount: z.number().int(),
  /** Most members the group takes; null: no cap. */
  memberCap: z.number().int().nullable(),
  /** Whether the group's wall is on (its owner and admins may turn it off). */
  wallEnabled: z.boolean(),
  myRole: z.enum(['owner', 'admin', 'member']),
  createdAt: instant,
});
export type Group = z.infer<typeof group>;
export const groupResponse = z.object({ group });
/** The group joined; `alreadyMember` when the person was in it before (nothing changed: 'You are already a member'). */
export const joinGroupResponse = z.object({ group, alreadyMember: z.boolean() });
export type JoinGroupResponse = z.infer<typeof joinGroupResponse>;
/** One of my groups in the list: with my current rank and the next time predictions close in its league. */
export const myGroup = group.extend({
  /** My rank in the group's ranking (ties shared). */
  myRank: z.number().int(),
  /** When the next open match of the league closes for predictions (kickoff − 15 min); null when none. */
  nextDeadline: instant.nullable(),
});
export type MyGroup = z.infer<typeof myGroup>;
export const groupListResponse = z.object({ groups: z.array(myGroup) });
export const groupParams = z.object({ groupId: uuidParam });

export const prediction = z.object({
  homeGoals: goals,
  awayGoals: goals,
  points: z.number().int().nullable(),
  outcome: z.enum(PREDICTION_OUTCOMES).nullable(),
  /** Whether my joker is on it (its points, in `points`, count doubled by the group's joker mode). */
  joker: z.boolean(),
  updatedAt: instant,
});
export type Prediction = z.infer<typeof prediction>;

export const groupMatch = match.extend({
  /** Whether predictions are still taken, by the server's clock at the time of the response. */
  open: z.boolean(),
  myPrediction: prediction.nullable(),
  /** How many members of the group have predicted this match (their predictions are not shown here). */
  predictionCount: z.number().int(),
});
export type GroupMatch = z.infer<typeof groupMatch>;
export const groupMatchesResponse = z.object({
  serverTime: instant,
  matches: z.array(groupMatch),
  /**
   * Where the group's event stream picks up after this read: the highest live event number (live_events
   * id) the matches were read with — in the same statement, so no event falls between; the last one
   * issued when every recorded event has been pruned; 0 when none ever was. Open
   * GET /api/groups/:groupId/events?lastEventId=<it> to hear every event after the read (the server
   * replays a margin before it too: src/server/modules/live/routes.ts). null when the league has no
   * matches (nothing to follow): open the stream without it and refetch.
   */
  liveEventId: z.number().int().min(0).nullable(),
});
export type GroupMatchesResponse = z.infer<typeof groupMatchesResponse>;

export const predictionParams = z.object({ groupId: uuidParam, matchId: uuidParam });
export const predictionRequest = z.object({ homeGoals: goals, awayGoals: goals });
export type PredictionRequest = z.infer<typeof predictionRequest>;
export const predictionResponse = z.object({ prediction });

export const rankingRow = z.object({
  rank: z.number().int(),
  userId: z.string(),
  username: z.string(),
  /** The member's avatar: the uploaded image's address or the generated SVG's. */
  avatarUrl: z.string(),
  points: z.number().int(),
  exact: z.number().int(),
  goalDifference: z.number().int(),
  winner: z.number().int(),
  opposite: z.number().int(),
  /** Scored predictions (misses included; voided ones not). */
  predictions: z.number().int(),
  /** Points from decided bonus questions (counted in `points`). */
  bonus: z.number().int(),
  /** Jokers played: on matches whose predictions have closed (postponed and cancelled ones aside). */
  jokers: z.number().int(),
  /**
   * Places gained since the ranking before the latest finished round (+2 ▲, −1 ▼, 0 –); in a provisional
   * ranking, since the official ranking.
   */
  movement: z.number().int(),
});
export type RankingRow = z.infer<typeof rankingRow>;
/** Rows of a ranking page (the CHECK24 community-leaderboard shape). */
export const RANKING_PAGE_SIZE = 50;
export const rankingQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });
/**
 * One page of a group's ranking (RANKING_PAGE_SIZE rows, best first). The first page also carries my
 * row and the last row when they are not on it.
 */
export const rankingResponse = z.object({
  ranking: z.array(rankingRow),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  me: rankingRow.nullable(),
  last: rankingRow.nullable(),
  /**
   * Matches in play that this ranking counts as if they ended at their current score (the
   * provisional ranking, whose movement compares with the official one); 0 for the official ranking.
   */
  liveMatches: z.number().int().min(0),
});
export type RankingResponse = z.infer<typeof rankingResponse>;

/** Discover: public groups, searched by name and filtered by league, most active first, 20 a page. */
export const DISCOVER_PAGE_SIZE = 20;
export const discoverQuery = z.object({
  q: z.string().trim().max(60).optional(),
  leagueId: uuidParam.optional(),
  /** The opaque cursor of the previous page's `nextCursor`. */
  cursor: z.string().max(200).optional(),
});
export const discoveredGroup = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  league: z.object({ id: z.uuid(), name: z.string(), season: z.string(), /** A replayed tournament (decision 018). */ replay: z.boolean() }),
  color: z.string(),
  memberCount: z.number().int(),
  /** Members who saved a prediction in the last 7 days. */
  activeMembers: z.number().int(),
  isMember: z.boolean(),
  full: z.boolean(),
});
export type DiscoveredGroup = z.infer<typeof discoveredGroup>;
export const discoverResponse = z.object({ groups: z.array(discoveredGroup), nextCursor: z.string().nullable() });
/** GET /api/groups/:groupId/preview: a public group's card for someone who is not (yet) a member. */
export const groupPreviewResponse = z.object({ group: discoveredGroup });
export type GroupPreviewResponse = z.infer<typeof groupPreviewResponse>;
