/**
 * Goal notices (opt-in, push only): when a live match's score changes, each member who predicted it,
 * opted in and has a subscribed device gets one push per score, claimed in sent_notifications so that of
 * all the app instances hearing the event exactly one sends it (and tries again, for GOAL_EXPIRE_MINUTES
 * at most, when the push service fails: delivery-record.ts).
 */
import { sql } from 'drizzle-orm';
import type { LiveMatchEvent } from '../../../contracts/live';
import { rowsOf, type Conn } from '../../db/client';
import { CLAIM_LEASE_MINUTES } from './delivery-record';
import { prefersSql } from './settings';

/** The score of a match in play: after extra time once extra time has goals, else the 90 minutes'; null when not in play or unknown. */
export function liveScore(event: LiveMatchEvent): { home: number; away: number } | null {
  if (event.status !== 'live') return null;
  if (event.homeGoalsExtraTime !== null && event.awayGoalsExtraTime !== null) return { home: event.homeGoalsExtraTime, away: event.awayGoalsExtraTime };
  return event.homeGoals === null || event.awayGoals === null ? null : { home: event.homeGoals, away: event.awayGoals };
}

/** How long a goal push that failed is still worth trying again, in minutes (later, the score has moved on). */
const GOAL_EXPIRE_MINUTES = 10;

/** A claimed goal notice: who, its subject, their language, the group to open, the teams and my prediction. */
export interface GoalNotice {
  userId: string; subject: string; language: string | null; groupId: string; home: string; away: string; predictedHome: number; predictedAway: number;
}

/**
 * Claims the goal notices of a live score (nothing for a match not in play, without goals, or at 0–0).
 * One per person and score, whatever the number of their groups (the first group's prediction is shown).
 */
export async function claimGoalNotices(db: Conn, event: LiveMatchEvent, now: Date): Promise<GoalNotice[]> {
  const score = liveScore(event);
  if (!score || score.home + score.away === 0) return [];
  const subject = `match:${event.matchId}:${score.home}-${score.away}`;
  const rows = rowsOf<{ user_id: string; language: string | null; group_id: string; home: string; away: string; home_goals: number; away_goals: number }>(await db.execute(sql`
    with due as (
      select distinct on (p.user_id) p.user_id, pr.language, p.group_id, p.home_goals, p.away_goals
        from predictions p
        join groups g on g.id = p.group_id and g.status = 'active'
        join profiles pr on pr.user_id = p.user_id and pr.disabled_at is null and not pr.simulated
        left join notification_preferences np on np.user_id = p.user_id
       where p.match_id = ${event.matchId}::uuid
         and ${prefersSql('push', 'goals')}
         and exists (select 1 from push_subscriptions s where s.user_id = p.user_id)
       order by p.user_id, p.group_id
    ),
    claimed as (
      insert into sent_notifications (kind, user_id, subject, channel, retry_at, expires_at)
      select 'goals', user_id, ${subject}, 'push',
             ${now.toISOString()}::timestamptz + make_interval(mins => ${CLAIM_LEASE_MINUTES}),
             ${now.toISOString()}::timestamptz + make_interval(mins => ${GOAL_EXPIRE_MINUTES})
        from due
      on conflict do nothing
      returning user_id
    )
    select d.user_id, d.language, d.group_id, h.name as home, a.name as away, d.home_goals, d.away_goals
      from due d join claimed c on c.user_id = d.user_id
      join matches m on m.id = ${event.matchId}::uuid
      join teams h on h.id = m.home_team_id
      join teams a on a.id = m.away_team_id`));
  return rows.map((row) => ({
    userId: row.user_id, subject, language: row.language, groupId: row.group_id, home: row.home, away: row.away,
    predictedHome: Number(row.home_goals), predictedAway: Number(row.away_goals),
  }));
}
