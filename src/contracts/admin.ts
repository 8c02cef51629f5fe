/** Platform administration: match results. */
import { z } from 'zod';
import { goals, matchStatus, uuidParam } from './common';

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
  });
export type MatchResultRequest = z.infer<typeof matchResultRequest>;
