/**
 * The delivery record of notifications (sent_notifications, issue 9: "reminders arrive exactly once").
 * A notification is claimed once by one statement (reminders.ts, goals.ts), with a lease; its rendered
 * message is stored in the same transaction; then it is sent, and the outcome recorded:
 * - accepted by the mail server or a push service: delivered, the message dropped;
 * - failed: tried again after 1, 5, 15, then 60 minutes, at most MAX_ATTEMPTS sends, never after it
 *   expires (a deadline reminder once its matches have closed);
 * - the claimer died before recording anything: once the lease has passed, any instance takes it over.
 * So a notification is sent once when all goes well, is not lost to a failed send or a crash, and can be
 * sent twice only when a process dies between the push service's or mail server's acceptance and the
 * record of it (the unavoidable window of any sender that cannot hand both over in one transaction).
 */
import { sql } from 'drizzle-orm';
import type { PushPayload } from '../../../contracts/notifications';
import { rowsOf, type Conn, type Db } from '../../db/client';
import type { Mail } from '../../mail/mailer';

/** How long a claimer has to record its sends before another instance may take them over, in minutes. */
export const CLAIM_LEASE_MINUTES = 2;
/** Waits before the 2nd, 3rd, 4th and 5th sends of a failed notification, in minutes. */
export const RETRY_BACKOFF_MINUTES = [1, 5, 15, 60] as const;
/** Sends tried at most, the first included. */
export const MAX_ATTEMPTS = RETRY_BACKOFF_MINUTES.length + 1;
/** Retries taken over per run (the rest wait for the next run). */
const RETRY_BATCH = 200;

/** Which notification: sent_notifications' key. */
export interface NotificationKey { kind: 'deadline' | 'results' | 'goals'; userId: string; subject: string; channel: 'email' | 'push' }
/** The rendered message: a mail, or a push payload for each of the person's devices. */
export type OutgoingMessage = { mail: Mail } | { push: PushPayload };
/** A claimed notification and what to send. */
export interface Outgoing { key: NotificationKey; message: OutgoingMessage }
/**
 * How a send ended: `delivered` (accepted), `failed` (to be tried again), or `undeliverable` (no device
 * left to send to: nothing more to do).
 */
export type SendOutcome = 'delivered' | 'failed' | 'undeliverable';

const keysJson = (items: readonly { key: NotificationKey }[], extra: (index: number) => object = () => ({})) => JSON.stringify(items.map((item, index) => ({
  kind: item.key.kind, user_id: item.key.userId, subject: item.key.subject, channel: item.key.channel, ...extra(index),
})));

/** Stores the rendered messages of claimed notifications (call it in the claiming transaction). */
export async function storeMessages(conn: Conn, outgoing: readonly Outgoing[]): Promise<void> {
  if (outgoing.length === 0) return;
  await conn.execute(sql`
    update sent_notifications s set message = x.message
      from jsonb_to_recordset(${keysJson(outgoing, (i) => ({ message: outgoing[i]!.message }))}::jsonb)
           as x(kind text, user_id text, subject text, channel text, message jsonb)
     where s.kind = x.kind and s.user_id = x.user_id and s.subject = x.subject and s.channel = x.channel`);
}

/**
 * Records how sends ended, in one statement: delivered ones lose their message; failed ones wait for
 * their next try (RETRY_BACKOFF_MINUTES after `now`, by the number of sends so far); undeliverable ones
 * are never tried again.
 */
export async function recordOutcomes(db: Db, sent: readonly { key: NotificationKey; outcome: SendOutcome }[], now: Date): Promise<void> {
  if (sent.length === 0) return;
  await db.execute(sql`
    update sent_notifications s
       set delivered_at = case when x.outcome = 'delivered' then ${now.toISOString()}::timestamptz end,
           message = case when x.outcome = 'failed' then s.message end,
           retry_at = case when x.outcome = 'failed'
                           then ${now.toISOString()}::timestamptz
                                + make_interval(mins => (${`{${RETRY_BACKOFF_MINUTES.join(',')}}`}::int[])[least(s.attempts, ${RETRY_BACKOFF_MINUTES.length})])
                      end
      from jsonb_to_recordset(${keysJson(sent, (i) => ({ outcome: sent[i]!.outcome }))}::jsonb)
           as x(kind text, user_id text, subject text, channel text, outcome text)
     where s.kind = x.kind and s.user_id = x.user_id and s.subject = x.subject and s.channel = x.channel`);
}

/**
 * Takes over the notifications due for another try at `now` (failed and waited long enough, or claimed
 * by an instance whose lease has passed), still unexpired and under MAX_ATTEMPTS sends: each counts a send
 * and gets a new lease. Instances running at once take different rows (skip locked).
 */
export async function claimRetries(db: Db, now: Date): Promise<Outgoing[]> {
  const at = now.toISOString();
  const rows = rowsOf<{ kind: NotificationKey['kind']; user_id: string; subject: string; channel: NotificationKey['channel']; message: OutgoingMessage | string }>(await db.execute(sql`
    with due as (
      select kind, user_id, subject, channel from sent_notifications
       where delivered_at is null and retry_at <= ${at}::timestamptz and message is not null
         and attempts < ${MAX_ATTEMPTS} and (expires_at is null or expires_at > ${at}::timestamptz)
       order by retry_at
       limit ${RETRY_BATCH}
       for update skip locked
    )
    update sent_notifications s
       set attempts = s.attempts + 1, retry_at = ${at}::timestamptz + make_interval(mins => ${CLAIM_LEASE_MINUTES})
      from due d
     where s.kind = d.kind and s.user_id = d.user_id and s.subject = d.subject and s.channel = d.channel
    returning s.kind, s.user_id, s.subject, s.channel, s.message`));
  return rows.map((row) => ({
    key: { kind: row.kind, userId: row.user_id, subject: row.subject, channel: row.channel },
    message: typeof row.message === 'string' ? JSON.parse(row.message) as OutgoingMessage : row.message,
  }));
}
