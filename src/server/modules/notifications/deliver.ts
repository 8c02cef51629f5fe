/**
 * Sends what the claims (reminders.ts, goals.ts) returned: mails through the mailer, in the person's
 * language, with the signed one-click unsubscribe link (and the List-Unsubscribe headers of RFC 8058);
 * pushes through the push sender. A failed send is logged, never retried (claimed once, sent at most once).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { LiveMatchEvent } from '../../../contracts/live';
import type { EmailNotificationKind } from '../../../contracts/notifications';
import { DEADLINE_REMINDER_HOURS } from '../../../contracts/notifications';
import type { Db } from '../../db/client';
import type { Mailer } from '../../mail/mailer';
import { storedLocale, type MailLocale } from '../../mail/templates';
import { claimGoalNotices, liveScore } from './goals';
import type { PushSender } from './push-sender';
import { claimDeadlineReminders, claimResultsNotices, type DeadlineReminder, type ResultsNotice } from './reminders';
import { deadlineText, goalText, reminderMail, resultsText } from './texts';
import { unsubscribeToken } from './unsubscribe-token';

/** What sending needs: the mailer, the push sender (null: push is off), the app's address and secret. */
export interface DeliveryContext {
  mailer: Mailer;
  push: PushSender | null;
  /** The public address of the app (links in mails), without a trailing slash. */
  appUrl: string;
  /** Signs unsubscribe tokens. */
  secret: string;
  log: FastifyBaseLogger;
}

const localeOf = (language: string | null): MailLocale => storedLocale(language) ?? 'en';

/** Sends every reminder and results notice due at `now` (claimed first). Returns how many of each went out. */
export async function sendDueReminders(db: Db, context: DeliveryContext, now: Date): Promise<{ deadline: number; results: number }> {
  const deadline = await claimDeadlineReminders(db, now);
  const results = await claimResultsNotices(db, now);
  const texts = (item: DeadlineReminder | ResultsNotice) => 'matches' in item
    ? deadlineText(localeOf(item.language), { matches: item.matches, hours: DEADLINE_REMINDER_HOURS, groupName: item.groupName })
    : resultsText(localeOf(item.language), { points: item.points, rank: item.rank, groupName: item.groupName });
  const path = (item: DeadlineReminder | ResultsNotice) => ('matches' in item ? `/group/${item.groupId}/predictions` : `/group/${item.groupId}?tab=ranking`);
  const sent = { deadline: 0, results: 0 };
  for (const [kind, items] of [['deadline', deadline], ['results', results]] as const) {
    for (const item of items.filter((i) => i.channel === 'email')) {
      if (await sendMail(context, kind, item, texts(item), path(item))) sent[kind] += 1;
    }
    // One message per notice: a person in two groups gets two.
    const pushes = items.filter((i) => i.channel === 'push').map((item) => ({
      userId: item.userId, payload: { kind, ...texts(item), url: path(item), tag: `${kind}:${item.groupId}:${item.roundOrder}` },
    }));
    if (context.push) sent[kind] += await context.push.send(db, pushes);
  }
  return sent;
}

async function sendMail(context: DeliveryContext, kind: EmailNotificationKind, item: DeadlineReminder | ResultsNotice, text: { title: string; body: string }, path: string): Promise<boolean> {
  const token = unsubscribeToken(context.secret, item.userId, kind);
  const unsubscribePage = `${context.appUrl}/unsubscribe?token=${encodeURIComponent(token)}`;
  const mail = reminderMail(localeOf(item.language), kind, text, `${context.appUrl}${path}`, unsubscribePage);
  try {
    await context.mailer.send({
      to: item.email, subject: mail.subject, text: mail.text, html: mail.html,
      headers: {
        // RFC 8058: mail programs offer "Unsubscribe" and POST here, no page and no sign-in.
        'List-Unsubscribe': `<${context.appUrl}/api/notifications/unsubscribe?token=${encodeURIComponent(token)}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
    return true;
  } catch (error) {
    context.log.warn({ err: error instanceof Error ? error.message : String(error), kind }, 'reminders: a mail was not sent');
    return false;
  }
}

/** Sends the goal notices of a live event (claimed first; push only). Returns how many pushes went out. */
export async function sendGoalNotices(db: Db, context: DeliveryContext, event: LiveMatchEvent): Promise<number> {
  if (!context.push) return 0;
  const notices = await claimGoalNotices(db, event);
  if (notices.length === 0) return 0;
  const score = liveScore(event)!;
  return context.push.send(db, notices.map((notice) => ({
    userId: notice.userId,
    payload: {
      kind: 'goals' as const, url: `/group/${notice.groupId}`, tag: `goals:${event.matchId}`,
      ...goalText(localeOf(notice.language), {
        home: notice.home, away: notice.away, homeGoals: score.home, awayGoals: score.away, predictedHome: notice.predictedHome, predictedAway: notice.predictedAway,
      }),
    },
  })));
}
