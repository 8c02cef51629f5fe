/**
 * A person's notification settings: preferences (defaults when never saved), devices subscribed to Web
 * Push, and the mail unsubscribe that needs no sign-in.
 */
import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { NotificationPreferences, NotificationSettingsResponse, PushSubscriptionRequest } from '../../../contracts/notifications';
import type { Db } from '../../db/client';
import { notificationPreferences, pushSubscriptions } from '../../db/schema';
import { errors } from '../../errors';
import { readUnsubscribeToken } from './unsubscribe-token';

/** The defaults (src/contracts/notifications.ts), the columns' own defaults. */
export const DEFAULT_PREFERENCES: NotificationPreferences = {
  email: { deadline: true, results: false },
  push: { deadline: true, results: true, goals: false },
};

/**
 * Whether a person wants `kind` by `channel`, as SQL over `np` (their notification_preferences row, left
 * joined: null when never saved, then the default). Shared by every statement that picks recipients.
 */
export function prefersSql(channel: 'email', kind: keyof NotificationPreferences['email']): SQL;
export function prefersSql(channel: 'push', kind: keyof NotificationPreferences['push']): SQL;
export function prefersSql(channel: 'email' | 'push', kind: string): SQL {
  const defaults = DEFAULT_PREFERENCES[channel] as Record<string, boolean>;
  return sql`coalesce(${sql.raw(`np.${channel}_${kind}`)}, ${defaults[kind]!})`;
}

/** How many devices one person may subscribe (older ones are dropped first). */
export const MAX_PUSH_DEVICES = 10;

/** My settings: preferences, the VAPID public key (null: push is off here), my subscribed devices. */
export async function notificationSettings(db: Db, userId: string, vapidPublicKey: string | null): Promise<NotificationSettingsResponse> {
  const [row] = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  const [devices] = await db.select({ n: count() }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  const preferences = row
    ? { email: { deadline: row.emailDeadline, results: row.emailResults }, push: { deadline: row.pushDeadline, results: row.pushResults, goals: row.pushGoals } }
    : DEFAULT_PREFERENCES;
  return { preferences, vapidPublicKey, pushDevices: Number(devices?.n ?? 0) };
}

/** Saves my preferences (all of them). */
export async function savePreferences(db: Db, userId: string, preferences: NotificationPreferences): Promise<void> {
  const values = {
    emailDeadline: preferences.email.deadline, emailResults: preferences.email.results,
    pushDeadline: preferences.push.deadline, pushResults: preferences.push.results, pushGoals: preferences.push.goals,
  };
  await db.insert(notificationPreferences).values({ userId, ...values })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: { ...values, updatedAt: sql`now()` } });
}

/**
 * Records this device's subscription for me (a device that was someone else's becomes mine: one
 * browser, one person signed in). Keeps my newest MAX_PUSH_DEVICES.
 */
export async function addPushSubscription(db: Db, userId: string, subscription: PushSubscriptionRequest): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(pushSubscriptions).values({ userId, endpoint: subscription.endpoint, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth, createdAt: sql`now()` },
      });
    await tx.execute(sql`
      delete from push_subscriptions where user_id = ${userId} and id not in (
        select id from push_subscriptions where user_id = ${userId} order by created_at desc limit ${MAX_PUSH_DEVICES})`);
  });
}

/** Forgets one of my devices (nothing when it is not mine). */
export async function removePushSubscription(db: Db, userId: string, endpoint: string): Promise<void> {
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

/**
 * Turns off the mails of the kind a signed unsubscribe token names.
 * @throws AppError 400 invalid_unsubscribe_token when the token is not one of ours.
 */
export async function unsubscribeByToken(db: Db, secret: string, token: string): Promise<{ kind: 'deadline' | 'results' }> {
  const target = readUnsubscribeToken(secret, token);
  if (!target) throw errors.invalidUnsubscribeToken();
  const column = sql.raw(target.kind === 'deadline' ? 'email_deadline' : 'email_results');
  // A person deleted since: nothing to turn off (the select finds nobody), and nothing to tell a stranger.
  await db.execute(sql`
    insert into notification_preferences (user_id, ${column})
    select id, false from "user" where id = ${target.userId}
    on conflict (user_id) do update set ${column} = false, updated_at = now()`);
  return { kind: target.kind };
}
