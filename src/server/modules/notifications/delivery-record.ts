/**
 * The delivery record of notifications (sent_notifications: "reminders arrive exactly once").
 * A notification is claimed once by one statement (reminders.ts, goals.ts), with a lease; its rendered
 * message is stored in the same transaction; then it is sent in small chunks, each chunk's lease renewed
 * just before it goes and its outcomes recorded just after:
 * - accepted by the mail server or a push service: delivered, the message dropped;
 * - failed: tried again after 1, 5, 15, then 60 minutes, at most MAX_ATTEMPTS sends, never after it
 *   expires (a deadline reminder once its matches have closed), and never once the person no longer
 *   wants it (unsubscribed, turned that kind off, disabled); a message that will not be tried again is
 *   dropped (it holds an address and a signed link);
 * - the claimer died before recording anything: once the lease has passed, any instance takes it over.
 * Every renewal and record names the send it belongs to (`attempts`), so a claimer that was overtaken
 * neither sends nor overwrites the taker's record. A notification is sent once when all goes well, is not
 * lost to a failed send or a crash, and can be sent twice only when a process dies, or stalls past its
 * lease, between the mail server's or push service's acceptance and the record of it (the window of any
 * sender that cannot hand both over in one transaction).
 */
import { sql } from 'drizzle-orm';
import type { PushPayload } from '../../../contracts/notifications';
import { arrayLiteral } from '../../db/array-literal';
import { rowsOf, type Conn, type Db } from '../../db/client';
import type { Mail } from '../../mail/mailer';
import { prefersSql } from './settings';

/** How long a claimer has to send a chunk and record it before another instance may take it over, in minutes. */
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
/** A claimed notification, which send of it this is (1 for the claim), and what to send. */
export interface Outgoing { key: NotificationKey; attempts: number; message: OutgoingMessage }
/**
 * How a send ended: `delivered` (accepted), `failed` (to be tried again), or `undeliverable` (no device
 * left to send to: nothing more to do).
 */
export type SendOutcome = 'delivered' | 'failed' | 'undeliverable';

const keysJson = (items: readonly Outgoing[], extra: (index: number) => object = () => ({})) => JSON.stringify(items.map((item, index) => ({
  kind: item.key.kind, user_id: item.key.userId, subject: item.key.subject, channel: item.key.channel, attempts: item.attempts, ...extra(index),
})));

/** Rows of sent_notifications matching the items of `x` (key and the send they belong to). */
const SAME_SEND = sql`s.kind = x.kind and s.user_id = x.user_id and s.subject = x.subject and s.channel = x.channel
  and s.attempts = x.attempts and s.delivered_at is null`;

/** Stores the rendered messages of claimed notifications (call it in the claiming transaction). */
export async function storeMessages(conn: Conn, outgoing: readonly Outgoing[]): Promise<void> {
  if (outgoing.length === 0) return;
  await conn.execute(sql`
    update sent_notifications s set message = x.message
      from jsonb_to_recordset(${keysJson(outgoing, (i) => ({ message: outgoing[i]!.message }))}::jsonb)
           as x(kind text, user_id text, subject text, channel text, attempts int, message jsonb)
     where ${SAME_SEND}`);
}

/**
 * Renews the lease of the items about to be sent (CLAIM_LEASE_MINUTES from `now`) and returns those this
 * sender still holds: an item another instance took over (its lease had passed) is not sent here.
 */
export async function renewLeases(db: Db, outgoing: readonly Outgoing[], now: Date): Promise<Outgoing[]> {
  if (outgoing.length === 0) return [];
  const held = rowsOf<{ kind: string; user_id: string; subject: string; channel: string }>(await db.execute(sql`
    update sent_notifications s set retry_at = ${now.toISOString()}::timestamptz + make_interval(mins => ${CLAIM_LEASE_MINUTES})
      from jsonb_to_recordset(${keysJson(outgoing)}::jsonb) as x(kind text, user_id text, subject text, channel text, attempts int)
     where ${SAME_SEND}
    returning s.kind, s.user_id, s.subject, s.channel`));
  const keyOf = (k: { kind: string; user_id: string; subject: string; channel: string }) => `${k.kind}\u0000${k.user_id}\u0000${k.subject}\u0000${k.channel}`;
  const still = new Set(held.map(keyOf));
  return outgoing.filter((item) => still.has(keyOf({ kind: item.key.kind, user_id: item.key.userId, subject: item.key.subject, channel: item.key.channel })));
}

/**
 * Records how sends ended, in one statement (only where the send is still this sender's): delivered
 * ones lose their message; failed ones wait for their next try (RETRY_BACKOFF_MINUTES after `now`, by the
 * number of sends so far), or lose their message when that was the last try; undeliverable ones are never
 * tried again.
 */
export async function recordOutcomes(db: Db, sent: readonly (Outgoing & { outcome: SendOutcome })[], now: Date): Promise<void> {
  if (sent.length === 0) return;
  const retry = sql`x.outcome = 'failed' and s.attempts < ${MAX_ATTEMPTS}`;
  await db.execute(sql`
    update sent_notifications s
       set delivered_at = case when x.outcome = 'delivered' then ${now.toISOString()}::timestamptz end,
           message = case when ${retry} then s.message end,
           retry_at = case when ${retry}
                           then ${now.toISOString()}::timestamptz
                                + make_interval(mins => (${arrayLiteral(RETRY_BACKOFF_MINUTES)}::int[])[least(s.attempts, ${RETRY_BACKOFF_MINUTES.length})])
                      end
      from jsonb_to_recordset(${keysJson(sent, (i) => ({ outcome: sent[i]!.outcome }))}::jsonb)
           as x(kind text, user_id text, subject text, channel text, attempts int, outcome text)
     where ${SAME_SEND}`);
}

/** Whether the person still wants the notification `s` by its channel (their preferences now), and may get any. */
function stillWantedSql() {
  const kinds = [
    ['email', 'deadline', prefersSql('email', 'deadline')], ['email', 'results', prefersSql('email', 'results')],
    ['push', 'deadline', prefersSql('push', 'deadline')], ['push', 'results', prefersSql('push', 'results')], ['push', 'goals', prefersSql('push', 'goals')],
  ] as const;
  return sql`(exists (select 1 from "user" u join profiles pr on pr.user_id = u.id
                       where u.id = s.user_id and u.email_verified and pr.disabled_at is null and not pr.simulated)
              and (${sql.join(kinds.map(([channel, kind, prefers]) => sql`(s.channel = ${channel} and s.kind = ${kind} and ${prefers})`), sql` or `)}))`;
}

/**
 * Takes over the notifications due for another try at `now` (failed and waited long enough, or claimed
 * by an instance whose lease has passed), still unexpired and under MAX_ATTEMPTS sends: each counts a send
 * and gets a new lease. One the person no longer wants (unsubscribed or turned off since, disabled) is
 * dropped instead. Instances running at once take different rows (skip locked).
 */
export async function claimRetries(db: Db, now: Date): Promise<Outgoing[]> {
  const at = now.toISOString();
  const rows = rowsOf<{ kind: NotificationKey['kind']; user_id: string; subject: string; channel: NotificationKey['channel']; attempts: number; message: OutgoingMessage | string | null }>(await db.execute(sql`
    with due as (
      select s.kind, s.user_id, s.subject, s.channel, ${stillWantedSql()} as wanted
        from sent_notifications s
        left join notification_preferences np on np.user_id = s.user_id
       where s.delivered_at is null and s.retry_at <= ${at}::timestamptz and s.message is not null
         and s.attempts < ${MAX_ATTEMPTS} and (s.expires_at is null or s.expires_at > ${at}::timestamptz)
       order by s.retry_at
       limit ${RETRY_BATCH}
       for update of s skip locked
    )
    update sent_notifications s
       set attempts = case when d.wanted then s.attempts + 1 else s.attempts end,
           retry_at = case when d.wanted then ${at}::timestamptz + make_interval(mins => ${CLAIM_LEASE_MINUTES}) end,
           message = case when d.wanted then s.message end
      from due d
     where s.kind = d.kind and s.user_id = d.user_id and s.subject = d.subject and s.channel = d.channel
    returning s.kind, s.user_id, s.subject, s.channel, s.attempts, s.message`));
  return rows.filter((row) => row.message !== null).map((row) => ({
    key: { kind: row.kind, userId: row.user_id, subject: row.subject, channel: row.channel },
    attempts: Number(row.attempts),
    message: typeof row.message === 'string' ? JSON.parse(row.message) as OutgoingMessage : row.message!,
  }));
}

/** Drops the messages of notifications that will never be sent (expired, or out of tries); returns how many. */
export async function dropDeadMessages(db: Db, now: Date): Promise<number> {
  const rows = rowsOf<{ n: number }>(await db.execute(sql`
    with dead as (
      update sent_notifications set message = null, retry_at = null
       where delivered_at is null and message is not null
         and (attempts >= ${MAX_ATTEMPTS} or expires_at <= ${now.toISOString()}::timestamptz)
      returning 1)
    select count(*)::int as n from dead`));
  return Number(rows[0]?.n ?? 0);
}
