/**
 * Sends what the claims (reminders.ts, goals.ts) returned: mails through the mailer, in the person's
 * language, with the signed one-click unsubscribe link (and the List-Unsubscribe headers of RFC 8058);
 * pushes through the push sender. Each claim's rendered message is stored with it in one transaction,
 * and each send's outcome recorded, so a failed send, or a claimer that died, is tried again by a later
 * run (delivery-record.ts).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { LiveMatchEvent } from '../../../contracts/live';
import type { EmailNotificationKind, PushPayload } from '../../../contracts/notifications';
import { DEADLINE_REMINDER_HOURS } from '../../../contracts/limits';
import type { Db } from '../../db/client';
import type { Mail, Mailer } from '../../mail/mailer';
import { storedLocale, type MailLocale } from '../../mail/templates';
import { claimRetries, recordOutcomes, renewLeases, storeMessages, type NotificationKey, type Outgoing, type SendOutcome } from './delivery-record';
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

/** What a run sent: deadline reminders and results notices claimed now, and earlier ones tried again, delivered. */
export interface RunCounts { deadline: number; results: number; retried: number }

/**
 * Sends every reminder and results notice due at `now` (claimed first), then tries again what is due
 * for another try. Returns how many of each were delivered.
 */
export async function sendDueReminders(db: Db, context: DeliveryContext, now: Date): Promise<RunCounts> {
  // Claimed and rendered in one transaction: no claim is ever left without its message.
  const outgoing = await db.transaction(async (tx) => {
    const deadline = await claimDeadlineReminders(tx, now);
    const results = await claimResultsNotices(tx, now);
    const rendered = [...deadline.map((item) => render(context, 'deadline', item)), ...results.map((item) => render(context, 'results', item))];
    await storeMessages(tx, rendered);
    return rendered;
  });
  const fresh = await send(db, context, outgoing, now);
  const again = await send(db, context, await claimRetries(db, now), now);
  const delivered = (kind: NotificationKey['kind']) => fresh.filter((sent) => sent.key.kind === kind && sent.outcome === 'delivered').length;
  return { deadline: delivered('deadline'), results: delivered('results'), retried: again.filter((sent) => sent.outcome === 'delivered').length };
}

/** A claimed reminder or results notice as the mail or push message it becomes. */
function render(context: DeliveryContext, kind: 'deadline' | 'results', item: DeadlineReminder | ResultsNotice): Outgoing {
  const locale = localeOf(item.language);
  const text = 'matches' in item
    ? deadlineText(locale, { matches: item.matches, hours: DEADLINE_REMINDER_HOURS, groupName: item.groupName })
    : resultsText(locale, { points: item.points, rank: item.rank, groupName: item.groupName });
  const path = 'matches' in item ? `/group/${item.groupId}/predictions` : `/group/${item.groupId}?tab=ranking`;
  const key: NotificationKey = { kind, userId: item.userId, subject: item.subject, channel: item.channel };
  if (item.channel === 'push') return { key, attempts: 1, message: { push: { kind, ...text, url: path, tag: `${kind}:${item.groupId}:${item.roundOrder}` } } };
  return { key, attempts: 1, message: { mail: reminderMailFor(context, kind, item, text, path) } };
}

function reminderMailFor(context: DeliveryContext, kind: EmailNotificationKind, item: DeadlineReminder | ResultsNotice, text: { title: string; body: string }, path: string): Mail {
  const token = unsubscribeToken(context.secret, item.userId, kind);
  const unsubscribePage = `${context.appUrl}/unsubscribe?token=${encodeURIComponent(token)}`;
  const mail = reminderMail(localeOf(item.language), kind, text, `${context.appUrl}${path}`, unsubscribePage);
  return {
    to: item.email, subject: mail.subject, text: mail.text, html: mail.html,
    headers: {
      // RFC 8058: mail programs offer "Unsubscribe" and POST here, no page and no sign-in.
      'List-Unsubscribe': `<${context.appUrl}/api/notifications/unsubscribe?token=${encodeURIComponent(token)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** How many notifications are sent between two records of their outcomes (each chunk renews its lease first). */
const SEND_CHUNK = 20;

/**
 * Sends in chunks of SEND_CHUNK: renews the chunk's lease (leaving out what another instance took over),
 * sends its mails one by one and its pushes together, and records its outcomes at once, so a long run
 * never outlives its lease and a failure part-way loses no outcome already known. Outcome times are the
 * run's clock `now` moved on by the time the run has taken.
 */
async function send(db: Db, context: DeliveryContext, outgoing: readonly Outgoing[], now: Date): Promise<{ key: NotificationKey; outcome: SendOutcome }[]> {
  const started = performance.now();
  const clock = () => new Date(now.getTime() + (performance.now() - started));
  const sent: (Outgoing & { outcome: SendOutcome })[] = [];
  for (let start = 0; start < outgoing.length; start += SEND_CHUNK) {
    const chunk = await renewLeases(db, outgoing.slice(start, start + SEND_CHUNK), clock());
    const outcomes = new Array<SendOutcome>(chunk.length).fill('failed');
    const pushes: { index: number; userId: string; payload: PushPayload }[] = [];
    for (const [index, item] of chunk.entries()) {
      if ('push' in item.message) {
        pushes.push({ index, userId: item.key.userId, payload: item.message.push });
        continue;
      }
      try {
        await context.mailer.send(item.message.mail);
        outcomes[index] = 'delivered';
      } catch (error) {
        context.log.warn({ err: error instanceof Error ? error.message : String(error), kind: item.key.kind }, 'notifications: a mail was not sent; it will be tried again');
      }
    }
    try {
      const pushed = context.push ? await context.push.send(db, pushes) : pushes.map(() => 'undeliverable' as const);
      for (const [i, push] of pushes.entries()) outcomes[push.index] = pushed[i]!;
    } catch (error) {
      // The pushes stay 'failed' (tried again later); the mails' outcomes are recorded all the same.
      context.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'notifications: pushes were not sent; they will be tried again');
    }
    const recorded = chunk.map((item, index) => ({ ...item, outcome: outcomes[index]! }));
    try {
      await recordOutcomes(db, recorded, clock());
    } catch (error) {
      // Unrecorded, they are taken over after their lease and may go twice: say so loudly.
      context.log.error({ err: error instanceof Error ? error.message : String(error), count: recorded.length }, 'notifications: outcomes could not be recorded');
    }
    sent.push(...recorded);
  }
  return sent.map((item) => ({ key: item.key, outcome: item.outcome }));
}

/**
 * Sends the goal notices of a live event heard at `now` (claimed first; push only). Returns how many
 * pushes were delivered.
 */
export async function sendGoalNotices(db: Db, context: DeliveryContext, event: LiveMatchEvent, now: Date = new Date()): Promise<number> {
  if (!context.push) return 0;
  const score = liveScore(event);
  if (!score) return 0;
  const outgoing = await db.transaction(async (tx) => {
    const notices = await claimGoalNotices(tx, event, now);
    const rendered: Outgoing[] = notices.map((notice) => ({
      key: { kind: 'goals', userId: notice.userId, subject: notice.subject, channel: 'push' },
      attempts: 1,
      message: {
        push: {
          kind: 'goals', url: `/group/${notice.groupId}`, tag: `goals:${event.matchId}`,
          ...goalText(localeOf(notice.language), {
            home: notice.home, away: notice.away, homeGoals: score.home, awayGoals: score.away, predictedHome: notice.predictedHome, predictedAway: notice.predictedAway,
          }),
        },
      },
    }));
    await storeMessages(tx, rendered);
    return rendered;
  });
  return (await send(db, context, outgoing, now)).filter((sent) => sent.outcome === 'delivered').length;
}
